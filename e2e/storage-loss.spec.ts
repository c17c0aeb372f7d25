import type { Download, Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { type EaselFixtures, expect, send, test } from './support/test';

// Storage lost while a conversation is open: site data cleared mid-answer (the browser closes the database
// connection and empties it), or another tab opening a newer version of the database. The conversation stays
// usable in the tab, the person is told it is not saved, and can download it (from memory) or save it again.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
const STORY = `Once upon a time a lighthouse keeper counted ships. ${'She wrote each one down. '.repeat(30)}The end.`;

async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], text: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, text);
  await expect(claude(page).last()).toContainText(answer);
  await expect(stop(page)).toBeHidden();
}

/** The export file a download holds, parsed. */
async function exported(download: Download) {
  const chunks = await (await download.createReadStream()).toArray();
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    format: string;
    sessions: { session: { title: string }; messages: { message: { role: string; content: unknown } }[] }[];
  };
}

/** The conversation's texts as the file has them, one string per message. */
function texts(file: Awaited<ReturnType<typeof exported>>): string[] {
  return (file.sessions[0]?.messages ?? []).map(({ message }) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
  );
}

test('site data cleared mid-answer: the answer goes on, Download keeps it, Save it again saves it for good', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'Count the ships', 'I will count them.');
  await anthropic.reply(sse.text(STORY, { deltaSize: 30, holdAfter: 8 }));
  await send(app, 'Tell me a story');
  await expect(claude(app).last()).toContainText('Once upon a time');

  const cdp = await app.context().newCDPSession(app);
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(app.url()).origin, storageTypes: 'all' });
  const notice = app.getByRole('alert').filter({ hasText: 'stored data was cleared' });
  await expect(notice).toBeVisible();

  await anthropic.release();
  await expect(claude(app).last()).toContainText('The end.');
  await expect(stop(app)).toBeHidden();
  // Failed writes are not reported one by one: the one notice says what happened and what to do.
  await expect(app.getByRole('alert').filter({ hasText: 'Not saved yet' })).toHaveCount(0);

  const downloading = app.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download this conversation' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^easel-count-the-ships-\d{4}-\d\d-\d\d\.json$/);
  const file = await exported(download);
  expect(file.format).toBe('easel-export');
  expect(file.sessions[0]?.session.title).toBe('Count the ships');
  const saved = texts(file);
  expect(saved).toHaveLength(4);
  expect(saved[0]).toContain('Count the ships');
  expect(saved[3]).toContain('The end.');

  await notice.getByRole('button', { name: 'Save it again' }).click();
  await expect(notice).toBeHidden();
  await expect(app.getByRole('navigation', { name: 'Sessions' }).getByText('Count the ships')).toBeVisible();

  await app.reload();
  await expect(claude(app)).toHaveCount(2);
  await expect(claude(app).last()).toContainText('The end.');
  await expect(app.getByRole('article', { name: 'You' }).first()).toContainText('Count the ships');
});

test('another tab updates the database: this tab says so, goes on chatting, and downloads what it holds', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'Plan a picnic', 'Bring bread and fruit.');

  const other = await app.context().newPage();
  await other.goto(app.url());
  await other.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('easel', 100);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
  );
  await other.close();

  const notice = app.getByRole('alert').filter({ hasText: 'Easel was updated in another tab' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();

  await exchange(app, anthropic, 'And drinks?', 'Lemonade.');
  await expect(app.getByRole('alert').filter({ hasText: 'Not saved yet' })).toHaveCount(0);

  const downloading = app.waitForEvent('download');
  await notice.getByRole('button', { name: 'Download this conversation' }).click();
  const saved = texts(await exported(await downloading));
  expect(saved).toHaveLength(4);
  expect(saved[2]).toContain('And drinks?');
  expect(saved[3]).toContain('Lemonade.');
});
