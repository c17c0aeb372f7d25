/**
 * Sync across devices: two browser contexts (two devices, each with its own storage) sync through a
 * CouchDB-protocol server (PouchDB Server's app over memory, e2e/couch-server.mjs) started by this file.
 * What the server stores is read back from it and must hold no plaintext.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startCouchServer } from './couch-server.mjs';
import { sse } from './fake-anthropic/responses.mjs';
import { configure, type EaselFixtures, expect, send, sessionAction, test } from './support/test';

const USER = 'easel';
const PASSWORD = 'couch-password-1';
const PASSPHRASE = 'purple elephant orbit';
const PNG = 'e2e/fixtures/files/png-hopper-128.png';

type Couch = Awaited<ReturnType<typeof startCouchServer>>;
type Lane = EaselFixtures['anthropic'];

let couch: Couch;
let databases = 0;

test.beforeAll(async () => {
  couch = await startCouchServer({ user: USER, password: PASSWORD });
});
test.afterAll(async () => {
  await couch.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const you = (page: Page) => page.getByRole('article', { name: 'You' });
const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync' });

/** A database of its own for each test. */
function newDatabase(): string {
  databases += 1;
  return `easel-${process.pid}-${databases}`;
}

/** Settings → Sync filled in and `Sync now` pressed; returns once the header says `Synced`. */
async function startSync(page: Page, database: string, passphrase = PASSPHRASE): Promise<void> {
  const dialog = await openSyncSettings(page);
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(couch.url());
  await dialog.getByRole('textbox', { name: 'Database' }).fill(database);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('status', { name: 'Sync status' })).toHaveText(/Synced|Syncing/, {
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(syncStatus(page)).toHaveText('Synced', { timeout: 20_000 });
}

async function openSyncSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  await expect(dialog.getByRole('group', { name: 'Sync' })).toBeVisible();
  return dialog;
}

/** A second device: a fresh context of its own, set up with the key and the fake API, the server allowed. */
async function secondDevice(browser: Browser, baseURL: string | undefined, anthropic: Lane) {
  const context: BrowserContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('./');
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  return { context, page };
}

/** Sends a message and waits until its answer is shown and saved (the sidebar shows it as the preview). */
async function exchange(page: Page, anthropic: Lane, question: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(answer);
  await expect(sidebar(page)).toContainText(answer);
}

