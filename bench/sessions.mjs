// Sessions in IndexedDB (src/storage), used through the built app:
//
// - save: how long saving one more message takes at message 10 and at message 2,000 of a session (should be
//   about equal: a save writes the message's record, rewrites the one bounded search-text chunk it falls in and
//   updates the small session record, whatever the length of the session). Measured twice:
//   · storage alone: the real `SessionSaver` and repositories (src/storage, served by Vite's dev server into a
//     blank page), an `Agent` holding the opened session: 5 messages saved one by one after opening each of 10
//     sessions of 9 messages (messages 10–14) and 10 of 1,999 (2,000–2,004), from `appendMessage` to `flush()`
//     resolving; and `MessagesRepository.commit` alone, the one transaction a save is;
//   · in the built app: each commit timed from its `transaction()` call to its `complete` event, for the
//     person's message (the first commit after Send; it shares the main thread with building the API request
//     from the whole history) and for the finished answer (the commit that puts the sidebar preview);
// - open: from `location.hash = '#/s/<id>'` (a sidebar link, back/forward) to the frame that paints the last
//   message of a 2,000-message session, rendered as Markdown (goal ≤ 300 ms); also a cold load of that URL, from
//   navigation start, and the main thread while opening (CDP TaskDuration, long tasks);
// - switch: between two 2,000-message sessions, A → B → A …, from the click on the other session's row in the
//   sidebar to the frame that paints that session's last message (goal ≤ 300 ms), and the main thread meanwhile;
// - search over 500 sessions × 200 messages: the first search (from focusing the box, which starts loading the
//   index, to the results on screen, 150 ms typing debounce included) and later ones (from the debounced search
//   event to the results on screen) for a rare word, two words, a common word and a word found nowhere.
//
// Sessions are seeded from the page straight into IndexedDB, in the exact shape the repositories write: a
// session record, one record per message under writer-style sort keys, and the search texts in chunks of at
// most 64 messages or 64,000 characters (src/storage/schema.ts, text-chunks.ts).
import { loadavg } from 'node:os';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { assistantMessage } from '../e2e/support/records.mjs';
import { startLightRecording, startRecording, withSourcePage } from './harness.mjs';
import { record } from './results.mjs';

const SAVE_ROUNDS = 12;
const STORAGE_SESSIONS = 10;
const STORAGE_SAVES = 5;
const OPEN_ROUNDS = 5;
const SWITCHES = 10;
const SEARCH_ROUNDS = 5;
const SEARCH_SESSIONS = 500;
const SEARCH_MESSAGES = 200;

/** Times every saver commit (the one transaction over `sessions`, `messages` and `texts`). Runs in the page. */
function timeCommits() {
  const commits = [];
  globalThis.__benchCommits = commits;
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const tx = transaction.call(this, stores, mode, options);
    const names = typeof stores === 'string' ? [stores] : [...stores];
    const isCommit =
      mode === 'readwrite' &&
      names.length === 3 &&
      ['sessions', 'messages', 'texts'].every((n) => names.includes(n));
    if (isCommit) {
      const start = performance.now();
      tx.addEventListener('complete', () => commits.push(performance.now() - start));
    }
    return tx;
  };
}

/**
 * Writes sessions into the app's database as the repositories would. Runs in the page (the text is generated
 * there, so tens of megabytes never cross the DevTools connection). `specs`: `{ id, count, updated, extra? }`;
 * `extra[i]` adds words to message `i`. The last message of each session is an answer ending with `End of <id>.`
 * `answerShape`: a stored answer's shape (e2e/support/records.mjs), given its text and time here.
 */
