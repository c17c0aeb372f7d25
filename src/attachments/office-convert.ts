/**
 * Office files → Markdown for the model, run in the office worker (`office-worker.ts`): DOCX with mammoth
 * (headings, lists, tables, links; embedded images handed back to be sent as images), spreadsheets (XLSX, XLSM,
 * XLS, ODS) with SheetJS as one CSV table per sheet, PPTX slide by slide from its XML with JSZip, and CSV/TSV
 * files as one table. The libraries load with `import()` the first time such a file arrives. ZIP-based files
 * pass `checkZip` before any library inflates them. Output is cut at `maxChars` with a note saying what was
 * left out. Never throws: every failure is a reason.
 */
import { decodeEntities, htmlToMarkdown } from './html-markdown';
import { decodeText } from './text';
import { checkZip, type ZipEntry } from './zip-guard';

export type OfficeInput = 'docx' | 'sheet' | 'pptx' | 'delimited';

export interface OfficeJob {
  readonly input: OfficeInput;
  readonly name: string;
  readonly bytes: Uint8Array;
  /** Characters of Markdown at most; beyond, the text is cut with a note. */
  readonly maxChars: number;
  /** Embedded images handed back at most (DOCX). */
  readonly maxImages: number;
}

export interface OfficeImage {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** What a document holds, for the tile: "3 sheets", "12 slides", "4 pages". */
export interface OfficeCount {
  readonly unit: 'page' | 'sheet' | 'slide' | 'row';
  readonly count: number;
}

export type OfficeResult =
  | {
      readonly ok: true;
      readonly markdown: string;
      readonly count: OfficeCount | undefined;
      readonly truncated: boolean;
      readonly images: readonly OfficeImage[];
    }
  | { readonly ok: false; readonly reason: string };

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export async function convertOffice(job: OfficeJob): Promise<OfficeResult> {
  try {
    if (job.input === 'delimited') return convertDelimited(job);
    const ole = OLE2.every((b, i) => job.bytes[i] === b);
    if (ole) {
      if (hasUtf16(job.bytes, 'EncryptedPackage') || hasUtf16(job.bytes, 'EncryptionInfo')) {
        return refuse(
          'The file is password-protected (encrypted). Save a copy without a password and attach that.',
        );
      }
      if (job.input !== 'sheet')
        return refuse(
          'Word and PowerPoint files in the old binary format (.doc, .ppt) cannot be read. Save it as .docx, .pptx or PDF and attach that.',
        );
      return await convertSheets(job, undefined);
    }
    const zip = checkZip(job.bytes);
    if (!zip.ok) return zip;
    const macroOnly = macroOnlyReason(zip.entries, job.input);
    if (macroOnly) return refuse(macroOnly);
    switch (job.input) {
      case 'docx':
        return await convertDocx(job);
      case 'sheet':
        return await convertSheets(job, zip.entries);
      case 'pptx':
        return await convertSlides(job);
    }
  } catch (error) {
    return refuse(`The file is damaged or not one Easel can read (${messageOf(error)}).`);
  }
}

function refuse(reason: string): OfficeResult {
  return { ok: false, reason };
}

/** `errorText`'s first line, kept here: this runs in a worker, which must not import the agent. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 160) || 'unknown error';
}

/** Whether the UTF-16LE form of `text` (as OLE2 directory names are written) occurs in the first 1 MB. */
function hasUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text).flatMap((c) => [c.charCodeAt(0), 0]);
  const end = Math.min(bytes.length, 1024 * 1024) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** A file whose only content is a VBA project (an add-in, or a document with its content removed). */
