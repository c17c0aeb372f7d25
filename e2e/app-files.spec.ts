/**
 * What an artifact reads of the files attached in its conversation: the bytes as attached (a CSV with its
 * byte-order mark, quotes and CRLFs, a workbook, an image Easel downscaled for Claude), while Claude keeps
 * reading what it always read (the CSV as a Markdown table). Hashes are taken inside the sandboxed frame.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

type Lane = Parameters<typeof messageRequests>[0];

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/files/${name}`, import.meta.url)));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();

/** A CSV as spreadsheets save it: a UTF-8 byte-order mark, quoted fields with commas and quotes, CRLF lines. */
const CSV = Buffer.concat([
  Buffer.from([0xef, 0xbb, 0xbf]),
  Buffer.from('region,note,total\r\n"North, East","said ""hi""",12\r\nSüd,ok,7\r\n', 'utf8'),
]);
const XLSX = fixture('xlsx-issues-multisheet.xlsx');
const PNG = fixture('png-hopper-128.png');

/** What Claude writes for "chart the files I uploaded": SheetJS and papaparse over window.fs.readFile. */
const READER = `import React, { useState } from 'react';
import * as XLSX from 'xlsx';
import Papa from 'papaparse';

async function sha256(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function Reader() {
  const [out, setOut] = useState(null);
  const read = async () => {
    try {
      const csv = await window.fs.readFile('data.csv');
      const text = await window.fs.readFile('data.csv', { encoding: 'utf8' });
      const book = await window.fs.readFile('sales.xlsx');
      const image = await window.fs.readFile('hopper.png');
      const workbook = XLSX.read(book);
      const rows = Papa.parse(text.trim()).data;
      setOut({
        csv: await sha256(csv),
        text: JSON.stringify(text),
        book: await sha256(book),
        image: await sha256(image),
        summary: rows.length + ' rows, ' + rows[1][1] + '; sheets: ' + workbook.SheetNames.join(', '),
      });
    } catch (e) {
      setOut({ summary: 'Refused: ' + e.message });
    }
  };
  return (
    <main>
      <button onClick={read}>Read</button>
      {out && (
        <p id="out" data-csv={out.csv} data-text={out.text} data-book={out.book} data-image={out.image}>
          {out.summary}
        </p>
      )}
    </main>
  );
}
`;

async function readsTheFilesAsAttached(page: Page): Promise<void> {
  const frame = preview(page, 'reader.jsx');
  // Two libraries of a megabyte each to parse on a busy two-core machine can take a while.
  await frame.getByRole('button', { name: 'Read' }).click({ timeout: 30_000 });
  const out = frame.locator('#out');
  await expect(out).toHaveText(
    '3 rows, said "hi"; sheets: datatypes, Sheet1, issue2, issue5, issue6, spc_chrs',
  );
  await expect(out).toHaveAttribute('data-csv', sha256(CSV));
  await expect(out).toHaveAttribute('data-book', sha256(XLSX));
  await expect(out).toHaveAttribute('data-image', sha256(PNG));
  // As text: the file decoded as UTF-8, its byte-order mark dropped (as TextDecoder does), CRLFs kept.
  await expect(out).toHaveAttribute('data-text', JSON.stringify(new TextDecoder().decode(CSV)));
}

async function attach(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    { name: 'data.csv', mimeType: 'text/csv', buffer: CSV },
    {
      name: 'sales.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX,
    },
    { name: 'hopper.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(3);
}

async function modelWritesReader(page: Page, anthropic: Lane): Promise<void> {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_reader',
      input: { command: 'create', filename: 'reader.jsx', content: READER },
    }),
  );
  await anthropic.reply(sse.text('The reader is ready.'));
  await send(page, 'Chart the files I uploaded');
  await expect(claude(page).last()).toContainText('The reader is ready.', { timeout: 30_000 });
}

