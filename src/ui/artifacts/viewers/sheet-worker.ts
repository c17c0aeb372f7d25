/**
 * The spreadsheet worker: reads a workbook (XLSX, XLSM, XLS, ODS) or a CSV/TSV file with SheetJS off the
 * page, and sorts its rows on request. One worker per open grid; it keeps the parsed sheets for sorting.
 * No formula is evaluated and no macro is read.
 */
import { MAX_SHEET_ROWS, type ParsedSheet, type SheetJob, type SheetReply } from './sheet-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let sheets: ParsedSheet[] = [];
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

async function parse(bytes: Uint8Array, filename: string): Promise<ParsedSheet[]> {
  const XLSX = await import('@e965/xlsx');
  const ext = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  const text = ext === 'csv' || ext === 'tsv';
  const book = text
    ? XLSX.read(new TextDecoder().decode(bytes), {
        type: 'string',
        dense: true,
        raw: true,
        sheetRows: MAX_SHEET_ROWS,
        ...(ext === 'tsv' ? { FS: '\t' } : {}),
      })
    : XLSX.read(bytes, {
        type: 'array',
        dense: true,
        sheetRows: MAX_SHEET_ROWS,
        cellFormula: false,
        cellHTML: false,
        cellStyles: false,
        bookVBA: false,
      });
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    const full = sheet?.['!fullref'] ?? sheet?.['!ref'];
    const ref = sheet?.['!ref'];
    if (!sheet || !ref) return { name, rows: 0, cols: 0, text: '', offsets: new Uint32Array(1), clipped: 0 };
    const range = XLSX.utils.decode_range(ref);
    const total = full ? XLSX.utils.decode_range(full).e.r - range.s.r + 1 : 0;
    const rows: unknown[][] = XLSX.utils.sheet_to_json(sheet, {
      header: 1,
      raw: false,
      defval: '',
      blankrows: true,
    });
    const cols = rows.reduce((most, row) => Math.max(most, row.length), 0);
    const offsets = new Uint32Array(rows.length * cols + 1);
    const parts: string[] = [];
    let at = 0;
    rows.forEach((row, r) => {
      for (let c = 0; c < cols; c++) {
        const cell = row[c];
        const value = cell === undefined || cell === null ? '' : String(cell);
        parts.push(value);
        at += value.length;
        offsets[r * cols + c + 1] = at;
      }
    });
    return {
      name,
      rows: rows.length,
      cols,
      text: parts.join(''),
      offsets,
      clipped: Math.max(0, total - rows.length),
    };
  });
}

function sort(sheetIndex: number, column: number, descending: boolean): Uint32Array {
  const sheet = sheets[sheetIndex];
  if (!sheet || sheet.rows < 2) return new Uint32Array(0);
  const values: string[] = [];
  const numbers = new Float64Array(sheet.rows);
  for (let r = 0; r < sheet.rows; r++) {
    const at = r * sheet.cols + column;
    const value = sheet.text.slice(sheet.offsets[at] ?? 0, sheet.offsets[at + 1] ?? 0);
    values.push(value);
    const n = value.trim() === '' ? Number.NaN : Number(value.replace(/,/g, ''));
    numbers[r] = n;
  }
  const order = Uint32Array.from({ length: sheet.rows - 1 }, (_, i) => i + 1);
  const sign = descending ? -1 : 1;
  order.sort((a, b) => {
    const x = numbers[a] as number;
    const y = numbers[b] as number;
    // Numbers before text, empty cells last whichever the direction.
    const xs = values[a] === '';
    const ys = values[b] === '';
    if (xs !== ys) return xs ? 1 : -1;
    const xn = !Number.isNaN(x);
    const yn = !Number.isNaN(y);
    if (xn && yn) return (x - y) * sign || a - b;
    if (xn !== yn) return xn ? -1 : 1;
    return collator.compare(values[a] ?? '', values[b] ?? '') * sign || a - b;
  });
  return order;
}

function reply(message: SheetReply, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = (event) => {
  const job = event.data as SheetJob | null;
  if (!job || typeof job !== 'object' || typeof job.id !== 'number') return;
  if (job.kind === 'parse') {
    if (!(job.bytes instanceof Uint8Array) || typeof job.filename !== 'string') return;
    parse(job.bytes, job.filename).then(
      (parsed) => {
        sheets = parsed;
        // The offsets are copied for the page; the worker keeps its own for sorting.
        const sent = parsed.map((s) => ({ ...s, offsets: s.offsets.slice() }));
        reply(
          { kind: 'parsed', id: job.id, sheets: sent },
          sent.map((s) => s.offsets.buffer),
        );
      },
      (error: unknown) =>
        reply({
          kind: 'failed',
          id: job.id,
          reason: `The spreadsheet could not be read (${error instanceof Error ? error.message : String(error)}).`,
        }),
    );
    return;
  }
  if (job.kind === 'sort') {
    const order = sort(job.sheet, job.column, job.descending);
    reply({ kind: 'sorted', id: job.id, order }, [order.buffer]);
  }
};
