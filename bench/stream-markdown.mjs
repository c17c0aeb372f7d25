// Streams a long Markdown answer (10-character deltas, 1 ms apart) through the fake API into the app and
// measures the page's main thread: busy %, longest task, tasks over 50 ms, worst gap between frames, and the
// time from the last byte to the final render. Runs a 40 KB and a 400 KB answer, and the 40 KB bytes read by a
// bare fetch loop (what receiving the stream costs the browser before any of Easel's code runs).
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording, startRecording } from './harness.mjs';
import { markdownAnswer } from './markdown-sample.mjs';
import { record } from './results.mjs';

async function streamOnce(bench, bytes) {
  const { page, lane, context } = await bench.newPage();
  const text = markdownAnswer(bytes);
  await lane.reply(sse.text(text, { deltaSize: 10, chunk: 'event', delayMs: 1 }));
  let lastByteAt = 0;
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/v1/messages')) lastByteAt = Date.now();
  });
  // Tracing (BENCH_TRACE=1) names where the time goes but slows the page; by default, the light recorder.
  const recording = process.env.BENCH_TRACE ? await startRecording(page) : await startLightRecording(page);
  await page.getByRole('textbox', { name: 'Message' }).fill('Write the long answer');
  await page.getByRole('button', { name: 'Send' }).click();
  // The answer is final when the live message view no longer streams and its Markdown has rendered.
  const renderedAt = await page.waitForFunction(
    () => {
      const conversation = document
        .querySelector('easel-app')
        ?.shadowRoot?.querySelector('easel-conversation');
      const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
      const last = views?.[views.length - 1];
      if (!last || last.hasAttribute('streaming')) return false;
      const markdown = last.shadowRoot?.querySelector('easel-markdown');
      return markdown?.shadowRoot?.querySelector('.md .block') ? Date.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 600_000 },
  );
  const finalRenderAt = await renderedAt.jsonValue();
  const summary = await recording.stop();
  await context.close();
  return {
    bytes: text.length,
    deltas: Math.ceil(text.length / 10),
    ...summary,
    lastByteToFinalRenderMs: finalRenderAt - lastByteAt,
  };
}

/**
 * The floor: the same bytes, paced the same way, read by a bare `fetch` loop in the page with nothing done with
 * them. What the browser spends receiving 4,000 network chunks is not Easel's to save.
 */
async function readOnly(bench, bytes) {
  const { page, lane, context } = await bench.newPage();
  await lane.reply(sse.text(markdownAnswer(bytes), { deltaSize: 10, chunk: 'event', delayMs: 1 }));
  const recording = await startLightRecording(page);
  await page.evaluate(async (url) => {
    const body = JSON.stringify({ model: 'm', max_tokens: 1, stream: true, messages: [] });
    const response = await fetch(`${url}/v1/messages`, { method: 'POST', body });
    const reader = response.body.getReader();
    while (!(await reader.read()).done) {
      // read and drop
    }
  }, lane.baseUrl);
  const summary = await recording.stop();
  await context.close();
  return { bytes, wallMs: summary.wallMs, busyMs: summary.busyMs, busyPercent: summary.busyPercent };
}

export async function run(bench, options = {}) {
  const floor = await readOnly(bench, 40_000);
  record('stream-markdown-40kb-read-only', floor);
  const small = await streamOnce(bench, 40_000);
  record('stream-markdown-40kb', small);
  console.log(
    `\n  Easel's own share of the 40 KB stream: ${(small.busyPercent - floor.busyPercent).toFixed(1)} % of the ` +
      `main thread (${small.busyPercent} % in all, ${floor.busyPercent} % just receiving the bytes)`,
  );
  if (options.only === 40_000) return;
  const large = await streamOnce(bench, 400_000);
  record('stream-markdown-400kb', large);
  console.log(
    `\n  400 KB costs ${(large.busyMs / small.busyMs).toFixed(1)}× the main-thread time of 40 KB (goal ≤ 10×)`,
  );
}
