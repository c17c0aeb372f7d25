/**
 * Word, Excel, PowerPoint and CSV files attached through the real app: the exact text (and images) the request
 * carries, what the tile says will be sent, and the refusals. Real files come from e2e/fixtures/files (sources
 * in its SOURCES.md); the PPTX, the bomb and the macro-only file are built here, in the test.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

const fixturePath = (name: string) => fileURLToPath(new URL(`./fixtures/files/${name}`, import.meta.url));
const attachments = (page: Page) => page.getByRole('list', { name: 'Attachments' });

type FileSpec = string | { name: string; mimeType: string; buffer: Buffer };

async function chooseFiles(page: Page, files: readonly FileSpec[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  const specs = files.map((f) => (typeof f === 'string' ? fixturePath(f) : f));
  await (await chooser).setFiles(specs as string[]);
}

type Block = { type: string; text?: string; source?: { media_type: string; data: string } };

async function sentBlocks(anthropic: Parameters<typeof messageRequests>[0]): Promise<Block[]> {
  const [request] = await messageRequests(anthropic);
  const messages = (request?.body.messages ?? []) as { content: Block[] }[];
  return messages[0]?.content ?? [];
}

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

async function presentation(): Promise<Buffer> {
  const shape = (type: string, text: string) =>
    `<p:sp><p:nvSpPr><p:nvPr><p:ph ${type}/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const slide = (title: string, body: string) =>
    `<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree>${shape('type="title"', title)}${shape('idx="1"', body)}</p:spTree></p:cSld></p:sld>`;
  return zipOf({
    '[Content_Types].xml': '<Types/>',
    'ppt/presentation.xml':
      '<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst></p:presentation>',
    'ppt/_rels/presentation.xml.rels':
      '<Relationships><Relationship Id="rId2" Target="slides/slide1.xml"/><Relationship Id="rId3" Target="slides/slide2.xml"/></Relationships>',
    'ppt/slides/slide1.xml': slide('Plan', 'Ship in May'),
    'ppt/slides/slide2.xml': slide('Risks', 'The vendor is late'),
    'ppt/slides/_rels/slide2.xml.rels':
      '<Relationships><Relationship Id="rId1" Target="../notesSlides/notesSlide2.xml"/></Relationships>',
    'ppt/notesSlides/notesSlide2.xml': `<p:notes xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree>${shape('type="body" idx="1"', 'Ask about the contract.')}</p:spTree></p:cSld></p:notes>`,
  });
}

test('a Word document goes as Markdown, with its table, and its picture as an image block', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('A table and a picture.'));
  await chooseFiles(app, ['docx-tables.docx', 'docx-tiny-picture.docx']);
  const tiles = attachments(app).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  await expect(tiles.nth(0)).toContainText(/1 page · about \d+ tokens(?! · \d+ image)/);
  await expect(tiles.nth(1)).toContainText(/1 page · about \d+ tokens · 1 image/);
  await expect(tiles.nth(2)).toContainText('docx-tiny-picture.docx image 1.png');
  await send(app, 'What is in them?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A table and a picture.');
  expect(await sentBlocks(anthropic)).toEqual([
    {
      type: 'text',
      text: '<file name="docx-tables.docx">\nAbove\n\n| Top left | Top right |\n| --- | --- |\n| Bottom left | Bottom right |\n\nBelow\n</file>',
    },
    { type: 'text', text: '<file name="docx-tiny-picture.docx">\n[Image 1, sent below]\n</file>' },
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.any(String) } },
    expect.objectContaining({ type: 'text', text: 'What is in them?' }),
  ]);
});

test('a workbook goes as one CSV table per sheet, and its preview shows that text', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Six sheets.'));
  await chooseFiles(app, ['xlsx-issues-multisheet.xlsx']);
  await expect(attachments(app).getByRole('listitem')).toContainText(/6 sheets · about \d+ tokens/);
  await attachments(app).getByRole('button', { name: 'Preview xlsx-issues-multisheet.xlsx' }).click();
  const preview = app.getByRole('dialog', { name: 'Preview of xlsx-issues-multisheet.xlsx' });
  await expect(preview).toContainText('## Sheet 3 of 6: "issue2" (3 rows × 2 columns, A1:B3)');
  await preview.getByRole('button', { name: 'Close' }).click();
  await send(app, 'How many sheets?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Six sheets.');
  const [block] = await sentBlocks(anthropic);
  expect(block?.text).toMatch(/^<file name="xlsx-issues-multisheet.xlsx">\n## Sheet 1 of 6: "datatypes"/);
  expect(block?.text).toContain(
    '## Sheet 3 of 6: "issue2" (3 rows × 2 columns, A1:B3)\n\n```csv\n1,a\n2,b\n3,c\n```',
  );
});

test('a macro-enabled workbook is read without its macros, and says so', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Three empty sheets.'));
  await chooseFiles(app, ['xlsm-vba-macros.xlsm']);
  await expect(attachments(app).getByRole('listitem')).toContainText('3 sheets');
  await send(app, 'And this one?');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Three empty sheets.');
  const [block] = await sentBlocks(anthropic);
  expect(block?.text).toBe(
    '<file name="xlsm-vba-macros.xlsm">\n_The workbook holds macros (VBA); they were not read or run._\n\n## Sheet 1 of 3: "Sheet1" (empty)\n\n## Sheet 2 of 3: "Sheet2" (empty)\n\n## Sheet 3 of 3: "Sheet3" (empty)\n</file>',
  );
});

test('a presentation goes slide by slide, with titles, text and speaker notes', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Two slides.'));
  await chooseFiles(app, [{ name: 'plan.pptx', mimeType: PPTX_TYPE, buffer: await presentation() }]);
  await expect(attachments(app).getByRole('listitem')).toContainText(/2 slides · about \d+ tokens/);
  await send(app, 'Summarise');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Two slides.');
  const [block] = await sentBlocks(anthropic);
  expect(block?.text).toBe(
    '<file name="plan.pptx">\n## Slide 1: Plan\n\n- Ship in May\n\n## Slide 2: Risks\n\n- The vendor is late\n\nNotes: Ask about the contract.\n</file>',
  );
});

test('a CSV too long to send whole is cut at a row, with a note saying how much was left out', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('A long table.'));
  const rows = Array.from({ length: 30_000 }, (_, i) => `${i + 1},row number ${i + 1},some more text here`);
  const buffer = Buffer.from(`id,name,note\n${rows.join('\n')}\n`);
  await chooseFiles(app, [{ name: 'long.csv', mimeType: 'text/csv', buffer }]);
  await expect(attachments(app).getByRole('listitem')).toContainText(
    /30,001 rows · about [\d,]+ tokens · truncated to fit/,
  );
  await send(app, 'Read it');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('A long table.');
  const [block] = await sentBlocks(anthropic);
  expect(block?.text).toMatch(
    /^<file name="long.csv">\n30,001 rows × 3 columns\n\n```csv\nid,name,note\n1,row number 1,/,
  );
  expect(block?.text).toMatch(
    /\n```\n\n\[Truncated: only the first [\d,]+ of 30,001 rows are shown; the rest were left out to fit.\]\n<\/file>$/,
  );
});

const refusals: readonly { name: string; build: () => Promise<Buffer>; reason: string }[] = [
  {
    name: 'bomb.xlsx',
    build: () =>
      zipOf({
        'xl/workbook.xml': '<workbook/>',
        'xl/worksheets/sheet1.xml': new Uint8Array(8 * 1024 * 1024),
      }),
    reason:
      /The part “xl\/worksheets\/sheet1.xml” is compressed \d+ to 1, as only a decompression bomb is; Easel does not open it./
        .source,
  },
  {
    name: 'macros.docm',
    build: () => zipOf({ '[Content_Types].xml': '<Types/>', 'word/vbaProject.bin': 'VBA' }),
    reason:
      'The file holds only macros \\(VBA code\\) and no document content; Easel does not run or read macros.',
  },
  {
    name: 'broken.docx',
    build: async () => (await zipOf({ 'word/document.xml': '<w:document/>' })).subarray(0, 60),
    reason: 'The file is damaged or truncated: its ZIP directory is missing.',
  },
];

for (const { name, build, reason } of refusals) {
  test(`${name} is refused with its reason before anything is inflated`, async ({ app }) => {
    await chooseFiles(app, [{ name, mimeType: 'application/octet-stream', buffer: await build() }]);
    await expect(app.getByRole('alert')).toContainText(
      new RegExp(`${name.replace('.', '\\.')} was not attached. ${reason}`),
    );
    await expect(attachments(app)).toHaveCount(0);
  });
}
