import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { type EaselFixtures, expect, importFile, send, test } from './support/test';

// Automatic folder backup, in real Chromium. Playwright cannot drive the browser's folder picker, so the page's
// `showDirectoryPicker` returns a folder of the origin private file system: a real FileSystemDirectoryHandle,
// written through the same API as a folder the person picks.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const storage = (page: Page) =>
  page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Storage' });

/** The files of the backup folder: name → text. */
function backupFiles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('backup', { create: true });
    const files: Record<string, string> = {};
    // biome-ignore lint/suspicious/noExplicitAny: the handle's async iterator is missing from the DOM typings
    for await (const [name, handle] of (folder as any).entries())
      if (handle.kind === 'file') files[name] = await (await handle.getFile()).text();
    return files;
  });
}

/** Sends a message and waits until its answer is shown and saved (the sidebar shows its preview). */
async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], question: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(answer);
  await expect(sidebar(page)).toContainText(answer);
}

test('each changed session is written to the chosen folder as a file Import reads back, and backup resumes after a reload', async ({
  page,
  anthropic,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      configurable: true,
      value: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('backup', { create: true }),
    });
  });
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await dialog.getByLabel('Anthropic API key').fill('sk-ant-test-key');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await exchange(page, anthropic, 'Plan the garden', 'Tomatoes first.');
  const id = new URL(page.url()).hash.replace('#/s/', '');

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Sync & storage' }).click();
  await storage(page).getByRole('button', { name: 'Back up to a folder…' }).click();
  await expect(storage(page)).toContainText('Backing up to “backup”.');

  // Written a few seconds after the change (every session that changed before the folder was chosen, too).
  await expect
    .poll(async () => Object.keys(await backupFiles(page)), { timeout: 30_000 })
    .toEqual([`Plan the garden — ${id}.json`]);
  const first = JSON.parse((await backupFiles(page))[`Plan the garden — ${id}.json`] ?? '{}');
  expect(first.sessions).toHaveLength(1);
  expect(JSON.stringify(first.sessions[0].messages)).toContain('Tomatoes first.');
  await expect(storage(page)).toContainText(/Last backup: /, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // After a reload the backup goes on without asking, and a new message reaches the file.
  await page.reload();
  await expect(claude(page).last()).toContainText('Tomatoes first.');
  await exchange(page, anthropic, 'And then?', 'Basil next to them.');
  await expect
    .poll(async () => (await backupFiles(page))[`Plan the garden — ${id}.json`] ?? '', { timeout: 30_000 })
    .toContain('Basil next to them.');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(storage(page)).toContainText('Backing up to “backup”.');

  // The file is an export file: Import reads it back in a fresh profile.
  const text = (await backupFiles(page))[`Plan the garden — ${id}.json`] ?? '';
  const file = test.info().outputPath('backup.json');
  writeFileSync(file, text);
  const fresh = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const other = await fresh.newPage();
    await other.goto('./');
    await importFile(other, file, 'Imported 1 session.');
    await sidebar(other).getByRole('link', { name: 'Plan the garden' }).click();
    await expect(claude(other).last()).toContainText('Basil next to them.');
  } finally {
    await fresh.close();
  }

  // Stop backup forgets the folder and leaves its files.
  await storage(page).getByRole('button', { name: 'Stop backup' }).click();
  await expect(storage(page).getByRole('button', { name: 'Back up to a folder…' })).toBeVisible();
  expect(Object.keys(await backupFiles(page))).toEqual([`Plan the garden — ${id}.json`]);
});

test('a browser without the folder picker says so beside Export all', async ({ page }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showDirectoryPicker');
    Reflect.deleteProperty(Window.prototype, 'showDirectoryPicker');
  });
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(storage(page)).toContainText('This browser cannot back up to a folder; use Export all.');
  await expect(storage(page).getByRole('button', { name: 'Export all' })).toBeVisible();
});
