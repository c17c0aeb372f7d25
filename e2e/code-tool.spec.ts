import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test, toolResult } from './support/test';
import { startTripwire } from './support/tripwire';

// `run_code`: Claude's JavaScript and Python run in the browser, in a sandbox of their own (an opaque-origin
// frame whose worker has no network), with the session's files to read and the panel to write to.

/** 1,000 rows whose amounts sum to 500,500 (1 + 2 + … + 1000). */
const CSV = `region,amount\n${Array.from({ length: 1000 }, (_, i) => `r${i % 4},${i + 1}`).join('\n')}\n`;

const card = (page: Page, name: string | RegExp) => page.getByRole('group', { name });

async function attachCsv(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }]);
  await expect(page.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
}

const runCode = (id: string, language: 'javascript' | 'python', code: string, title?: string) =>
  sse.toolUse({ id, name: 'run_code', input: { language, code, ...(title ? { title } : {}) } });

test('a CSV attached is summed in JavaScript and in Python, with the right total', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await anthropic.reply(
    runCode(
      'toolu_js',
      'javascript',
      [
        "const text = await fs.readFile('sales.csv', { encoding: 'utf8' });",
        "const rows = text.trim().split('\\n').slice(1).map((l) => Number(l.split(',')[1]));",
        "console.log('rows', rows.length);",
        'rows.reduce((a, b) => a + b, 0)',
      ].join('\n'),
      'Sum the amounts',
    ),
    runCode(
      'toolu_py',
      'python',
      [
        'import csv',
        "with open('/mnt/data/sales.csv', newline='') as f:",
        "    total = sum(int(r['amount']) for r in csv.DictReader(f))",
        "print('python total', total)",
        'total',
      ].join('\n'),
    ),
    sse.text('Both say 500,500.'),
  );
  await attachCsv(app);
  await send(app, 'Sum the amounts');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Both say 500,500.', {
    timeout: 90_000,
  });
  const js = await toolResult(anthropic, 'toolu_js');
  expect(js).toContain('rows 1000');
  expect(js).toContain('Value:\n500500');
  const py = await toolResult(anthropic, 'toolu_py');
  expect(py).toContain('python total 500500');
  expect(py).toContain('Value:\n500500');
  // The card shows the code and what it printed.
  const jsCard = card(app, 'Tool call: Running JavaScript: Sum the amounts');
  await expect(jsCard.getByLabel('Output')).toContainText('rows 1000');
  await expect(jsCard.getByLabel('Value')).toHaveText('500500');
  await expect(card(app, 'Tool call: Running Python').getByLabel('Output')).toContainText(
    'python total 500500',
  );
});

test('state stays between two calls; Stop and the time limit end a run and Claude is told', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await anthropic.reply(
    runCode('toolu_a', 'javascript', 'const kept = 41;\nkept'),
    runCode('toolu_b', 'javascript', 'kept + 1'),
    sse.text('It remembered.'),
  );
  await send(app, 'Remember a number');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('It remembered.');
  expect(await toolResult(anthropic, 'toolu_b')).toContain('Value:\n42');

  // Stop during a run: the endless loop is ended at once, Claude is told, and the state is gone.
  await anthropic.reply(
    runCode('toolu_loop', 'javascript', "console.log('started');\nwhile (true) {}", 'Loop for ever'),
    sse.text('Stopped, fine.'),
  );
  await send(app, 'Loop');
  const loop = card(app, 'Tool call: Running JavaScript: Loop for ever');
  await expect(loop.getByRole('status')).toContainText('s');
  await loop.getByRole('button', { name: 'Stop' }).click();
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Stopped, fine.');
  const stopped = await toolResult(anthropic, 'toolu_loop');
  expect(stopped).toContain('stopped by the person');
  expect(stopped).toContain('started');

  // The next run says the state is gone.
  await anthropic.reply(runCode('toolu_c', 'javascript', 'typeof kept'), sse.text('Gone.'));
  await send(app, 'Still there?');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Gone.');
  const after = await toolResult(anthropic, 'toolu_c');
  expect(after).toContain('state (variables, imports) is gone');
  expect(after).toContain('Value:\n"undefined"');
});

test("the answer's Stop during a run keeps what the run printed in its card", async ({ app, anthropic }) => {
  test.setTimeout(120_000);
  await anthropic.reply(
    runCode(
      'toolu_spin_stop',
      'javascript',
      "console.log('first line');\nconsole.log('second line');\nwhile (true) {}",
      'Print, then spin',
    ),
  );
  await send(app, 'Spin until I stop you');
  const run = card(app, 'Tool call: Running JavaScript: Print, then spin');
  await expect(run).toContainText('second line');
  // The composer's Stop (not the card's): the whole answer stops, and the run with it.
  await app.getByRole('button', { name: 'Stop', exact: true }).last().click();
  await expect(run).toContainText('Stopped after');
  await expect(run).toContainText('first line');
  await expect(run).toContainText('second line');
  // And after a reload, the card still has them (the result was saved with its output).
  await app.reload();
  const again = card(app, 'Tool call: Running JavaScript: Print, then spin');
  await expect(again).toContainText('second line');
});