test('a session with a file Claude wrote and a picture attached on one device appears on the other; the server holds only ciphertext', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);

  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_poem',
      input: {
        command: 'create',
        filename: 'poem.md',
        content: '# Saffron harbour\n\nTangerine lanterns drift.',
      },
    }),
  );
  await anthropic.reply(sse.text('The poem about the marmalade lighthouse is ready.'));
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(PNG);
  await expect(app.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
  await send(app, 'Write a poem about the quince observatory');
  await expect(claude(app).last()).toContainText('marmalade lighthouse', { timeout: 30_000 });
  await expect(sidebar(app)).toContainText('marmalade lighthouse');
  await expect(syncStatus(app)).toHaveText('Synced', { timeout: 20_000 });

  const b = await secondDevice(browser, baseURL, anthropic);
  await startSync(b.page, database);
  const link = sidebar(b.page).getByRole('link', { name: 'Write a poem about the quince observatory' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  await expect(claude(b.page).last()).toContainText('marmalade lighthouse');
  await expect(you(b.page).getByRole('button', { name: 'Preview png-hopper-128.png' })).toBeVisible();
  const panel = b.page.getByRole('region', { name: 'Artifacts' });
  await expect(panel).toContainText('poem.md');
  // The picture's bytes arrived: the same as on the first device.
  const bytesOn = (page: Page) =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<{ blob: Blob }[]>((resolve, reject) => {
        const request = db.transaction('attachments').objectStore('attachments').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return Promise.all(all.map(async (r) => [...new Uint8Array(await r.blob.arrayBuffer())].join(',')));
    });
  await expect.poll(async () => (await bytesOn(b.page)).sort()).toEqual((await bytesOn(app)).sort());

  // What the server stores: opaque ids and ciphertext only.
  const stored = JSON.stringify(await couch.allDocs(database));
  expect(stored.length).toBeGreaterThan(1000);
  for (const plain of ['quince', 'marmalade', 'Saffron', 'Tangerine', 'poem.md', 'png-hopper', 'user-with'])
    expect(stored).not.toContain(plain);
  await b.context.close();
});

/** The server is out of this device's reach (its requests fail as with no network) until `reachable`. */
async function unreachable(context: BrowserContext) {
  await context.route(`${couch.url()}/**`, (route) => route.abort('internetdisconnected'));
}
async function reachable(context: BrowserContext, page: Page) {
  await context.unroute(`${couch.url()}/**`);
  // Sync now tries at once rather than after the back-off.
  const dialog = await openSyncSettings(page);
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

async function rename(page: Page, from: string, to: string) {
  await (await sessionAction(sidebar(page), from, `Rename ${from}`)).click();
  const field = sidebar(page).getByRole('textbox', { name: `New title for ${from}` });
  await field.fill(to);
  await field.press('Enter');
  await expect(sidebar(page).getByRole('link', { name: to })).toBeVisible();
}

test('two devices offline both add messages and rename the same session: back online, every message is on both, the later title wins and the other can be taken back', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
  context,
}) => {
  test.setTimeout(150_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);
  await exchange(app, anthropic, 'Plan the picnic', 'Bring lemonade.');
  await expect(syncStatus(app)).toHaveText('Synced', { timeout: 20_000 });
  const b = await secondDevice(browser, baseURL, anthropic);
  await startSync(b.page, database);
  await sidebar(b.page).getByRole('link', { name: 'Plan the picnic' }).click();
  await expect(claude(b.page)).toContainText(['Bring lemonade.']);

  await unreachable(context);
  await unreachable(b.context);
  await exchange(app, anthropic, 'Add sandwiches', 'Sandwiches added.');
  await expect(syncStatus(app)).toHaveText(/^Offline: /, { timeout: 20_000 });
  await rename(app, 'Plan the picnic', 'Picnic at the lake');
  await exchange(b.page, anthropic, 'Add fruit', 'Fruit added.');
  await expect(syncStatus(b.page)).toHaveText(/^Offline: /, { timeout: 20_000 });
  await rename(b.page, 'Plan the picnic', 'Picnic in the park');

  await reachable(context, app);
  await reachable(b.context, b.page);
  for (const page of [app, b.page]) {
    await expect(sidebar(page).getByRole('link')).toHaveText(['Picnic in the park'], { timeout: 20_000 });
    await expect(syncStatus(page)).toHaveText('Synced', { timeout: 20_000 });
  }
  // Both have every message; B had the session open and sees A's arrive.
  await expect(claude(b.page)).toHaveCount(3, { timeout: 20_000 });
  await expect(claude(b.page)).toContainText(['Bring lemonade.', 'Sandwiches added.', 'Fruit added.']);
  await app.reload();
  await sidebar(app).getByRole('link', { name: 'Picnic in the park' }).click();
  await expect(you(app)).toHaveCount(3);
  await expect(you(app)).toContainText(['Plan the picnic', 'Add sandwiches', 'Add fruit']);
  await expect(claude(app)).toContainText(['Bring lemonade.', 'Sandwiches added.', 'Fruit added.']);

  // The losing title is kept: taken back on A, it wins on both.
  const dialog = await openSyncSettings(app);
  const renamed = dialog.getByRole('region', { name: 'Renamed on more than one device' });
  await renamed.getByRole('button', { name: 'Use “Picnic at the lake”' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  for (const page of [app, b.page])
    await expect(sidebar(page).getByRole('link')).toHaveText(['Picnic at the lake'], { timeout: 20_000 });
  await b.context.close();
});

test('a session deleted on one device is deleted on the other, and Undo brings it back on both', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);
  await exchange(app, anthropic, 'Keep this session', 'Kept.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Delete this session', 'Soon gone.');
  const b = await secondDevice(browser, baseURL, anthropic);
  await startSync(b.page, database);
  await expect(sidebar(b.page).getByRole('link')).toHaveText(['Delete this session', 'Keep this session'], {
    timeout: 20_000,
  });

  await (await sessionAction(sidebar(app), 'Delete this session', 'Delete Delete this session')).click();
  const deleted = sidebar(app).getByRole('status').filter({ hasText: 'Deleted “Delete this session”.' });
  await expect(deleted.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(sidebar(b.page).getByRole('link')).toHaveText(['Keep this session'], { timeout: 20_000 });

  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(sidebar(app).getByRole('link')).toHaveText(['Delete this session', 'Keep this session']);
  await expect(sidebar(b.page).getByRole('link')).toHaveText(['Delete this session', 'Keep this session'], {
    timeout: 20_000,
  });
  await sidebar(b.page).getByRole('link', { name: 'Delete this session' }).click();
  await expect(claude(b.page)).toContainText(['Soon gone.']);
  await b.context.close();
});

test('a wrong passphrase is explained and nothing is sent or received', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
}) => {
  test.setTimeout(120_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);
  await exchange(app, anthropic, 'Secret plans', 'Noted.');
  await expect(syncStatus(app)).toHaveText('Synced', { timeout: 20_000 });
  const before = await couch.allDocs(database);

  const b = await secondDevice(browser, baseURL, anthropic);
  await exchange(b.page, anthropic, 'Only on this device', 'Stays here.');
  const dialog = await openSyncSettings(b.page);
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(couch.url());
  await dialog.getByRole('textbox', { name: 'Database' }).fill(database);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Passphrase', { exact: true }).fill('another passphrase entirely');
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Wrong passphrase: this sync database was set up with a different passphrase. Nothing was sent or changed',
    { timeout: 20_000 },
  );
  await expect(dialog.getByRole('status', { name: 'Sync status' })).toHaveText('Not syncing.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(syncStatus(b.page)).toBeHidden();
  await expect(sidebar(b.page).getByRole('link')).toHaveText(['Only on this device']);
  expect(await couch.allDocs(database)).toEqual(before);
  await b.context.close();
});

