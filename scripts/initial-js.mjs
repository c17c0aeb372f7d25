// The JavaScript the first screen loads: the entry chunk and its static imports (the `modulepreload` links of the
// build's index.html), each file's size raw and gzip -9. `size-report.mjs` holds the budget; the `first-load`
// bench records the same bytes beside its timings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The paths (under `dist`) of the scripts index.html loads before any interaction. */
export function initialScripts(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\.?\/?([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return new Set([...entry, ...preloads]);
}

/** The first screen's JavaScript in `dist`: its files and their total, raw and gzip -9, in bytes. */
export function initialJavaScript(dist) {
  const files = [...initialScripts(dist)].map((path) => {
    const code = readFileSync(join(dist, path));
    return { path, raw: code.length, gz: gzipSync(code, { level: 9 }).length };
  });
  return {
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    gz: files.reduce((n, f) => n + f.gz, 0),
  };
}
