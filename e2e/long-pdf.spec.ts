/**
 * A PDF longer than the API reads (300 pages, made by scripts/make-long-pdf.mjs): its first 100 pages by default,
 * other pages chosen by the person, and the request within the API's limits, which the fake API enforces.
 */
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
