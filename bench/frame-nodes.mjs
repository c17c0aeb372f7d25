// What a frame costs the browser as a page holds more nodes, with no app at all: a scrolled box of Markdown-like
// blocks (heading, paragraph with inline code and a link, list, highlighted code, table; in groups of 48 with
// Easel's containment and content-visibility, inside a shadow root), and a word added to its last paragraph in
// each of 150 animation frames. Reports, per frame, the browser's lifecycle in thread time and the part of it no
// trace category names (between the resize observers and paint), for 96 and 1,920 blocks, and for 1,920 blocks
// without each feature in turn, with them `display: none`, with the word added to a small box outside them, and
// with all but the last 96 out of the document (kept as detached nodes, or as strings).
// It shows what a long answer's frames cost the browser whatever the app does (see docs/performance.md).
import { launchRaw, mainThreadOf } from './cdp.mjs';
import { record } from './results.mjs';

const FRAMES = 150;

/** Builds the page in `page` as `options` say, adds a word a frame, and returns the trace's per-frame costs. */
async function measure(page, options) {
  await page.evaluate((o) => {
    const css =
      `.group{content-visibility:${o.contentVisibility ? 'auto' : 'visible'};contain-intrinsic-size:auto 40em}` +
      `.block{contain:${o.containment ? 'layout style paint' : 'none'}}`;
    document.body.innerHTML =
      '<div id="scroller" style="position:fixed;inset:0;overflow-y:auto;overflow-anchor:none"><div id="log"></div></div>';
    const host = document.getElementById('log');
    const root = o.shadowRoot ? host.attachShadow({ mode: 'open' }) : host;
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
    const code = o.spans
      ? '<span class="k">export</span> <span class="k">function</span> <span class="t">step</span>(<span class="p">input</span>: ' +
        '<span class="t">string</span>): <span class="t">number</span> {\n  <span class="k">let</span> total = <span class="n">0</span>;\n}'
      : 'export function step(input: string): number {\n  let total = 0;\n}';
    const block = (i) =>
      `<h2>Step ${i}</h2><p>This step explains <strong>how</strong> <code>render(${i})</code> keeps work small; see ` +
      `<a href="https://example.com/${i}">the notes</a>.</p><ul><li>Parse</li><li>Render</li><li>Coalesce</li></ul>` +
      `<pre><code>${code}</code></pre><table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td>` +
      '<td>2</td></tr></tbody></table>';
    let html = '';
    for (let g = 0; g < o.blocks / 48; g++) {
      html += '<div class="group">';
      for (let b = 0; b < 48; b++) html += `<div class="block">${block(g * 48 + b)}</div>`;
      html += '</div>';
    }
    const blocks = document.createElement('div');
    blocks.innerHTML = html;
    if (o.hidden) blocks.style.display = 'none';
    const answer = document.createElement('div');
    answer.append(blocks);
    answer.insertAdjacentHTML('beforeend', '<p id="tail">Start</p>');
    root.append(answer);
    if (o.heldOut) {
      // All groups but the last two leave the document; a box of their height keeps the scroll height.
      const out = [...blocks.children].slice(0, -2);
      const height = out.reduce((sum, group) => sum + group.getBoundingClientRect().height, 0);
      const placeholder = document.createElement('div');
      placeholder.style.height = `${height}px`;
      out[0].before(placeholder);
      if (o.heldOut === 'nodes') {
        const held = document.createDocumentFragment();
        held.append(...out);
        globalThis.benchHeld = held;
      } else {
        globalThis.benchHeld = out.map((group) => group.outerHTML);
        for (const group of out) group.remove();
      }
    }
    const outside = document.createElement('div');
    outside.style.cssText =
      'position:fixed;top:0;right:0;width:200px;height:40px;overflow:hidden;contain:strict';
    document.body.append(outside);
    globalThis.benchTarget = o.outside ? outside : answer.querySelector('#tail');
    const scroller = document.getElementById('scroller');
    scroller.scrollTop = scroller.scrollHeight;
  }, options);
  const trace = await page.startTrace();
  await page.evaluate(
    (frames) =>
      new Promise((resolve) => {
        let n = 0;
        const step = () => {
          globalThis.benchTarget.append(' more words');
          if (++n < frames) requestAnimationFrame(step);
          else requestAnimationFrame(() => resolve());
        };
        requestAnimationFrame(step);
      }),
    FRAMES,
  );
  const all = await trace.stop();
  const main = mainThreadOf(all);
  // The page's main thread only: other threads' steps overlap its lifecycle in time but are not part of it.
  const events = all
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const lifecycles = events.filter((e) => e.name === 'WebFrameWidgetImpl::UpdateLifecycle');
  let totalUs = 0;
  let untracedUs = 0;
  let first = 0;
  for (const lifecycle of lifecycles) {
    const end = lifecycle.ts + lifecycle.dur;
    // Thread time of the lifecycle not inside any traced step: its own minus its direct children's.
    let childrenUs = 0;
    let reached = lifecycle.ts;
    while (first < events.length && events[first].ts < lifecycle.ts) first++;
    for (let i = first; i < events.length; i++) {
      const e = events[i];
      if (e === lifecycle) continue;
      if (e.ts >= end) break;
      if (e.ts < reached) continue;
      childrenUs += e.tdur ?? 0;
      reached = e.ts + (e.dur ?? 0);
    }
    totalUs += lifecycle.tdur ?? 0;
    untracedUs += (lifecycle.tdur ?? 0) - childrenUs;
  }
  const perFrame = (us) => Math.round(us / Math.max(1, lifecycles.length) / 10) / 100;
  return { frames: lifecycles.length, lifecycleMs: perFrame(totalUs), untracedMs: perFrame(untracedUs) };
}

export async function run() {
  const every = { contentVisibility: true, containment: true, shadowRoot: true, spans: true, blocks: 1920 };
  const cases = {
    '96-blocks': { ...every, blocks: 96 },
    '1920-blocks': every,
    'without-content-visibility': { ...every, contentVisibility: false },
    'without-containment': { ...every, containment: false },
    'without-shadow-root': { ...every, shadowRoot: false },
    'without-code-spans': { ...every, spans: false },
    'blocks-display-none': { ...every, hidden: true },
    'word-outside-the-blocks': { ...every, outside: true },
    // All but the last 96 blocks out of the document, a box of their height in their place: kept as detached
    // nodes, or only as their markup (is the cost the document's tree, or the heap's size?).
    'held-out-as-nodes': { ...every, heldOut: 'nodes' },
    'held-out-as-strings': { ...every, heldOut: 'strings' },
  };
  const raw = await launchRaw();
  const result = {};
  try {
    for (const [name, options] of Object.entries(cases)) {
      const page = await raw.newPage('about:blank');
      const { lifecycleMs, untracedMs } = await measure(page, options);
      await page.close();
      result[`${name}LifecycleMs`] = lifecycleMs;
      result[`${name}UntracedMs`] = untracedMs;
    }
  } finally {
    await raw.close();
  }
  record('frame-nodes', result);
}