test('an endless loop is ended at the time limit, with the output so far', async ({ app, anthropic }) => {
  test.setTimeout(120_000);
  // The limit is a setting (30 s unless changed).
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  await expect(
    dialog.getByRole('spinbutton', { name: 'Time limit for each code run (seconds)' }),
  ).toHaveValue('30');
  await dialog.getByRole('spinbutton', { name: 'Time limit for each code run (seconds)' }).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await anthropic.reply(
    runCode('toolu_spin', 'javascript', "console.log('before the loop');\nfor (;;) {}"),
    sse.text('Too slow.'),
  );
  await send(app, 'Spin');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Too slow.', {
    timeout: 60_000,
  });
  const result = await toolResult(anthropic, 'toolu_spin');
  expect(result).toContain('The run was ended after 4 s, the time limit');
  expect(result).toContain('before the loop');
  await expect(card(app, 'Tool call: Running JavaScript')).toContainText('Ended at the time limit');
});

test("code cannot put off its time limit or forge its result through the runner's port", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  await dialog.getByRole('spinbutton', { name: 'Time limit for each code run (seconds)' }).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The attack: replace the port's postMessage to catch the port and the run's id on the first print, then post
  // `running` every half second (to put off the limit) and, later, a `done` with a result of its own.
  const attack = [
    'let caught;',
    'const original = MessagePort.prototype.postMessage;',
    'MessagePort.prototype.postMessage = function (message, transfer) {',
    '  caught ??= { port: this, id: message && message.id };',
    '  return original.call(this, message, transfer);',
    '};',
    "console.log('printing once');",
    "setInterval(() => caught && original.call(caught.port, { kind: 'running', id: caught.id }), 500);",
    'setTimeout(() => caught && original.call(caught.port,',
    "  { kind: 'done', id: caught.id, ok: true, value: 'FORGED RESULT', files: [] }), 6000);",
    'await new Promise(() => {});',
  ].join('\n');
  await anthropic.reply(runCode('toolu_forge', 'javascript', attack), sse.text('Checked.'));
  await send(app, 'Try it');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Checked.', {
    timeout: 60_000,
  });
  const result = await toolResult(anthropic, 'toolu_forge');
  expect(result).toContain('The run was ended after 4 s, the time limit');
  expect(result).toContain('printing once');
  expect(result).not.toContain('FORGED RESULT');
});

test('a file written by code opens in the panel and downloads byte for byte; images reach Claude', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  const report = 'region,total\nr0,125250\nr1,125500\n';
  await anthropic.reply(
    runCode(
      'toolu_write',
      'javascript',
      [
        `await fs.writeFile('totals.csv', ${JSON.stringify(report)});`,
        'const canvas = new OffscreenCanvas(40, 20);',
        "const ctx = canvas.getContext('2d');",
        "ctx.fillStyle = '#c00'; ctx.fillRect(0, 0, 40, 20);",
        'await show(canvas);',
        "await fs.writeFile('bytes.bin', new Uint8Array([0, 1, 2, 254, 255]));",
      ].join('\n'),
      'Write the totals',
    ),
    runCode('toolu_py_write', 'python', "open('/mnt/outputs/notes.txt', 'w').write('from python\\n')"),
    sse.text('Written.'),
  );
  await send(app, 'Write a file');
  // Python starts on its first run (some seconds).
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Written.', {
    timeout: 90_000,
  });
  const written = await toolResult(anthropic, 'toolu_write');
  expect(written).toContain('totals.csv (version 1, in the panel)');
  // The image went to Claude as an image block.
  const requests = await messageRequests(anthropic);
  const images = JSON.stringify(requests.at(-2)?.body.messages ?? []).match(/"type":"image"/g) ?? [];
  expect(images.length).toBeGreaterThan(0);
  const writeCard = card(app, 'Tool call: Running JavaScript: Write the totals');
  await expect(writeCard.getByRole('img', { name: 'Image 1 the code showed' })).toBeVisible();
  // The file opens in the panel from the card, and downloads byte for byte.
  await writeCard.getByRole('button', { name: 'totals.csv' }).click();
  const panel = app.getByRole('region', { name: 'Artifacts' });
  await expect(panel).toContainText('125500');
  const downloading = app.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).first().click();
  const download = await downloading;
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(await download.path())).toString('utf8')).toBe(report);
  expect(await toolResult(anthropic, 'toolu_py_write')).toContain('notes.txt (version 1, in the panel)');
  // A binary file keeps its exact bytes.
  expect(written).toContain('bytes.bin (version 1, in the panel)');
  await writeCard.getByRole('button', { name: 'bytes.bin' }).click();
  const binary = app.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).first().click();
  expect([...(await readFile(await (await binary).path()))]).toEqual([0, 1, 2, 254, 255]);
});

