/**
 * Settings → Files API through the real app and SDK against the fake API: a large PDF is uploaded once and sent by
 * id with the Files API's beta header on each turn; a file the server no longer has is uploaded again and the answer
 * still streams; a request without files carries no such header; Settings deletes the uploads; off, nothing is
 * uploaded.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { FILES_BETA } from './fake-anthropic/files-rules.mjs';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

const PDF_NAME = 'pdf-text-1page-pdflatex.pdf';
const PDF_PATH = fileURLToPath(new URL(`./fixtures/files/${PDF_NAME}`, import.meta.url));
const PDF_BASE64 = readFileSync(PDF_PATH).toString('base64');

async function attachPdf(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(PDF_PATH);
  await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
}

/** Turns the Files API on in Settings with a threshold the 17 KB PDF passes. */
async function turnOn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  const toggle = dialog.getByRole('switch', { name: 'Upload large files once (Files API)' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await dialog.getByRole('spinbutton', { name: 'Upload files of at least (KB)' }).fill('16');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** The file object the fake API logged for an upload. */
const fileOf = (upload: { body: unknown } | undefined) =>
  (upload?.body as { file?: { id: string; filename: string; size_bytes: number } } | undefined)?.file ?? {
    id: '',
    filename: '',
    size_bytes: 0,
  };

type Block = { type: string; source?: Record<string, unknown> };
const documentsOf = (body: Record<string, unknown> | undefined) =>
  ((body?.messages ?? []) as { role: string; content: Block[] | string }[])
    .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
    .filter((b) => b.type === 'document')
    .map((b) => b.source);

test('a large PDF is uploaded once and sent by id; gone from the server, it is uploaded again; Settings deletes it', async ({
  app,
  anthropic,
}) => {
  await turnOn(app);
  await anthropic.reply(
    sse.text('A one-page paper.'),
    sse.text('Its title is the first line.'),
    sse.text('Still one page.'),
    sse.text('Hello there.'),
  );
  await attachPdf(app);
  await send(app, 'What is this?');
  const answers = app.getByRole('article', { name: 'Claude' });
  await expect(answers.last()).toContainText('A one-page paper.');
  await send(app, 'And its title?');
  await expect(answers.last()).toContainText('Its title is the first line.');

  const uploads = async () =>
    (await anthropic.requests()).filter((r) => r.method === 'POST' && r.path === '/v1/files');
  const [upload] = await uploads();
  const file = fileOf(upload);
  expect(file).toMatchObject({ filename: PDF_NAME, size_bytes: Buffer.from(PDF_BASE64, 'base64').length });
  expect(upload?.headers['anthropic-beta']).toBe(FILES_BETA);
  let requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(2);
  for (const request of requests) {
    expect(documentsOf(request.body)).toEqual([{ type: 'file', file_id: file.id }]);
    expect(request.headers['anthropic-beta']).toBe(FILES_BETA);
  }
  expect(await uploads()).toHaveLength(1);

  // The file is deleted on the server (in the Console, say): the next turn uploads it again and is answered.
  const removed = await fetch(`${anthropic.baseUrl}/v1/files/${file.id}`, {
    method: 'DELETE',
    headers: { 'anthropic-beta': FILES_BETA },
  });
  expect(removed.status).toBe(200);
  await send(app, 'How long is it?');
  await expect(answers.last()).toContainText('Still one page.');
  await expect(answers.last().getByRole('button', { name: 'Retry' })).toHaveCount(0);
  const again = await uploads();
  expect(again).toHaveLength(2);
  const fresh = fileOf(again[1]).id;
  requests = await messageRequests(anthropic);
  // The request the API refused (the old id), then the same turn with the new one.
  expect(requests.slice(2).map((r) => documentsOf(r.body))).toEqual([
    [{ type: 'file', file_id: file.id }],
    [{ type: 'file', file_id: fresh }],
  ]);

  // A request without files carries no Files API header.
  await app.getByRole('button', { name: 'New chat' }).click();
  await send(app, 'Hi');
  await expect(answers.last()).toContainText('Hello there.');
  const plain = (await messageRequests(anthropic)).at(-1);
  expect(documentsOf(plain?.body)).toEqual([]);
  expect(plain?.headers['anthropic-beta']).toBeUndefined();

  // Settings lists what this device uploaded with the key, and deletes it from the server.
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  const note = dialog.getByRole('group', { name: 'Files API' }).getByRole('status');
  await expect(note).toHaveText('1 file (16.6 KB) uploaded from this device with this key.');
  await dialog.getByRole('button', { name: 'Delete uploaded files' }).click();
  await expect(note).toHaveText("Deleted 1 file from Anthropic's file storage.");
  // The first deletion is this test's own; the app deletes the file it uploaded again.
  const deletions = (await anthropic.requests()).filter((r) => r.method === 'DELETE').slice(1);
  expect(deletions.map((r) => [r.path, r.headers['anthropic-beta']])).toEqual([
    [`/v1/files/${fresh}`, FILES_BETA],
  ]);
});

test('with the setting off, nothing is uploaded and the PDF goes in the request', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('A one-page paper.'));
  await attachPdf(app);
  await send(app, 'What is this?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A one-page paper.');
  const all = await anthropic.requests();
  expect(all.filter((r) => r.path.startsWith('/v1/files'))).toEqual([]);
  const [request] = await messageRequests(anthropic);
  expect(documentsOf(request?.body)).toEqual([
    { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
  ]);
  expect(request?.headers['anthropic-beta']).toBeUndefined();
});
