/**
 * PDF checks before a PDF is sent as a native `document` block: it is a PDF, it is complete, it is not
 * encrypted, its cross-reference table holds, and it has at most 100 pages (the API's limit).
 *
 * One linear pass, in 1 MB slices with a pause between them so a large file never blocks the page. Pages are
 * counted from `/Type /Pages` dictionaries' `/Count` (else from `/Type /Page` objects), including those inside
 * compressed object streams, which are inflated with a size cap; when nothing is found the count is unknown,
 * which is allowed.
 */
import { checkXref, textOf } from './pdf-xref';

export type PdfCheck =
  | { readonly ok: true; readonly pages: number | undefined }
  | { readonly ok: false; readonly reason: string };

const SLICE = 1024 * 1024;
const OVERLAP = 256;
const INFLATE_CAP = 16 * 1024 * 1024;
const INFLATE_TOTAL_CAP = 64 * 1024 * 1024;
const DELIM = String.raw`(?=[\s/<>\[\]()%{}]|$)`;
const ENCRYPT = new RegExp(`/Encrypt${DELIM}`);
const PAGE = new RegExp(String.raw`/Type\s*/Page${DELIM}`, 'g');
const PAGES = new RegExp(String.raw`/Type\s*/Pages${DELIM}`, 'g');
const OBJSTM = new RegExp(String.raw`/Type\s*/ObjStm${DELIM}`, 'g');

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Checks a whole PDF file. `maxPages` is the page limit. Never rejects. */
export async function checkPdf(bytes: Uint8Array, maxPages: number): Promise<PdfCheck> {
  if (textOf(bytes, 0, 1024).indexOf('%PDF-') === -1) {
    return { ok: false, reason: 'The file is not a PDF (it has no “%PDF-” header).' };
  }
  const tailStart = Math.max(0, bytes.length - 2048);
  const tail = textOf(bytes, tailStart, bytes.length);
  if (tail.lastIndexOf('%%EOF') === -1) {
    return { ok: false, reason: 'The PDF is truncated or damaged: it has no end-of-file marker.' };
  }
  const pointer = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!pointer)
    return { ok: false, reason: 'The PDF is damaged: it does not say where its cross-reference table is.' };

  const found = await scan(bytes);
  if (found.encrypted) {
    return {
      ok: false,
      reason:
        'The PDF is password-protected (encrypted), and Claude cannot read encrypted PDFs. ' +
        'Save a copy without a password and attach that.',
    };
  }
  const damaged = checkXref(bytes, Number(pointer[1]), tailStart + (pointer.index ?? 0));
  if (damaged) return { ok: false, reason: damaged };

  const counts = { pageObjects: found.pageObjects, treeCount: pagesCounts(bytes, found.pagesAt) };
  let inflated = 0;
  for (const at of found.objectStreamsAt) {
    if (inflated > INFLATE_TOTAL_CAP) break;
    const text = await objectStreamText(bytes, at);
    if (text === undefined) continue;
    inflated += text.length;
    counts.pageObjects += [...text.matchAll(PAGE)].length;
    for (const m of text.matchAll(PAGES))
      counts.treeCount = Math.max(counts.treeCount, dictCount(text, m.index));
    await pause();
  }
  const pages =
    counts.treeCount > 0 ? counts.treeCount : counts.pageObjects > 0 ? counts.pageObjects : undefined;
  if (pages !== undefined && pages > maxPages) {
    return {
      ok: false,
      reason: `The PDF has ${pages} pages; the API reads PDFs of at most ${maxPages} pages.`,
    };
  }
  return { ok: true, pages };
}

interface ScanResult {
  encrypted: boolean;
  pageObjects: number;
  pagesAt: number[];
  objectStreamsAt: number[];
}

