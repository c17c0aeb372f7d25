import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { filesContaining } from './support/profile';
import { expect, send, test } from './support/test';

// `Forget key` erases the key from the disk, not only from what the app reads: the browser's profile folder is
// searched byte by byte after the key was remembered and forgotten. The key lived in IndexedDB before, where a
// delete only writes a tombstone and the key's bytes stayed in the database's log files.

test('a remembered key is on disk until Forget key, and nowhere in the profile after it', async ({
  anthropic,
}, testInfo) => {
  test.setTimeout(60_000);
  const profile = mkdtempSync(join(tmpdir(), 'easel-profile-'));
  const key = `sk-ant-erase-me-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const { launchOptions, baseURL } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('./');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
    await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill(key);
    await expect(dialog.getByRole('switch', { name: 'Remember on this device' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await anthropic.reply(sse.text('Remembered.'));
    await send(page, 'Hi');
    await expect(page.getByRole('article', { name: 'Claude' })).toContainText('Remembered.');

    // Remembered: a reload still has it.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue(key);
    // The search below finds a key that is on disk (the control: it is there now).
    expect(filesContaining(profile, key).length).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Forget key' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
  } finally {
    await context.close();
  }
  try {
    expect(filesContaining(profile, key)).toEqual([]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
