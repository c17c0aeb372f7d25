import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JSHandle, Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

// Real third-party files (sources and licences in e2e/fixtures/files/SOURCES.md).
const PNG = 'png-hopper-128.png';
const PDF = 'pdf-text-1page-pdflatex.pdf';
const TEXT = 'csv-utf8.csv';
const GIANT_JPEG = 'jpeg-giant-20000x14000.jpg';
/** The CSV as the model reads it: its dimensions and rows, headed by its name. */
const TEXT_BLOCK = {
  type: 'text',
  text: `<file name="${TEXT}">\n3 rows × 3 columns\n\n\`\`\`csv\na,b,c\n1,2,3\n4,5,ʤ\n\`\`\`\n</file>`,
};

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const fixturePath = (name: string) => fileURLToPath(new URL(`./fixtures/files/${name}`, import.meta.url));
const fixtureBase64 = (name: string) => readFileSync(fixturePath(name)).toString('base64');

const message = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const attachments = (page: Page) => page.getByRole('list', { name: 'Attachments' });
const sentByYou = (page: Page) => page.getByRole('article', { name: 'You' });

/** Chooses files with the `Attach files` button, as a person does in the browser's file picker. */
async function chooseFiles(page: Page, names: readonly string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(names.map(fixturePath));
}

// The page fetches fixture files from this path (see `transferOf`).
test.beforeEach(async ({ page }) => {
  await page.route('**/e2e-fixture-files/*', (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').at(-1) ?? '');
    return route.fulfill({ path: fixturePath(name) });
  });
});

/** A `DataTransfer` built in the page from the fixture files' bytes, fetched as the page would fetch them. */
async function transferOf(page: Page, names: readonly string[]): Promise<JSHandle<DataTransfer>> {
  const files = names.map((name) => ({ name, type: TYPES[name.split('.').at(-1) ?? ''] ?? '' }));
  return page.evaluateHandle(async (list) => {
    const transfer = new DataTransfer();
    for (const { name, type } of list) {
      const bytes = await (await fetch(`/e2e-fixture-files/${encodeURIComponent(name)}`)).blob();
      transfer.items.add(new File([bytes], name, { type }));
    }
    return transfer;
  }, files);
}

/** Drags files over the conversation and drops them there. */
async function dropFiles(page: Page, names: readonly string[]): Promise<void> {
  const dataTransfer = await transferOf(page, names);
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await conversation.dispatchEvent('dragenter', { dataTransfer });
  await conversation.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop files to attach')).toBeVisible();
  await conversation.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files to attach')).toBeHidden();
}

/** Pastes files into the message box (what Ctrl+V does with files on the clipboard). */
async function pasteFiles(page: Page, names: readonly string[]): Promise<void> {
  const clipboardData = await transferOf(page, names);
  await message(page).focus();
  await message(page).evaluate((box, data) => {
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }),
    );
  }, clipboardData);
}

/** Waits until each file is a ready tile (its `Remove` button appears once it has been prepared). */
async function expectTiles(page: Page, names: readonly string[], { timeout }: { timeout?: number } = {}) {
  for (const name of names) {
    await expect(attachments(page).getByRole('button', { name: `Remove ${name}` })).toBeVisible({ timeout });
  }
  await expect(attachments(page).getByRole('listitem')).toHaveCount(names.length);
}

type Lane = Parameters<typeof messageRequests>[0];
type Block = { type: string; text?: string; title?: string; source?: { media_type: string; data: string } };
type WireMessage = { role: string; content: Block[] };

function messagesOf(body: Record<string, unknown>): WireMessage[] {
  return body.messages as WireMessage[];
}

/** Width and height of a PNG or JPEG from its bytes (PNG IHDR; JPEG start-of-frame). */
function imageSize(base64: string): { width: number; height: number } {
  const b = Buffer.from(base64, 'base64');
  if (b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  for (let at = 2; at + 9 < b.length; ) {
    const marker = b[at + 1] ?? 0;
    const length = b.readUInt16BE(at + 2);
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (startOfFrame) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no image size found');
}

/** The blocks the PNG, the PDF and the CSV become, in the order they were attached, then the typed text. */
function expectImagePdfAndText(content: Block[] | undefined, text: string): void {
  expect(content).toEqual([
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.any(String) } },
    {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: fixtureBase64(PDF) },
      title: PDF,
    },
    TEXT_BLOCK,
    expect.objectContaining({ type: 'text', text }),
  ]);
  expect(imageSize(content?.[0]?.source?.data ?? '')).toEqual({ width: 128, height: 128 });
}

