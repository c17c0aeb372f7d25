// `run_code`: Python's cold start (the first Python run after a fresh load, nothing cached), its warm start (the
// next run, the interpreter loaded) and its start after a reload (files from the browser's cache); summing a
// 50 MB CSV in JavaScript and in Python. Each is a run_code call through the fake API; the app page's main thread
// is recorded from the send until the answer after the call is shown: longest task and tasks over 50 ms (goal:
// none, the work runs in the sandbox's worker), and the time the card reports for the run.
//
// The CSV is made by the code itself in the sandbox (500,000 rows of about 100 bytes): a text attachment over
// 2 MB is refused by the attachment pipeline, so a 50 MB file cannot be attached today.
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';

const ROWS = 500_000;

const JS_CSV = `const pad = 'x'.repeat(80);
const lines = ['region,amount,note'];
for (let i = 1; i <= ${ROWS}; i++) lines.push('r' + (i % 7) + ',' + i + ',' + pad);
const csv = lines.join('\\n');
const started = performance.now();
let total = 0;
for (const line of csv.split('\\n').slice(1)) total += Number(line.slice(line.indexOf(',') + 1, line.lastIndexOf(',')));
console.log('MB', (csv.length / 1e6).toFixed(1), 'sum ms', Math.round(performance.now() - started));
total`;

const PY_CSV = `import csv, io, time
pad = 'x' * 80
text = 'region,amount,note\\n' + '\\n'.join(f'r{i % 7},{i},{pad}' for i in range(1, ${ROWS} + 1))
started = time.perf_counter()
total = sum(int(r['amount']) for r in csv.DictReader(io.StringIO(text)))
print('MB', round(len(text) / 1e6, 1), 'sum ms', round((time.perf_counter() - started) * 1000))
total`;

/** Sends one run_code call and waits for the answer after it; returns what the card and the recording say. */
async function measure(page, lane, id, language, code, { timeout = 180_000 } = {}) {
  await lane.reply(sse.toolUse({ id, name: 'run_code', input: { language, code } }), sse.text(`Done ${id}.`));
  const recording = await startLightRecording(page);
  const sentAt = Date.now();
  await page.getByRole('textbox', { name: 'Message' }).fill(`Run ${id}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('article', { name: 'Claude' }).last().getByText(`Done ${id}.`).waitFor({ timeout });
  const wallMs = Date.now() - sentAt;
  const summary = await recording.stop();
  const card = page.getByRole('group', { name: /Tool call: Running/ }).last();
  const took = await card.getByText(/^(Ran in|Failed after|Ended at)/).textContent();
  const output =
    (await card
      .getByLabel('Output')
      .textContent()
      .catch(() => '')) ?? '';
  return {
    sendToAnswerMs: wallMs,
    card: took?.trim(),
    output: output.trim().slice(0, 80),
    longTasks: summary.longTasks,
    longestTaskMs: summary.longestTaskMs,
    busyMs: summary.busyMs,
  };
}

export async function run(bench) {
  const { page, lane, context } = await bench.newPage();
  // Warm up, unmeasured, what any first run loads (the card, the code highlighter, the sandbox's frame), so the
  // cold start below is Python's own.
  await measure(page, lane, 'toolu_warmup', 'javascript', '1');
  record(
    'code-tool-python-cold',
    await measure(page, lane, 'toolu_cold', 'python', 'import sys\nsys.version'),
  );
  record('code-tool-python-warm', await measure(page, lane, 'toolu_warm', 'python', '1 + 1'));
  record('code-tool-csv-50mb-js', await measure(page, lane, 'toolu_js', 'javascript', JS_CSV));
  record('code-tool-csv-50mb-python', await measure(page, lane, 'toolu_py', 'python', PY_CSV));
  // A reload: Python's files come from the browser's cache.
  await page.reload();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await measure(page, lane, 'toolu_warmup2', 'javascript', '1');
  record('code-tool-python-after-reload', await measure(page, lane, 'toolu_reload', 'python', '2 + 2'));
  await context.close();
}
