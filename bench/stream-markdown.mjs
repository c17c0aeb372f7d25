// Streams a long Markdown answer (10-character deltas, 1 ms apart) through the fake API into the app and
// measures the page's main thread: busy %, longest task, tasks over 50 ms, worst gap between frames, and the
// time from the last byte to the final render. Runs a 40 KB and a 400 KB answer.
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

export async function run(bench, options = {}) {
  const small = await streamOnce(bench, 40_000);
  record('stream-markdown-40kb', small);
  if (options.only === 40_000) return;
  const large = await streamOnce(bench, 400_000);
  record('stream-markdown-400kb', large);
  console.log(
    `\n  400 KB costs ${(large.busyMs / small.busyMs).toFixed(1)}× the main-thread time of 40 KB (goal ≤ 10×)`,
  );
}