function macroOnlyReason(entries: readonly ZipEntry[], input: OfficeInput): string | undefined {
  const names = entries.map((e) => e.name);
  const content =
    input === 'docx'
      ? names.includes('word/document.xml')
      : input === 'pptx'
        ? names.some((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
        : names.some((n) => /^xl\/worksheets\//.test(n) || n === 'content.xml' || /^xl\/workbook/.test(n));
  if (content) return undefined;
  if (names.some((n) => /vbaProject\.bin$/i.test(n))) {
    return 'The file holds only macros (VBA code) and no document content; Easel does not run or read macros.';
  }
  return 'The file is damaged: its document content is missing.';
}

/** Cuts `text` at a line end before `max` characters; says how much was left out. */
function fitText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const cut = text.lastIndexOf('\n', max);
  const kept = text.slice(0, cut > max / 2 ? cut : max);
  const left = text.length - kept.length;
  return {
    text: `${kept}\n\n[Truncated: about ${left.toLocaleString('en-US')} more characters (${Math.ceil(left / 4).toLocaleString('en-US')} tokens) were left out to fit.]`,
    truncated: true,
  };
}

/** A fenced block whose fence is longer than any run of backticks inside. */
function fence(text: string, info: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const marks = '`'.repeat(Math.max(3, longest + 1));
  return `${marks}${info}\n${text}\n${marks}`;
}

// --- DOCX -------------------------------------------------------------------------------------------------

async function convertDocx(job: OfficeJob): Promise<OfficeResult> {
  const mammoth = (await import('mammoth')).default;
  const images: OfficeImage[] = [];
  let seen = 0;
  const imgElement = mammoth.images.imgElement(async (image) => {
    seen++;
    const type = image.contentType.toLowerCase();
    const ext = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }[type];
    if (!ext || images.length >= job.maxImages) return { src: `image ${seen} (not sent)` };
    const bytes = new Uint8Array(await image.readAsArrayBuffer());
    images.push({ name: `image ${images.length + 1}.${ext}`, bytes });
    return { src: `Image ${images.length}, sent below` };
  });
  const input = { arrayBuffer: job.bytes.slice().buffer, buffer: job.bytes } as { arrayBuffer: ArrayBuffer };
  const result = await mammoth.convertToHtml(input, { convertImage: imgElement });
  const { text, truncated } = fitText(htmlToMarkdown(result.value), job.maxChars);
  const pages = await docxPages(job.bytes);
  return {
    ok: true,
    markdown: text,
    count: pages ? { unit: 'page', count: pages } : undefined,
    truncated,
    images,
  };
}

/** The page count Word saved in `docProps/app.xml`, when there is one. */
async function docxPages(bytes: Uint8Array): Promise<number | undefined> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(bytes);
  const app = await zip.file('docProps/app.xml')?.async('string');
  const pages = Number(/<Pages>(\d+)<\/Pages>/.exec(app ?? '')?.[1]);
  return Number.isFinite(pages) && pages > 0 ? pages : undefined;
}

// --- Spreadsheets ---------------------------------------------------------------------------------------

/** Rows read per sheet at most (the dimensions still count them all). */
const MAX_SHEET_ROWS = 100_000;

async function convertSheets(
  job: OfficeJob,
  entries: readonly ZipEntry[] | undefined,
): Promise<OfficeResult> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(job.bytes, {
    type: 'array',
    dense: true,
    sheetRows: MAX_SHEET_ROWS,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
  });
  const names = book.SheetNames;
  if (names.length === 0) return refuse('The workbook has no sheets.');
  const macros = entries?.some((e) => /vbaProject\.bin$/i.test(e.name))
    ? '_The workbook holds macros (VBA); they were not read or run._\n\n'
    : '';
  const perSheet = Math.floor(job.maxChars / names.length);
  let truncated = false;
  const parts = names.map((name, i) => {
    const sheet = book.Sheets[name];
    const full = sheet?.['!fullref'] ?? sheet?.['!ref'];
    const heading = `## Sheet ${i + 1} of ${names.length}: ${JSON.stringify(name)}`;
    if (!sheet || !full) return `${heading} (empty)`;
    const range = XLSX.utils.decode_range(full);
    const rows = range.e.r - range.s.r + 1;
    const cols = range.e.c - range.s.c + 1;
    const csv = XLSX.utils.sheet_to_csv(sheet, { blankrows: false, strip: true });
    const shownRows = Math.min(rows, MAX_SHEET_ROWS);
    const cut = fitRows(csv, perSheet);
    const dims = `${rows.toLocaleString('en-US')} rows × ${cols.toLocaleString('en-US')} columns, ${full}`;
    const lines = [`${heading} (${dims})`, '', fence(cut.text, 'csv')];
    if (cut.cut || shownRows < rows) {
      truncated = true;
      lines.push(
        '',
        `[Truncated: only the first ${cut.lines.toLocaleString('en-US')} of the sheet's non-empty rows are shown; the rest of its ${rows.toLocaleString('en-US')} rows were left out to fit.]`,
      );
    }
    return lines.join('\n');
  });
  return {
    ok: true,
    markdown: macros + parts.join('\n\n'),
    count: { unit: 'sheet', count: names.length },
    truncated,
    images: [],
  };
}

/** The first lines of `csv` that fit `max` characters (whole rows; a quoted field may span lines). */
function fitRows(csv: string, max: number): { text: string; lines: number; cut: boolean } {
  const total = countRows(csv, csv.length);
  if (csv.length <= max) return { text: csv, lines: total, cut: false };
  let end = csv.lastIndexOf('\n', max);
  if (end <= 0) end = max;
  // Do not end inside a quoted field: back up while the quote count before `end` is odd.
  while (end > 0 && quotesBefore(csv, end) % 2 === 1) end = csv.lastIndexOf('\n', end - 1);
  const text = csv.slice(0, Math.max(0, end));
  return { text, lines: countRows(text, text.length), cut: true };
}

function quotesBefore(text: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 34) n++;
  return n;
}

/** Rows of delimited text up to `end`, counting line breaks outside quotes. */
function countRows(text: string, end: number): number {
  if (end === 0) return 0;
  let rows = 1;
  let quoted = false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted && i < end - 1) rows++;
  }
  return rows;
}

// --- CSV / TSV ------------------------------------------------------------------------------------------

