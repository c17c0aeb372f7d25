// Runs the benchmarks and prints their numbers (also kept in bench/results/*.jsonl to compare over time).
// Usage: npm run bench [-- name ...]   names: the keys of `suites`
import { startBench } from './harness.mjs';

const suites = {
  'stream-markdown': () => import('./stream-markdown.mjs'),
  attachments: () => import('./attachments.mjs'),
  sessions: () => import('./sessions.mjs'),
  palette: () => import('./palette.mjs'),
  branches: () => import('./branches.mjs'),
  artifacts: () => import('./artifacts.mjs'),
  'react-artifact': () => import('./react-artifact.mjs'),
  'hostile-artifact': () => import('./hostile-artifact.mjs'),
  'markdown-limits': () => import('./markdown-limits.mjs'),
  'import-file': () => import('./import-file.mjs'),
  'stream-cdp': () => import('./stream-cdp.mjs'),
  'frame-nodes': () => import('./frame-nodes.mjs'),
  sync: () => import('./sync.mjs'),
  shelf: () => import('./shelf.mjs'),
  'file-viewers': () => import('./file-viewers.mjs'),
  'code-tool': () => import('./code-tool.mjs'),
  'first-load': () => import('./first-load.mjs'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(suites);
const bench = await startBench();
try {
  for (const name of names) {
    const load = suites[name];
    if (!load) throw new Error(`Unknown benchmark "${name}". Known: ${Object.keys(suites).join(', ')}`);
    const suite = await load();
    await suite.run(bench);
  }
} finally {
  await bench.close();
}
