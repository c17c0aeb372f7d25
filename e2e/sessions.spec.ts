import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { hang, sse } from './fake-anthropic/responses.mjs';
import { assistantMessage, exportFileText, sessionRecord, userMessage } from './support/records.mjs';
import {
  configure,
  type EaselFixtures,
  expect,
  importFile,
  messageRequests,
  send,
  sessionAction,
  test,
} from './support/test';

// Sessions live in the browser's IndexedDB (src/storage): these tests use the real database of a Chromium
// profile. Where a test must look at what was stored, or damage it on purpose, it opens the `easel` database
// from the page the way any script of the site could.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const you = (page: Page) => page.getByRole('article', { name: 'You' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const sessionLink = (page: Page, title: string) => sidebar(page).getByRole('link', { name: title });
/** An alert above the conversation (the app's notices about saving and opening sessions). */
const notice = (page: Page, text: string) =>
  page.getByRole('main').getByRole('alert').filter({ hasText: text });

/**
 * Waits until the sidebar shows `answer` as the session's latest message: the row's preview is written with
 * the finished message, in the same transaction, so the answer is stored once it shows.
 */
async function expectSaved(page: Page, answer: string): Promise<void> {
  await expect(sidebar(page)).toContainText(answer);
}

/** The id of the open session, from the URL (`#/s/<id>`). */
async function openSessionId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/#\/s\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).hash.slice('#/s/'.length));
}

/** Sends a message and waits until its answer is shown and saved. */
async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], question: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(answer);
  await expectSaved(page, answer);
}

interface StoredMessage {
  readonly sessionId: string;
  readonly key: string;
  readonly message: Record<string, unknown> & { readonly role: string };
  readonly partial?: true;
}

/** The records of one store of the app's database (of one session for `messages`, `texts`, `attachments`). */
function readStore<T>(page: Page, store: string, sessionId?: string): Promise<T[]> {
  return page.evaluate(
    async ({ store, sessionId }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(store);
      const source =
        store === 'attachments' && sessionId !== undefined
          ? tx.objectStore(store).index('bySession')
          : tx.objectStore(store);
      const query =
        sessionId === undefined
          ? undefined
          : store === 'attachments'
            ? IDBKeyRange.only(sessionId)
            : IDBKeyRange.bound([sessionId], [sessionId, []]);
      const request = source.getAll(query);
      const records = await new Promise<unknown[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      // Blobs do not cross into the test: their bytes do, as base64.
      return Promise.all(
        records.map(async (r) => {
          const record = r as Record<string, unknown>;
          if (!(record.blob instanceof Blob)) return record;
          const bytes = new Uint8Array(await record.blob.arrayBuffer());
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000) {
            binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          }
          return { ...record, blob: btoa(binary) };
        }),
      );
    },
    { store, sessionId },
  ) as Promise<T[]>;
}

/** Writes a record straight into the app's database, bypassing every check (to damage it on purpose). */
function writeRecord(page: Page, store: string, record: unknown): Promise<void> {
  return page.evaluate(
    async ({ store, record }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(store, 'readwrite');
      tx.objectStore(store).put(record);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { store, record },
  );
}

/** The text of every message the page shows, in order. */
function shownMessages(page: Page): Promise<string[]> {
  return conversation(page)
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => `${a.getAttribute('aria-label')}: ${a.textContent}`));
}

test('a conversation survives a reload', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'Name three rivers', 'The Nile, the Amazon and the Danube.');
  await exchange(app, anthropic, 'And one more', 'The Mekong.');

  await app.reload();

  await expect(you(app)).toHaveText([/Name three rivers/, /And one more/]);
  await expect(claude(app)).toHaveText([/The Nile, the Amazon and the Danube\./, /The Mekong\./]);
  await expect(sessionLink(app, 'Name three rivers')).toHaveAttribute('aria-current', 'page');
});

