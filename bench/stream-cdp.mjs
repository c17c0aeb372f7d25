// The streaming benchmark without network instrumentation (bench/cdp.mjs: raw CDP, a Chrome trace and nothing
// else), as a person's browser runs it. Rounds interleave, each with:
// - the floors: the same 40 KB read by a bare `fetch` loop in a blank page, and in a worker; and the 40 KB and
//   real-pace streams read in a worker and shown (`showOnce`) as plain text, and formatted (Easel's own final nodes
//   and styles for the answer, added a finished block at a time, nothing parsed): the browser's own cost of
//   showing that much text at that pace;
// - a 40 KB and (unless BENCH_QUICK) a 400 KB Markdown answer in 10-character deltas 1 ms apart;
// - an answer at a real pace: 40 characters every 100 ms for 20 s.
// Each reports, from first to last byte: main-thread busy %, longest task, tasks over 50 ms, the worst gap
// between presented frames; the worst gap while text arrives (first to last text delta), and the gap nine in ten
// frames meanwhile are within (the pace of updates, which a stall on a loaded machine does not hide); from Send to the final
// render: style + layout time; and last byte → final render.
// Medians of the rounds go to bench/results/stream-cdp-*.jsonl. BENCH_ROUNDS sets the rounds (default 5).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { launchRaw, mainThreadIn, watchMessageWrites } from './cdp.mjs';
import { markdownAnswer } from './markdown-sample.mjs';
import { record } from './results.mjs';

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * How often the floors show what arrived: at most as often as Easel updates a streaming answer
 * (`src/ui/controllers/stream-pace.json`), so a floor is the same answer at the same frame rate.
 * `BENCH_FLOOR_INTERVAL_MS` sets it for a build of another pace (a build from before the file: 80 ms).
 */
const FLOOR_INTERVAL_MS = Number(
  process.env.BENCH_FLOOR_INTERVAL_MS ??
    JSON.parse(readFileSync('src/ui/controllers/stream-pace.json', 'utf8')).streamingIntervalMs,
);

/** Opens the app in a fresh context and saves the key and this lane's base URL through Settings. */
async function appPage(raw, bench, lane) {
  const page = await raw.newPage(bench.appUrl);
  await page.waitFor(() => {
    const find = (root, test) => {
      for (const el of root.querySelectorAll('*')) {
        if (test(el)) return el;
        const inner = el.shadowRoot && find(el.shadowRoot, test);
        if (inner) return inner;
      }
      return undefined;
    };
    const settings = find(
      document,
      (el) =>
        el.tagName === 'BUTTON' && (el.getAttribute('aria-label') ?? el.textContent.trim()) === 'Settings',
    );
    if (!settings) return false;
    settings.click();
    return true;
  });
  await page.waitFor(async (baseUrl) => {
    const find = (root, test) => {
      for (const el of root.querySelectorAll('*')) {
        if (test(el)) return el;
        const inner = el.shadowRoot && find(el.shadowRoot, test);
        if (inner) return inner;
      }
      return undefined;
    };
    const dialog = find(document, (el) => el.tagName === 'DIALOG' && el.open);
    const root = dialog?.getRootNode();
    const key = root?.querySelector('#key');
    const base = root?.querySelector('#base-url');
    if (!key || !base) return false;
    key.value = 'sk-ant-bench';
    base.value = baseUrl;
    root.querySelector('button.primary').click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return !dialog.open;
  }, lane.baseUrl);
  // A person reads the page before typing: the app's own preparation while idle is not part of the stream.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return page;
}

