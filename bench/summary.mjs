// Prints the latest record of every bench/results/*.jsonl as Markdown: the numbers docs/performance.md shows.
// Usage: node bench/summary.mjs
import { readdirSync, readFileSync } from 'node:fs';

const dir = 'bench/results';
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  const lines = readFileSync(`${dir}/${file}`, 'utf8').trim().split('\n').filter(Boolean);
  const last = JSON.parse(lines.at(-1) ?? '{}');
  const { date, commit, ...numbers } = last;
  const shown = Object.entries(numbers)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(`- **${file.replace(/\.jsonl$/, '')}** (${String(date).slice(0, 10)}, ${commit}): ${shown}`);
}
