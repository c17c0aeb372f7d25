// Streams a long Markdown answer (10-character deltas, 1 ms apart) through the fake API into the app and
// measures the page's main thread: busy %, longest task, tasks over 50 ms, worst gap between frames, and the
// time from the last byte to the final render. Runs a 40 KB and a 400 KB answer, and three floors for the 40 KB
// one — what it costs the page before Easel's own work:
// - the same bytes read by a bare fetch loop in the page, and in a worker (as Easel reads them): under
//   Playwright, whose network instrumentation costs the page a task per chunk even for a worker's fetch;
// - the Markdown stack alone: Easel's own renderer (marked, highlight.js, DOMPurify) over the same text, block by
//   block as a stream renders it, inserting nothing, in a blank page — the least any page pays to show this text
//   as sanitised Markdown with marked and DOMPurify.
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording, startRecording, withSourcePage } from './harness.mjs';
import { markdownAnswer } from './markdown-sample.mjs';
import { record } from './results.mjs';

/** Streams one answer of `bytes` and summarises the main thread (also used to compare builds by hand). */
export async function streamOnce(bench, bytes) {
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
  // The answer is final when the live message view no longer streams and its Markdown has rendered in full.
  const renderedAt = await page.waitForFunction(
    () => {
      const conversation = document
        .querySelector('easel-app')
        ?.shadowRoot?.querySelector('easel-conversation');
      const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
      const last = views?.[views.length - 1];
      if (!last || last.hasAttribute('streaming')) return false;
      const markdown = last.shadowRoot?.querySelector('easel-markdown');
      // Rendered in full: no blocks still waiting for their slice (`aria-busy` is off).
      if (!markdown || markdown.hasAttribute('aria-busy')) return false;
      return markdown.shadowRoot?.querySelector('.md .block') ? Date.now() : false;
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
async function readOnly(bench, bytes, { inWorker }) {
  const { page, lane, context } = await bench.newPage();
  await lane.reply(sse.text(markdownAnswer(bytes), { deltaSize: 10, chunk: 'event', delayMs: 1 }));
  const recording = await startLightRecording(page);
  await page.evaluate(
    async ({ url, inWorker }) => {
      async function read(url) {
        const body = JSON.stringify({
          model: 'm',
          max_tokens: 1,
          stream: true,
          messages: [{ role: 'user', content: 'Hello' }],
        });
        const response = await fetch(`${url}/v1/messages`, { method: 'POST', body });
        const reader = response.body.getReader();
        while (!(await reader.read()).done) {
          // read and drop
        }
      }
      if (!inWorker) return read(url);
      const code = `${read.toString()}\nonmessage = (e) => read(e.data).then(() => postMessage('done'));`;
      const blobUrl = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
      // The app's page enforces Trusted Types and its default policy admits only the app's own scripts.
      const policy = window.trustedTypes?.createPolicy('bench-read-in-worker', {
        createScriptURL: (url) => url,
      });
      const worker = new Worker(policy ? policy.createScriptURL(blobUrl) : blobUrl);
      await new Promise((resolve) => {
        worker.onmessage = resolve;
        worker.postMessage(url);
      });
      worker.terminate();
    },
    { url: lane.baseUrl, inWorker },
  );
  const summary = await recording.stop();
  await context.close();
  return { bytes, wallMs: summary.wallMs, busyMs: summary.busyMs, busyPercent: summary.busyPercent };
}

/**
 * The Markdown stack alone: Easel's renderer (src/ui/markdown/render.ts, served by Vite's dev server into a blank
 * page) over `bytes` of the sample, split into blocks as a stream splits it, each block parsed (marked and
 * highlight.js) and sanitised (DOMPurify) once, nothing inserted. Warmed up first on other text, with the
 * highlighter loaded, as in the app.
 */
async function markdownStackAlone(bench, bytes) {
  return withSourcePage(bench, ['marked', 'dompurify', 'highlight.js/lib/common'], (page) =>
    page.evaluate(
      async ({ text, warmUp }) => {
        const { MarkdownRenderer } = await import('/src/ui/markdown/render.ts');
        const render = new MarkdownRenderer();
        const { MarkdownBlockSplitter } = await import('/src/ui/markdown/block-splitter.ts');
        const blocksOf = (source) => {
          const splitter = new MarkdownBlockSplitter();
          splitter.push(source);
          return [...splitter.blocks, splitter.tail];
        };
        await new Promise((resolve) => {
          render.onHighlighterReady(resolve);
          render.renderMarkdownNodes('```ts\nlet a = 1;\n```');
        });
        for (const block of blocksOf(warmUp)) render.renderMarkdownNodes(block);
        const blocks = blocksOf(text);
        let start = performance.now();
        for (const block of blocks) render.parseMarkdown(block);
        const parseMs = performance.now() - start;
        start = performance.now();
        const rendered = blocks.map((block) => render.renderMarkdownNodes(block));
        const totalMs = performance.now() - start;
        // Then into the page: in 24 batches (a render every 200 ms), each laid out before the next.
        const column = document.body.appendChild(document.createElement('div'));
        column.style.cssText = 'width: 748px; font: 16px/1.6 system-ui; overflow-wrap: anywhere';
        const perBatch = Math.ceil(rendered.length / 24);
        start = performance.now();
        for (let i = 0; i < rendered.length; i += perBatch) {
          for (const nodes of rendered.slice(i, i + perBatch)) {
            const block = document.createElement('div');
            block.append(nodes);
            column.append(block);
          }
          void column.offsetHeight;
        }
        const insertMs = performance.now() - start;
        const round = (n) => Math.round(n * 10) / 10;
        return {
          bytes: text.length,
          blocks: blocks.length,
          elements: column.querySelectorAll('*').length,
          parseMs: round(parseMs),
          sanitizeMs: round(totalMs - parseMs),
          totalMs: round(totalMs),
          insertAndLayoutMs: round(insertMs),
        };
      },
      { text: markdownAnswer(bytes), warmUp: markdownAnswer(bytes / 4).replaceAll('Step', 'Stage') },
    ),
  );
}

export async function run(bench, options = {}) {
  const floor = await readOnly(bench, 40_000, { inWorker: false });
  record('stream-markdown-40kb-read-only', floor);
  const workerFloor = await readOnly(bench, 40_000, { inWorker: true });
  record('stream-markdown-40kb-read-in-worker', workerFloor);
  const stack = await markdownStackAlone(bench, 40_000);
  record('stream-markdown-40kb-markdown-stack', stack);
  const small = await streamOnce(bench, 40_000);
  record('stream-markdown-40kb', small);
  const percent = (ms) => ((ms / small.wallMs) * 100).toFixed(1);
  console.log(
    `\n  The 40 KB stream: ${small.busyPercent} % of the main thread in all. Receiving the bytes costs the page ` +
      `${workerFloor.busyPercent} % read in a worker (${floor.busyPercent} % read in the page); the Markdown ` +
      `stack alone costs ${percent(stack.totalMs)} % of the stream's ${small.wallMs} ms (marked + highlight.js ` +
      `${percent(stack.parseMs)} %, DOMPurify ${percent(stack.sanitizeMs)} %), and putting its ` +
      `${stack.elements} elements into a page and laying them out ${percent(stack.insertAndLayoutMs)} % more ` +
      '(painting not counted).',
  );
  if (options.only === 40_000) return;
  const large = await streamOnce(bench, 400_000);
  record('stream-markdown-400kb', large);
  console.log(
    `\n  400 KB costs ${(large.busyMs / small.busyMs).toFixed(1)}× the main-thread time of 40 KB (goal ≤ 10×)`,
  );
}
