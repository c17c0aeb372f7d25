import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';

/**
 * python-packages/ as `scripts/build-python-packages.mjs` left it: the list the worker reads matches the wheels
 * byte for byte, each wheel is pure Python (no C extension Pyodide could not load) and carries its licence,
 * and every package a package needs is there.
 */
const dir = resolve(import.meta.dirname, '..', 'python-packages');
interface Entry {
  name: string;
  version: string;
  use: string;
  file: string;
  imports: string[];
  depends: string[];
  licence: string;
  size: number;
  sha256: string;
}
const list = JSON.parse(readFileSync(join(dir, 'packages.json'), 'utf8')) as Entry[];

describe('python-packages', () => {
  it('lists the packages Claude is told about, each with what it is for', () => {
    expect(list.map((p) => p.name)).toEqual(['et_xmlfile', 'openpyxl', 'xlsxwriter', 'reportlab', 'pypdf']);
    for (const p of list) expect(p.use.length).toBeGreaterThan(10);
  });

  it.each(list)('$file is the wheel the list says, pure Python, with its licence', async (p) => {
    const bytes = readFileSync(join(dir, p.file));
    expect(bytes.length).toBe(p.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(p.sha256);
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files);
    expect(names.filter((n) => /\.(so|pyd|dll)$/.test(n))).toEqual([]);
    for (const module of p.imports) expect(names).toContain(`${module}/__init__.py`);
    const info = `${p.name}-${p.version}.dist-info`;
    expect(await zip.file(`${info}/WHEEL`)?.async('string')).toContain('Tag: py3-none-any');
    expect(await zip.file(`${info}/LICENSE`)?.async('string')).toMatch(/licen[cs]e/i);
    expect(existsSync(join(dir, 'licences', `${p.name}.txt`))).toBe(true);
    for (const d of p.depends) expect(list.map((q) => q.name)).toContain(d);
  });
});