test('a reload before the answer began leaves the message saved, says it has no answer, and Retry answers it', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(hang());
  await send(app, 'Are you there?');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeVisible();
  const id = await openSessionId(app);
  await expect.poll(async () => (await readStore<StoredMessage>(app, 'messages', id)).length).toBe(1);
  // An answer with nothing in it yet is not saved, however long it waits.
  await app.waitForTimeout(700);
  expect(await readStore<StoredMessage>(app, 'messages', id)).toHaveLength(1);

  await app.reload();

  await expect(you(app)).toHaveText(/Are you there\?/);
  await expect(claude(app)).toHaveCount(0);
  const unanswered = conversation(app)
    .getByRole('status')
    .filter({ hasText: 'This message has no answer yet.' });
  await expect(unanswered).toBeVisible();
  await anthropic.reply(sse.text('Here I am.'));
  await unanswered.getByRole('button', { name: 'Retry' }).click();
  await expect(claude(app)).toHaveText(/Here I am\./);
  await expect(unanswered).toBeHidden();
  await expectSaved(app, 'Here I am.');
  const retried = (await messageRequests(anthropic)).at(-1);
  expect(retried?.body.messages).toEqual([
    { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'Are you there?' })] },
  ]);
});

test('a reload in the middle of an answer keeps its first part, marked interrupted, and Retry finishes it', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    sse.text('The first part of a long answer. The second part never arrives.', {
      deltaSize: 8,
      holdAfter: 6,
    }),
  );
  await send(app, 'Tell me a long story');
  await expect(claude(app)).toContainText('The first part of a long');
  const id = await openSessionId(app);
  // The streaming answer is saved at a bounded rate (every 500 ms at most): wait for the snapshot holding
  // what is on screen, as a person would wait a moment, then reload with the stream still open.
  await expect
    .poll(async () => {
      const records = await readStore<StoredMessage>(app, 'messages', id);
      return records.filter((r) => r.partial).map((r) => JSON.stringify(r.message.content));
    })
    .toEqual([expect.stringContaining('The first part of a long')]);

  await app.reload();

  const answer = claude(app);
  await expect(answer).toContainText('The first part of a long');
  await expect(answer).not.toContainText('never arrives');
  await expect(answer.getByRole('alert')).toContainText('This answer was interrupted');
  await anthropic.reply(sse.text('A whole answer this time.'));
  await answer.getByRole('button', { name: 'Retry' }).click();
  await expect(answer).toHaveText(/A whole answer this time\./);
  await expect(claude(app)).toHaveCount(1);
  await expectSaved(app, 'A whole answer this time.');
  const retried = (await messageRequests(anthropic)).at(-1);
  expect(retried?.body.messages).toEqual([
    { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'Tell me a long story' })] },
  ]);

  await app.reload();
  await expect(claude(app)).toHaveCount(1);
  await expect(claude(app)).toContainText('A whole answer this time.');
  await expect(claude(app).getByRole('alert')).toBeHidden();
});

test('the sidebar lists sessions and finds one by the text of its messages', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'Plan a trip to Lisbon', 'Take tram 28 up to the castle.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Help me bake bread', 'Start with a sourdough starter.');

  await expect(sidebar(app).getByRole('link')).toHaveText(['Help me bake bread', 'Plan a trip to Lisbon']);

  const search = sidebar(app).getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('sourdough');
  await expect(sidebar(app).getByRole('link')).toHaveText(['Help me bake bread']);
  await expect(sidebar(app).getByRole('listitem')).toContainText('Start with a sourdough starter.');

  await search.fill('castle TRAM');
  await expect(sidebar(app).getByRole('link')).toHaveText(['Plan a trip to Lisbon']);

  await search.fill('volcano');
  await expect(sidebar(app)).toContainText('No sessions match “volcano”.');
  await expect(sidebar(app).getByRole('link')).toHaveCount(0);

  await search.press('Escape');
  await expect(sidebar(app).getByRole('link')).toHaveText(['Help me bake bread', 'Plan a trip to Lisbon']);

  await sessionLink(app, 'Plan a trip to Lisbon').click();
  await expect(claude(app)).toHaveText(/Take tram 28 up to the castle\./);
});

