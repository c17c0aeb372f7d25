// Hostile Markdown, opened from a saved session in the built app: a deeply indented nested list (640 KB and
// 4 MB), a 5 MB single line and a 50 MB message. marked's list and inline parsing cost more than linear time in
// nesting and line length, and laying out one huge text node is one long task; the renderer's limits
// (src/ui/markdown/limits.ts) show such text as plain text in chunks instead. Each case: a session holding the
// message is written straight into IndexedDB (the text generated in the page), then opened as a sidebar link
// does (`location.hash`), timed from there until its first words are on screen (and half a second more): the
// longest task, tasks over 200 ms (goal: none), main-thread busy time.
import { assistantMessage } from '../e2e/support/records.mjs';
import { startLightRecording, startRecording } from './harness.mjs';
import { record } from './results.mjs';

/**
 * Writes a session of a question and an answer of `kind` into the app's database. Runs in the page; `answer` is
 * a stored answer's shape (e2e/support/records.mjs), given its text and time here.
 */
export async function seed({ id, kind, bytes, marker, answer: shape }) {
  // The hostile text, built here so tens of megabytes never cross the DevTools connection.
  function generate(kind, bytes) {
    if (kind === 'nested-list') {
      const lines = [];
      let size = 0;
      for (let depth = 0; size < bytes; depth++) {
        const line = `${' '.repeat(depth * 2)}- item ${depth}`;
        lines.push(line);
        size += line.length + 1;
      }
      return lines.join('\n');
    }
    if (kind === 'single-line')
      return 'word *emphasis* `code` [link](https://example.com/) '.repeat(bytes / 52);
    // A long ordinary answer: paragraphs, lists, code.
    const block =
      'A paragraph with **bold**, *emphasis*, `code` and [a link](https://example.com/), long enough to wrap.\n\n' +
      '- an item\n- another item\n\n```js\nconst answer = 42;\n```\n\n';
    return block.repeat(Math.ceil(bytes / block.length));
  }
  const text = `${marker}\n\n${generate(kind, bytes)}`;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('easel');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const tx = db.transaction(['sessions', 'messages', 'texts'], 'readwrite');
  const at = Date.now();
  const key = (n) => `${String(at + n).padStart(15, '0')}-benchmd-000000`;
  const question = { role: 'user', content: `Show me ${kind}`, timestamp: at };
  const answer = { ...shape, content: [{ type: 'text', text }], timestamp: at + 1 };
  tx.objectStore('messages').put({ sessionId: id, key: key(0), message: question });
  // As the repository stores it: a text longer than 256,000 characters is kept beside the record as a Blob
  // (src/storage/large-texts.ts).
  const apart = text.length > 256_000;
  tx.objectStore('messages').put({
    sessionId: id,
    key: key(1),
    message: apart ? { ...answer, content: [{ type: 'text', text: '' }] } : answer,
    ...(apart
      ? { largeTexts: [{ path: ['content', 0, 'text'], blob: new Blob([text], { type: 'text/plain' }) }] }
      : {}),
  });
  tx.objectStore('texts').put({
    sessionId: id,
    firstKey: key(0),
    entries: [
      { key: key(0), text: question.content },
      { key: key(1), text: text.slice(0, 20_000) },
    ],
  });
  tx.objectStore('sessions').put({
    id,
    title: `Show me ${kind}`,
    created: at,
    updated: at + 1,
    model: 'claude-sonnet-4-6',
    thinkingLevel: 'off',
    messageCount: 2,
    tokens: shape.usage,
    cost: 0,
    preview: marker,
  });
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

/**
 * Resolves once the first rendered piece of an answer holds `marker`. Runs in the page, checking once a frame
 * and reading only the first element of each Markdown view: reading the whole text of megabytes (as a text
 * locator's polling does) would itself make the long tasks this benchmark looks for.
 */
export function waitForFirstWords(marker) {
  const views = () => {
    const found = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'easel-markdown') found.push(el);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return found;
  };
  const firstText = (el) => {
    const root = el.shadowRoot?.querySelector('.md, .plain');
    const first = root?.querySelector('.plain-chunk, .block, .tail');
    return first?.textContent ?? '';
  };
  return new Promise((resolve) => {
    const check = () => {
      if (views().some((view) => firstText(view).includes(marker))) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

const CASES = [
  { name: 'nested-list-640kb', kind: 'nested-list', bytes: 640_000 },
  { name: 'nested-list-4mb', kind: 'nested-list', bytes: 4_000_000 },
  { name: 'single-line-5mb', kind: 'single-line', bytes: 5_000_000 },
  { name: 'message-50mb', kind: 'message', bytes: 50_000_000 },
];

export async function run(bench) {
  const wanted = process.env.BENCH_CASES?.split(',');
  for (const c of CASES) {
    if (wanted && !wanted.includes(c.name)) continue;
    const { page, context } = await bench.newPage();
    try {
      const id = `bench-${c.name}`;
      const marker = `Start of ${c.name}.`;
      await page.evaluate(seed, {
        id,
        kind: c.kind,
        bytes: c.bytes,
        marker,
        answer: assistantMessage('', 0),
      });
      // BENCH_TRACE=1: a Chrome trace instead (with BENCH_DEBUG=1 it prints what the longest task did).
      const recording = await (process.env.BENCH_TRACE ? startRecording : startLightRecording)(page);
      const started = Date.now();
      await page.evaluate((id) => {
        location.hash = `#/s/${encodeURIComponent(id)}`;
      }, id);
      await page.evaluate(waitForFirstWords, marker);
      const shownMs = Date.now() - started;
      // A few more frames, so work queued behind the first words is counted too.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
      const result = await recording.stop();
      record(`markdown-limits-${c.name}`, {
        openToFirstWordsMs: shownMs,
        longestTaskMs: result.longestTaskMs,
        tasksOver200ms: result.tasksOver200ms ?? 'traced',
        longTasks: result.longTasks ?? result.tasksOver50ms,
        busyMs: result.busyMs,
        worstFrameGapMs: result.worstFrameGapMs,
        ...(result.breakdownMs ? { breakdownMs: result.breakdownMs } : {}),
      });
    } finally {
      await context.close();
    }
  }
}