async function scan(bytes: Uint8Array): Promise<ScanResult> {
  const result: ScanResult = { encrypted: false, pageObjects: 0, pagesAt: [], objectStreamsAt: [] };
  for (let start = 0; start < bytes.length; start += SLICE) {
    const end = Math.min(bytes.length, start + SLICE);
    const text = textOf(bytes, start, end + OVERLAP);
    const own = (index: number) => index < end - start; // matches starting in the overlap belong to the next slice
    if (ENCRYPT.test(text)) result.encrypted = true;
    for (const m of text.matchAll(PAGE)) if (own(m.index)) result.pageObjects++;
    for (const m of text.matchAll(PAGES)) if (own(m.index)) result.pagesAt.push(start + m.index);
    for (const m of text.matchAll(OBJSTM)) if (own(m.index)) result.objectStreamsAt.push(start + m.index);
    if (end < bytes.length) await pause();
  }
  return result;
}

/** The largest `/Count` of the `/Type /Pages` dictionaries at `positions` (the root's is the page total). */
function pagesCounts(bytes: Uint8Array, positions: readonly number[]): number {
  let max = 0;
  for (const at of positions) {
    const text = textOf(bytes, at - 2048, at + 2048);
    max = Math.max(max, dictCount(text, Math.min(at, 2048)));
  }
  return max;
}

/** `/Count` of the dictionary enclosing `index` in `text`, or 0. */
export function dictCount(text: string, index: number): number {
  const isPair = (i: number, c: string) => text[i] === c && text[i + 1] === c;
  let open = -1;
  for (let i = index - 2, depth = 0; i >= 0; i--) {
    if (isPair(i, '>')) {
      depth++;
      i--;
    } else if (isPair(i, '<')) {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
      i--;
    }
  }
  if (open === -1) return 0;
  let close = text.length;
  for (let i = open, depth = 0; i < text.length - 1; i++) {
    if (isPair(i, '<')) {
      depth++;
      i++;
    } else if (isPair(i, '>')) {
      if (--depth === 0) {
        close = i;
        break;
      }
      i++;
    }
  }
  return Number(/\/Count\s+(\d+)/.exec(text.slice(open, close))?.[1] ?? 0);
}

/** The inflated content of the object stream whose dictionary holds `at`, or undefined when unreadable. */
async function objectStreamText(bytes: Uint8Array, at: number): Promise<string | undefined> {
  const window = textOf(bytes, at, at + 2048);
  const keyword = /(?<!end)stream\r?\n/.exec(window);
  if (!keyword) return undefined;
  const dict = textOf(bytes, at - 1024, at) + window.slice(0, keyword.index);
  if (!/\/FlateDecode\b/.test(dict) || /\/DecodeParms\b/.test(dict)) return undefined;
  const dataStart = at + keyword.index + keyword[0].length;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict.slice(dict.lastIndexOf('<<')));
  const dataEnd = length ? dataStart + Number(length[1]) : findEndstream(bytes, dataStart);
  if (dataEnd <= dataStart || dataEnd > bytes.length) return undefined;
  const inflatedBytes = await inflate(bytes.subarray(dataStart, dataEnd));
  return inflatedBytes && textOf(inflatedBytes, 0, inflatedBytes.length);
}

function findEndstream(bytes: Uint8Array, from: number): number {
  const text = textOf(bytes, from, from + INFLATE_CAP);
  const end = text.indexOf('endstream');
  return end === -1 ? -1 : from + end;
}

/** zlib-inflates `data` (up to `INFLATE_CAP` bytes of output); on a format error, returns what came out. */
async function inflate(data: Uint8Array): Promise<Uint8Array | undefined> {
  if (typeof DecompressionStream !== 'function') return undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'))
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.length;
      if (total > INFLATE_CAP) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // trailing bytes after the zlib stream, or damage: keep what was inflated
  }
  if (total === 0) return undefined;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk.subarray(0, Math.min(chunk.length, total - offset)), offset);
    offset += chunk.length;
  }
  return out;
}
