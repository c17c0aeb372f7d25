import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, importFile, send, test } from './support/test';

// Files Claude makes, shown in the panel: binary files (PDF, Word, Excel, PowerPoint) kept as their bytes and
// drawn by their viewers, downloaded byte for byte; Mermaid diagrams drawn in the sandbox, as a file and in an
// answer. The binary files arrive through Import of an export file, the way a saved session brings them back
// (their bytes as base64, as `Export` writes them).

const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const tab = (page: Page, filename: string) => panel(page).getByRole('tab', { name: filename, exact: true });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/viewers/${name}`, import.meta.url));

const FILES = [
  { filename: 'report.pdf', source: 'pdf-multipage-4pages.pdf', mimeType: 'application/pdf' },
  {
    filename: 'tables.docx',
    source: 'docx-tables.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  {
    filename: 'issues.xlsx',
    source: 'xlsx-issues-multisheet.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  {
    filename: 'deck.pptx',
    source: 'pptx-shapes-and-picture.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
] as const;

/** An export file of one session whose code wrote the four files. */
function exportWithFiles(): string {
  const messages = [
    { message: { role: 'user', content: 'Make me the report files', timestamp: 1 } },
    ...FILES.map((f, i) => ({
      message: {
        role: 'artifact',
        action: 'create',
        filename: f.filename,
        content: '',
        bytes: fixture(f.source).toString('base64'),
        mimeType: f.mimeType,
        version: 1,
        author: 'model',
        timestamp: 2 + i,
      },
    })),
  ];
  return JSON.stringify({
    format: 'easel-export',
    version: 1,
    exportedAt: '2026-12-01T00:00:00.000Z',
    sessions: [
      {
        session: {
          id: 'files-session',
          title: 'Report files',
          created: 1,
          updated: 6,
          model: 'claude-sonnet-4-5',
          thinkingLevel: 'off',
          messageCount: messages.length,
          tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          cost: 0,
          preview: 'Make me the report files',
        },
        messages,
        attachments: [],
      },
    ],
  });
}

test('a PDF, a Word document, a workbook of several sheets and a presentation render in the panel, and download byte for byte', async ({
  app,
}, testInfo) => {
  const file = testInfo.outputPath('report-files.json');
  writeFileSync(file, exportWithFiles());
  await importFile(app, file, 'Imported 1 session.');
  await app.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name: 'Report files' }).click();

  // The workbook: a tab per sheet, a grid each.
  await tab(app, 'issues.xlsx').click();
  const sheets = panel(app).getByRole('tablist', { name: 'Sheets' });
  await expect(sheets.getByRole('tab')).toHaveText(
    ['datatypes', 'Sheet1', 'issue2', 'issue5', 'issue6', 'spc_chrs'],
    {
      timeout: 30_000,
    },
  );
  await expect(panel(app).getByRole('grid', { name: 'datatypes' })).toBeVisible();
  await sheets.getByRole('tab', { name: 'issue2' }).click();
  await expect(panel(app).getByRole('grid', { name: 'issue2' })).toBeVisible();

  // The PDF: every page, the first drawn with its text selectable.
  await tab(app, 'report.pdf').click();
  await expect(panel(app).getByRole('toolbar', { name: 'PDF' })).toContainText('4 pages', {
    timeout: 30_000,
  });
  const firstPage = panel(app).getByRole('region', { name: 'Page 1' });
  await expect(firstPage.locator('canvas')).toBeVisible();
  await expect(firstPage.locator('.textLayer')).toContainText(/\w{3,}/);
  await panel(app).getByRole('button', { name: 'Zoom in' }).click();
  await expect(panel(app).getByLabel('Zoom')).toHaveText('125%');

  // The Word document, sanitised into the page.
  await tab(app, 'tables.docx').click();
  const doc = panel(app).getByRole('article', { name: 'tables.docx' });
  await expect(doc.getByRole('table').first()).toBeVisible({ timeout: 30_000 });

  // The presentation: slides in order, with their text and picture.
  await tab(app, 'deck.pptx').click();
  await expect(panel(app).getByRole('region', { name: 'Slide 1 of 3' })).toContainText(
    'autoshape positioned at:',
    {
      timeout: 30_000,
    },
  );
  await expect(panel(app).getByRole('img', { name: 'Picture 1 of slide 2' })).toBeVisible();

  // Download gives the exact bytes.
  const downloading = app.waitForEvent('download');
  await panel(app)
    .getByRole('toolbar', { name: 'File actions' })
    .getByRole('button', { name: 'Download' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('deck.pptx');
  expect(readFileSync(await download.path()).equals(fixture('pptx-shapes-and-picture.pptx'))).toBe(true);

  // And they are still there, the same, after a reload.
  await app.reload();
  await tab(app, 'report.pdf').click();
  await expect(panel(app).getByRole('toolbar', { name: 'PDF' })).toContainText('4 pages', {
    timeout: 30_000,
  });
});

test('a Mermaid file and a mermaid block in an answer are drawn in the sandbox, and a broken one says why', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_flow',
      input: {
        command: 'create',
        filename: 'flow.mermaid',
        content: 'graph TD\n  Plan --> Build\n  Build --> Ship',
      },
    }),
  );
  await anthropic.reply(
    sse.text(
      'Here is the flow, and the same as a sequence:\n\n```mermaid\nsequenceDiagram\n  Alice->>Bob: Hello\n```\n\nAnd a broken one:\n\n```mermaid\ngraph TD\n  A -->\n```\n',
    ),
  );
  await send(app, 'Draw the release flow');

  const file = app.getByTitle('flow.mermaid preview', { exact: true }).contentFrame();
  await expect(file.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible({ timeout: 30_000 });
  await expect(file.getByText('Build', { exact: true })).toBeVisible();
  await panel(app).getByRole('button', { name: 'Code' }).click();
  await expect(panel(app).getByText('Plan --> Build')).toBeVisible();

  const answer = app.getByRole('article', { name: 'Claude' }).last();
  const frames = answer.getByTitle('Mermaid diagram preview', { exact: true });
  await expect(frames).toHaveCount(2, { timeout: 30_000 });
  const drawn = frames.nth(0).contentFrame();
  await expect(drawn.getByRole('img', { name: 'Diagram' }).locator('svg')).toBeVisible({ timeout: 30_000 });
  await expect(drawn.getByText('Alice', { exact: true }).first()).toBeVisible();
  const broken = frames.nth(1).contentFrame();
  await expect(broken.getByRole('alert')).toContainText('This diagram could not be drawn', {
    timeout: 30_000,
  });
  // The source is one click away.
  await answer.getByRole('button', { name: 'Show source' }).first().click();
  await expect(answer.getByText('Alice->>Bob: Hello')).toBeVisible();
});
