// Sync: a library of 500 sessions (BENCH_SYNC_SESSIONS) of 20 messages synced for the first time through a CouchDB-protocol server
// (e2e/couch-server.mjs), sent from one device and received on a second; then the cost of one new message once
// synced. For each: the time to `Synced`, the bytes on the wire (request and response bodies to the server), and
// the app's longest main-thread task meanwhile (a longtask observer: goal none over 50 ms); and what the server
// stores per session.
import { loadavg } from 'node:os';
import { startCouchServer } from '../e2e/couch-server.mjs';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { longestTasks, mainThreadOf } from './cdp.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';
import { seed } from './sessions.mjs';

/** `BENCH_SYNC_SESSIONS` sets another library size (one new message should cost the same whatever it is). */
const SESSIONS = Number(process.env.BENCH_SYNC_SESSIONS ?? 500);
const MESSAGES = 20;
const USER = 'bench';
const PASSWORD = 'bench-password';
const DATABASE = 'easel-bench';

/** Sums the request and response body bytes of every request the page's context sends to `origin`. */
function countBytes(context, origin) {
  let total = 0;
  let requests = 0;
  const pending = [];
  const onFinished = (request) => {
    if (!request.url().startsWith(origin)) return;
    requests += 1;
    pending.push(
      request.sizes().then(
        (s) => {
          total += s.requestBodySize + s.requestHeadersSize + s.responseBodySize + s.responseHeadersSize;
        },
        () => undefined,
      ),
    );
  };
  context.on('requestfinished', onFinished);
  return {
    async stop() {
      context.off('requestfinished', onFinished);
      await Promise.all(pending);
      return { bytes: total, requests };
    },
  };
}

/** In the page: whether the open conversation's last message shows `text`. */
function lastMessageShows(text) {
  const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
  const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
  const last = views?.[views.length - 1];
  const markdown = last?.shadowRoot?.querySelector('easel-markdown')?.shadowRoot;
  return markdown?.textContent?.includes(text) === true;
}

async function connect(page, url) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await dialog.getByRole('textbox', { name: 'Database' }).fill(DATABASE);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Passphrase', { exact: true }).fill('bench passphrase');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  return dialog;
}

/**
 * Waits until the header says `Synced` and stays so for a second (nothing left either way). The status is found
 * once and then read through its handle: Playwright's role and CSS queries walk the whole page (500 sidebar
 * entries, their accessible names) in the page's main thread, tasks of 100-200 ms that are the bench's, not
 * the app's.
 */
async function settled(page) {
  const found = await page.getByRole('status', { name: 'Sync' }).elementHandle({ timeout: 60_000 });
  const synced = async () => (await found.evaluate((element) => element.textContent?.trim())) === 'Synced';
  const deadline = Date.now() + 600_000;
  try {
    while (Date.now() < deadline) {
      if (await synced()) {
        await page.waitForTimeout(1000);
        if (await synced()) return;
      } else await page.waitForTimeout(250);
    }
    throw new Error('Sync did not settle in 10 minutes');
  } finally {
    await found.dispose();
  }
}

/** A Chrome trace of the page (BENCH_TRACE=1): `stop()` returns its events. */
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    },
  });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      const { stream } = await done;
      const parts = [];
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
        parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      await cdp.detach();
      const parsed = JSON.parse(parts.join(''));
      return Array.isArray(parsed) ? parsed : parsed.traceEvents;
    },
  };
}

/**
 * The trace's main thread over the whole recording: busy time, tasks over 50 ms, time by kind of event, and the
 * longest tasks with what ran in them (a long sync has too many tasks for `mainThreadIn`'s spread).
 */
function traced(events) {
  const main = mainThreadOf(events);
  let fromUs = Number.POSITIVE_INFINITY;
  let toUs = 0;
  let busyUs = 0;
  let over50 = 0;
  const byName = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !(e.ts > 0) || `${e.pid}:${e.tid}` !== main) continue;
    fromUs = Math.min(fromUs, e.ts);
    toUs = Math.max(toUs, e.ts + (e.dur ?? 0));
    if (e.name === 'RunTask') {
      busyUs += e.dur ?? 0;
      if ((e.dur ?? 0) > 50_000) over50 += 1;
    } else byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return {
    busyMs: Math.round(busyUs / 1000),
    tasksOver50ms: over50,
    breakdownMs: [...byName.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 10)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', '),
    longest: longestTasks(events, fromUs, toUs, 6),
  };
}

