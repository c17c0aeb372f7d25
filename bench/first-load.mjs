// The first screen: the time from navigation until the composer is usable (its textarea is in the page, enabled
// and writable, so it accepts typing), with a key saved as a returning person has it. Medians of 5 loads, with
// the browser's HTTP cache (a return visit) and without it (every script fetched and compiled again).
import { record } from './results.mjs';

const ROUNDS = 5;

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

export async function run(bench) {
  const { page, context } = await bench.newPage();
  await page.addInitScript(watchComposer);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await loadOnce(page, bench.appUrl); // warms the caches
  const cached = [];
  const uncached = [];
  for (let i = 0; i < ROUNDS; i++) {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    cached.push(await loadOnce(page, bench.appUrl));
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    uncached.push(await loadOnce(page, bench.appUrl));
  }
  await context.close();
  record('first-load', {
    rounds: ROUNDS,
    composerUsableMs: round(median(cached)),
    composerUsableNoCacheMs: round(median(uncached)),
    runsMs: cached.map(round).join(' '),
    runsNoCacheMs: uncached.map(round).join(' '),
  });
}
