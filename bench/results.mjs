// Keeps benchmark results over time: each run appends a line to bench/results/<name>.jsonl and prints how the
// numbers compare with the previous run on record.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * Appends `result` to bench/results/<name>.jsonl with the date, the commit, the machine's load average (one
 * minute) and, when runs of two builds are interleaved (`BENCH_BUILD=before EASEL_DIST=<folder>`, or
 * `bench/compare.mjs`), which build it was.
 */
export function record(name, result) {
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}.jsonl`;
  const previous = existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .at(-1)
    : undefined;
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const tags = {
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
    ...(process.env.BENCH_BUILD ? { build: process.env.BENCH_BUILD } : {}),
  };
  appendFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), commit, ...tags, ...result })}\n`);
  console.log(`\n${name}`);
  for (const [key, value] of Object.entries(result)) {
    const before = previous?.[key];
    const change = typeof value === 'number' && typeof before === 'number' ? `   (previous ${before})` : '';
    console.log(`  ${key.padEnd(28)} ${String(value).padStart(10)}${change}`);
  }
}