async function seedSessions({ specs, answerShape }) {
  const WORDS = (
    'river stone garden window paper light music winter summer letter market bridge forest ocean ' +
    'mountain station engine pocket silver yellow orange purple number answer question reason method ' +
    'system function value table column record server client browser storage history memory signal ' +
    'pattern picture shadow corner center circle square triangle travel journey morning evening coffee'
  ).split(' ');
  let state = 20240601;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const sentence = () => {
    const s = words(8 + Math.floor(random() * 10));
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const answer = () => {
    const parts = [`${sentence()} ${sentence()} **${words(2)}** ${sentence()}`];
    const kind = Math.floor(random() * 3);
    if (kind === 0) parts.push(['- ', '- ', '- '].map((b) => `${b}${words(5)}`).join('\n'));
    if (kind === 1) parts.push(`\`\`\`js\nconst ${words(1)} = ${Math.floor(random() * 100)};\n\`\`\``);
    parts.push(`${sentence()} ${sentence()}`);
    return parts.join('\n\n');
  };
  const key = (time, counter) =>
    `${String(time).padStart(15, '0')}-benchsd-${String(counter).padStart(6, '0')}`;
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('easel');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  for (const spec of specs) {
    const tx = db.transaction(['sessions', 'messages', 'texts'], 'readwrite');
    const messages = tx.objectStore('messages');
    const texts = tx.objectStore('texts');
    const start = spec.updated - spec.count * 1000;
    let chunk = [];
    let chars = 0;
    const putChunk = () => {
      if (chunk.length > 0) texts.put({ sessionId: spec.id, firstKey: chunk[0].key, entries: chunk });
      chunk = [];
      chars = 0;
    };
    let title = '';
    let preview = '';
    let answers = 0;
    for (let i = 0; i < spec.count; i++) {
      const at = start + i * 1000;
      const k = key(at, 0);
      const last = i === spec.count - 1;
      const fromPerson = i % 2 === 0 && !last;
      let text = fromPerson ? `${sentence().slice(0, -1)}?` : answer();
      if (spec.extra?.[i]) text = `${text} ${spec.extra[i]}`;
      if (last) text = `${text}\n\nEnd of ${spec.id}.`;
      const message = fromPerson
        ? { role: 'user', content: text, timestamp: at }
        : { ...answerShape, content: [{ type: 'text', text }], timestamp: at };
      if (!fromPerson) answers += 1;
      if (fromPerson && !title) title = text.slice(0, 60);
      preview = text.replace(/\s+/g, ' ').trim().slice(0, 120);
      messages.put({ sessionId: spec.id, key: k, message });
      if (chunk.length >= 64 || chars >= 64_000) putChunk();
      chunk.push({ key: k, text });
      chars += text.length;
    }
    putChunk();
    tx.objectStore('sessions').put({
      id: spec.id,
      title,
      created: start,
      updated: spec.updated,
      model: 'claude-sonnet-4-6',
      thinkingLevel: 'off',
      messageCount: spec.count,
      tokens: { input: 1200 * answers, output: 300 * answers, cacheRead: 0, cacheWrite: 0 },
      cost: 0.0081 * answers,
      preview,
    });
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }
  db.close();
}

const answerUsage = {
  input: 1200,
  output: 300,
  cacheRead: 0,
  cacheWrite: 0,
  cost: { input: 0.0036, output: 0.0045, cacheRead: 0, cacheWrite: 0, total: 0.0081 },
};

/** Writes the sessions of `specs` into the app's database in `page` (seedSessions; the palette benchmark seeds with it too). */
export const seed = (page, specs) =>
  page.evaluate(seedSessions, { specs, answerShape: assistantMessage('', 0, answerUsage) });

/**
 * In a blank page of the dev server. For each session: a `SessionSaver` opens it into an `Agent`, then saves
 * `saves` more messages one by one (from `appendMessage` to `flush()` resolving: agent state, the saver's
 * mirror, the write queue and the repository's commit); then `MessagesRepository.commit` alone writes
 * `saves` more, each the write the saver makes for one message.
 */
async function timeSaves({ ids, saves }) {
  const { openEaselDb, MessagesRepository, SessionSaver, SortKeyGenerator } = await import(
    '/src/storage/index.ts'
  );
  const { Agent, createScriptedStream } = await import('/src/agent/index.ts');
  const db = await openEaselDb();
  const agent = new Agent({
    streamFn: createScriptedStream([]).streamFn,
    initialState: { model: 'claude-sonnet-4-6' },
  });
  const saver = new SessionSaver({ db, agent });
  const repository = new MessagesRepository(db);
  const keys = new SortKeyGenerator();
  const content = 'One more message, for the benchmark.';
  const times = { saver: [], repository: [] };
  for (const id of ids) {
    const opened = await saver.open(id);
    if (opened.kind !== 'opened') throw new Error(`session ${id} did not open: ${opened.kind}`);
    for (let i = 0; i < saves; i++) {
      const started = performance.now();
      agent.appendMessage({ role: 'user', content, timestamp: Date.now() });
      if (!(await saver.flush())) throw new Error('the message was not saved');
      times.saver.push(performance.now() - started);
    }
    for (let i = 0; i < saves; i++) {
      const key = keys.next();
      const started = performance.now();
      await repository.commit({
        sessionId: id,
        puts: [{ sessionId: id, key, message: { role: 'user', content, timestamp: Date.now() } }],
        deletes: [],
        ifMissing: 'skip',
        change: {
          messageCount: 1,
          tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          cost: 0,
          preview: content,
          model: 'claude-sonnet-4-6',
          thinkingLevel: 'off',
          at: Date.now(),
        },
      });
      times.repository.push(performance.now() - started);
    }
  }
  saver.dispose();
  db.close();
  return times;
}

/** Saving more messages with the real saver and repositories, nothing else running in the page. */
async function saveStorageOnly(bench) {
  return withSourcePage(bench, ['idb', '@cfworker/json-schema'], async (page) => {
    await page.evaluate(async () => {
      const { openEaselDb } = await import('/src/storage/index.ts');
      (await openEaselDb()).close();
    });
    const now = Date.now();
    const make = (count) =>
      Array.from({ length: STORAGE_SESSIONS }, (_, i) => ({
        id: `save-${count}-${i}`,
        count,
        updated: now - i,
      }));
    const small = make(9);
    const large = make(1999);
    await seed(page, small);
    for (let i = 0; i < large.length; i += 5) await seed(page, large.slice(i, i + 5));
    // Alternate the sizes, so both run under the same conditions.
    const at10 = { saver: [], repository: [] };
    const at2000 = { saver: [], repository: [] };
    for (let i = 0; i < STORAGE_SESSIONS; i += 2) {
      for (const [sessions, into] of [
        [small, at10],
        [large, at2000],
      ]) {
        const ids = sessions.slice(i, i + 2).map((s) => s.id);
        const times = await page.evaluate(timeSaves, { ids, saves: STORAGE_SAVES });
        into.saver.push(...times.saver);
        into.repository.push(...times.repository);
      }
    }
    return { at10, at2000 };
  });
}

/**
 * In the page: opens a session by its URL (as a link or back/forward does) and resolves with the milliseconds
 * until the frame that paints its last message as Markdown, and how many messages were drawn then.
 */
async function openAndTime({ id, marker }) {
  const painted = () => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const last = views?.[views.length - 1];
    const markdown = last?.shadowRoot?.querySelector('easel-markdown')?.shadowRoot;
    if (!markdown?.querySelector('.md') || !markdown.textContent.includes(marker)) return undefined;
    const history = conversation.shadowRoot.querySelector('easel-message-list')?.shadowRoot;
    return views.length + (history?.querySelectorAll('easel-message-view').length ?? 0);
  };
  const started = performance.now();
  location.hash = `#/s/${encodeURIComponent(id)}`;
  return new Promise((resolve) => {
    const check = () => {
      const drawn = painted();
      // Found in a frame's rAF: that frame paints it; a task posted now runs after the paint.
      if (drawn !== undefined) setTimeout(() => resolve({ ms: performance.now() - started, drawn }));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * In the page: clicks the sidebar row of session `id` (a person switching sessions) and resolves with the
 * milliseconds until the frame that paints its last message (`marker`) as Markdown.
 */
async function switchAndTime({ id, marker }) {
  const find = (root, test) => {
    for (const el of root.querySelectorAll('*')) {
      if (test(el)) return el;
      const inner = el.shadowRoot && find(el.shadowRoot, test);
      if (inner) return inner;
    }
    return undefined;
  };
  const href = `#/s/${encodeURIComponent(id)}`;
  const row = find(document, (el) => el.localName === 'a' && el.getAttribute('href')?.endsWith(href));
  if (!row) throw new Error(`no sidebar row for ${id}`);
  const painted = () => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const markdown = views?.[views.length - 1]?.shadowRoot?.querySelector('easel-markdown')?.shadowRoot;
    return Boolean(markdown?.querySelector('.md') && markdown.textContent.includes(marker));
  };
  const started = performance.now();
  row.click();
  return new Promise((resolve) => {
    const check = () => {
      // Found in a frame's rAF: that frame paints it; a task posted now runs after the paint.
      if (painted()) setTimeout(() => resolve(performance.now() - started));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** In the page, from its first script: records when the last message named in sessionStorage is painted. */
function timeColdOpen() {
  const marker = sessionStorage.getItem('bench-open-marker');
  if (!marker) return;
  const check = () => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const last = views?.[views.length - 1];
    const markdown = last?.shadowRoot?.querySelector('easel-markdown')?.shadowRoot;
    if (markdown?.querySelector('.md') && markdown.textContent.includes(marker)) {
      setTimeout(() => {
        globalThis.__benchColdOpenMs = performance.now();
      });
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** In the page: runs one sidebar search as typed and times it (see the header). */
async function searchAndTime({ query, expected, cold }) {
  const sidebar = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-sessions-sidebar');
  const root = sidebar?.shadowRoot;
  const input = root?.querySelector('input[type=search]');
  if (!root || !input) throw new Error('no search box');
  const shown = () => {
    if (expected === 0) return root.querySelector('.list .empty')?.textContent?.includes(query) === true;
    const list = root.querySelector('ul[aria-labelledby=results]');
    return list !== null && list.querySelectorAll('a').length === expected;
  };
  let searchedAt = 0;
  const onSearch = (e) => {
    if (e.query === query) searchedAt = performance.now();
  };
  window.addEventListener('session-search', onSearch, { capture: true });
  const started = performance.now();
  if (cold) input.focus();
  input.value = query;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  const result = await new Promise((resolve) => {
    const check = () => {
      if (searchedAt > 0 && shown()) {
        setTimeout(() => {
          const now = performance.now();
          resolve({ fromTypingMs: now - started, fromSearchMs: now - searchedAt });
        });
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  window.removeEventListener('session-search', onSearch, { capture: true });
  // Clear the box (Escape), and wait for the date groups to come back.
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  await new Promise((resolve) => {
    const check = () => (root.querySelector('#results') ? requestAnimationFrame(check) : resolve());
    requestAnimationFrame(check);
  });
  return result;
}

/** The answer of save round `i` in the session tagged `tag` (unique, so it tells which session is painted). */
const lastAnswer = (tag, i) => `Bench answer ${i} in the ${tag} session.`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))];
const round = (n) => Math.round(n * 10) / 10;

/** Sends `rounds` messages into the open session; the commit times of the person's message and of the answer. */
async function saveRounds(page, lane, rounds, tag) {
  const person = [];
  const answer = [];
  const busy = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskMs = async () =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) *
    1000;
  for (let i = 0; i < rounds; i++) {
    const text = lastAnswer(tag, i);
    await lane.reply(sse.text(text));
    await page.evaluate(() => {
      globalThis.__benchCommits.length = 0;
    });
    await page.getByRole('textbox', { name: 'Message' }).fill(`Bench question ${i}`);
    const before = await taskMs();
    await page.getByRole('button', { name: 'Send' }).click();
    // Saved: the sidebar row shows the answer as its preview (written by the answer's commit).
    await page.getByRole('navigation', { name: 'Sessions' }).getByText(text).waitFor({ timeout: 60_000 });
    busy.push((await taskMs()) - before);
    const commits = await page.evaluate(() => [...globalThis.__benchCommits]);
    person.push(commits[0]);
    answer.push(commits.at(-1));
  }
  await cdp.detach();
  return { person, answer, busy };
}

/** Saves at message 10 and 2,000 and opens the 2,000-message session; `saves: false` only opens it. */
async function saveAndOpen(bench, { saves = true } = {}) {
  const { page, lane, context } = await bench.newPage();
  await context.addInitScript(timeCommits);
  await context.addInitScript(timeColdOpen);
  const now = Date.now();
  const small = { id: 'bench-small-session', count: 9, updated: now - 60_000 };
  const large = { id: 'bench-2000-messages', count: 1999, updated: now - 120_000 };
  await seed(page, [small, large]);
  await page.reload();

  // Save at message 10 (then 12, 14 …) and at message 2,000 (then 2,002 …).
  await page.evaluate(openAndTime, { id: small.id, marker: `End of ${small.id}.` });
  const at10 = saves ? await saveRounds(page, lane, SAVE_ROUNDS, 'small') : undefined;
  const openedLarge = await page.evaluate(openAndTime, { id: large.id, marker: `End of ${large.id}.` });
  const at2000 = saves ? await saveRounds(page, lane, SAVE_ROUNDS, 'large') : undefined;

  // Open the 2,000-message session again (it now has 2,000 + 2 × rounds): from another session, by its URL.
  const largeNow = saves
    ? { id: large.id, marker: lastAnswer('large', SAVE_ROUNDS - 1) }
    : { id: large.id, marker: `End of ${large.id}.` };
  const smallNow = saves
    ? { id: small.id, marker: lastAnswer('small', SAVE_ROUNDS - 1) }
    : { id: small.id, marker: `End of ${small.id}.` };
  const opens = [];
  let drawnMessages = 0;
  let recorded;
  for (let i = 0; i < OPEN_ROUNDS; i++) {
    await page.evaluate(openAndTime, smallNow);
    const last = i === OPEN_ROUNDS - 1;
    const recording = last ? await startLightRecording(page) : undefined;
    const { ms, drawn } = await page.evaluate(openAndTime, largeNow);
    if (recording) recorded = await recording.stop();
    opens.push(ms);
    drawnMessages = drawn;
  }

  // Cold: the page loads at the session's URL.
  const colds = [];
  await page.evaluate((marker) => sessionStorage.setItem('bench-open-marker', marker), largeNow.marker);
  for (let i = 0; i < 3; i++) {
    await page.reload();
    const handle = await page.waitForFunction(() => globalThis.__benchColdOpenMs, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    colds.push(await handle.jsonValue());
  }
  await context.close();
  const opened = {
    drawnMessages,
    firstOpenMs: round(openedLarge.ms),
    openMedianMs: round(median(opens)),
    openMaxMs: round(Math.max(...opens)),
    coldLoadMedianMs: round(median(colds)),
    busyMs: recorded.busyMs,
    longTasks: recorded.longTasks,
    longestTaskMs: recorded.longestTaskMs,
    worstFrameGapMs: recorded.worstFrameGapMs,
  };
  if (!saves) {
    record('sessions-open-2000', opened);
    return { openMs: median(opens) };
  }

  const storage = await saveStorageOnly(bench);
  const saveRatio = median(storage.at2000.saver) / median(storage.at10.saver);
  record('sessions-save', {
    message10Ms: round(median(storage.at10.saver)),
    message2000Ms: round(median(storage.at2000.saver)),
    message10P90Ms: round(percentile(storage.at10.saver, 0.9)),
    message2000P90Ms: round(percentile(storage.at2000.saver, 0.9)),
    ratio2000to10: round(saveRatio * 100) / 100,
    repositoryCommit10Ms: round(median(storage.at10.repository)),
    repositoryCommit2000Ms: round(median(storage.at2000.repository)),
    samples: STORAGE_SESSIONS * STORAGE_SAVES,
    inAppPersonMessage10Ms: round(median(at10.person)),
    inAppPersonMessage2000Ms: round(median(at2000.person)),
    inAppAnswer10Ms: round(median(at10.answer)),
    inAppAnswer2000Ms: round(median(at2000.answer)),
    inAppSendBusy10Ms: round(median(at10.busy)),
    inAppSendBusy2000Ms: round(median(at2000.busy)),
    inAppRounds: SAVE_ROUNDS,
  });
  record('sessions-open-2000', opened);
  return { saveRatio, openMs: median(opens) };
}

/** Switches between two 2,000-message sessions by their sidebar rows (see the header). */
async function switchSessions(bench) {
  const { page, context } = await bench.newPage();
  const now = Date.now();
  const a = { id: 'bench-switch-a', count: 2000, updated: now - 60_000 };
  const b = { id: 'bench-switch-b', count: 2000, updated: now - 120_000 };
  await seed(page, [a, b]);
  await page.reload();
  const target = (spec) => ({ id: spec.id, marker: `End of ${spec.id}.` });
  // Both opened once: the first open of a session in a page is `sessions-open-2000`'s case.
  await page.evaluate(openAndTime, target(a));
  await page.evaluate(openAndTime, target(b));
  await page.evaluate(openAndTime, target(a));
  const recording = await startLightRecording(page);
  const switches = [];
  for (let i = 0; i < SWITCHES; i++)
    switches.push(await page.evaluate(switchAndTime, target(i % 2 === 0 ? b : a)));
  const recorded = await recording.stop();
  await context.close();
  const result = {
    messages: a.count,
    switches: SWITCHES,
    switchMedianMs: round(median(switches)),
    switchMaxMs: round(Math.max(...switches)),
    switchesMs: switches.map(round).join(' '),
    busyMs: recorded.busyMs,
    longTasks: recorded.longTasks,
    longestTaskMs: recorded.longestTaskMs,
    worstFrameGapMs: recorded.worstFrameGapMs,
    loadAverage: round(loadavg()[0]),
    // Which build, when runs of two builds are interleaved (`BENCH_BUILD=before EASEL_DIST=dist-before`).
    ...(process.env.BENCH_BUILD ? { build: process.env.BENCH_BUILD } : {}),
  };
  record('sessions-switch-2000', result);
  return result;
}

async function search(bench) {
  // The machine's load when the run began (1, 5 and 15 minutes): numbers from a loaded machine read differently.
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const { page, context } = await bench.newPage();
  const now = Date.now();
  const specs = Array.from({ length: SEARCH_SESSIONS }, (_, i) => {
    const extra = {};
    if (i % 100 === 0) extra[17] = 'A quokka crossed the road.';
    if (i % 200 === 0) extra[120] = 'Down at the harbour.';
    return { id: `bench-search-${i}`, count: SEARCH_MESSAGES, updated: now - i * 60_000, extra };
  });
  const seedStart = Date.now();
  for (let i = 0; i < specs.length; i += 25) await seed(page, specs.slice(i, i + 25));
  const seedMs = Date.now() - seedStart;
  await page.reload();
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first().waitFor();

  // BENCH_TRACE=1: a Chrome trace (with BENCH_DEBUG=1, what ran in the longest task) instead of the light recorder.
  const recording = process.env.BENCH_TRACE ? await startRecording(page) : await startLightRecording(page);
  const first = await page.evaluate(searchAndTime, { query: 'quokka', expected: 5, cold: true });
  const firstMain = await recording.stop();
  const queries = [
    { name: 'rareWord', query: 'quokka', expected: 5 },
    { name: 'twoWords', query: 'quokka harbour', expected: 3 },
    { name: 'commonWord', query: 'river', expected: 100 },
    { name: 'noMatch', query: 'xylophone', expected: 0 },
  ];
  const later = {};
  for (const q of queries) {
    const times = [];
    for (let i = 0; i < SEARCH_ROUNDS; i++) {
      times.push((await page.evaluate(searchAndTime, { ...q, cold: false })).fromSearchMs);
    }
    later[`${q.name}Ms`] = round(median(times));
  }
  await context.close();
  record('sessions-search-500x200', {
    loadAverage: { start: loadAtStart, end: loadavg().map((l) => Math.round(l * 100) / 100) },
    sessions: SEARCH_SESSIONS,
    messages: SEARCH_SESSIONS * SEARCH_MESSAGES,
    seedMs,
    firstSearchFromFocusMs: round(first.fromTypingMs),
    firstSearchAfterDebounceMs: round(first.fromSearchMs),
    firstSearchBusyMs: firstMain.busyMs,
    firstSearchLongestTaskMs: firstMain.longestTaskMs,
    firstSearchTasksOver50ms: firstMain.longTasks ?? firstMain.tasksOver50ms,
    ...later,
  });
}

export async function run(bench) {
  // BENCH_ONLY=search runs the search benchmark alone, BENCH_ONLY=switch the switching one, BENCH_ONLY=open the
  // opening of a 2,000-message session without the saves.
  if (process.env.BENCH_ONLY === 'search') return search(bench);
  if (process.env.BENCH_ONLY === 'open') return saveAndOpen(bench, { saves: false });
  if (process.env.BENCH_ONLY === 'switch') return switchSessions(bench);
  const { saveRatio, openMs } = await saveAndOpen(bench);
  const switched = await switchSessions(bench);
  await search(bench);
  console.log(
    `\n  saving message 2,000 costs ${saveRatio.toFixed(2)}× saving message 10 (goal: about 1×); ` +
      `opening a 2,000-message session: ${Math.round(openMs)} ms to its last message (goal ≤ 300 ms); ` +
      `switching between two: ${switched.switchMedianMs} ms (goal ≤ 300 ms)`,
  );
}
