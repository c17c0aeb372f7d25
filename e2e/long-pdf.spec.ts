/**
 * A PDF longer than the API reads (300 pages, made by scripts/make-long-pdf.mjs): its first 100 pages by default,
 * other pages chosen by the person, all of it in parts or as its text, and every request within the API's
 * limits, which the fake API enforces. Also a PDF Claude cannot read as a document, sent as its text.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { longPdf } from '../scripts/make-long-pdf.mjs';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

const attachments = (page: Page) => page.getByRole('list', { name: 'Attachments' });

async function attachBook(page: Page): Promise<void> {
  const buffer = Buffer.from(await longPdf(300));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer });
  await expect(attachments(page).getByRole('button', { name: 'Remove book.pdf' })).toBeVisible({
    timeout: 60_000,
  });
}

/** The pages of each PDF document the request carried, and the text of the first page of each. */
async function sentPdfs(anthropic: Parameters<typeof messageRequests>[0]): Promise<number[]> {
  const [request] = await messageRequests(anthropic);
  const messages = (request?.body.messages ?? []) as {
    content: { type: string; source?: { data: string } }[];
  }[];
  const documents = (messages[0]?.content ?? []).filter((b) => b.type === 'document');
  return Promise.all(
    documents.map(async (d) =>
      (await PDFDocument.load(Buffer.from(d.source?.data ?? '', 'base64'))).getPageCount(),
    ),
  );
}

test('a 300-page PDF goes as its first 100 pages by default, and the tile says so with the token estimate', async ({
  app,
  anthropic,
}) => {
  test.slow();
  await anthropic.reply(sse.text('The first hundred pages.'));
  await attachBook(app);
  await expect(attachments(app).getByRole('listitem')).toContainText(
    'pages 1–100 of 300 · about 150,000–300,000 tokens',
  );
  await send(app, 'Summarise the start');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('The first hundred pages.');
  expect(await sentPdfs(anthropic)).toEqual([100]);
});