test('window.fs.readFile gives an artifact the exact bytes attached (CSV, workbook, image), while Claude reads what it always read, and after a reload', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await attach(app);
  await modelWritesReader(app, anthropic);
  await expect(panel(app).getByRole('tab', { name: 'reader.jsx' })).toBeVisible();

  // What went to Claude is unchanged: the CSV as a Markdown table, no byte-order mark, no CRs.
  const [request] = await messageRequests(anthropic);
  const messages = (request?.body.messages ?? []) as { content: { type: string; text?: string }[] }[];
  const content = messages[0]?.content;
  expect(content?.find((b) => b.text?.startsWith('<file name="data.csv">'))?.text).toBe(
    '<file name="data.csv">\n3 rows × 3 columns\n\n```csv\nregion,note,total\n"North, East","said ""hi""",12\nSüd,ok,7\n```\n</file>',
  );
  expect(content?.find((b) => b.type === 'image')).toBeDefined();

  await readsTheFilesAsAttached(app);
  await app.reload();
  await readsTheFilesAsAttached(app);
});

/** A page that shows what it keeps, stores two values (one shared) with `Store`, and changes one with `Change`. */
const KEEPER = `<!DOCTYPE html>
<p id="out">Reading…</p>
<button id="store">Store</button>
<button id="change">Change</button>
<script>
  const out = document.getElementById('out');
  const value = (key, shared) => window.storage.get(key, shared).then((r) => r.value, () => 'none');
  const show = async () => {
    out.textContent = 'note=' + (await value('note')) + ' team=' + (await value('team', true));
  };
  document.getElementById('store').onclick = async () => {
    await window.storage.set('note', '<\\/script><b>bold</b> ünï');
    await window.storage.set('team', 'blue', true);
    await show();
  };
  document.getElementById('change').onclick = async () => {
    await window.storage.set('note', 'changed');
    await show();
  };
  show();
</script>`;

test('Download as app asks whether the file starts with the stored data; included, it is there on the first open and never overwrites what the file stores after', async ({
  app,
  anthropic,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_keeper',
      input: { command: 'create', filename: 'keeper.html', content: KEEPER },
    }),
  );
  await anthropic.reply(sse.text('The page is ready.'));
  await send(app, 'Write keeper.html');
  await expect(claude(app).last()).toContainText('The page is ready.', { timeout: 30_000 });
  const frame = preview(app, 'keeper.html');
  await frame.getByRole('button', { name: 'Store' }).click();
  await expect(frame.locator('#out')).toHaveText('note=</script><b>bold</b> ünï team=blue');

  const save = async (answer: 'Include data' | 'Without data') => {
    await panel(app).getByRole('button', { name: 'More file actions' }).click();
    await panel(app).getByRole('menuitem', { name: 'Download as app' }).click();
    // Each key and value in UTF-8: "note" and its 26 bytes, "team" and "blue".
    const question = panel(app).getByRole('alertdialog', {
      name: 'Include its stored data (2 keys, 38 bytes)?',
    });
    await expect(question).toBeVisible();
    const downloading = app.waitForEvent('download');
    await question.getByRole('button', { name: answer }).click();
    const download = await downloading;
    await expect(question).toBeHidden();
    const file = testInfo.outputPath(
      `${answer === 'Include data' ? 'with' : 'without'}/${download.suggestedFilename()}`,
    );
    await download.saveAs(file);
    return pathToFileURL(file).href;
  };
  // Cancel saves nothing and takes the question away.
  await panel(app).getByRole('button', { name: 'More file actions' }).click();
  await panel(app).getByRole('menuitem', { name: 'Download as app' }).click();
  await panel(app).getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(panel(app).getByRole('alertdialog')).toHaveCount(0);
  const withData = await save('Include data');
  const withoutData = await save('Without data');

  // Each in a fresh context: its own storage, and every request to a network address refused.
  const open = async (url: string, check: (page: Page) => Promise<void>) => {
    const context = await browser.newContext();
    await context.route(/^(https?|wss?):/, (route) => route.abort());
    try {
      const page = await context.newPage();
      await page.goto(url);
      await check(page);
    } finally {
      await context.close();
    }
  };
  // The app runs in the saved file's sandboxed frame (docs/artifact-apps-security.md).
  const shown = (page: Page) => page.frameLocator('iframe[title="keeper.html"]');
  await open(withData, async (page) => {
    await expect(shown(page).locator('#out')).toHaveText('note=</script><b>bold</b> ünï team=blue');
    await shown(page).getByRole('button', { name: 'Change' }).click();
    await expect(shown(page).locator('#out')).toHaveText('note=changed team=blue');
    await page.reload();
    await expect(shown(page).locator('#out')).toHaveText('note=changed team=blue');
  });
  await open(withoutData, async (page) => {
    await expect(shown(page).locator('#out')).toHaveText('note=none team=none');
  });
});