test('code reaches no network and none of the app: storage, the key, the page', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  const tripwire = await startTripwire();
  try {
    const target = `http://${tripwire.host}/leak`;
    await anthropic.reply(
      runCode(
        'toolu_net',
        'javascript',
        [
          'const tries = {};',
          'const attempt = async (name, f) => { try { tries[name] = String(await f()); } catch (e) { tries[name] = "refused: " + e.message; } };',
          `await attempt('fetch', () => fetch(${JSON.stringify(target)}));`,
          `await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', ${JSON.stringify(target)}); x.send(); return 'sent'; });`,
          `await attempt('websocket', () => new WebSocket(${JSON.stringify(`ws://${tripwire.host}/`)}));`,
          `await attempt('import', () => import(${JSON.stringify(`${target}.js`)}));`,
          `await attempt('importScripts', () => importScripts(${JSON.stringify(`${target}.js`)}));`,
          "await attempt('indexedDB', () => new Promise((ok, no) => { const r = indexedDB.open('easel'); r.onsuccess = () => ok(r.result.objectStoreNames.length + ' stores'); r.onerror = () => no(r.error); }));",
          "await attempt('caches', () => caches.keys());",
          "await attempt('origin', () => self.origin);",
          "await attempt('parent', () => typeof document);",
          'tries',
        ].join('\n'),
      ),
      runCode(
        'toolu_pynet',
        'python',
        [
          'import urllib.request',
          'try:',
          `    urllib.request.urlopen(${JSON.stringify(target)})`,
          "    print('reached')",
          'except Exception as e:',
          "    print('refused', type(e).__name__)",
          'import numpy',
        ].join('\n'),
      ),
      sse.text('Nothing left.'),
    );
    await send(app, 'Try to leak');
    await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Nothing left.', {
      timeout: 90_000,
    });
    const js = await toolResult(anthropic, 'toolu_net');
    expect(js).toContain('fetch: "refused');
    expect(js).toContain('xhr: "refused');
    expect(js).toContain('websocket: "refused');
    expect(js).toContain('import: "refused');
    expect(js).toContain('importScripts: "refused');
    // An opaque origin has no storage of the app's: IndexedDB and caches are refused there.
    expect(js).toContain('indexedDB: "refused');
    expect(js).toContain('caches: "refused');
    expect(js).toContain('origin: "null"');
    expect(js).toContain('parent: "undefined"');
    expect(js).not.toContain('sk-ant-test-key');
    const py = await toolResult(anthropic, 'toolu_pynet');
    expect(py).toContain('refused');
    expect(py).not.toContain('reached');
    // A missing package fails with one line Claude can act on.
    expect(py).toContain("No module named 'numpy'. Easel's Python has the standard library and openpyxl");
    expect(tripwire.hits).toEqual([]);
  } finally {
    await tripwire.close();
  }
});

test('the Code switch turns run_code off for the session', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('One.'), sse.text('Two.'));
  const code = app.getByRole('button', { name: 'Code', exact: true });
  await expect(code).toHaveAttribute('aria-pressed', 'true');
  await send(app, 'With code');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('One.');
  await code.click();
  await expect(code).toHaveAttribute('aria-pressed', 'false');
  await send(app, 'Without code');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Two.');
  const [first, second] = await messageRequests(anthropic);
  const names = (body: Record<string, unknown> | undefined) =>
    ((body?.tools ?? []) as { name: string }[]).map((t) => t.name);
  expect(names(first?.body)).toContain('run_code');
  expect(names(second?.body)).not.toContain('run_code');
});

