// Switching branches in a 2,000-message session, in the built app: a session seeded as 2,000 messages whose
// tenth-last message (the person's) has a second version (an edit) followed by nine more messages, so both
// branches are 2,000 messages long; and the same in a 20-message session, to compare. From the click on
// `Previous version` / `Next version` to the frame that paints the other branch's last message, with the app's
// longest task meanwhile (from a Chrome trace) (goal: no task over 50 ms), and what the switches wrote: message
// records put (goal: none) and session records put (one per switch).
import { startRecording } from './harness.mjs';
import { record } from './results.mjs';
import { seed } from './sessions.mjs';

const SIZES = [20, 2000];
/** The edited message's distance from the end (the person's message, so the switcher is drawn). */
const FROM_END = 10;
const ROUNDS = 5;
const BRANCH_END = 'End of the edited branch.';

/** Adds the second version of message `at` and the messages after it, in the shape the saver writes. */
async function addBranch({ id, at, count, marker }) {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('easel');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const tx = db.transaction(['sessions', 'messages'], 'readwrite');
  const messages = tx.objectStore('messages');
  const range = IDBKeyRange.bound([id], [id, '\uffff']);
  const keys = await new Promise((resolve) => {
    messages.getAllKeys(range).onsuccess = (e) => resolve(e.target.result.map((k) => k[1]));
  });
  const answer = await new Promise((resolve) => {
    messages.get([id, keys[at + 1]]).onsuccess = (e) => resolve(e.target.result.message);
  });
  const time = Date.now();
  for (let i = 0; i < count; i++) {
    const key = `${String(time + i).padStart(15, '0')}-benchbr-000000`;
    const fromPerson = i % 2 === 0;
    const text = fromPerson ? `Edited question ${i}?` : `Answer ${i} on the edited branch.`;
    const message = fromPerson
      ? { role: 'user', content: text, timestamp: time + i }
      : { ...answer, content: [{ type: 'text', text: i === count - 1 ? `${text}\n\n${marker}` : text }] };
    // The first names its parent (the message before the one it edits); the others follow the previous record.
    messages.put({ sessionId: id, key, message, ...(i === 0 ? { parent: keys[at - 1] } : {}) });
  }
  const sessions = tx.objectStore('sessions');
  const session = await new Promise((resolve) => {
    sessions.get(id).onsuccess = (e) => resolve(e.target.result);
  });
  sessions.put({ ...session, messageCount: session.messageCount + count });
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/** Counts the records the app puts, by store (IDBObjectStore.put). */
function countPuts() {
  const counts = {};
  globalThis.__benchPuts = counts;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    counts[this.name] = (counts[this.name] ?? 0) + 1;
    return put.apply(this, args);
  };
}

/** Waits, from now, until the conversation's last message shows `marker`; gives the milliseconds it took. */
function waitForLast(marker) {
  const start = performance.now();
  const painted = () => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const views = conversation?.shadowRoot?.querySelectorAll('easel-message-view');
    const last = views?.[views.length - 1];
    return last?.shadowRoot?.querySelector('easel-markdown')?.shadowRoot?.textContent?.includes(marker);
  };
  return new Promise((resolve) => {
    const check = () => {
      if (painted()) setTimeout(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function timedSwitch(page, button, marker) {
  const recording = await startRecording(page);
  const shown = page.evaluate(waitForLast, marker);
  await page.getByRole('button', { name: button }).click();
  const ms = await shown;
  const main = await recording.stop();
  return { ms, longestTaskMs: main.longestTaskMs, breakdown: main.breakdownMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (n) => Math.round(n * 10) / 10;

export async function run(bench) {
  for (const size of SIZES) await measure(bench, size);
}

async function measure(bench, size) {
  const ID = `bench-branches-${size}`;
  const { page, context } = await bench.newPage();
  await seed(page, [{ id: ID, count: size, updated: Date.now() - 60_000 }]);
  await page.evaluate(addBranch, { id: ID, at: size - FROM_END, count: FROM_END, marker: BRANCH_END });
  await page.reload();
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('link').first().waitFor();
  const opened = page.evaluate(waitForLast, BRANCH_END);
  await page.evaluate((id) => {
    location.hash = `#/s/${encodeURIComponent(id)}`;
  }, ID);
  await opened;
  await page.evaluate(countPuts);

  const switches = [];
  for (let i = 0; i < ROUNDS; i++) {
    switches.push(await timedSwitch(page, 'Previous version', `End of ${ID}.`));
    switches.push(await timedSwitch(page, 'Next version', BRANCH_END));
  }
  const puts = await page.evaluate(() => globalThis.__benchPuts);
  await context.close();
  record(`branches-${size}-messages`, {
    messages: size,
    switches: switches.length,
    switchMs: round(median(switches.map((s) => s.ms))),
    slowestSwitchMs: round(Math.max(...switches.map((s) => s.ms))),
    longestTaskMs: Math.max(...switches.map((s) => s.longestTaskMs)),
    messageRecordsPut: puts.messages ?? 0,
    sessionRecordsPut: puts.sessions ?? 0,
    switchBreakdownMs: switches.at(-1)?.breakdown,
  });
}