test('a session renamed in the sidebar keeps its new title after a reload', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'Draft an email to my landlord', 'Dear landlord, the heating is broken.');

  await (
    await sessionAction(sidebar(app), 'Draft an email to my landlord', 'Rename Draft an email to my landlord')
  ).click();
  const title = sidebar(app).getByRole('textbox', { name: 'New title for Draft an email to my landlord' });
  await expect(title).toBeFocused();
  await title.fill('Heating complaint');
  await title.press('Enter');
  await expect(sessionLink(app, 'Heating complaint')).toBeVisible();
  await expect(sidebar(app).getByRole('button', { name: 'Actions for Heating complaint' })).toBeFocused();

  await app.reload();
  await expect(sidebar(app).getByRole('link')).toHaveText(['Heating complaint']);
  // A new message does not bring the first message's title back.
  await exchange(app, anthropic, 'Make it shorter', 'Heating broken, please fix.');
  await app.reload();
  await expect(sidebar(app).getByRole('link')).toHaveText(['Heating complaint']);
});

test('a deleted session comes back with Undo', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'Keep this one', 'Kept.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Delete this one', 'Soon gone.');

  await (await sessionAction(sidebar(app), 'Delete this one', 'Delete Delete this one')).click();
  await expect(sessionLink(app, 'Delete this one')).toBeHidden();
  // The open session was deleted: the app moves on to a new, empty chat.
  await expect(claude(app)).toHaveCount(0);
  const deleted = sidebar(app).getByRole('status').filter({ hasText: 'Deleted “Delete this one”.' });
  await expect(deleted.getByRole('button', { name: 'Undo' })).toBeFocused();

  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(sidebar(app).getByRole('link')).toHaveText(['Delete this one', 'Keep this one']);
  await app.reload();
  await expect(sidebar(app).getByRole('link')).toHaveText(['Delete this one', 'Keep this one']);
  await sessionLink(app, 'Delete this one').click();
  await expect(claude(app)).toHaveText(/Soon gone\./);
});

