// Compares two builds on issue #40's targets ("Instant"), interleaved: each round runs every case once on each
// build, alternating which goes first, each run in a fresh process and browser, then prints the medians of the
// rounds side by side and appends them to bench/results/compare.jsonl. The single runs are recorded too, in each
// case's own file, tagged `build: before` or `after`.
//
//   npm run build && npx vite build --outDir /tmp/easel-before   (at the commit to compare with)
//   npm run bench:compare -- --before /tmp/easel-before [--after dist] [--rounds 5] [case ...]
//
// `--before-env NAME=VALUE` (and `--after-env`) sets a variable for one build's runs only, such as
// `BENCH_FLOOR_INTERVAL_MS=80` for a build that updated a streaming answer every 80 ms (bench/stream-cdp.mjs).
//
// Cases (all by default): first-load, react, stream-40kb, stream-400kb, sessions-open, sessions-switch.
// Run it on a quiet machine (the load average is printed and recorded): timings swing by a factor of two with load.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** What each case runs (`bench/run.mjs <suite>` with `env`), and which recorded fields it compares. */
const CASES = {
  'first-load': {
    suite: 'first-load',
    // first-load interleaves the two builds itself (BENCH_BEFORE), so it runs once with all the rounds.
    interleavesItself: true,
    rows: (records) => {
      const last = records.at(-1);
      return [
        ['first screen JS, gzip KB (goal ≤ 80)', last?.beforeInitialJsGzipKb, last?.initialJsGzipKb],
        [
          'navigation → composer usable, HTTP cache, ms (≤ 300)',
          last?.beforeComposerUsableMs,
          last?.composerUsableMs,
        ],
        [
          'navigation → composer usable, no cache, ms (≤ 300)',
          last?.beforeComposerUsableNoCacheMs,
          last?.composerUsableNoCacheMs,
        ],
      ];
    },
  },
  react: {
    suite: 'react-artifact',
    records: ['react-artifact'],
    fields: [
      ['React at once, cold: tool end → render, ms (≤ 500)', 'react-artifact', 'coldFirstRenderMs'],
      ['React at once, warm, ms (≤ 150)', 'react-artifact', 'warmFirstRenderMs'],
      ["React at Claude's pace, cold, ms (≤ 500)", 'react-artifact', 'pacedColdFirstRenderMs'],
      ["React at Claude's pace, warm, ms (≤ 150)", 'react-artifact', 'pacedWarmFirstRenderMs'],
      ['React, cold: renderer CPU, Send → render, ms', 'react-artifact', 'coldRendererCpuMs'],
      ['React, warm: renderer CPU, ms', 'react-artifact', 'warmRendererCpuMs'],
      [
        'React: app tasks over 50 ms, cold + warm',
        'react-artifact',
        (r) => r.coldLongTasks + r.warmLongTasks,
      ],
    ],
  },
  'stream-40kb': {
    suite: 'stream-cdp',
    env: { BENCH_QUICK: '1', BENCH_ONLY: 'formatted-40kb,40kb', BENCH_ROUNDS: '1' },
    records: ['stream-cdp-40kb', 'stream-cdp-formatted-40kb'],
    fields: [
      ['40 KB answer, main thread busy, ms', 'stream-cdp-40kb', 'busyMs'],
      ['formatted floor, busy, ms', 'stream-cdp-formatted-40kb', 'busyMs'],
      ['40 KB ÷ floor, busy (≤ 1.3)', 'ratio', (run) => run['stream-cdp-40kb'].busyMs / floor(run).busyMs],
      [
        '40 KB ÷ floor, thread time (≤ 1.3)',
        'ratio',
        (run) => run['stream-cdp-40kb'].cpuMs / floor(run).cpuMs,
      ],
      ['40 KB: worst frame gap while text arrives, ms', 'stream-cdp-40kb', 'worstFrameGapWhileTextMs'],
      [
        'floor: worst frame gap while text arrives, ms',
        'stream-cdp-formatted-40kb',
        'worstFrameGapWhileTextMs',
      ],
      ['40 KB: tasks over 50 ms (thread time)', 'stream-cdp-40kb', 'tasksOver50msCpu'],
    ],
  },
  'stream-400kb': {
    suite: 'stream-cdp',
    env: { BENCH_ONLY: '40kb,400kb', BENCH_ROUNDS: '1' },
    records: ['stream-cdp-40kb', 'stream-cdp-400kb'],
    fields: [
      ['400 KB answer, thread time, ms', 'stream-cdp-400kb', 'cpuMs'],
      [
        '400 KB ÷ 40 KB, thread time (≤ 10)',
        'ratio',
        (run) => run['stream-cdp-400kb'].cpuMs / run['stream-cdp-40kb'].cpuMs,
      ],
      ['400 KB: tasks over 50 ms (thread time)', 'stream-cdp-400kb', 'tasksOver50msCpu'],
    ],
  },
  'sessions-open': {
    suite: 'sessions',
    env: { BENCH_ONLY: 'open' },
    records: ['sessions-open-2000'],
    fields: [
      ['open a 2,000-message session → last message, ms (≤ 300)', 'sessions-open-2000', 'openMedianMs'],
      ['load the page at that session, ms', 'sessions-open-2000', 'coldLoadMedianMs'],
      ['opening: longest task, ms', 'sessions-open-2000', 'longestTaskMs'],
    ],
  },
  'sessions-switch': {
    suite: 'sessions',
    env: { BENCH_ONLY: 'switch' },
    records: ['sessions-switch-2000'],
    fields: [
      ['switch between two 2,000-message sessions, ms (≤ 300)', 'sessions-switch-2000', 'switchMedianMs'],
      ['switching: longest task, ms', 'sessions-switch-2000', 'longestTaskMs'],
    ],
  },
};