/** Streams one answer and measures it. */
async function streamOnce(raw, bench, writes, { name, text, deltaSize, delayMs }) {
  const lane = bench.fake.ns(`cdp-${name}-${Math.random().toString(36).slice(2)}`);
  const page = await appPage(raw, bench, lane);
  await lane.reply(sse.text(text, { deltaSize, chunk: 'event', delayMs }));
  const trace = await page.startTrace();
  writes.take();
  const sendUs = nowUs();
  await page.evaluate(() => {
    const find = (root, test) => {
      for (const el of root.querySelectorAll('*')) {
        if (test(el)) return el;
        const inner = el.shadowRoot && find(el.shadowRoot, test);
        if (inner) return inner;
      }
      return undefined;
    };
    const box = find(
      document,
      (el) => el.tagName === 'TEXTAREA' && el.getAttribute('aria-label') === 'Message',
    );
    box.value = 'Write the long answer';
    box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    return new Promise((resolve) =>
      requestAnimationFrame(() => {
        find(
          box.getRootNode(),
          (el) =>
            el.tagName === 'BUTTON' && (el.getAttribute('aria-label') ?? el.textContent.trim()) === 'Send',
        ).click();
        resolve(true);
      }),
    );
  });
  await writes.ended();
  await page.waitFor(() => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const last = views?.[views.length - 1];
    if (!last || last.hasAttribute('streaming')) return false;
    const markdown = last.shadowRoot?.querySelector('easel-markdown');
    if (!markdown || markdown.hasAttribute('aria-busy')) return false;
    return Boolean(markdown.shadowRoot?.querySelector('.md .block'));
  });
  const settledUs = nowUs();
  const { firstByteUs, lastByteUs, firstTextUs, lastTextUs } = writes.take();
  const events = await trace.stop();
  await page.close();
  const stream = mainThreadIn(events, firstByteUs, lastByteUs);
  const whole = mainThreadIn(events, sendUs, settledUs);
  // While text arrives: from the first text delta's bytes to the last one's. The fake server spaces every event
  // `delayMs` apart, so the events before the first text (message_start, content_block_start, ping) and after it
  // (content_block_stop, message_delta, message_stop) add a few such stretches with nothing new to show — the
  // API sends those together with their neighbours.
  const whileText = mainThreadIn(events, firstTextUs, lastTextUs);
  return {
    bytes: text.length,
    deltas: Math.ceil(text.length / deltaSize),
    ...stream,
    worstFrameGapWhileTextMs: whileText.worstFrameGapMs,
    frameGapP90WhileTextMs: whileText.frameGapP90Ms,
    styleLayoutSendToSettledMs: whole.styleLayoutMs,
    longestTaskSendToSettledMs: whole.longestTaskMs,
    tasksOver50msSendToSettled: whole.tasksOver50ms,
    tasksOver50msCpuSendToSettled: whole.tasksOver50msCpu,
    lastByteToSettledMs: Math.round((settledUs - lastByteUs) / 1000),
  };
}

/** The floor: the bytes read by a bare fetch loop, in the page or in a worker, nothing done with them. */
async function readOnce(raw, bench, writes, { text, inWorker }) {
  const lane = bench.fake.ns(`cdp-read-${Math.random().toString(36).slice(2)}`);
  // A page that does nothing else: the fake server's own plain-text banner, same origin as the stream.
  const page = await raw.newPage(bench.fake.url);
  await lane.reply(sse.text(text, { deltaSize: 10, chunk: 'event', delayMs: 1 }));
  const trace = await page.startTrace();
  writes.take();
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
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      await new Promise((resolve) => {
        worker.onmessage = resolve;
        worker.postMessage(url);
      });
      worker.terminate();
    },
    { url: lane.baseUrl, inWorker },
  );
  const { firstByteUs, lastByteUs } = writes.take();
  const events = await trace.stop();
  await page.close();
  const { wallMs, busyMs, busyPercent, longestTaskMs, tasksOver50ms } = mainThreadIn(
    events,
    firstByteUs,
    lastByteUs,
  );
  return { bytes: text.length, wallMs, busyMs, busyPercent, longestTaskMs, tasksOver50ms };
}

/**
 * The floor of showing an answer: the same stream read in a worker (decoded, its events parsed, the text posted
 * to the page at most every 16 ms), and the page showing it in a scrolled box that follows the end, no more often
 * than Easel does (`FLOOR_INTERVAL_MS`, each update in an animation frame). No
 * Markdown, no sanitiser, no app: what the browser costs to show this much text at this pace.
 * - Without `shown`, as plain paragraphs (a new one at each blank line).
 * - With `shown` (`captureShown`: the nodes and styles Easel ends with for this answer), formatted: each update
 *   adds the finished blocks the text received so far has reached, cloned from those nodes, with Easel's styles
 *   and block wrappers; the open block is not shown until it is finished. That is less than any streaming
 *   Markdown view does (nothing is parsed, no block is shown twice), so it is a floor for formatting.
 */