test('Python makes an Excel workbook with openpyxl and a PDF with reportlab; the panel shows them', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await anthropic.reply(
    runCode(
      'toolu_xlsx',
      'python',
      [
        'import openpyxl',
        'from reportlab.pdfgen import canvas',
        'wb = openpyxl.Workbook()',
        "ws = wb.active; ws.title = 'Totals'",
        "ws.append(['region', 'total'])",
        "ws.append(['north', 125250]); ws.append(['south', 125500])",
        "wb.create_sheet('Notes')['A1'] = 'made in Python'",
        "wb.save('/mnt/outputs/totals.xlsx')",
        "pdf = canvas.Canvas('/mnt/outputs/report.pdf')",
        "pdf.drawString(72, 720, 'Regions report'); pdf.save()",
        'openpyxl.__version__',
      ].join('\n'),
      'Make the workbook',
    ),
    sse.text('Made.'),
  );
  await send(app, 'Make a workbook');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Made.', {
    timeout: 90_000,
  });
  const result = await toolResult(anthropic, 'toolu_xlsx');
  expect(result).toContain('Value:\n3.0.9');
  expect(result).toContain('totals.xlsx (version 1, in the panel)');
  expect(result).toContain('report.pdf (version 1, in the panel)');
  // The workbook opens in the panel's spreadsheet viewer, a tab per sheet, with the cells Python wrote.
  const runCard = card(app, 'Tool call: Running Python: Make the workbook');
  await runCard.getByRole('button', { name: 'totals.xlsx' }).click();
  const panel = app.getByRole('region', { name: 'Artifacts' });
  const sheets = panel.getByRole('tablist', { name: 'Sheets' });
  await expect(sheets.getByRole('tab')).toHaveText(['Totals', 'Notes'], { timeout: 30_000 });
  const grid = panel.getByRole('grid', { name: 'Totals' });
  await expect(grid).toContainText('north');
  await expect(grid).toContainText('125500');
  await sheets.getByRole('tab', { name: 'Notes' }).click();
  await expect(panel.getByRole('grid', { name: 'Notes' })).toContainText('made in Python');
  // The PDF, in the PDF viewer.
  await runCard.getByRole('button', { name: 'report.pdf' }).click();
  await expect(panel.getByRole('toolbar', { name: 'PDF' })).toContainText('1 page', { timeout: 30_000 });
});

test('JavaScript makes a Word document, a deck and a workbook with the libraries it may import', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(120_000);
  await anthropic.reply(
    runCode(
      'toolu_office',
      'javascript',
      [
        "import { Document, Packer, Paragraph, TextRun } from 'docx';",
        "import PptxGenJS from 'pptxgenjs';",
        "const XLSX = require('xlsx');",
        'const doc = new Document({',
        "  sections: [{ children: [new Paragraph({ children: [new TextRun('Regions report')] })] }],",
        '});',
        "await fs.writeFile('report.docx', await Packer.toBlob(doc));",
        'const pptx = new PptxGenJS();',
        "pptx.addSlide().addText('North grew fastest', { x: 1, y: 1, w: 8, h: 1 });",
        "await fs.writeFile('deck.pptx', await pptx.write({ outputType: 'uint8array' }));",
        "const sheet = XLSX.utils.aoa_to_sheet([['region', 'total'], ['north', 125250]]);",
        'const wb = XLSX.utils.book_new();',
        "XLSX.utils.book_append_sheet(wb, sheet, 'Totals');",
        "await fs.writeFile('totals.xlsx', XLSX.write(wb, { type: 'array', bookType: 'xlsx' }));",
        'XLSX.version',
      ].join('\n'),
      'Make the office files',
    ),
    runCode('toolu_later', 'javascript', "typeof Packer.toBlob + ' ' + typeof PptxGenJS", 'Later'),
    runCode('toolu_missing', 'javascript', "import leftPad from 'left-pad';\nleftPad('1', 3)", 'Missing'),
    sse.text('Made.'),
  );
  await send(app, 'Make a report, a deck and a workbook');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Made.', {
    timeout: 90_000,
  });
  const result = await toolResult(anthropic, 'toolu_office');
  expect(result).toContain('0.20.3');
  for (const name of ['report.docx', 'deck.pptx', 'totals.xlsx'])
    expect(result).toContain(`${name} (version 1, in the panel)`);
  // What the imports declared stays for the next run, like any top-level declaration.
  expect(await toolResult(anthropic, 'toolu_later')).toContain('function function');
  // Anything else is refused before the code runs, with the list of what there is.
  const missing = await toolResult(anthropic, 'toolu_missing');
  expect(missing).toContain("Cannot import 'left-pad'");
  expect(missing).toContain('docx, pptxgenjs');

  const runCard = card(app, 'Tool call: Running JavaScript: Make the office files');
  const panel = app.getByRole('region', { name: 'Artifacts' });
  await runCard.getByRole('button', { name: 'report.docx' }).click();
  await expect(panel.getByRole('article', { name: 'report.docx' })).toContainText('Regions report', {
    timeout: 30_000,
  });
  await runCard.getByRole('button', { name: 'deck.pptx' }).click();
  await expect(panel.getByRole('region', { name: 'Slide 1 of 1' })).toContainText('North grew fastest', {
    timeout: 30_000,
  });
  await runCard.getByRole('button', { name: 'totals.xlsx' }).click();
  await expect(panel.getByRole('grid', { name: 'Totals' })).toContainText('125250', { timeout: 30_000 });
});
