// The first screen: the time from navigation until the composer is usable (its textarea is in the page, enabled
// and writable, so it accepts typing), with a key saved as a returning person has it. Medians of `BENCH_ROUNDS`
// loads (default 7), with the browser's HTTP cache (a return visit) and without it (every script fetched and
// compiled again); and the JavaScript the first screen loads (scripts/initial-js.mjs), gzip.
// `BENCH_BEFORE=<build folder>` measures that build too (e.g. the commit before a change, built with
// `npx vite build --outDir <folder>`), in the same rounds, the two builds taking turns.
import { initialJavaScript } from '../scripts/initial-js.mjs';
import { record } from './results.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/**
 * Runs in the page before its own scripts: watches each frame, through the app's shadow roots, for the
 * composer's textarea to accept input, and keeps the time since navigation began in `__easelComposerReady`.
 */
function watchComposer() {
  const find = (root) => {
    const box = root.querySelector('textarea[aria-label="Message"]');
    if (box) return box;
    for (const el of root.querySelectorAll('*')) {
      const found = el.shadowRoot && find(el.shadowRoot);
      if (found) return found;
    }
    return undefined;
  };
  const check = () => {
    const box = find(document);
    if (box && !box.disabled && !box.readOnly && box.getClientRects().length > 0) {
      globalThis.__easelComposerReady = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function loadOnce(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => globalThis.__easelComposerReady !== undefined);
  const ms = await page.evaluate(() => globalThis.__easelComposerReady);
  // Typing reaches it: the composer really takes input.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('hello');
  await box.fill('');
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (n) => Math.round(n * 10) / 10;

/** A page of the app at `url` with the key saved, watching for the composer, and its network domain. */
async function lane(bench, url) {
  const { page, context } = await bench.newPage(url);
  await page.addInitScript(watchComposer);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await loadOnce(page, url); // warms the caches
  return { page, context, cdp, url, cached: [], uncached: [] };
}

async function measure(l) {
  await l.cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  l.cached.push(await loadOnce(l.page, l.url));
  await l.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  l.uncached.push(await loadOnce(l.page, l.url));
}

const kb = (bytes) => round(bytes / 1024);

export async function run(bench) {
  const beforeDir = process.env.BENCH_BEFORE;
  const now = await lane(bench, bench.appUrl);
  const before = beforeDir ? await lane(bench, await bench.serve(beforeDir)) : undefined;
  for (let i = 0; i < ROUNDS; i++) {
    // The builds take turns, and which goes first alternates.
    const order = before ? (i % 2 === 0 ? [now, before] : [before, now]) : [now];
    for (const l of order) await measure(l);
  }
  await now.context.close();
  await before?.context.close();
  const initial = initialJavaScript(bench.outDir);
  const old = beforeDir ? initialJavaScript(beforeDir) : undefined;
  record('first-load', {
    rounds: ROUNDS,
    initialJsGzipKb: kb(initial.gz),
    initialJsFiles: initial.files.length,
    composerUsableMs: round(median(now.cached)),
    composerUsableNoCacheMs: round(median(now.uncached)),
    runsMs: now.cached.map(round).join(' '),
    runsNoCacheMs: now.uncached.map(round).join(' '),
    ...(before && old
      ? {
          beforeInitialJsGzipKb: kb(old.gz),
          beforeComposerUsableMs: round(median(before.cached)),
          beforeComposerUsableNoCacheMs: round(median(before.uncached)),
          beforeRunsMs: before.cached.map(round).join(' '),
          beforeRunsNoCacheMs: before.uncached.map(round).join(' '),
        }
      : {}),
  });
}
