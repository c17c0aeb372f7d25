// Opening files code wrote in the artifacts panel of the built app: a 100-page PDF and a workbook of 50,000 rows,
// each kept as bytes in a session brought in by Import. Timed from the click on the file's tab until the viewer
// shows it (the PDF's first page drawn with its text; the grid's first rows), then both scrolled to their end;
// the app page's main thread meanwhile, from a Chrome trace (goal: no task over 50 ms).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { exportFileText, sessionRecord, userMessage } from '../e2e/support/records.mjs';
import { startRecording } from './harness.mjs';
import { record } from './results.mjs';

async function hundredPages() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 100; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${n} of the report`, { x: 50, y: 780, size: 20, font });
    for (let line = 0; line < 40; line++)
      page.drawText(`Line ${line + 1}: revenue by region, quarter ${(line % 4) + 1}, figures in thousands.`, {
        x: 50,
        y: 740 - line * 17,
        size: 10,
        font,
      });
  }
  return Buffer.from(await doc.save());
}

function fiftyThousandRows() {
  const rows = [['Region', 'Quarter', 'Revenue', 'Cost', 'Margin', 'Notes']];
  const regions = ['North', 'South', 'East', 'West'];
  for (let i = 0; i < 50_000; i++)
    rows.push([
      regions[i % 4],
      `Q${(i % 4) + 1}`,
      1000 + (i % 997),
      500 + (i % 331),
      (i % 97) / 100,
      `Row ${i + 1}`,
    ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sales');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Summary'], ['50,000 rows']]), 'Summary');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

function exportWith(files) {
  const at = 1_700_000_000_000;
  const messages = [
    { message: userMessage('Make the report files', 1) },
    ...files.map((f, i) => ({
      message: {
        role: 'artifact',
        action: 'create',
        filename: f.filename,
        content: '',
        bytes: f.bytes.toString('base64'),
        mimeType: f.mimeType,
        version: 1,
        author: 'model',
        timestamp: 2 + i,
      },
    })),
  ];
  return exportFileText([
    {
      session: sessionRecord({
        id: 'bench-files',
        title: 'Bench files',
        created: at,
        updated: at,
        messageCount: messages.length,
      }),
      messages,
      attachments: [],
    },
  ]);
}

const CASES = [
  {
    name: 'pdf-100-pages',
    filename: 'report.pdf',
    shown: async (panel) => {
      await panel
        .getByRole('toolbar', { name: 'PDF' })
        .filter({ hasText: '100 pages' })
        .waitFor({ timeout: 120_000 });
      await panel
        .getByRole('region', { name: 'Page 1' })
        .locator('.textLayer span')
        .first()
        .waitFor({ timeout: 120_000 });
    },
    scroller: '.pages',
    end: (panel) => panel.getByRole('region', { name: 'Page 100' }).locator('.textLayer span').first(),
  },
  {
    name: 'xlsx-50000-rows',
    filename: 'sales.xlsx',
    shown: async (panel) => {
      await panel
        .getByRole('grid', { name: 'Sales' })
        .getByRole('gridcell', { name: 'Row 1', exact: true })
        .waitFor({ timeout: 120_000 });
    },
    scroller: '.grid',
    end: (panel) => panel.getByRole('gridcell', { name: 'Row 50000', exact: true }),
  },
];

export async function run(bench) {
  const dir = mkdtempSync(join(tmpdir(), 'easel-viewers-'));
  try {
    const path = join(dir, 'files.json');
    writeFileSync(
      path,
      exportWith([
        { filename: 'report.pdf', bytes: await hundredPages(), mimeType: 'application/pdf' },
        {
          filename: 'sales.xlsx',
          bytes: fiftyThousandRows(),
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ]),
    );
    for (const c of CASES) {
      const { page, context } = await bench.newPage();
      try {
        await page.getByRole('button', { name: 'Settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Settings' });
        await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
        const picking = page.waitForEvent('filechooser');
        await dialog.getByRole('button', { name: 'Import' }).click();
        await (await picking).setFiles(path);
        await dialog
          .getByRole('region', { name: 'Storage' })
          .getByRole('status')
          .filter({ hasText: 'Imported 1 session.' })
          .waitFor({ timeout: 120_000 });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await page
          .getByRole('navigation', { name: 'Sessions' })
          .getByRole('link', { name: 'Bench files' })
          .click();
        const panel = page.getByRole('region', { name: 'Artifacts' });
        const tab = panel.getByRole('tab', { name: c.filename, exact: true });
        await tab.waitFor();
        // Another file first, so the click below opens this one from nothing.
        await panel
          .getByRole('tab', { name: c.filename === 'report.pdf' ? 'sales.xlsx' : 'report.pdf' })
          .click();
        const recording = await startRecording(page);
        const startedAt = Date.now();
        await tab.click();
        await c.shown(panel);
        const openMs = Date.now() - startedAt;
        // Scrolled to the end in steps, as a wheel would.
        await page.evaluate(async (selector) => {
          const find = (root) => {
            for (const el of root.querySelectorAll('*')) {
              if (el.matches(selector) && el.scrollHeight > el.clientHeight) return el;
              const inner = el.shadowRoot && find(el.shadowRoot);
              if (inner) return inner;
            }
            return undefined;
          };
          const el = find(document);
          if (!el) throw new Error(`no ${selector}`);
          for (let step = 1; step <= 40; step++) {
            el.scrollTop = (el.scrollHeight * step) / 40;
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
          }
        }, c.scroller);
        await c.end(panel).waitFor({ timeout: 60_000 });
        const totalMs = Date.now() - startedAt;
        const summary = await recording.stop();
        const result = {
          openMs,
          openAndScrollMs: totalMs,
          longestTaskMs: summary.longestTaskMs,
          tasksOver50ms: summary.tasksOver50ms,
          longestTaskCpuMs: summary.longestTaskCpuMs,
          tasksOver50msCpu: summary.tasksOver50msCpu,
          worstFrameGapMs: summary.worstFrameGapMs,
          // Which build, when runs of two builds are interleaved (`BENCH_BUILD=before EASEL_DIST=dist-before`).
          ...(process.env.BENCH_BUILD ? { build: process.env.BENCH_BUILD } : {}),
        };
        record(`file-viewers-${c.name}`, result);
        console.log(
          `\n  ${c.name}: shown in ${openMs} ms, scrolled to the end by ${totalMs} ms; longest app task ` +
            `${result.longestTaskMs} ms, ${result.tasksOver50ms} over 50 ms (goal: none; in thread time ` +
            `${result.longestTaskCpuMs} ms, ${result.tasksOver50msCpu} over 50 ms), worst frame gap ${result.worstFrameGapMs} ms`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
