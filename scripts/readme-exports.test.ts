import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every name a folder README's "Public surface" section lists as an export is exported by that folder's
 * `index.ts` (or a second entry biome.json allows, such as `src/artifacts/plan.ts`). A name listed is the first code span of a table row (its first column) or of a bullet, file names
 * aside (`store.ts`); what follows it (`open(id)`, `{ db }`) is how it is used, not another export.
 */
const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

/** The "Public surface" section of `readme`, or `undefined` without one. */
function publicSurface(readme: string): string | undefined {
  const start = readme.search(/^## Public surface/m);
  if (start < 0) return undefined;
  const rest = readme.slice(start).split('\n').slice(1).join('\n');
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Whether a code span names a file (`store.ts`, `scripts/shelf-list.mjs`) rather than an export. */
function isFile(span: string): boolean {
  return /\.(ts|mjs|js|md)$/.test(span) || span.includes('/');
}

/** The names `section` lists as exports. */
function listedNames(section: string): string[] {
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    let spans: string[] = [];
    if (/^\|/.test(line) && !/^\|\s*-/.test(line)) {
      const first = line.split('|')[1] ?? '';
      if (/^\s*export\s*$/.test(first)) continue;
      spans = [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    } else if (/^- /.test(line)) {
      const span = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '').find((s) => !isFile(s));
      spans = span ? [span] : [];
    }
    for (const span of spans) {
      if (isFile(span) || line.includes(`→ \`${span}\``)) continue;
      const name = /^[A-Za-z_$][\w$]*/.exec(span)?.[0];
      if (name) names.add(name);
    }
  }
  return [...names];
}

const folders = readdirSync(src).filter(
  (f) => existsSync(join(src, f, 'README.md')) && existsSync(join(src, f, 'index.ts')),
);

/**
 * The second entries of a folder, which another folder may import besides `index.ts` (biome.json's exceptions,
 * `!../../artifacts/plan`): what they export counts as the folder's too.
 */
const secondEntries = [
  ...readFileSync(join(root, 'biome.json'), 'utf8').matchAll(/"!\.\.\/\.\.\/([\w-]+)\/([\w-]+)"/g),
].map((m) => ({ folder: m[1] ?? '', file: join(src, m[1] ?? '', `${m[2]}.ts`) }));

const program = ts.createProgram(
  [...folders.map((f) => join(src, f, 'index.ts')), ...secondEntries.map((e) => e.file)],
  {
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    skipLibCheck: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    experimentalDecorators: true,
  },
);
const checker = program.getTypeChecker();

function exportsOf(folder: string): Set<string> {
  const entries = [
    join(src, folder, 'index.ts'),
    ...secondEntries.filter((e) => e.folder === folder).map((e) => e.file),
  ];
  const names = new Set<string>();
  for (const entry of entries) {
    const file = program.getSourceFile(entry);
    const symbol = file && checker.getSymbolAtLocation(file);
    for (const s of symbol ? checker.getExportsOfModule(symbol) : []) names.add(s.name);
  }
  return names;
}

describe('the folder READMEs', () => {
  it('find something to check', () => {
    const listed = folders.flatMap((f) =>
      listedNames(publicSurface(readFileSync(join(src, f, 'README.md'), 'utf8')) ?? ''),
    );
    expect(listed.length).toBeGreaterThan(50);
  });

  for (const folder of folders) {
    it(`list only what src/${folder}/index.ts exports`, () => {
      const section = publicSurface(readFileSync(join(src, folder, 'README.md'), 'utf8'));
      if (section === undefined) return;
      const exported = exportsOf(folder);
      const missing = listedNames(section).filter((name) => !exported.has(name));
      expect(missing, `listed in src/${folder}/README.md, not exported by its index.ts`).toEqual([]);
    });
  }
});
