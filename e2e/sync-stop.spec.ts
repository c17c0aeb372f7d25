/**
 * `Stop syncing` wins over a start in progress, and leaves no sync secret anywhere in the browser's profile.
 * The attack: sync was set up, the page reloads and resumes syncing; while the status says `Connecting…` (the
 * server is slow to answer), the person presses `Stop syncing`. Before, the resumed start went on once the
 * server answered, kept the config again (password and passphrase, in the origin private file system) and
 * synced on. The profile is searched byte by byte for both, as the key test does for the API key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startCouchServer } from './couch-server.mjs';
import { filesContaining } from './support/profile';
import { expect, test } from './support/test';

const USER = 'easel';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

async function openSyncSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(dialog.getByRole('group', { name: 'Sync' })).toBeVisible();
  return dialog;
}

test('Stop syncing while connecting stops the start in progress, and no sync secret is left in the profile', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const password = `couch-pass-${unique()}`;
  const passphrase = `phrase-${unique()}`;
  const couch = await startCouchServer({ user: USER, password });
  const profile = mkdtempSync(join(tmpdir(), 'easel-profile-'));
  const { launchOptions } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('./');
    let dialog = await openSyncSettings(page);
    await dialog.getByRole('textbox', { name: 'Server URL' }).fill(couch.url());
    await dialog.getByRole('textbox', { name: 'Database' }).fill(`easel-stop-${process.pid}`);
    await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await dialog.getByRole('button', { name: 'Sync now' }).click();
    await expect(dialog.getByRole('status', { name: 'Sync status' })).toHaveText(/Synced|Syncing/, {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const header = page.getByRole('status', { name: 'Sync', exact: true });
    await expect(header).toHaveText('Synced', { timeout: 30_000 });
    // The search below finds secrets that are on disk (the control: both are there now).
    expect(filesContaining(profile, password).length).toBeGreaterThan(0);
    expect(filesContaining(profile, passphrase).length).toBeGreaterThan(0);

    // The server is slow: the resumed start waits for it, and the status says so.
    couch.hold();
    await page.reload();
    await expect(header).toHaveText('Connecting');
    await expect.poll(() => couch.heldCount()).toBeGreaterThan(0);
    dialog = await openSyncSettings(page);
    const status = dialog.getByRole('status', { name: 'Sync status' });
    await expect(status).toHaveText('Connecting…');
    await dialog.getByRole('button', { name: 'Stop syncing' }).click();
    // Stopping takes the start in progress down with it: it ends once that start has ended.
    await expect(dialog.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    couch.release();
    await expect(dialog.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: 30_000 });
    await expect(status).toHaveText('Not syncing.');
    await expect(header).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing resumes after a reload: the config is gone.
    await page.reload();
    dialog = await openSyncSettings(page);
    await expect(dialog.getByRole('status', { name: 'Sync status' })).toHaveText('Not syncing.');
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', '');
    await expect(header).toBeHidden();
  } finally {
    await context.close();
    await couch.close();
  }
  try {
    expect(filesContaining(profile, password)).toEqual([]);
    expect(filesContaining(profile, passphrase)).toEqual([]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