function convertDelimited(job: OfficeJob): OfficeResult {
  const decoded = decodeText(job.bytes);
  if (!decoded.ok) return refuse(decoded.reason);
  const text = decoded.text.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const tab = /\.tsv$/i.test(job.name) || (!text.split('\n', 1)[0]?.includes(',') && text.includes('\t'));
  const columns = maxColumns(text, tab ? '\t' : ',');
  const rows = countRows(text, text.length);
  const cut = fitRows(text, job.maxChars);
  const heading = `${rows.toLocaleString('en-US')} rows × ${columns.toLocaleString('en-US')} columns`;
  const lines = [heading, '', fence(cut.text, tab ? 'tsv' : 'csv')];
  if (cut.cut) {
    lines.push(
      '',
      `[Truncated: only the first ${cut.lines.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows are shown; the rest were left out to fit.]`,
    );
  }
  return {
    ok: true,
    markdown: lines.join('\n'),
    count: { unit: 'row', count: rows },
    truncated: cut.cut,
    images: [],
  };
}

/** The most fields on one row (separators outside quotes, plus one). */
function maxColumns(text: string, separator: string): number {
  const sep = separator.charCodeAt(0);
  let max = text.length > 0 ? 1 : 0;
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && c === sep) fields++;
    else if (!quoted && c === 10) {
      max = Math.max(max, fields);
      fields = 1;
    }
  }
  return Math.max(max, fields);
}

// --- PPTX -----------------------------------------------------------------------------------------------

async function convertSlides(job: OfficeJob): Promise<OfficeResult> {
  const JSZip = (await import('jszip')).default;
  const zip = await JSZip.loadAsync(job.bytes);
  const read = (path: string) => zip.file(path)?.async('string') ?? Promise.resolve(undefined);
  const presentation = (await read('ppt/presentation.xml')) ?? '';
  const rels = relationships((await read('ppt/_rels/presentation.xml.rels')) ?? '');
  const order = Array.from(presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g), (m) =>
    rels.get(m[1] ?? ''),
  )
    .filter((t): t is string => t !== undefined)
    .map((t) => `ppt/${t.replace(/^\/?ppt\//, '').replace(/^\.\.\//, '')}`);
  const slides =
    order.length > 0
      ? order
      : Object.keys(zip.files)
          .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
          .sort((a, b) => slideNumber(a) - slideNumber(b));
  if (slides.length === 0) return refuse('The presentation has no slides.');
  const parts: string[] = [];
  for (const [i, path] of slides.entries()) {
    const xml = (await read(path)) ?? '';
    const { title, body } = slideText(xml);
    const slideRels = relationships(
      (await read(path.replace(/slides\/(slide\d+\.xml)$/, 'slides/_rels/$1.rels'))) ?? '',
    );
    const notesTarget = [...slideRels.values()].find((t) => /notesSlide\d+\.xml$/.test(t));
    const notesXml = notesTarget ? await read(`ppt/notesSlides/${notesTarget.split('/').pop()}`) : undefined;
    const notes = notesXml ? slideText(notesXml, true).body : [];
    const lines = [`## Slide ${i + 1}${title ? `: ${title}` : ''}`];
    if (body.length > 0) lines.push('', ...body.map((line) => `- ${line}`));
    if (notes.length > 0) lines.push('', `Notes: ${notes.join(' ')}`);
    parts.push(lines.join('\n'));
  }
  const { text, truncated } = fitText(parts.join('\n\n'), job.maxChars);
  return { ok: true, markdown: text, count: { unit: 'slide', count: slides.length }, truncated, images: [] };
}

function slideNumber(path: string): number {
  return Number(/(\d+)\.xml$/.exec(path)?.[1] ?? 0);
}

function relationships(xml: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[1] ?? '')?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[1] ?? '')?.[1];
    if (id && target) map.set(id, decodeEntities(target));
  }
  return map;
}

/** The title placeholder's text and every other paragraph of a slide (or notes page) in order. */
function slideText(xml: string, notes = false): { title: string; body: string[] } {
  let title = '';
  const body: string[] = [];
  for (const shape of xml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)) {
    const sp = shape[0];
    const placeholder = /<p:ph\b([^>]*)>/.exec(sp);
    const type = placeholder ? (/\btype="([^"]+)"/.exec(placeholder[1] ?? '')?.[1] ?? 'body') : undefined;
    if (
      notes &&
      (type === 'sldNum' || type === 'sldImg' || type === 'hdr' || type === 'ftr' || type === 'dt')
    )
      continue;
    const paragraphs = Array.from(sp.matchAll(/<a:p\b[\s\S]*?<\/a:p>/g), (p) =>
      Array.from(p[0].matchAll(/<a:t>([^<]*)<\/a:t>/g), (t) => decodeEntities(t[1] ?? ''))
        .join('')
        .trim(),
    ).filter(Boolean);
    if (!notes && !title && (type === 'title' || type === 'ctrTitle')) title = paragraphs.join(' ');
    else body.push(...paragraphs);
  }
  return { title, body };
}
