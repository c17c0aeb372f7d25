// Streams an HTML artifact through the `artifacts` tool (the fake API sends the call's JSON arguments in
// 10-character `input_json_delta` events, 1 ms apart) into the app, which shows the file growing in the panel
// (rate-limited preview reloads), runs it once out of sight for its console, and shows the final page.
// Measures the app page's main thread (busy %, longest task, worst gap between frames; CDP TaskDuration and a
// `longtask` observer, no trace), the CPU time of every renderer (the previews are sandboxed frames in
// processes of their own), and the time from the last byte to the final page in the preview. Runs a 15 KB and
// a 150 KB page: ten times the file should cost about ten times as much, not a hundred.
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';

const WORDS = (
  'artifact preview panel stream sandbox version console render layout table chart value number ' +
  'section heading paragraph list item button canvas style script event frame update rewrite'
).split(' ');

/** A deterministic, ordinary web page of about `bytes` characters: styles, sections, lists, tables, a script. */
export function htmlPage(bytes) {
  let seed = 7;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return WORDS[seed % WORDS.length];
  };
  const sentence = (n) => {
    const words = Array.from({ length: n }, word);
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const head = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Report</title><style>',
    'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}',
    'section{border-bottom:1px solid #ddd;padding:.5rem 0}table{border-collapse:collapse}',
    'td,th{border:1px solid #ccc;padding:2px 6px}.note{color:#555}',
    '</style></head><body><h1>Benchmark report</h1>',
  ].join('\n');
  const tail = [
    '<p id="end">End of the benchmark page.</p>',
    '<script>',
    "document.querySelectorAll('section').forEach(function (s, i) { s.dataset.index = String(i); });",
    "console.log('sections', document.querySelectorAll('section').length);",
    '</script></body></html>',
  ].join('\n');
  const parts = [head];
  let length = head.length + tail.length;
  for (let i = 1; length < bytes; i++) {
    const rows = Array.from(
      { length: 4 },
      (_, r) => `<tr><td>${word()}</td><td>${(i * 37 + r * 11) % 1000}</td><td>${word()}</td></tr>`,
    ).join('');
    const section = [
      `<section id="s${i}"><h2>Section ${i}: ${word()} ${word()}</h2>`,
      `<p>${sentence(24)} ${sentence(18)}</p>`,
      `<ul><li>${sentence(6)}</li><li>${sentence(8)}</li><li>${sentence(5)}</li></ul>`,
      `<table><tr><th>name</th><th>value</th><th>kind</th></tr>${rows}</table>`,
      `<p class="note">${sentence(12)}</p></section>`,
    ].join('\n');
    parts.push(section);
    length += section.length + 1;
  }
  parts.push(tail);
  return parts.join('\n');
}

/** CPU seconds of this browser's renderer processes (the app page and every preview frame), summed. */
async function rendererCpuSeconds(cdp) {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

/** Sends `text` and waits for the answer that ends the run. */
async function ask(page, text, answer, timeout) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('article', { name: 'Claude' }).last().getByText(answer).waitFor({ timeout });
}

async function streamOnce(bench, bytes) {
  const { page, lane, context } = await bench.newPage();
  // A small artifact first, unmeasured: what loads on first use (the SDK, the panel, highlighting) is loaded.
  await lane.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'warm-up.html', content: htmlPage(2_000) },
    }),
    sse.text('Warmed up.'),
  );
  await ask(page, 'Warm up', 'Warmed up.', 60_000);
  const content = htmlPage(bytes);
  const input = { command: 'create', filename: 'index.html', content };
  await lane.reply(
    sse.toolUse({ name: 'artifacts', input, deltaSize: 10, chunk: 'event', delayMs: 1 }),
    sse.text('The page is ready.'),
  );
  let lastByteAt = 0;
  page.on('requestfinished', (request) => {
    // The first answer after the warm-up is the tool call; its last byte is when the request finishes.
    if (request.url().endsWith('/v1/messages') && lastByteAt === 0) lastByteAt = Date.now();
  });
  const browserCdp = await bench.browser.newBrowserCDPSession();
  const cpuBefore = await rendererCpuSeconds(browserCdp);
  const recording = await startLightRecording(page);
  await page.getByRole('textbox', { name: 'Message' }).fill('Write the report page');
  await page.getByRole('button', { name: 'Send' }).click();
  // The file's last line, in the preview once the stream has ended (while it streams the panel says Writing…).
  const panel = page.getByRole('region', { name: 'Artifacts' });
  await panel.getByText('Writing…').waitFor({ timeout: 60_000 });
  await panel.getByText('Writing…').waitFor({ state: 'hidden', timeout: 300_000 });
  const preview = page.getByTitle('index.html preview', { exact: true }).contentFrame();
  await preview.getByText('End of the benchmark page.').waitFor({ timeout: 60_000 });
  const previewAt = Date.now();
  await page
    .getByRole('article', { name: 'Claude' })
    .last()
    .getByText('The page is ready.')
    .waitFor({ timeout: 60_000 });
  const summary = await recording.stop();
  const rendererCpuMs = Math.round(((await rendererCpuSeconds(browserCdp)) - cpuBefore) * 1000);
  await browserCdp.detach();
  await context.close();
  const json = JSON.stringify(input);
  return {
    bytes: content.length,
    deltas: Math.ceil(json.length / 10),
    ...summary,
    rendererCpuMs,
    lastByteToFinalPreviewMs: previewAt - lastByteAt,
  };
}

export async function run(bench) {
  const small = await streamOnce(bench, 15_000);
  record('artifacts-html-15kb', small);
  const large = await streamOnce(bench, 150_000);
  record('artifacts-html-150kb', large);
  const ratio = (key) => (large[key] / small[key]).toFixed(1);
  console.log(
    `\n  150 KB costs ${ratio('busyMs')}× the app main-thread time of 15 KB and ` +
      `${ratio('rendererCpuMs')}× the CPU of all renderers, previews included (goal ≈ 10×, not 100×)`,
  );
}