/** Sends the typed text with the attached files and checks the request and the sent message's tiles. */
async function sendAndExpectBlocks(page: Page, anthropic: Lane, text: string) {
  await anthropic.reply(sse.text('I see a portrait, a page and a table.'));
  await message(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('article', { name: 'Claude' })).toContainText('I see a portrait');
  const sent = sentByYou(page).getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(sent).toHaveCount(3);
  await expect(sent.nth(0)).toContainText(PNG);
  await expect(sent.nth(1)).toContainText(PDF);
  await expect(sent.nth(2)).toContainText(TEXT);
  await expect(sentByYou(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);
  const [request] = await messageRequests(anthropic);
  expectImagePdfAndText(messagesOf(request?.body ?? {})[0]?.content, text);
}

test('a PNG, a PDF and a text file chosen with Attach files become tiles and image, document and text blocks', async ({
  app,
  anthropic,
}) => {
  await chooseFiles(app, [PNG, PDF, TEXT]);
  await expectTiles(app, [PNG, PDF, TEXT]);
  await expect(attachments(app).getByRole('listitem').nth(0)).toContainText('128 × 128');
  await expect(attachments(app).getByRole('listitem').nth(1)).toContainText('1 page');
  await sendAndExpectBlocks(app, anthropic, 'What is in these files?');
  await expect(attachments(app)).toHaveCount(1); // the composer's tray is empty again
});

test('a PNG, a PDF and a text file dropped on the chat become tiles and image, document and text blocks', async ({
  app,
  anthropic,
}) => {
  await dropFiles(app, [PNG, PDF, TEXT]);
  await expectTiles(app, [PNG, PDF, TEXT]);
  await sendAndExpectBlocks(app, anthropic, 'What did I drop?');
});

test('a PNG, a PDF and a text file pasted into the message box become tiles and image, document and text blocks', async ({
  app,
  anthropic,
}) => {
  await message(app).fill('Pasted: ');
  await pasteFiles(app, [PNG, PDF, TEXT]);
  await expectTiles(app, [PNG, PDF, TEXT]);
  await expect(message(app)).toHaveValue('Pasted: ');
  await sendAndExpectBlocks(app, anthropic, 'What did I paste?');
});

test('the 20000 × 14000 JPEG arrives with its long edge at 1568 px', async ({ app, anthropic }) => {
  // 280 megapixels: decoding takes a moment, more on a busy machine.
  test.slow();
  await anthropic.reply(sse.text('A very wide picture.'));
  await chooseFiles(app, [GIANT_JPEG]);
  await expectTiles(app, [GIANT_JPEG], { timeout: 60_000 });
  await expect(attachments(app).getByRole('listitem')).toContainText('1568 × 1098');
  await send(app, 'How big is it?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A very wide picture.');
  const [request] = await messageRequests(anthropic);
  const [image] = messagesOf(request?.body ?? {})[0]?.content ?? [];
  expect(image).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/jpeg' } });
  expect(imageSize(image?.source?.data ?? '')).toEqual({ width: 1568, height: 1098 });
});

const refused: readonly { file: string; reason: string }[] = [
  {
    file: 'png-huge-65536x65536.png',
    reason:
      'The image is 65536 × 65536 pixels (4,295 megapixels); images up to 400 megapixels can be attached.',
  },
  {
    file: 'gif-decompression-bomb-extents.gif',
    reason:
      'A GIF frame (65535 × 1321 at 0, 65280) reaches outside the 32 × 32 image — a decompression bomb.',
  },
  { file: 'png-truncated.png', reason: 'The PNG data is truncated.' },
  { file: 'pdf-corrupt-bad-xref.pdf', reason: 'The PDF is damaged: its cross-reference table is broken.' },
  {
    file: 'pdf-encrypted-userpw-abc.pdf',
    reason:
      'The PDF is password-protected (encrypted), and Claude cannot read encrypted PDFs. Save a copy without a password and attach that.',
  },
  {
    file: 'text-control-characters.txt',
    reason:
      'The file is binary, not text, and not a kind Easel can send. Images (PNG, JPEG, GIF, WebP), PDFs, Word, Excel and PowerPoint files, CSV and text files can be attached.',
  },
  {
    file: 'xlsx-password-protected.xlsx',
    reason: 'The file is password-protected (encrypted). Save a copy without a password and attach that.',
  },
];

for (const { file, reason } of refused) {
  test(`${file} is refused with its reason, and the typed text stays and is sent alone`, async ({
    app,
    anthropic,
  }) => {
    await anthropic.reply(sse.text('Got your words.'));
    await message(app).fill('Here is my file');
    await chooseFiles(app, [file]);
    await expect(app.getByRole('alert')).toContainText(`${file} was not attached. ${reason}`);
    await expect(message(app)).toHaveValue('Here is my file');
    await expect(attachments(app)).toHaveCount(0);
    await app.getByRole('button', { name: 'Send' }).click();
    await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Got your words.');
    const [request] = await messageRequests(anthropic);
    expect(messagesOf(request?.body ?? {})).toEqual([
      { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'Here is my file' })] },
    ]);
  });
}

