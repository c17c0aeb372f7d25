/**
 * `Export with files`: a session as one zip (its JSON export, its Markdown, every version of the files Claude
 * wrote, the attached files) that Import reads back exactly; a damaged zip is refused with its reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, importFile, send, sessionAction, test } from './support/test';

const PNG = 'e2e/fixtures/files/png-hopper-128.png';

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const versions = (page: Page) => panel(page).getByRole('combobox', { name: 'Version' });

/** A page that shows what it stored under `note`, and stores what is typed on `Save`; `title` tells versions apart. */
const notes = (title: string) => `<!DOCTYPE html>
<h1>${title}</h1>
<label>Note <input id="note"></label>
<button id="save">Save</button>
<p id="out">Reading…</p>
<script>
  const out = document.getElementById('out');
  window.storage.get('note').then(
    (r) => { out.textContent = 'Saved: ' + r.value; },
    () => { out.textContent = 'Nothing saved'; },
  );
  document.getElementById('save').onclick = async () => {
    const r = await window.storage.set('note', document.getElementById('note').value);
    out.textContent = 'Stored: ' + r.value;
  };
</script>`;

/** A stored record as the test reads it (a Blob as its bytes in base64). */
interface Stored {
  readonly [field: string]: unknown;
  readonly message?: { readonly role: string; readonly attachments?: { id: string; sourceId?: string }[] };
  readonly blob?: string;
  readonly id?: string;
}

/** The records of one store of the app's database for one session; Blobs come back as base64. */
function readStore(
  page: Page,
  store: 'messages' | 'attachments' | 'appData' | 'sessions',
  sessionId: string,
) {
  return page.evaluate(
    async ({ store, sessionId }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(store);
      const request =
        store === 'messages'
          ? tx.objectStore(store).getAll(IDBKeyRange.bound([sessionId], [sessionId, []]))
          : store === 'sessions'
            ? tx.objectStore(store).getAll(sessionId)
            : tx.objectStore(store).index('bySession').getAll(sessionId);
      const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return Promise.all(
        records.map(async (record) => {
          if (!(record.blob instanceof Blob)) return record;
          const bytes = new Uint8Array(await record.blob.arrayBuffer());
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000)
            binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return { ...record, blob: btoa(binary) };
        }),
      );
    },
    { store, sessionId },
  ) as Promise<Stored[]>;
}

/** Settings → Import with `file`, as a person would; the report is left open. */
async function chooseImport(page: Page, file: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const picking = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await (await picking).setFiles(file);
  return dialog;
}