async function showOnce(raw, bench, writes, { text, deltaSize, delayMs, shown }) {
  const lane = bench.fake.ns(`cdp-floor-${Math.random().toString(36).slice(2)}`);
  const page = await raw.newPage(bench.fake.url);
  await lane.reply(sse.text(text, { deltaSize, chunk: 'event', delayMs }));
  const trace = await page.startTrace();
  writes.take();
  await page.evaluate(
    async ({ url, shown, total, interval }) => {
      document.body.innerHTML =
        '<div id="scroller" style="position:fixed;inset:0;overflow-y:auto;font:16px/1.5 system-ui"><div id="log" style="max-width:780px;margin:0 auto;padding:16px"><p></p></div></div>';
      const scroller = document.getElementById('scroller');
      const log = document.getElementById('log');
      // Formatted: Easel's nodes for the answer, parsed before the stream starts, as groups of blocks.
      const groups = [];
      let md;
      if (shown) {
        log.replaceChildren();
        const root = log.attachShadow({ mode: 'open' });
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(shown.css);
        root.adoptedStyleSheets = [sheet];
        md = document.createElement('div');
        md.className = 'md';
        root.append(md);
        const template = document.createElement('template');
        template.innerHTML = shown.html;
        for (const group of template.content.children) {
          const blocks = [...group.children].map((block) => ({ block, chars: block.textContent.length }));
          groups.push({ shell: group.cloneNode(false), blocks });
        }
      }
      const allChars = groups.reduce((sum, g) => sum + g.blocks.reduce((n, b) => n + b.chars, 0), 0);
      let received = 0;
      let shownChars = 0;
      let group = -1;
      let block = 0;
      let into;
      const showFormatted = () => {
        const reached = (received / total) * allChars;
        while (group < groups.length) {
          const next = groups[group]?.blocks[block];
          if (next === undefined) {
            group += 1;
            block = 0;
            if (group < groups.length) {
              into = document.importNode(groups[group].shell, false);
              md.append(into);
            }
            continue;
          }
          if (shownChars + next.chars > reached) break;
          into.append(document.importNode(next.block, true));
          shownChars += next.chars;
          block += 1;
        }
      };
      async function read(url) {
        const body = JSON.stringify({
          model: 'm',
          max_tokens: 1,
          stream: true,
          messages: [{ role: 'user', content: 'Hello' }],
        });
        const response = await fetch(`${url}/v1/messages`, { method: 'POST', body });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffered = '';
        let pending = '';
        let timer;
        const flush = () => {
          timer = undefined;
          postMessage(pending);
          pending = '';
        };
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffered += value;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const data = buffered
              .slice(0, end)
              .split('\n')
              .find((line) => line.startsWith('data:'));
            buffered = buffered.slice(end + 2);
            const event = data ? JSON.parse(data.slice(5)) : undefined;
            if (event?.delta?.type === 'text_delta') pending += event.delta.text;
          }
          if (pending && timer === undefined) timer = setTimeout(flush, 16);
        }
        clearTimeout(timer);
        if (pending) flush();
        postMessage(null);
      }
      const code = `${read.toString()}\nonmessage = (e) => read(e.data);`;
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      let waiting = '';
      let last = 0;
      let scheduled = false;
      const show = () => {
        scheduled = false;
        last = performance.now();
        received += waiting.length;
        if (shown) {
          waiting = '';
          showFormatted();
        } else {
          const parts = waiting.split('\n\n');
          waiting = '';
          log.lastElementChild.append(parts[0]);
          for (const part of parts.slice(1)) {
            const paragraph = document.createElement('p');
            paragraph.textContent = part;
            log.append(paragraph);
          }
        }
        scroller.scrollTop = scroller.scrollHeight;
      };
      const schedule = () => {
        if (scheduled || !waiting) return;
        scheduled = true;
        setTimeout(() => requestAnimationFrame(show), Math.max(0, last + interval - performance.now()));
      };
      await new Promise((resolve) => {
        worker.onmessage = (e) => {
          if (e.data === null) {
            worker.terminate();
            resolve();
            return;
          }
          waiting += e.data;
          schedule();
        };
        worker.postMessage(url);
      });
    },
    { url: lane.baseUrl, shown, total: text.length, interval: FLOOR_INTERVAL_MS },
  );
  await writes.ended();
  const { firstByteUs, lastByteUs, firstTextUs, lastTextUs } = writes.take();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const events = await trace.stop();
  await page.close();
  // Style and layout, and the event names, say nothing a floor needs.
  const { styleLayoutMs, breakdownMs, ...stream } = mainThreadIn(events, firstByteUs, lastByteUs);
  const whileText = mainThreadIn(events, firstTextUs, lastTextUs);
  return {
    bytes: text.length,
    ...stream,
    worstFrameGapWhileTextMs: whileText.worstFrameGapMs,
    frameGapP90WhileTextMs: whileText.frameGapP90Ms,
  };
}