test('the person chooses two pages of the 300, and only those are sent as one document', async ({
  app,
  anthropic,
}) => {
  test.slow();
  await anthropic.reply(sse.text('Two pages.'));
  await attachBook(app);
  await attachments(app).getByRole('button', { name: 'Choose pages of book.pdf' }).click();
  const dialog = app.getByRole('dialog', { name: 'Choose pages of book.pdf' });
  const pages = dialog.getByRole('textbox', { name: 'Pages' });
  await expect(pages).toHaveValue('1-100');
  await pages.fill('1-150');
  await dialog.getByRole('button', { name: 'Use these pages' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'That is more than 100 pages, the most the API reads in one request.',
  );
  await pages.fill('150-151');
  await dialog.getByRole('button', { name: 'Use these pages' }).click();
  await expect(dialog).toBeHidden();
  // While the pages are taken out, a busy tile stands beside the file's.
  await expect(attachments(app).getByRole('listitem').first()).toContainText(
    'pages 150–151 of 300 · about 3,000–6,000 tokens',
  );
  await expect(attachments(app).getByRole('listitem')).toHaveCount(1);
  await send(app, 'What do these pages say?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Two pages.');
  expect(await sentPdfs(anthropic)).toEqual([2]);
});

/** Every document of a request, in order: its title and its page count. */
async function documentsOf(body: Record<string, unknown>): Promise<[string, number][]> {
  const messages = (body.messages ?? []) as {
    content: string | { type: string; title?: string; source?: { data: string } }[];
  }[];
  const documents = messages
    .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
    .filter((b) => b.type === 'document');
  return Promise.all(
    documents.map(
      async (d): Promise<[string, number]> => [
        d.title ?? '',
        (await PDFDocument.load(Buffer.from(d.source?.data ?? '', 'base64'))).getPageCount(),
      ],
    ),
  );
}

/** The text blocks of the request's last user message. */
function lastUserTexts(body: Record<string, unknown>): string[] {
  const messages = (body.messages ?? []) as {
    role: string;
    content: string | { type: string; text?: string }[];
  }[];
  const last = messages.filter((m) => m.role === 'user').at(-1);
  if (!last) return [];
  if (typeof last.content === 'string') return [last.content];
  return last.content.filter((b) => b.type === 'text').map((b) => b.text ?? '');
}

async function openPagesDialog(page: Page) {
  await attachments(page).getByRole('button', { name: 'Choose pages of book.pdf' }).click();
  return page.getByRole('dialog', { name: 'Choose pages of book.pdf' });
}

test('all 300 pages go in three parts of 100, each in a request of its own within the limits', async ({
  app,
  anthropic,
}) => {
  test.slow();
  for (const n of [1, 2, 3]) await anthropic.reply(sse.text(`Read part ${n}.`));
  await attachBook(app);
  const dialog = await openPagesDialog(app);
  await expect(dialog).toContainText('send all 300 pages in 3 parts (pages 1–100, 101–200, 201–300');
  await dialog.getByRole('button', { name: 'Send in parts' }).click();
  await expect(dialog).toBeHidden();
  const tiles = attachments(app).getByRole('listitem');
  await expect(tiles).toHaveCount(3, { timeout: 60_000 });
  await expect(tiles.nth(0)).toContainText('book.pdf (part 1 of 3, pages 1–100)');
  await expect(tiles.nth(0)).toContainText('sent with your message');
  await expect(tiles.nth(2)).toContainText('sent on its own once Claude has answered part 2');
  await send(app, 'Summarise the book');
  const answers = app.getByRole('article', { name: 'Claude' });
  await expect(answers.nth(2)).toContainText('Read part 3.', { timeout: 60_000 });
  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(3);
  // Each request carries the newest part as its one document; the parts before are notes by then.
  expect(await Promise.all(requests.map((r) => documentsOf(r.body)))).toEqual([
    [['book.pdf (part 1 of 3, pages 1–100)', 100]],
    [['book.pdf (part 2 of 3, pages 101–200)', 100]],
    [['book.pdf (part 3 of 3, pages 201–300)', 100]],
  ]);
  expect(lastUserTexts(requests[0]?.body ?? {}).join('\n')).toContain('book.pdf is sent in 3 parts');
  const third = JSON.stringify(requests[2]?.body.messages);
  expect(third).toContain('book.pdf (part 1 of 3, pages 1–100)” (100 pages) was attached here and read then');
});

test('all 300 pages go as their text in one message, as much as fits, and the tile says how much', async ({
  app,
  anthropic,
}) => {
  test.slow();
  await anthropic.reply(sse.text('Read the text.'));
  await attachBook(app);
  const dialog = await openPagesDialog(app);
  await dialog.getByRole('button', { name: 'Send as text' }).click();
  // While the text is read a busy tile stands beside the file's; then the file's tile shows the text.
  const tile = attachments(app).getByRole('listitem').filter({ hasText: 'text of pages' });
  await expect(tile).toContainText(
    /text of pages 1–(\d+) of 300 \(the rest did not fit\) · about [\d,]+ tokens/,
    {
      timeout: 60_000,
    },
  );
  const taken = Number((await tile.textContent())?.match(/pages 1–(\d+) of 300/)?.[1]);
  expect(taken).toBeGreaterThan(100);
  await send(app, 'Summarise the book');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Read the text.');
  const [request] = await messageRequests(anthropic);
  expect(await documentsOf(request?.body ?? {})).toEqual([]);
  const text = lastUserTexts(request?.body ?? {}).join('\n');
  expect(text).toContain(`[The text of “book.pdf”, taken out of the PDF by Easel: pages 1–${taken} of 300`);
  expect(text).toContain(
    `--- Page ${taken} ---\nPage ${taken}\nLine 1 of page ${taken}: the quick brown fox`,
  );
  expect(text).not.toContain(`--- Page ${taken + 1} ---`);
});

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/files/${name}`, import.meta.url)));

for (const [file, words] of [
  ['pdf-encrypted-owner-only.pdf', 'Lorem ipsum dolor sit amet'],
  ['pdf-corrupt-bad-xref.pdf', 'Hello, world!'],
] as const) {
  test(`${file}, which Claude cannot read as a document, is sent as its text when the person asks`, async ({
    app,
    anthropic,
  }) => {
    await anthropic.reply(sse.text('Read it.'));
    const chooser = app.waitForEvent('filechooser');
    await app.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: file, mimeType: 'application/pdf', buffer: fixture(file) });
    await expect(app.getByRole('alert')).toContainText(`${file} was not attached.`);
    await expect(app.getByRole('alert')).toContainText('Its text can be sent instead.');
    await app.getByRole('button', { name: `Attach the text of ${file}` }).click();
    await expect(attachments(app).getByRole('listitem')).toContainText('text of 1 page · about', {
      timeout: 30_000,
    });
    await expect(app.getByRole('alert')).toBeEmpty();
    await send(app, 'What does it say?');
    await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Read it.');
    const [request] = await messageRequests(anthropic);
    const text = lastUserTexts(request?.body ?? {}).join('\n');
    expect(text).toContain(`[The text of “${file}”, taken out of the PDF by Easel.`);
    expect(text).toContain(`--- Page 1 ---\n${words}`);
  });
}