test('Export with files saves one zip that Import brings back exactly after the session is deleted; a damaged zip is refused and changes nothing', async ({
  app,
  anthropic,
}, testInfo) => {
  test.setTimeout(150_000);
  // Claude writes notes.html, then a second version of it; the person attached a picture.
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_create',
      input: { command: 'create', filename: 'notes.html', content: notes('First') },
    }),
  );
  await anthropic.reply(sse.text('The page is ready.'));
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(PNG);
  await expect(app.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
  await send(app, 'Make a notes page');
  await expect(claude(app).last()).toContainText('The page is ready.', { timeout: 30_000 });
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_rewrite',
      input: { command: 'rewrite', filename: 'notes.html', content: notes('Second') },
    }),
  );
  await anthropic.reply(sse.text('Version two is ready.'));
  await send(app, 'Give it a new title');
  await expect(claude(app).last()).toContainText('Version two is ready.', { timeout: 30_000 });
  const frame = preview(app, 'notes.html');
  await expect(frame.getByRole('heading', { name: 'Second' })).toBeVisible();
  await frame.getByRole('textbox', { name: 'Note' }).fill('buy milk');
  await frame.getByRole('button', { name: 'Save' }).click();
  await expect(frame.locator('#out')).toHaveText('Stored: buy milk');
  await expect(sidebar(app)).toContainText('Version two is ready.');
  await expect(app).toHaveURL(/#\/s\/[^/]+$/);
  const id = decodeURIComponent(new URL(app.url()).hash.slice('#/s/'.length));
  const before = {
    messages: await readStore(app, 'messages', id),
    attachments: await readStore(app, 'attachments', id),
    appData: await readStore(app, 'appData', id),
  };
  expect(before.messages.map((r) => r.message?.role)).toEqual([
    'user-with-attachments',
    'assistant',
    'toolResult',
    'artifact',
    'assistant',
    'user',
    'assistant',
    'toolResult',
    'artifact',
    'assistant',
  ]);
  expect(before.appData.map(({ file, key, value }) => ({ file, key, value }))).toEqual([
    { file: 'notes.html', key: 'note', value: 'buy milk' },
  ]);

  // Export with files: the zip's entries.
  const downloading = app.waitForEvent('download');
  await (
    await sessionAction(sidebar(app), 'Make a notes page', 'Export Make a notes page with files')
  ).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^easel-make-a-notes-page-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = (await download.path()) ?? '';
  const bytes = readFileSync(path);
  const zip = await JSZip.loadAsync(bytes);
  expect(Object.keys(zip.files).filter((name) => !zip.files[name]?.dir)).toEqual([
    'README.txt',
    'session.md',
    'session.json',
    'artifacts/notes.html',
    'artifacts/versions/notes.html/v1.html',
    'artifacts/versions/notes.html/v2.html',
    'attachments/png-hopper-128.png',
  ]);
  expect(await zip.file('artifacts/notes.html')?.async('string')).toBe(notes('Second'));
  expect(await zip.file('artifacts/versions/notes.html/v1.html')?.async('string')).toBe(notes('First'));
  expect(await zip.file('artifacts/versions/notes.html/v2.html')?.async('string')).toBe(notes('Second'));
  expect(await zip.file('session.md')?.async('string')).toMatch(/^# Make a notes page\n/);
  const exported = JSON.parse((await zip.file('session.json')?.async('string')) ?? '{}');
  expect(exported).toMatchObject({ format: 'easel-export', version: 1 });
  expect(exported.sessions[0].appData).toEqual([
    { file: 'notes.html', shared: false, key: 'note', value: 'buy milk' },
  ]);
  // The picture as attached: the stored bytes the message names as its original (or the file itself).
  const record = before.messages[0]?.message?.attachments?.[0];
  const original = before.attachments.find((a) => a.id === (record?.sourceId ?? record?.id));
  expect(original?.blob).toBeTruthy();
  expect(
    Buffer.from((await zip.file('attachments/png-hopper-128.png')?.async('uint8array')) ?? []).toString(
      'base64',
    ),
  ).toBe(original?.blob);

  // Deleted for good (its undo window passes), then imported from the zip.
  await (await sessionAction(sidebar(app), 'Make a notes page', 'Delete Make a notes page')).click();
  await expect(sidebar(app).getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(sidebar(app).getByRole('button', { name: 'Undo' })).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await readStore(app, 'messages', id)).length).toBe(0);
  expect(await readStore(app, 'appData', id)).toEqual([]);
  await importFile(app, path, 'Imported 1 session.');
  await sidebar(app).getByRole('link', { name: 'Make a notes page' }).click();
  await expect(claude(app).last()).toContainText('Version two is ready.');

  const after = {
    messages: await readStore(app, 'messages', id),
    attachments: await readStore(app, 'attachments', id),
    appData: await readStore(app, 'appData', id),
  };
  expect(after.messages.map((r) => r.message)).toEqual(before.messages.map((r) => r.message));
  expect(after.attachments).toEqual(before.attachments);
  expect(after.appData).toEqual(before.appData);
  // The page is back with both versions and what it stored.
  await expect(preview(app, 'notes.html').locator('#out')).toHaveText('Saved: buy milk', { timeout: 30_000 });
  await expect(versions(app)).toHaveValue('2');
  await expect(versions(app).getByRole('option')).toHaveCount(2);

  // A damaged zip (cut short) is refused with the reason, and nothing changes.
  const damaged = testInfo.outputPath('damaged.zip');
  writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const sessionsBefore = await sidebar(app).getByRole('link').allTextContents();
  const dialog = await chooseImport(app, damaged);
  const report = dialog.getByRole('region', { name: 'Storage' }).getByRole('status');
  await expect(report).toContainText('Nothing was imported.');
  await expect(report).toContainText(
    'The zip file is damaged (its directory is missing: the file is cut short or is not a zip), so nothing was imported.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await sidebar(app).getByRole('link').allTextContents()).toEqual(sessionsBefore);
  expect((await readStore(app, 'messages', id)).map((r) => r.message)).toEqual(
    before.messages.map((r) => r.message),
  );
  expect(await readStore(app, 'attachments', id)).toEqual(before.attachments);
});