/** The floor's record in the same run; stream-cdp names it by the answer it formats. */
const floor = (run) => run['stream-cdp-formatted-40kb'];

function parseArgs(argv) {
  const options = { before: undefined, after: 'dist', rounds: 5, cases: [], env: { before: {}, after: {} } };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--before') options.before = argv[++i];
    else if (arg === '--after') options.after = argv[++i];
    else if (arg === '--rounds') options.rounds = Number(argv[++i]);
    else if (arg === '--before-env' || arg === '--after-env') {
      const [name, ...value] = (argv[++i] ?? '').split('=');
      if (!name || value.length === 0) throw new Error(`${arg} takes NAME=VALUE`);
      options.env[arg.slice(2, -4)][name] = value.join('=');
    } else options.cases.push(arg);
  }
  if (!options.before || !existsSync(`${options.before}/index.html`)) {
    throw new Error(
      'Give the build to compare with: --before <folder with index.html> (npx vite build --outDir …)',
    );
  }
  if (!existsSync(`${options.after}/index.html`))
    throw new Error(`No build in ${options.after}: run npm run build`);
  if (!(options.rounds >= 1)) throw new Error('--rounds takes a number of at least 1');
  if (options.cases.length === 0) options.cases = Object.keys(CASES);
  const unknown = options.cases.filter((c) => !CASES[c]);
  if (unknown.length > 0)
    throw new Error(`Unknown case ${unknown.join(', ')}. Known: ${Object.keys(CASES).join(', ')}`);
  return options;
}

/** Runs one suite in a process of its own; a failed run stops the comparison (its numbers would be missing). */
function runSuite(suite, env) {
  const result = spawnSync(process.execPath, ['bench/run.mjs', suite], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`bench ${suite} failed (exit ${result.status})`);
}

/** The records of `name` written since `since` (ISO date), in order. */
function recordsSince(name, since) {
  const file = `bench/results/${name}.jsonl`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((r) => r.date >= since);
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const shown = (v) =>
  v === undefined ? '—' : Math.abs(v) < 10 && !Number.isInteger(v) ? v.toFixed(2) : String(Math.round(v));

/** One run of each build per round, alternating which goes first; returns each build's runs, a record per name. */
function interleave(spec, options) {
  const runs = { before: [], after: [] };
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const build of order) {
      const since = new Date().toISOString();
      runSuite(spec.suite, {
        ...spec.env,
        ...options.env[build],
        BENCH_BUILD: build,
        EASEL_DIST: options[build],
      });
      const run = {};
      for (const name of spec.records) run[name] = recordsSince(name, since).at(-1);
      runs[build].push(run);
    }
  }
  return spec.fields.map(([label, name, field]) => {
    const value = (run) => {
      try {
        if (name === 'ratio') return field(run);
        return typeof field === 'function' ? field(run[name]) : run[name]?.[field];
      } catch {
        return undefined; // a record missing from a run: left out of the median
      }
    };
    return [label, median(runs.before.map(value)), median(runs.after.map(value))];
  });
}

const options = parseArgs(process.argv.slice(2));
const started = new Date().toISOString();
const loadAtStart = loadavg()[0];
const rows = [];
for (const name of options.cases) {
  const spec = CASES[name];
  if (spec.interleavesItself) {
    runSuite(spec.suite, { BENCH_BEFORE: options.before, BENCH_ROUNDS: String(Math.max(options.rounds, 7)) });
    rows.push(...spec.rows(recordsSince(spec.suite, started)));
  } else {
    rows.push(...interleave(spec, options));
  }
}
const loadAtEnd = loadavg()[0];

const width = Math.max(...rows.map(([label]) => label.length));
console.log(
  `\nmedians of ${options.rounds} interleaved rounds; load average ${loadAtStart.toFixed(1)} → ${loadAtEnd.toFixed(1)}`,
);
console.log(`${''.padEnd(width)}  ${'before'.padStart(8)}  ${'after'.padStart(8)}`);
for (const [label, before, after] of rows) {
  console.log(`${label.padEnd(width)}  ${shown(before).padStart(8)}  ${shown(after).padStart(8)}`);
}
appendFileSync(
  'bench/results/compare.jsonl',
  `${JSON.stringify({
    date: started,
    before: options.before.split('/').at(-1),
    rounds: options.rounds,
    loadAverage: { start: Math.round(loadAtStart * 10) / 10, end: Math.round(loadAtEnd * 10) / 10 },
    rows: rows.map(([label, before, after]) => ({ label, before, after })),
  })}\n`,
);