/**
 * The nodes and styles Easel ends with for `text` (its Markdown view's groups of blocks, and that view's style
 * sheets), for the formatted floor (`showOnce`): the answer streamed at once, in large deltas.
 */
async function captureShown(raw, bench, writes, text) {
  const lane = bench.fake.ns(`cdp-capture-${Math.random().toString(36).slice(2)}`);
  const page = await appPage(raw, bench, lane);
  await lane.reply(sse.text(text, { deltaSize: 4000, chunk: 'event' }));
  writes.take();
  await page.evaluate(() => {
    const find = (root, test) => {
      for (const el of root.querySelectorAll('*')) {
        if (test(el)) return el;
        const inner = el.shadowRoot && find(el.shadowRoot, test);
        if (inner) return inner;
      }
      return undefined;
    };
    const box = find(
      document,
      (el) => el.tagName === 'TEXTAREA' && el.getAttribute('aria-label') === 'Message',
    );
    box.value = 'Write the long answer';
    box.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    requestAnimationFrame(() =>
      find(
        box.getRootNode(),
        (el) =>
          el.tagName === 'BUTTON' && (el.getAttribute('aria-label') ?? el.textContent.trim()) === 'Send',
      ).click(),
    );
    return true;
  });
  await writes.ended();
  writes.take();
  const shown = await page.waitFor(() => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const last = views?.[views.length - 1];
    if (!last || last.hasAttribute('streaming')) return false;
    const markdown = last.shadowRoot?.querySelector('easel-markdown');
    if (!markdown || markdown.hasAttribute('aria-busy')) return false;
    const md = markdown.shadowRoot?.querySelector('.md');
    if (!md?.querySelector('.block')) return false;
    const css = markdown.shadowRoot.adoptedStyleSheets
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('\n');
    return { css, html: md.innerHTML };
  });
  await page.close();
  return shown;
}

/** Medians of each numeric field over the runs (the text fields of the median-busy run). */
function medians(runs) {
  const byBusy = [...runs].sort((a, b) => a.busyMs - b.busyMs);
  const middle = byBusy[Math.floor(byBusy.length / 2)];
  const out = { ...middle, runs: runs.length };
  for (const [key, value] of Object.entries(middle)) {
    if (typeof value !== 'number') continue;
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    out[key] = sorted[Math.floor(sorted.length / 2)];
  }
  return out;
}