test('a session deleted without Undo is gone for good once the undo window passes', async ({
  page,
  anthropic,
}) => {
  await page.clock.install();
  await page.goto('./');
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  await exchange(page, anthropic, 'Keep this one', 'Kept.');
  await page.getByRole('button', { name: 'New chat' }).click();
  await exchange(page, anthropic, 'Forget this one', 'Soon gone for good.');
  const id = await openSessionId(page);
  expect(await readStore(page, 'messages', id)).toHaveLength(2);

  await (await sessionAction(sidebar(page), 'Forget this one', 'Delete Forget this one')).click();
  await expect(sidebar(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.clock.fastForward(11_000);
  await expect(sidebar(page).getByRole('button', { name: 'Undo' })).toBeHidden();

  // Its records are removed, not just hidden.
  await expect.poll(() => readStore(page, 'messages', id)).toEqual([]);
  await expect.poll(() => readStore(page, 'texts', id)).toEqual([]);
  await page.reload();
  await expect(sidebar(page).getByRole('link')).toHaveText(['Keep this one']);
  await page.goto(`./#/s/${id}`);
  await expect(notice(page, 'There is no session with the id')).toBeVisible();
});

test('New chat starts an empty conversation; the URL names each session and back and forward switch between them', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'All about apples', 'Apples grow on trees.');
  const apples = await openSessionId(app);

  await app.getByRole('button', { name: 'New chat' }).click();
  await expect(claude(app)).toHaveCount(0);
  await expect(you(app)).toHaveCount(0);
  await expect(app.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await exchange(app, anthropic, 'All about bees', 'Bees make honey.');
  const bees = await openSessionId(app);
  expect(bees).not.toBe(apples);
  await expect(sessionLink(app, 'All about bees')).toHaveAttribute('aria-current', 'page');

  await sessionLink(app, 'All about apples').click();
  await expect(app).toHaveURL(new RegExp(`#/s/${apples}$`));
  await expect(claude(app)).toHaveText(/Apples grow on trees\./);
  await expect(sessionLink(app, 'All about apples')).toHaveAttribute('aria-current', 'page');

  await app.goBack();
  await expect(app).toHaveURL(new RegExp(`#/s/${bees}$`));
  await expect(claude(app)).toHaveText(/Bees make honey\./);
  await expect(you(app)).toHaveText(/All about bees/);

  await app.goForward();
  await expect(claude(app)).toHaveText(/Apples grow on trees\./);
  await expect(you(app)).toHaveText(/All about apples/);
});

test('the URL of a session opens it in another tab, and an unknown id says so', async ({
  app,
  anthropic,
  context,
}) => {
  await exchange(app, anthropic, 'What is a haiku?', 'A poem of three lines.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'What is a sonnet?', 'A poem of fourteen lines.');
  const sonnet = app.url();
  await sessionLink(app, 'What is a haiku?').click();
  await expect(claude(app)).toHaveText(/three lines/);

  const other = await context.newPage();
  await other.goto(sonnet);
  await expect(you(other)).toHaveText(/What is a sonnet\?/);
  await expect(claude(other)).toHaveText(/A poem of fourteen lines\./);

  const lost = await context.newPage();
  await lost.goto('./#/s/no-such-session');
  await expect(notice(lost, 'There is no session')).toHaveText(
    'There is no session with the id "no-such-session" in this browser.',
  );
  await expect(conversation(lost).getByRole('article')).toHaveCount(0);
  await expect(sidebar(lost).getByRole('link')).toHaveCount(2);
  // The notice is about that link: it goes once the person moves on, to a new chat or by writing one.
  await lost.getByRole('button', { name: 'New chat' }).click();
  await expect(notice(lost, 'There is no session')).toBeHidden();
  await lost.goto('./#/s/also-missing');
  await expect(notice(lost, 'There is no session with the id "also-missing"')).toBeVisible();
  await exchange(lost, anthropic, 'What is a limerick?', 'A poem of five lines.');
  await expect(notice(lost, 'There is no session')).toBeHidden();
  await expect(lost).not.toHaveURL(/also-missing/);
  await expect(sessionLink(lost, 'What is a limerick?')).toHaveAttribute('aria-current', 'page');
});

test('a session exported and imported into a fresh browser profile is the same, message for message', async ({
  app,
  anthropic,
  browser,
}) => {
  await anthropic.reply(
    sse.thinking({ thinking: 'A small portrait.', signature: 'sig-1', text: 'It is Grace Hopper.' }),
  );
  await app.getByRole('textbox', { name: 'Message' }).fill('Who is in this picture?');
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles('e2e/fixtures/files/png-hopper-128.png');
  await expect(app.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
  await app.getByRole('button', { name: 'Send' }).click();
  await expect(claude(app)).toContainText('It is Grace Hopper.');
  await expectSaved(app, 'It is Grace Hopper.');
  await anthropic.reply(
    sse.toolUse({ name: 'lookup', input: { q: 'Hopper' }, id: 'toolu_9', text: 'Looking.' }),
  );
  await anthropic.reply(sse.text('She wrote the first compiler, **A-0**.'));
  await send(app, 'What is she known for?');
  await expect(claude(app).last()).toContainText('She wrote the first compiler');
  await expectSaved(app, 'She wrote the first compiler');
  const id = await openSessionId(app);

  const downloading = app.waitForEvent('download');
  await (
    await sessionAction(sidebar(app), 'Who is in this picture?', 'Export Who is in this picture?')
  ).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^easel-who-is-in-this-picture-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();

  const fresh = await browser.newContext({ baseURL: new URL(app.url()).origin });
  try {
    const page = await fresh.newPage();
    await page.goto('./');
    await expect(sidebar(page)).toContainText('No sessions yet.');
    await importFile(page, file, 'Imported 1 session.');

    await sessionLink(page, 'Who is in this picture?').click();
    await expect(claude(page).last()).toContainText('She wrote the first compiler');
    expect(await shownMessages(page)).toEqual(await shownMessages(app));

    const original = await readStore<StoredMessage>(app, 'messages', id);
    const imported = await readStore<StoredMessage>(page, 'messages', id);
    expect(original.map((r) => r.message.role)).toEqual([
      'user-with-attachments',
      'assistant',
      'user',
      'assistant',
      'toolResult',
      'assistant',
    ]);
    expect(imported.map((r) => r.message)).toEqual(original.map((r) => r.message));
    const originalFiles = await readStore<{ blob: string; mimeType: string }>(app, 'attachments', id);
    const importedFiles = await readStore<{ blob: string; mimeType: string }>(page, 'attachments', id);
    // The picture as sent (re-encoded for Claude) and as attached (for an artifact's window.fs.readFile).
    expect(originalFiles).toHaveLength(2);
    expect(importedFiles.map((a) => [a.mimeType, a.blob]).sort()).toEqual(
      originalFiles.map((a) => [a.mimeType, a.blob]).sort(),
    );

    // The picture itself came along: its preview loads from the imported bytes.
    await you(page).first().getByRole('button', { name: 'Preview png-hopper-128.png' }).click();
    const picture = page.getByRole('dialog', { name: 'Preview of png-hopper-128.png' }).getByRole('img');
    await expect(picture).toHaveAccessibleName('png-hopper-128.png');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
  } finally {
    await fresh.close();
  }
});

test('a long session opens at its latest messages, and earlier ones are a click away', async ({
  app,
}, testInfo) => {
  // An export file of a 300-message session, imported as a person would.
  const at = 1_700_000_000_000;
  const messages = Array.from({ length: 300 }, (_, i) => ({
    message:
      i % 2 === 0
        ? userMessage(`Question ${i / 2 + 1}`, at + i)
        : assistantMessage(`Answer ${(i + 1) / 2}.`, at + i),
  }));
  const session = {
    ...sessionRecord({
      id: 'long-session',
      title: 'A long conversation',
      created: at,
      updated: at + 300,
      messageCount: 300,
      preview: 'Answer 150.',
    }),
    tokens: { input: 1500, output: 750, cacheRead: 0, cacheWrite: 0 },
  };
  const file = testInfo.outputPath('long-session.json');
  writeFileSync(file, exportFileText([{ session, messages, attachments: [] }], '2023-11-14T22:13:20.000Z'));
  await importFile(app, file, 'Imported 1 session.');

  // It opens at the end: the latest exchange and the 60 messages before it; each click draws 200 more.
  await sessionLink(app, 'A long conversation').click();
  await expect(claude(app).last()).toHaveText(/Answer 150\./);
  await expect(conversation(app).getByRole('article')).toHaveCount(62);
  await expect(you(app).first()).toHaveText(/Question 120/);

  await conversation(app).getByRole('button', { name: 'Show earlier messages' }).click();
  await expect(conversation(app).getByRole('article')).toHaveCount(262);
  await conversation(app).getByRole('button', { name: 'Show earlier messages' }).click();
  await expect(conversation(app).getByRole('article')).toHaveCount(300);
  await expect(you(app).first()).toHaveText(/Question 1\b/);
  await expect(conversation(app).getByRole('button', { name: 'Show earlier messages' })).toBeHidden();
});

test('a corrupted record is skipped with a notice and the rest of the session still opens', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'First question', 'First answer.');
  await exchange(app, anthropic, 'Second question', 'Second answer.');
  const id = await openSessionId(app);
  const [, firstAnswer] = await readStore<StoredMessage>(app, 'messages', id);
  expect(firstAnswer?.message.role).toBe('assistant');
  // Something (another version, a broken disk, an extension) left records the app cannot read.
  await writeRecord(app, 'messages', { ...firstAnswer, message: { role: 'assistant', content: 42 } });
  await writeRecord(app, 'sessions', { id: 'broken-session', title: 7 });

  await app.reload();

  await expect(notice(app, 'Some saved messages could not be read and were skipped')).toContainText(
    'A message of session',
  );
  await expect(you(app)).toHaveText([/First question/, /Second question/]);
  await expect(claude(app)).toHaveText([/Second answer\./]);
  await expect(sidebar(app).getByRole('status').first()).toContainText(
    '1 saved record could not be read and was skipped: Session "broken-session"',
  );
  await expect(sidebar(app).getByRole('link')).toHaveText(['First question']);
  // The conversation goes on and saves as before.
  await exchange(app, anthropic, 'Third question', 'Third answer.');
  await app.reload();
  await expect(claude(app)).toHaveText([/Second answer\./, /Third answer\./]);
});

test('two tabs on the same session both keep every message', async ({ app, anthropic, context }) => {
  await exchange(app, anthropic, 'Question from tab one', 'Answer in tab one.');
  const second = await context.newPage();
  await second.goto(app.url());
  await expect(claude(second)).toHaveText([/Answer in tab one\./]);

  await exchange(second, anthropic, 'Question from tab two', 'Answer in tab two.');
  // The first tab hears of it and shows it without a reload.
  await expect(claude(app)).toHaveText([/Answer in tab one\./, /Answer in tab two\./]);

  // Both tabs write at the same time: one answer streams in the first tab while the second tab sends.
  await anthropic.reply(sse.text('Slow answer in tab one, still coming.', { deltaSize: 6, holdAfter: 6 }));
  await send(app, 'Third question, tab one');
  await expect(claude(app).last()).toContainText('Slow answer');
  await expect(you(second).last()).toContainText('Third question, tab one');
  await exchange(second, anthropic, 'Fourth question, tab two', 'Quick answer in tab two.');
  await anthropic.release();
  await expect(conversation(app)).toContainText('Slow answer in tab one, still coming.');

  const everything = [
    'Question from tab one',
    'Answer in tab one.',
    'Question from tab two',
    'Answer in tab two.',
    'Third question, tab one',
    'Slow answer in tab one, still coming.',
    'Fourth question, tab two',
    'Quick answer in tab two.',
  ];
  for (const page of [app, second]) {
    await expect(conversation(page).getByRole('article')).toHaveCount(everything.length);
    for (const text of everything) await expect(conversation(page)).toContainText(text);
  }
  await expectSaved(app, 'Slow answer in tab one');
  for (const page of [app, second]) {
    await page.reload();
    await expect(conversation(page).getByRole('article')).toHaveCount(everything.length);
    for (const text of everything) await expect(conversation(page)).toContainText(text);
  }
  expect(await readStore(app, 'messages', await openSessionId(app))).toHaveLength(everything.length);

  // What one tab does to the list of sessions shows in the other.
  await (
    await sessionAction(sidebar(second), 'Question from tab one', 'Rename Question from tab one')
  ).click();
  const title = sidebar(second).getByRole('textbox', { name: 'New title for Question from tab one' });
  await title.fill('Shared between tabs');
  await title.press('Enter');
  await expect(sessionLink(app, 'Shared between tabs')).toBeVisible();
  await second.getByRole('button', { name: 'New chat' }).click();
  await exchange(second, anthropic, 'A chat of its own', 'Only in tab two.');
  await expect(sidebar(app).getByRole('link')).toHaveText(['A chat of its own', 'Shared between tabs']);
  await expect(sidebar(app)).toContainText('Only in tab two.');
});

test('a full disk is reported, nothing is lost, and saving resumes once there is room', async ({
  page,
  anthropic,
}) => {
  // A real full disk cannot be had here: Playwright's Chromium profiles keep their data in memory under a
  // quota of gigabytes, and DevTools' `Storage.overrideQuotaForOrigin` changes nothing this Chromium reports.
  // So the disk fills the way a full disk shows itself: every write transaction aborts with QuotaExceededError.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    const disk = { full: false };
    Object.defineProperty(window, '__easelDisk', { value: disk });
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      const request = put.apply(this, args);
      if (disk.full) {
        const tx = this.transaction;
        const error = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        Object.defineProperty(tx, 'error', { get: () => error });
        tx.abort();
      }
      return request;
    };
  });
  const fillDisk = (full: boolean) =>
    page.evaluate((value) => {
      (window as unknown as { __easelDisk: { full: boolean } }).__easelDisk.full = value;
    }, full);
  await page.clock.install();
  await page.goto('./');
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  await exchange(page, anthropic, 'Before the disk fills', 'Saved as usual.');

  await fillDisk(true);
  await anthropic.reply(sse.text('Kept in this tab while the disk is full.'));
  await send(page, 'While the disk is full');
  await expect(claude(page).last()).toContainText('Kept in this tab while the disk is full.');
  const full = notice(page, 'Not saved yet');
  await expect(full).toContainText('Storage is full, so this conversation is not being saved.');
  await expect(you(page)).toHaveText([/Before the disk fills/, /While the disk is full/]);

  // Space is freed; the saver retries by itself (every 5 s).
  await fillDisk(false);
  await page.clock.fastForward(5_000);
  await expect(full).toBeHidden();
  await expectSaved(page, 'Kept in this tab while the disk is full.');

  await page.reload();
  await expect(you(page)).toHaveText([/Before the disk fills/, /While the disk is full/]);
  await expect(claude(page)).toHaveText([/Saved as usual\./, /Kept in this tab while the disk is full\./]);
});