test('the server dropping mid-replication: the status says offline, and sync resumes by itself once it is back', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
}) => {
  test.setTimeout(150_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);
  await exchange(app, anthropic, 'Start of the story', 'Once upon a time.');
  const b = await secondDevice(browser, baseURL, anthropic);
  await startSync(b.page, database);
  await sidebar(b.page).getByRole('link', { name: 'Start of the story' }).click();
  await expect(claude(b.page)).toContainText(['Once upon a time.']);

  // Open connections (B's live feed, A's) are cut and new ones refused.
  await couch.stop();
  try {
    await exchange(app, anthropic, 'Go on', 'There was a lighthouse.');
    await exchange(app, anthropic, 'And then?', 'It sang.');
    await expect(syncStatus(app)).toHaveText(/^Offline: /, { timeout: 30_000 });
  } finally {
    await couch.start();
  }
  // No Sync now: the retry finds the server again.
  await expect(claude(b.page)).toHaveCount(3, { timeout: 60_000 });
  await expect(claude(b.page)).toContainText(['Once upon a time.', 'There was a lighthouse.', 'It sang.']);
  await expect(syncStatus(app)).toHaveText('Synced', { timeout: 60_000 });
  await b.context.close();
});

/** A page that reads what it keeps under `note` when it starts and on `Read`, and stores or deletes it. */
const NOTES = `<!DOCTYPE html>
<label>Note <input id="note"></label>
<button id="save">Save</button>
<button id="read">Read</button>
<button id="forget">Forget</button>
<p id="out">Reading…</p>
<script>
  const out = document.getElementById('out');
  const read = () => window.storage.get('note').then(
    (r) => { out.textContent = 'Saved: ' + r.value; },
    () => { out.textContent = 'Nothing saved'; },
  );
  read();
  document.getElementById('read').onclick = read;
  document.getElementById('save').onclick = async () => {
    const r = await window.storage.set('note', document.getElementById('note').value);
    out.textContent = 'Stored: ' + r.value;
  };
  document.getElementById('forget').onclick = async () => {
    await window.storage.delete('note');
    out.textContent = 'Forgotten';
  };
</script>`;