/**
 * Runs `act` and measures until synced: milliseconds, bytes on the wire and the longest main-thread task. With
 * `afterAct`, main-thread tasks are recorded from the end of `act` (filling in and closing Settings: Playwright's
 * own queries and the dialog's closing, before sync's work gets going), not from its start.
 */
async function measure(page, context, url, act, { afterAct = false } = {}) {
  let trace = afterAct || !process.env.BENCH_TRACE ? undefined : await startTrace(page);
  let recording = afterAct ? undefined : await startLightRecording(page);
  const wire = countBytes(context, url);
  const start = Date.now();
  await act();
  trace ??= process.env.BENCH_TRACE ? await startTrace(page) : undefined;
  recording ??= await startLightRecording(page);
  await settled(page);
  // The second of quiet `settled` waits for is not part of the sync.
  const ms = Date.now() - start - 1000;
  const { bytes, requests } = await wire.stop();
  const main = await recording.stop();
  const events = await trace?.stop();
  return {
    ...(events && { trace: traced(events) }),
    ms,
    bytes,
    requests,
    longestTaskMs: main.longestTaskMs,
    tasksOver50ms: main.longTasks,
    busyPercent: main.busyPercent,
    worstFrameGapMs: main.worstFrameGapMs,
  };
}

export async function run(bench) {
  // The machine's load when the run began (1, 5 and 15 minutes): numbers from a loaded machine read differently.
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const couch = await startCouchServer({ user: USER, password: PASSWORD });
  const url = couch.url();
  try {
    const a = await bench.newPage();
    const now = Date.now();
    const specs = Array.from({ length: SESSIONS }, (_, i) => ({
      id: `bench-sync-${i}`,
      count: MESSAGES,
      updated: now - i * 60_000,
      extra: {},
    }));
    for (let i = 0; i < specs.length; i += 50) await seed(a.page, specs.slice(i, i + 50));
    await a.page.reload();
    await a.page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first().waitFor();

    const send = await measure(
      a.page,
      a.context,
      url,
      async () => {
        const dialog = await connect(a.page, url);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      },
      { afterAct: true },
    );
    const docs = await couch.allDocs(DATABASE);
    const stored = Buffer.byteLength(JSON.stringify(docs));

    const b = await bench.newPage();
    const receive = await measure(
      b.page,
      b.context,
      url,
      async () => {
        const dialog = await connect(b.page, url);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      },
      { afterAct: true },
    );
    const received = await b.page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').count();

    // One new message (and its answer) once everything is synced. The box and the button are found before, and
    // the answer is watched through the views, not with Playwright's role queries: those walk the whole page
    // (500 sidebar rows and their names) in the page's main thread, the bench's work in the app's numbers.
    await a.page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first().click();
    await a.lane.reply(sse.text('One more answer, a few sentences long, as answers are.'));
    const box = await a.page.getByRole('textbox', { name: 'Message' }).elementHandle();
    const sendButton = await a.page.getByRole('button', { name: 'Send' }).elementHandle();
    const one = await measure(a.page, a.context, url, async () => {
      await box.fill('And one more question?');
      await sendButton.click();
      await a.page.waitForFunction(lastMessageShows, 'One more answer', { polling: 100, timeout: 60_000 });
    });
    await box.dispose();
    await sendButton.dispose();
    await a.context.close();
    await b.context.close();
    record(`sync-${SESSIONS}-sessions`, {
      loadAverage: { start: loadAtStart, end: loadavg().map((l) => Math.round(l * 100) / 100) },
      sessions: SESSIONS,
      messagesPerSession: MESSAGES,
      documents: docs.length,
      serverStoredBytes: stored,
      serverBytesPerSession: Math.round(stored / SESSIONS),
      firstSyncSend: send,
      firstSyncReceive: { ...receive, sessionsShown: received },
      oneMessageOnceSynced: one,
    });
  } finally {
    await couch.close();
  }
}
