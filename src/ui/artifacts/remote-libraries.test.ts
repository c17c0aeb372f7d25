import { describe, expect, it } from 'vitest';
import type { LibraryFile, ShelfManifest } from '../../artifacts';
import { EMPTY_SHELF, GENERATED_FOLDER } from '../../artifacts/plan';
import { type LibraryLoader, loadRemoteFiles } from './remote-libraries';

const shelf: ShelfManifest = {
  ...EMPTY_SHELF,
  packages: { react: { version: '18.3.1', cdnNames: ['react'], modules: { '.': 'react.mjs' } } },
};

function loader(files: Record<string, string>, refuse: readonly string[] = []) {
  const asked: string[] = [];
  const load: LibraryLoader = async (url): Promise<LibraryFile> => {
    asked.push(url);
    if (refuse.includes(url)) return { ok: false, offer: true, text: `${url} is not allowed.` };
    const text = files[url];
    if (text === undefined) return { ok: false, offer: false, text: `${url} could not be loaded.` };
    return { ok: true, blob: new Blob([text]), url, cached: false };
  };
  return { load, asked };
}

describe('loadRemoteFiles', () => {
  it('puts an allowed script and stylesheet in place of their stand-ins, saying where each came from', async () => {
    const { load } = loader({ 'https://unpkg.com/a.js': 'var a = 1;', 'https://unpkg.com/a.css': 'p{}' });
    const generated = { [`${GENERATED_FOLDER}cdn-0.js`]: 'throw 1', [`${GENERATED_FOLDER}cdn-1.css`]: '' };
    const { files, notes } = await loadRemoteFiles(
      {
        [`${GENERATED_FOLDER}cdn-0.js`]: { url: 'https://unpkg.com/a.js', kind: 'script' },
        [`${GENERATED_FOLDER}cdn-1.css`]: { url: 'https://unpkg.com/a.css', kind: 'style' },
      },
      load,
      shelf,
      {},
      generated,
    );
    expect(await files[`${GENERATED_FOLDER}cdn-0.js`]?.text()).toBe('var a = 1;');
    expect(await files[`${GENERATED_FOLDER}cdn-1.css`]?.text()).toBe('p{}');
    expect(notes).toEqual([
      { level: 'info', text: 'Loaded https://unpkg.com/a.js from unpkg.com.' },
      { level: 'info', text: 'Loaded https://unpkg.com/a.css from unpkg.com.' },
    ]);
  });

  it('keeps a refused script’s stand-in, now throwing the reason, and says a refused stylesheet’s', async () => {
    const { load } = loader({}, ['https://unpkg.com/a.js', 'https://unpkg.com/a.css']);
    const generated: Record<string, string> = {};
    const { files, notes } = await loadRemoteFiles(
      {
        [`${GENERATED_FOLDER}cdn-0.js`]: { url: 'https://unpkg.com/a.js', kind: 'script' },
        [`${GENERATED_FOLDER}cdn-1.css`]: { url: 'https://unpkg.com/a.css', kind: 'style' },
      },
      load,
      shelf,
      {},
      generated,
    );
    expect(files).toEqual({});
    expect(generated[`${GENERATED_FOLDER}cdn-0.js`]).toBe(
      `throw new Error(${JSON.stringify('https://unpkg.com/a.js is not allowed.')});`,
    );
    expect(notes).toEqual([{ level: 'error', text: 'https://unpkg.com/a.css is not allowed.' }]);
  });

  it('follows a module’s imports: CDN paths become full addresses in the import map, bare ones go to the shelf', async () => {
    const { load, asked } = loader({
      'https://esm.sh/lib@1': 'import React from "react"; export * from "/lib@1/es2022/lib.mjs";',
      'https://esm.sh/lib@1/es2022/lib.mjs':
        'import "./dep.mjs"; import x from "https://example.com/x.js"; export const v = 1;',
      'https://esm.sh/lib@1/es2022/dep.mjs': 'export {};',
    });
    const imports: Record<string, string> = { 'https://esm.sh/lib@1': `${GENERATED_FOLDER}cdn-0.mjs` };
    const generated: Record<string, string> = {};
    const { files } = await loadRemoteFiles(
      { [`${GENERATED_FOLDER}cdn-0.mjs`]: { url: 'https://esm.sh/lib@1', kind: 'module' } },
      load,
      shelf,
      imports,
      generated,
    );
    expect(asked).toEqual([
      'https://esm.sh/lib@1',
      'https://esm.sh/lib@1/es2022/lib.mjs',
      'https://esm.sh/lib@1/es2022/dep.mjs',
    ]);
    expect(await files[`${GENERATED_FOLDER}cdn-0.mjs`]?.text()).toBe(
      'import React from "react"; export * from "https://esm.sh/lib@1/es2022/lib.mjs";',
    );
    expect(imports.react).toBe('react.mjs');
    const lib = imports['https://esm.sh/lib@1/es2022/lib.mjs'] ?? '';
    expect(await files[lib]?.text()).toContain('import "https://esm.sh/lib@1/es2022/dep.mjs"');
    // An import of another site keeps a stand-in that says why.
    const other = imports['https://example.com/x.js'] ?? '';
    expect(generated[other]).toMatch(/is not on a public CDN: previews have no network/);
    expect(files[other]).toBeUndefined();
  });
});
