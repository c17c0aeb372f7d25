// Lists which sources make up each chunk the first screen loads, from the build's sourcemaps: the minified bytes
// each source produced and an estimate of their gzip share (the chunk's gzip ratio applied to them). Reads `dist`,
// or the build folder given as its argument. For finding what to load lazily; `size-report.mjs` holds the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+src="\.?\/?([^"]+\.js)"/g),
  ...html.matchAll(/<link rel="modulepreload"[^>]+href="\.?\/?([^"]+\.js)"/g),
].map((m) => m[1]);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The numbers of one segment of a sourcemap's `mappings` (base64 VLQ). */
function decode(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

for (const file of initial) {
  const code = readFileSync(join(dist, file), 'utf8');
  let map;
  try {
    map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  } catch {
    console.log(`\n${file}: no sourcemap`);
    continue;
  }
  const lines = code.split('\n');
  const bytes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, n) => {
    let column = 0;
    const marks = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [dc, ds] = decode(segment);
      column += dc;
      if (ds !== undefined) source += ds;
      marks.push([column, ds === undefined ? -1 : source]);
    }
    const length = lines[n]?.length ?? 0;
    marks.forEach(([start, s], i) => {
      const end = marks[i + 1]?.[0] ?? length;
      const name = s < 0 ? '(unmapped)' : map.sources[s];
      bytes.set(name, (bytes.get(name) ?? 0) + end - start);
    });
  });
  const ratio = gzipSync(code, { level: 9 }).length / code.length;
  console.log(
    `\n${file}: ${(code.length / 1024).toFixed(1)} KB raw, ~${((code.length * ratio) / 1024).toFixed(1)} KB gzip`,
  );
  for (const [name, n] of [...bytes].sort((a, b) => b[1] - a[1])) {
    if (n < 200) continue;
    console.log(
      `  ${(n / 1024).toFixed(1).padStart(6)} KB  ~${((n * ratio) / 1024).toFixed(1).padStart(5)} gz  ${name.replace(/^(\.\.\/)+/, '')}`,
    );
  }
}