test('Settings shows whether storage is persistent, how much is used and the last export; Export all downloads every session', async ({
  page,
  anthropic,
}) => {
  // Playwright's Chromium profiles are off the record, where the browser always refuses persistence; here it
  // grants it when asked, as Chromium does for a site in use.
  await page.addInitScript(() => {
    let granted = false;
    navigator.storage.persisted = async () => granted;
    navigator.storage.persist = async () => {
      granted = true;
      return true;
    };
  });
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(dialog).toContainText('Storage is not persistent: the browser may clear your sessions');
  await expect(dialog.getByRole('meter', { name: 'Storage used' })).toBeVisible();
  await expect(dialog).toContainText(/\d+(\.\d)? (bytes|KB|MB) of \d+(\.\d)? (MB|GB|TB) used/);
  await expect(dialog).toContainText('No export made yet.');
  await dialog.getByRole('button', { name: 'Keep my data' }).click();
  await expect(dialog).toContainText('Storage is persistent: the browser will not clear your sessions');
  await expect(dialog.getByRole('button', { name: 'Keep my data' })).toBeHidden();
  await dialog.getByRole('tab', { name: 'Server & key' }).click();
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-test-key');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await exchange(page, anthropic, 'First saved chat', 'One.');
  await page.getByRole('button', { name: 'New chat' }).click();
  await exchange(page, anthropic, 'Second saved chat', 'Two.');

  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^easel-.*\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported).toMatchObject({ format: 'easel-export', version: 1 });
  expect(
    exported.sessions.map((s: { session: { title: string }; messages: unknown[] }) => [
      s.session.title,
      s.messages.length,
    ]),
  ).toEqual([
    ['Second saved chat', 2],
    ['First saved chat', 2],
  ]);
  expect(JSON.stringify(exported)).not.toContain('sk-ant-test-key');
  await expect(dialog).toContainText('Last export: just now.');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(dialog).toContainText('Last export: just now.');
});

test('the sessions sidebar and the storage settings have no axe violations', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'First topic', 'About the first topic.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Second topic', 'About the second topic.');
  await sidebar(app).getByRole('searchbox', { name: 'Search sessions' }).fill('first');
  await expect(sidebar(app).getByRole('link')).toHaveText(['First topic']);
  await (await sessionAction(sidebar(app), 'First topic', 'Delete First topic')).click();
  await expect(sidebar(app).getByRole('button', { name: 'Undo' })).toBeVisible();
  expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);

  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(
    app.getByRole('dialog', { name: 'Settings' }).getByRole('meter', { name: 'Storage used' }),
  ).toBeVisible();
  expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
});
