// Sync: a library of 500 sessions of 20 messages synced for the first time through a CouchDB-protocol server
// (e2e/couch-server.mjs), sent from one device and received on a second; then the cost of one new message once
// synced. For each: the time to `Synced`, the bytes on the wire (request and response bodies to the server), and
// the app's longest main-thread task meanwhile (a longtask observer: goal none over 50 ms); and what the server
// stores per session.
import { loadavg } from 'node:os';
import { startCouchServer } from '../e2e/couch-server.mjs';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';
import { seed } from './sessions.mjs';

const SESSIONS = 500;
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

/**
 * Runs `act` and measures until synced: milliseconds, bytes on the wire and the longest main-thread task. With
 * `afterAct`, main-thread tasks are recorded from the end of `act` (filling in and closing Settings: Playwright's
 * own queries and the dialog's closing, before sync's work gets going), not from its start.
 */
async function measure(page, context, url, act, { afterAct = false } = {}) {
  let recording = afterAct ? undefined : await startLightRecording(page);
  const wire = countBytes(context, url);
  const start = Date.now();
  await act();
  recording ??= await startLightRecording(page);
  await settled(page);
  // The second of quiet `settled` waits for is not part of the sync.
  const ms = Date.now() - start - 1000;
  const { bytes, requests } = await wire.stop();
  const main = await recording.stop();
  return {
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

    // One new message (and its answer) once everything is synced.
    await a.page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first().click();
    await a.lane.reply(sse.text('One more answer, a few sentences long, as answers are.'));
    const one = await measure(a.page, a.context, url, async () => {
      await a.page.getByRole('textbox', { name: 'Message' }).fill('And one more question?');
      await a.page.getByRole('button', { name: 'Send' }).click();
      await a.page.getByRole('article', { name: 'Claude' }).filter({ hasText: 'One more answer' }).waitFor();
    });
    await a.context.close();
    await b.context.close();
    record('sync-500-sessions', {
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