const notes = (page: Page) => page.getByTitle('notes.html preview', { exact: true }).contentFrame();

async function saveNote(page: Page, text: string) {
  await notes(page).getByRole('textbox', { name: 'Note' }).fill(text);
  await notes(page).getByRole('button', { name: 'Save' }).click();
  await expect(notes(page).locator('#out')).toHaveText(`Stored: ${text}`);
}

/** Presses `Read` until the artifact reads `text` (the value arrives with the next replication). */
async function readsNote(page: Page, text: string) {
  await expect(async () => {
    await notes(page).getByRole('button', { name: 'Read' }).click();
    await expect(notes(page).locator('#out')).toHaveText(text, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test('what an artifact stores on one device is read on the other, both ways; edits made apart end on the later one, and a deletion reaches the other device; the server sees none of it', async ({
  app,
  anthropic,
  browser,
  baseURL,
  network,
  context,
}) => {
  test.setTimeout(180_000);
  network.allow(couch.url());
  const database = newDatabase();
  await startSync(app, database);
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_notes',
      input: { command: 'create', filename: 'notes.html', content: NOTES },
    }),
  );
  await anthropic.reply(sse.text('The notes page is ready.'));
  await send(app, 'Make me a notes page');
  await expect(claude(app).last()).toContainText('The notes page is ready.', { timeout: 30_000 });
  await expect(notes(app).locator('#out')).toHaveText('Nothing saved');
  await saveNote(app, 'buy quince jam');
  await expect(syncStatus(app)).toHaveText('Synced', { timeout: 20_000 });

  // The other device opens the session: its artifact reads the value stored on the first.
  const b = await secondDevice(browser, baseURL, anthropic);
  await startSync(b.page, database);
  await sidebar(b.page).getByRole('link', { name: 'Make me a notes page' }).click();
  await expect(notes(b.page).locator('#out')).toHaveText('Saved: buy quince jam', { timeout: 20_000 });

  // And back: stored there, read here by the artifact that is still open.
  await saveNote(b.page, 'buy medlar jelly');
  await readsNote(app, 'Saved: buy medlar jelly');

  // Both offline, both store: the later store wins on both once they are back. The first device stores twice,
  // so its revision of the document is the one CouchDB's own rule (the longer history) would pick.
  await unreachable(context);
  await unreachable(b.context);
  await saveNote(app, 'from the first device, a draft');
  await saveNote(app, 'from the first device');
  await saveNote(b.page, 'from the second device, later');
  await reachable(context, app);
  await reachable(b.context, b.page);
  await readsNote(app, 'Saved: from the second device, later');
  await readsNote(b.page, 'Saved: from the second device, later');
  for (const page of [app, b.page]) await expect(syncStatus(page)).toHaveText('Synced', { timeout: 20_000 });
  // Still so after a reload (the value kept is the winner's, not just the one shown).
  await app.reload();
  await expect(notes(app).locator('#out')).toHaveText('Saved: from the second device, later');

  // A deletion on one device deletes it on the other.
  await notes(b.page).getByRole('button', { name: 'Forget' }).click();
  await expect(notes(b.page).locator('#out')).toHaveText('Forgotten');
  await readsNote(app, 'Nothing saved');

  const stored = JSON.stringify(await couch.allDocs(database));
  for (const plain of ['quince', 'medlar', 'second device', 'notes.html', '"note"', 'storage'])
    expect(stored).not.toContain(plain);
  await b.context.close();
});
