import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { filesContaining } from './support/profile';
import { configure, expect, messageRequests, send, test } from './support/test';

// An incognito chat leaves nothing in storage: after one with an attached file and an artifact, every store the
// page can reach (each IndexedDB database, the private file system, localStorage, sessionStorage, Cache
// Storage) is read in the page, and the browser's profile folder is searched byte by byte, for a marker the
// chat alone carried. A marker sent in an ordinary chat is found the same ways (the control: the search works).

/** Everything the page's origin stores, as text (Blobs and files read), for a marker search. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const walk = async (value: unknown): Promise<void> => {
      if (value instanceof Blob) parts.push(await value.text());
      else if (Array.isArray(value)) for (const v of value) await walk(v);
      else if (typeof value === 'object' && value !== null)
        for (const [k, v] of Object.entries(value)) {
          parts.push(k);
          await walk(v);
        }
      else parts.push(String(value));
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`[${info.name}/${store}]`);
        await walk(values);
      }
      db.close();
    }
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        parts.push(key, storage.getItem(key) ?? '');
      }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        parts.push(request.url, (await (await cache.match(request))?.text()) ?? '');
      }
    }
    const readDir = async (dir: FileSystemDirectoryHandle): Promise<void> => {
      // biome-ignore lint/suspicious/noExplicitAny: the directory's async iterator is not in this TS lib
      for await (const [name, handle] of (dir as any).entries() as AsyncIterable<
        [string, FileSystemHandle]
      >) {
        parts.push(name);
        if (handle.kind === 'file')
          parts.push(await (await (handle as FileSystemFileHandle).getFile()).text());
        else await readDir(handle as FileSystemDirectoryHandle);
      }
    };
    await readDir(await navigator.storage.getDirectory());
    return parts.join('\n');
  });
}

test('an incognito chat with a file and an artifact leaves nothing in storage', async ({
  anthropic,
}, testInfo) => {
  test.setTimeout(90_000);
  const profile = mkdtempSync(join(tmpdir(), 'easel-profile-'));
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const marker = `incognito-marker-${unique}`;
  const control = `ordinary-marker-${unique}`;
  const { launchOptions, baseURL } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('./');
    await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
    // Memory on: an incognito chat must still neither read nor write it.
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Memory' }).click();
    await dialog.getByRole('switch', { name: 'Let Claude remember across chats' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // An ordinary chat first: saved, so its marker is stored (the control).
    await anthropic.reply(sse.text(`Saved: ${control}`));
    await send(page, `Keep this: ${control}`);
    await expect(page.getByRole('article', { name: 'Claude' })).toContainText(control);

    await page.getByRole('button', { name: 'Incognito chat' }).click();
    const note = page.getByRole('note', { name: 'Incognito chat' });
    await expect(note).toContainText('It is not saved');
    await expect(note).toContainText('It will be gone when you leave it');
    await expect(page.getByRole('article')).toHaveCount(0);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({
      name: `${marker}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`The secret file says ${marker}.\n`),
    });
    await anthropic.reply(
      sse.toolUse({
        name: 'artifacts',
        text: 'Here is the page.',
        input: { command: 'create', filename: 'secret.html', content: `<h1>Page of ${marker}</h1>` },
      }),
      sse.text(`Made the page of ${marker}.`),
    );
    await send(page, `Make a page from my file ${marker}`);
    await expect(page.getByRole('article', { name: 'Claude' }).last()).toContainText(
      `Made the page of ${marker}`,
    );
    await expect(
      page.getByTitle('secret.html preview', { exact: true }).contentFrame().getByText(`Page of ${marker}`),
    ).toBeVisible();
    const requests = await messageRequests(anthropic);
    const incognito = requests.slice(1);
    expect(incognito).toHaveLength(2);
    // The file reached Claude (held in memory), and memory was not offered.
    expect(JSON.stringify(incognito[0]?.body.messages)).toContain(`The secret file says ${marker}`);
    expect(JSON.stringify(requests[0]?.body.tools)).toContain('memory_20250818');
    for (const request of incognito) expect(JSON.stringify(request.body.tools)).not.toContain('memory');

    // Nothing of it anywhere the page stores, while it is open...
    const stored = await storedText(page);
    expect(stored).toContain(control);
    expect(stored).not.toContain(marker);

    // ...and it is gone when the person leaves it; the saved chat is still there.
    await page.getByRole('button', { name: 'New chat' }).click();
    await expect(note).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(0);
    const sidebar = page.getByRole('navigation', { name: 'Sessions' });
    await expect(sidebar.getByRole('link', { name: new RegExp(control) })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: new RegExp(marker) })).toHaveCount(0);
    expect(await storedText(page)).not.toContain(marker);
  } finally {
    await context.close();
  }
  try {
    expect(filesContaining(profile, control).length).toBeGreaterThan(0);
    expect(filesContaining(profile, marker)).toEqual([]);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('Incognito chat is in the palette, and a reload starts a fresh one', async ({ app, anthropic }) => {
  await app.keyboard.press('Control+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('incognito');
  await palette.getByRole('option', { name: /Incognito chat/ }).click();
  const note = app.getByRole('note', { name: 'Incognito chat' });
  await expect(note).toBeVisible();
  await anthropic.reply(sse.text('Not kept.'));
  await send(app, 'Hello in private');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Not kept.');
  await app.reload();
  await expect(note).toBeVisible();
  await expect(app.getByRole('article')).toHaveCount(0);
});
