/**
 * Memory files in sync: a memory Claude writes with the memory tool on one device (a browser context) appears
 * in Settings → Memory on another, through a CouchDB-protocol server (e2e/couch-server.mjs) that must hold no
 * plaintext of it. The fake API scripts the memory tool call as the API's documentation shows it.
 */
import type { Page } from '@playwright/test';
import { startCouchServer } from './couch-server.mjs';
import { sse } from './fake-anthropic/responses.mjs';
import { configure, expect, send, test } from './support/test';

const USER = 'easel';
const PASSWORD = 'couch-password-2';
const PASSPHRASE = 'amber walrus quartet';
/** A word that appears only in the memory file's text and name. */
const MARKER = 'kumquat7731';

let couch: Awaited<ReturnType<typeof startCouchServer>>;

test.beforeAll(async () => {
  couch = await startCouchServer({ user: USER, password: PASSWORD });
});
test.afterAll(async () => {
  await couch.close();
});

/** Settings → Sync & storage filled in and `Sync now` pressed; returns once the header says `Synced`. */
async function startSync(page: Page, database: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(couch.url());
  await dialog.getByRole('textbox', { name: 'Database' }).fill(database);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('status', { name: 'Sync status' })).toHaveText(/Synced|Syncing/, {
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status', { name: 'Sync' })).toHaveText('Synced', { timeout: 20_000 });
}

test('a memory written on one device appears in Settings → Memory on the other; the server holds only ciphertext', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(couch.url());
  const database = `easel-memory-${process.pid}`;
  await startSync(app, database);

  await app.getByRole('button', { name: 'Settings' }).click();
  const settings = app.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Memory' }).click();
  await settings.getByRole('switch', { name: 'Let Claude remember across chats' }).click();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await anthropic.reply(
    sse.toolUse({
      id: 'toolu_remember',
      name: 'memory',
      text: 'I will remember that.',
      input: {
        command: 'create',
        path: `/memories/${MARKER}.md`,
        file_text: `- grows ${MARKER} trees\n`,
      },
    }),
    sse.text('Noted.'),
  );
  await send(app, 'I grow kumquat trees.');
  await expect(app.getByRole('group', { name: `Remembered: grows ${MARKER} trees` })).toBeVisible();
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Noted.');
  await expect(app.getByRole('status', { name: 'Sync' })).toHaveText('Synced', { timeout: 20_000 });

  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const b = await context.newPage();
  await b.goto('./');
  await configure(b, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  await startSync(b, database);
  await b.getByRole('button', { name: 'Settings' }).click();
  const dialog = b.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Memory' }).click();
  const memory = dialog.getByRole('region', { name: 'Memory' });
  const open = memory.getByRole('button', { name: `Open /memories/${MARKER}.md` });
  await expect(open).toBeVisible({ timeout: 20_000 });
  await open.click();
  await expect(memory.getByRole('textbox', { name: `Contents of /memories/${MARKER}.md` })).toHaveValue(
    `- grows ${MARKER} trees\n`,
  );

  // What the server stores: opaque ids and ciphertext only.
  const stored = JSON.stringify(await couch.allDocs(database));
  expect(stored).not.toContain(MARKER);
  expect(stored).not.toContain('memories');
  expect(stored).not.toContain('person');
  await context.close();
});