export async function run(bench) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const quick = Boolean(process.env.BENCH_QUICK);
  const raw = await launchRaw();
  const writes = watchMessageWrites();
  const text40 = markdownAnswer(40_000);
  const text8 = markdownAnswer(8_000);
  let shown40;
  let shown8;
  const cases = {
    'read-in-page': () => readOnce(raw, bench, writes, { text: text40, inWorker: false }),
    'read-in-worker': () => readOnce(raw, bench, writes, { text: text40, inWorker: true }),
    'plain-40kb': () => showOnce(raw, bench, writes, { text: text40, deltaSize: 10, delayMs: 1 }),
    'plain-real-pace': () => showOnce(raw, bench, writes, { text: text8, deltaSize: 40, delayMs: 100 }),
    'formatted-40kb': async () => {
      shown40 ??= await captureShown(raw, bench, writes, text40);
      return showOnce(raw, bench, writes, { text: text40, deltaSize: 10, delayMs: 1, shown: shown40 });
    },
    'formatted-real-pace': async () => {
      shown8 ??= await captureShown(raw, bench, writes, text8);
      return showOnce(raw, bench, writes, { text: text8, deltaSize: 40, delayMs: 100, shown: shown8 });
    },
    '40kb': () => streamOnce(raw, bench, writes, { name: '40kb', text: text40, deltaSize: 10, delayMs: 1 }),
    'real-pace': () =>
      streamOnce(raw, bench, writes, {
        name: 'pace',
        text: text8,
        deltaSize: 40,
        delayMs: 100,
      }),
    ...(!quick && {
      '400kb': () =>
        streamOnce(raw, bench, writes, {
          name: '400kb',
          text: markdownAnswer(400_000),
          deltaSize: 10,
          delayMs: 1,
        }),
    }),
  };
  // BENCH_ONLY=40kb,real-pace runs only those cases (to look into one).
  const only = process.env.BENCH_ONLY?.split(',');
  for (const name of Object.keys(cases)) if (only && !only.includes(name)) delete cases[name];
  const results = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  try {
    // A warm-up stream, so the first round does not pay the browser's first-run costs.
    await streamOnce(raw, bench, writes, { name: 'warm-up', text: text40, deltaSize: 10, delayMs: 1 });
    for (let round = 0; round < rounds; round++) {
      for (const [name, once] of Object.entries(cases)) {
        const result = await once();
        results[name].push(result);
        if (process.env.BENCH_DEBUG) console.log(name, JSON.stringify(result));
      }
    }
  } finally {
    writes.restore();
    await raw.close();
  }
  const summary = {};
  for (const [name, runs] of Object.entries(results)) {
    summary[name] = medians(runs);
    record(`stream-cdp-${name}`, {
      ...summary[name],
      floorIntervalMs: FLOOR_INTERVAL_MS,
      loadAverage: Math.round(loadavg()[0] * 10) / 10,
      // Which build, when runs of two builds are interleaved (`BENCH_BUILD=before EASEL_DIST=dist-before`).
      ...(process.env.BENCH_BUILD ? { build: process.env.BENCH_BUILD } : {}),
    });
  }
  const small = summary['40kb'];
  const large = summary['400kb'];
  if (only) {
    // One line a case, so interleaved runs of two builds can be read off the terminal.
    for (const [name, r] of Object.entries(summary))
      console.log(
        `  ${name}${process.env.BENCH_BUILD ? ` (${process.env.BENCH_BUILD})` : ''}: busy ${r.busyMs} ms, ` +
          `thread ${r.cpuMs} ms, ${r.frames} frames, worst frame gap ${r.worstFrameGapWhileTextMs} ms while ` +
          `text arrives (rounds: ${results[name].map((x) => x.worstFrameGapWhileTextMs).join(', ')}; nine in ten ` +
          `within ${results[name].map((x) => x.frameGapP90WhileTextMs).join(', ')}), ` +
          `longest task ${r.longestTaskCpuMs} ms in thread time (medians of ${r.runs})`,
      );
    return;
  }
  console.log(
    `\n  Without network instrumentation (medians of ${rounds}): 40 KB ${small.busyPercent} % busy ` +
      `(floors: ${summary['read-in-page'].busyPercent} % in the page, ${summary['read-in-worker'].busyPercent} % ` +
      `in a worker; shown as plain text ${summary['plain-40kb'].busyPercent} %, formatted ` +
      `${summary['formatted-40kb'].busyPercent} %), ` +
      `worst frame gap ${small.worstFrameGapWhileTextMs} ms while text arrives ` +
      `(${small.worstFrameGapMs} ms first to last byte), ${small.tasksOver50ms} tasks over 50 ms ` +
      `(${small.tasksOver50msCpu} in thread time); ` +
      `real pace ${summary['real-pace'].busyPercent} % busy (shown as plain text ` +
      `${summary['plain-real-pace'].busyPercent} %, formatted ${summary['formatted-real-pace'].busyPercent} %), ` +
      'worst frame gap ' +
      `${summary['real-pace'].worstFrameGapWhileTextMs} ms while text arrives ` +
      `(${summary['real-pace'].worstFrameGapMs} ms first to last byte)` +
      (large
        ? `; 400 KB ${large.tasksOver50ms} tasks over 50 ms (${large.tasksOver50msCpu} in thread time, longest ` +
          `${large.longestTaskMs} ms, ${large.longestTaskCpuMs} ms in thread time), ` +
          `${(large.busyMs / small.busyMs).toFixed(1)}× the 40 KB busy time ` +
          `(${(large.cpuMs / small.cpuMs).toFixed(1)}× in thread time)`
        : ''),
  );
}
