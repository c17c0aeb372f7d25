import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { type EaselFixtures, expect, send, sessionAction, test } from './support/test';

// Conversation integrity across tabs and for the actions around a conversation: a conversation deleted in
// another tab while it is open here, and Copy, Export all and Import when the browser refuses. Two pages of
// one browser context share its IndexedDB and its BroadcastChannel, as two tabs of one profile do.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const you = (page: Page) => page.getByRole('article', { name: 'You' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const sessionLink = (page: Page, title: string) => sidebar(page).getByRole('link', { name: title });
/** The notice the app shows when the open conversation was deleted in another tab. */
const deletedNotice = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: 'This conversation was deleted in another tab.' });

/** Sends a message and waits until its answer is shown and saved (the sidebar shows the answer's preview). */
async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], question: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(answer);
  await expect(sidebar(page)).toContainText(answer);
}

/** The id of the open session, from the URL (`#/s/<id>`). */
async function openSessionId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/#\/s\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).hash.slice('#/s/'.length));
}

/** How many message records the app's database holds for a session. */
function storedMessageCount(page: Page, sessionId: string): Promise<number> {
  return page.evaluate(async (sessionId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('easel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = db
      .transaction('messages')
      .objectStore('messages')
      .count(IDBKeyRange.bound([sessionId], [sessionId, []]));
    const count = await new Promise<number>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return count;
  }, sessionId);
}

test('a conversation deleted in another tab says so, and Restore brings it back with what was written after', async ({
  app,
  anthropic,
  context,
}) => {
  await exchange(app, anthropic, 'Plan the garden', 'Tomatoes first.');
  const id = await openSessionId(app);
  const other = await context.newPage();
  await other.goto('./');
  await (await sessionAction(sidebar(other), 'Plan the garden', 'Delete Plan the garden')).click();

  const notice = deletedNotice(app);
  await expect(notice).toContainText(
    'Nothing written here is saved until you restore it or save it as a new chat.',
  );
  await expect(sessionLink(app, 'Plan the garden')).toBeHidden();
  // The person goes on writing: it is kept in this tab, not written into the deleted record.
  await anthropic.reply(sse.text('Then beans.'));
  await send(app, 'And after that?');
  await expect(claude(app).last()).toContainText('Then beans.');
  await expect(notice).toBeVisible();
  expect(await storedMessageCount(app, id)).toBe(2);
  expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);

  await notice.getByRole('button', { name: 'Restore' }).click();
  await expect(notice).toBeHidden();
  await expect(sessionLink(app, 'Plan the garden')).toBeVisible();
  await expect(sessionLink(other, 'Plan the garden')).toBeVisible();
  await expect.poll(() => storedMessageCount(app, id)).toBe(4);

  await app.reload();
  await expect(you(app)).toHaveText([/Plan the garden/, /And after that\?/]);
  await expect(claude(app)).toHaveText([/Tomatoes first\./, /Then beans\./]);
});

test('a conversation purged in another tab is kept whole with Save as new chat, and saving goes on there', async ({
  app,
  anthropic,
  context,
}) => {
  await exchange(app, anthropic, 'Plan the garden', 'Tomatoes first.');
  const id = await openSessionId(app);
  const other = await context.newPage();
  await other.clock.install();
  await other.goto('./');
  await (await sessionAction(sidebar(other), 'Plan the garden', 'Delete Plan the garden')).click();
  // No Undo in that tab: once its notice closes, the session is removed for good.
  await other.clock.fastForward(11_000);
  await expect.poll(() => storedMessageCount(app, id)).toBe(0);

  const notice = deletedNotice(app);
  await expect(notice).toBeVisible();
  await anthropic.reply(sse.text('Then beans.'));
  await send(app, 'And after that?');
  await expect(claude(app).last()).toContainText('Then beans.');

  await notice.getByRole('button', { name: 'Save as new chat' }).click();
  await expect(notice).toBeHidden();
  await expect(sessionLink(app, 'Plan the garden')).toBeVisible();
  const copy = await openSessionId(app);
  expect(copy).not.toBe(id);
  await expect.poll(() => storedMessageCount(app, copy)).toBe(4);

  await exchange(app, anthropic, 'Anything else?', 'Water them daily.');
  await app.reload();
  await expect(you(app)).toHaveText([/Plan the garden/, /And after that\?/, /Anything else\?/]);
  await expect(claude(app)).toHaveText([/Tomatoes first\./, /Then beans\./, /Water them daily\./]);
  await expect(sidebar(other).getByRole('link')).toHaveText(['Plan the garden']);
});

test('a failed Copy of an artifact says so instead of failing silently', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'notes.md', content: '# Notes\n\nWater daily.' },
    }),
  );
  await anthropic.reply(sse.text('Wrote the notes.'));
  await send(app, 'Write my notes');
  await expect(claude(app).last()).toContainText('Wrote the notes.');
  const panel = app.getByRole('region', { name: 'Artifacts' });
  await expect(panel.getByRole('tab', { name: 'notes.md', exact: true })).toBeVisible();

  await app.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('button', { name: 'Not copied' })).toBeVisible();
});

test('Export all and Import say why they failed in the storage settings', async ({ page, anthropic }) => {
  // A full disk shows itself as write transactions aborting with QuotaExceededError (see sessions.spec.ts);
  // site data cleared under the page, as a database that no longer opens transactions.
  await page.addInitScript(() => {
    const faults = { full: false, closed: false };
    Object.defineProperty(window, '__easelFaults', { value: faults });
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      const request = put.apply(this, args);
      if (faults.full) {
        const tx = this.transaction;
        const error = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        Object.defineProperty(tx, 'error', { get: () => error });
        tx.abort();
      }
      return request;
    };
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<typeof transaction>
    ) {
      if (faults.closed) throw new DOMException('The database connection is closing.', 'InvalidStateError');
      return transaction.apply(this, args);
    };
  });
  const fault = (name: 'full' | 'closed') =>
    page.evaluate((name) => {
      (window as unknown as { __easelFaults: Record<string, boolean> }).__easelFaults[name] = true;
    }, name);
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-test-key');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await exchange(page, anthropic, 'Plan the garden', 'Tomatoes first.');

  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  const file = await (await downloading).path();

  await fault('full');
  const picking = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await (await picking).setFiles(file);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Import failed: storage is full. Free some space (export, then delete old sessions) and try again.',
  );
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled();

  await fault('closed');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Export failed: The database connection is closing.');
});