test('a refused file leaves the other attachments in place', async ({ app }) => {
  await chooseFiles(app, [PNG, 'png-truncated.png', TEXT]);
  await expect(app.getByRole('alert')).toContainText('png-truncated.png was not attached.');
  await expectTiles(app, [PNG, TEXT]);
  await app.getByRole('button', { name: 'Dismiss notice about png-truncated.png' }).click();
  await expect(app.getByRole('alert')).toBeEmpty();
  await expectTiles(app, [PNG, TEXT]);
});

test('removing a tile removes its file from the request', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Only a table.'));
  await chooseFiles(app, [PNG, TEXT]);
  await expectTiles(app, [PNG, TEXT]);
  await app.getByRole('button', { name: `Remove ${PNG}` }).click();
  await expectTiles(app, [TEXT]);
  await send(app, 'What is left?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Only a table.');
  await expect(sentByYou(app).getByRole('listitem')).toHaveCount(1);
  const [request] = await messageRequests(anthropic);
  expect(messagesOf(request?.body ?? {})[0]?.content).toEqual([
    TEXT_BLOCK,
    expect.objectContaining({ type: 'text', text: 'What is left?' }),
  ]);
});

test('later turns resend the attachments with the history', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('A portrait and a page.'));
  await anthropic.reply(sse.text('Yes, the same portrait.'));
  await chooseFiles(app, [PNG, PDF]);
  await expectTiles(app, [PNG, PDF]);
  await send(app, 'Look at these');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A portrait and a page.');
  await send(app, 'Still there?');
  await expect(app.getByRole('article', { name: 'Claude' }).nth(1)).toContainText('Yes, the same portrait.');
  const [first, second] = await messageRequests(anthropic);
  const firstTurn = messagesOf(first?.body ?? {})[0]?.content ?? [];
  const history = messagesOf(second?.body ?? {});
  expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(history[0]?.content.slice(0, 2)).toEqual(firstTurn.slice(0, 2));
  expect(history[0]?.content.map((b) => b.type)).toEqual(['image', 'document', 'text']);
});

test('a session with attachments reloads with its tiles, and the next request still carries the files', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('A portrait and a page.'));
  await anthropic.reply(sse.text('Still a portrait and a page.'));
  await chooseFiles(app, [PNG, PDF]);
  await expectTiles(app, [PNG, PDF]);
  await send(app, 'Keep these');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A portrait and a page.');
  // The sidebar shows the session's latest message once the answer is stored.
  await expect(app.getByRole('navigation', { name: 'Sessions' })).toContainText('A portrait and a page.');
  await expect(app).toHaveURL(/#\/s\//);

  await app.reload();
  const tiles = sentByYou(app).getByRole('list', { name: 'Attachments' }).getByRole('listitem');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0)).toContainText(PNG);
  await expect(tiles.nth(0)).toContainText('128 × 128');
  await expect(tiles.nth(1)).toContainText(PDF);
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A portrait and a page.');
  // The tile's preview reads the stored bytes.
  await sentByYou(app)
    .getByRole('button', { name: `Preview ${PNG}` })
    .click();
  const preview = app.getByRole('dialog', { name: `Preview of ${PNG}` });
  await expect(preview.getByRole('img', { name: PNG })).toHaveJSProperty('naturalWidth', 128);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  await send(app, 'And after the reload?');
  await expect(app.getByRole('article', { name: 'Claude' }).nth(1)).toContainText('Still a portrait');
  const [first, second] = await messageRequests(anthropic);
  const before = messagesOf(first?.body ?? {})[0]?.content ?? [];
  const after = messagesOf(second?.body ?? {})[0]?.content ?? [];
  expect(after.map((b) => b.type)).toEqual(['image', 'document', 'text']);
  expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
});

test('editing a message with attachments resends its files with the new text', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('A table.'));
  await anthropic.reply(sse.text('Still a table, now summed.'));
  await chooseFiles(app, [TEXT]);
  await expectTiles(app, [TEXT]);
  await send(app, 'What is this?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A table.');
  await sentByYou(app).getByRole('button', { name: 'Edit' }).click();
  await app.getByRole('textbox', { name: 'Edit message' }).fill('Sum the columns');
  await app.getByRole('button', { name: 'Save and send' }).click();
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Still a table, now summed.');
  await expect(sentByYou(app).getByRole('listitem')).toContainText(TEXT);
  const [, second] = await messageRequests(anthropic);
  expect(messagesOf(second?.body ?? {})).toEqual([
    {
      role: 'user',
      content: [TEXT_BLOCK, expect.objectContaining({ type: 'text', text: 'Sum the columns' })],
    },
  ]);
});
