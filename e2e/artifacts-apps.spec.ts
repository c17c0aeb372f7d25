import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, importFile, type messageRequests, send, test } from './support/test';

// Artifacts as apps: what a page keeps with window.storage, the session's files it reads with
// window.fs.readFile, and the Claude calls it makes — each carried out by the app for that artifact alone.

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

/** The model creates `filename` with `content`, then answers; resolves once the answer is shown. */
async function modelCreates(
  page: Page,
  anthropic: Lane,
  filename: string,
  content: string,
  id = 'toolu_create',
) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id, input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${filename}`);
  await expect(claude(page).last()).toContainText('The file is ready.');
}

/** A page that shows what it stored under `note` and stores what is typed when `Save` is clicked. */
const NOTES = `<!DOCTYPE html>
<label>Note <input id="note"></label>
<button id="save">Save</button>
<p id="out">Reading…</p>
<script>
  const out = document.getElementById('out');
  window.storage.get('note').then(
    (r) => { out.textContent = 'Saved: ' + r.value; },
    (e) => { out.textContent = 'Nothing saved (' + e.message + ')'; },
  );
  document.getElementById('save').onclick = async () => {
    const r = await window.storage.set('note', document.getElementById('note').value);
    out.textContent = 'Stored: ' + r.value;
  };
</script>`;

test('what an artifact stores survives a reload and an export/import, shows in the console, and Clear removes it', async ({
  app,
  anthropic,
  browser,
}) => {
  test.setTimeout(60_000);
  await modelCreates(app, anthropic, 'notes.html', NOTES);
  const frame = preview(app, 'notes.html');
  await expect(frame.locator('#out')).toHaveText(
    'Nothing saved (There is no stored value for the key "note".)',
  );
  await frame.getByRole('textbox', { name: 'Note' }).fill('buy milk');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.locator('#out')).toHaveText('Stored: buy milk');
  await expect(consoleRegion(app)).toContainText('Stored data: 12 bytes in 1 key');

  await app.reload();
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText('Saved: buy milk');

  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  const downloading = app.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  const file = await (await downloading).path();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.sessions[0].appData).toEqual([
    { file: 'notes.html', shared: false, key: 'note', value: 'buy milk' },
  ]);

  const fresh = await browser.newContext({ baseURL: new URL(app.url()).origin });
  try {
    const page = await fresh.newPage();
    await page.goto('./');
    await importFile(page, file, 'Imported 1 session.');
    await sidebar(page).getByRole('link', { name: 'Write notes.html' }).click();
    await expect(preview(page, 'notes.html').locator('#out')).toHaveText('Saved: buy milk');
  } finally {
    await fresh.close();
  }

  await consoleRegion(app).getByRole('button', { name: 'Clear stored data' }).click();
  await expect(consoleRegion(app)).not.toContainText('Stored data');
  await app.reload();
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText(/^Nothing saved/);
});
