import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { initialJavaScript, initialScripts } from './initial-js.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

/** A build folder with this index.html and these assets. */
function build(html: string, assets: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'initial-js-'));
  folders.push(dist);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  for (const [name, code] of Object.entries(assets)) writeFileSync(join(dist, 'assets', name), code);
  return dist;
}

const HTML = `<!doctype html><head>
<script type="module" crossorigin src="./assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="./assets/lit-b.js">
</head><body></body>`;

describe('initialJavaScript', () => {
  it('counts the entry script and its modulepreloads, not the chunks loaded later', () => {
    const dist = build(HTML, {
      'index-a.js': 'import "./lit-b.js"; console.log("app");'.repeat(20),
      'lit-b.js': 'export const lit = 1;'.repeat(10),
      'settings-c.js': 'export const settings = 2;'.repeat(500),
    });
    expect([...initialScripts(dist)]).toEqual(['assets/index-a.js', 'assets/lit-b.js']);
    const result = initialJavaScript(dist);
    expect(result.files.map((f) => f.path)).toEqual(['assets/index-a.js', 'assets/lit-b.js']);
    const gz = (s: string) => gzipSync(s, { level: 9 }).length;
    expect(result.gz).toBe(
      gz('import "./lit-b.js"; console.log("app");'.repeat(20)) + gz('export const lit = 1;'.repeat(10)),
    );
    expect(result.raw).toBe(40 * 20 + 21 * 10);
  });
});
