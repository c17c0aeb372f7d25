/**
 * PDFs: checked and sent as documents; a long one by chosen pages, in parts, or as its text (`reworkPdf`).
 */
import { formatBytes } from '../agent';
import type { AttachmentRecord } from '../messages';
import { readBytes } from './bytes';
import { type AttachmentLimits, DEFAULT_LIMITS, fileSizeReason } from './limits';
import { checkPdf } from './pdf';
import { formatPageRanges, type PageRange, partName, pdfTokenRange, planPdfParts } from './pdf-pages';
import { createPdfPageSelector } from './pdf-runner';
import { createPdfTextReader } from './pdf-text-runner';
import type { PrepareOptions } from './prepare-options';
import { textPreview } from './text';
import { isRefusal, type PreparedAttachment, type PrepareOutcome, type Refusal } from './types';

export async function preparePdf(
  file: File,
  name: string,
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: string,
): Promise<PreparedAttachment | string> {
  // A PDF longer than the API reads may be larger than a request holds: only the chosen pages are sent.
  if (file.size > limits.maxPdfSourceBytes) return fileSizeReason('pdf', file.size, limits) ?? '';
  const bytes = await readBytes(file, 0, file.size);
  const check = await checkPdf(bytes, Number.POSITIVE_INFINITY);
  if (!check.ok) return check.reason;
  if (check.pages !== undefined && check.pages > limits.maxPdfPages) {
    return prepareLongPdf(bytes, name, check.pages, options, limits, id);
  }
  const tooLarge = fileSizeReason('pdf', file.size, limits);
  if (tooLarge) return tooLarge;
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  const record: AttachmentRecord = {
    id,
    name,
    mimeType: 'application/pdf',
    size: blob.size,
    kind: 'pdf',
    ...(check.pages === undefined
      ? {}
      : { pages: check.pages, summary: pdfSummary(blob.size, check.pages, check.pages, undefined) }),
  };
  return { record, blob };
}

/**
 * A PDF over the API's page limit: by default its first pages up to the limit (fewer if those are more bytes
 * than a request holds), made into a PDF of their own in the PDF worker. The original bytes stay with the
 * prepared attachment (`source`) so the person can choose other pages (`choosePdfPages`).
 */
async function prepareLongPdf(
  bytes: Uint8Array,
  name: string,
  total: number,
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: string,
): Promise<PreparedAttachment | string> {
  let count = Math.min(total, limits.maxPdfPages);
  for (;;) {
    const pages = Array.from({ length: count }, (_, i) => i + 1);
    const outcome = await selectPages(bytes, name, total, pages, options, limits, id);
    if (typeof outcome !== 'string' || !outcome.startsWith(TOO_LARGE) || count === 1) return outcome;
    count = Math.ceil(count / 2);
  }
}

const TOO_LARGE = 'The chosen pages are';

async function selectPages(
  bytes: Uint8Array,
  name: string,
  total: number,
  pages: readonly number[],
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: string,
): Promise<PreparedAttachment | string> {
  const select = options.selectPdfPages ?? createPdfPageSelector();
  const result = await select(bytes, pages);
  if (!result.ok) return result.reason;
  if (result.bytes.length > limits.maxPdfBytes) {
    return `${TOO_LARGE} ${formatBytes(result.bytes.length)}, more than the ${formatBytes(limits.maxPdfBytes)} a request holds as base64. Choose fewer pages.`;
  }
  const blob = new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  const ranges = formatPageRanges(pages);
  const record: AttachmentRecord = {
    id,
    name,
    mimeType: 'application/pdf',
    size: blob.size,
    kind: 'pdf',
    pages: result.pages,
    sourcePages: total,
    pageRanges: ranges,
    summary: pdfSummary(blob.size, result.pages, total, ranges),
  };
  return { record, blob, source: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }) };
}

/** "16.6 KB · 4 pages · about 6,000–12,000 tokens"; "pages 1–100 of 300 · …" for a selection. */
function pdfSummary(size: number, pages: number, total: number, ranges: string | undefined): string {
  const which =
    ranges === undefined
      ? `${pages} ${pages === 1 ? 'page' : 'pages'}`
      : `${pages === 1 ? 'page' : 'pages'} ${ranges} of ${total}`;
  return `${formatBytes(size)} · ${which} · ${pdfTokenRange(pages)}`;
}

/**
 * Other pages of a long PDF prepared before (one with a `source`): the same attachment id and name, the new
 * pages. Resolves to a refusal (the reason) when the pages cannot be taken out or are too many bytes; never
 * rejects.
 */
export async function choosePdfPages(
  prepared: PreparedAttachment,
  pages: readonly number[],
  options: PrepareOptions = {},
): Promise<PrepareOutcome> {
  const { record, source } = prepared;
  const refuse = (reason: string) => ({ file: record.name, reason });
  if (!source || record.sourcePages === undefined)
    return refuse('Only a PDF longer than the API reads has pages to choose.');
  const limits = options.limits ?? DEFAULT_LIMITS;
  if (pages.length === 0 || pages.length > limits.maxPdfPages)
    return refuse(`Choose between 1 and ${limits.maxPdfPages} pages.`);
  try {
    const bytes = new Uint8Array(await source.arrayBuffer());
    const outcome = await selectPages(
      bytes,
      record.name,
      record.sourcePages,
      pages,
      options,
      limits,
      record.id,
    );
    if (typeof outcome === 'string') return refuse(outcome);
    // The file as attached is the same whatever pages are sent.
    const { sourceId, sourceSize } = record;
    return {
      ...outcome,
      record: {
        ...outcome.record,
        ...(sourceId === undefined ? {} : { sourceId }),
        ...(sourceSize === undefined ? {} : { sourceSize }),
      },
      ...(prepared.original ? { original: prepared.original } : {}),
    };
  } catch {
    return refuse('The PDF could not be read again (it may have moved).');
  }
}

/**
 * A PDF sent as its text, for one Claude cannot read as a document (encrypted without a password to open it,
 * damaged) or one too long to send whole: each page's text under a `--- Page n ---` heading, at most
 * `maxOfficeChars` characters (the pages after are left out, and the tile says so). The PDF itself is kept
 * beside it as the file attached (`original`, within `maxOriginalBytes`). Never rejects.
 */
export async function preparePdfText(
  pdf: Blob,
  name: string,
  options: PrepareOptions = {},
): Promise<PrepareOutcome> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const refuse = (reason: string) => ({ file: name, reason });
  if (pdf.size > limits.maxPdfSourceBytes) return refuse(fileSizeReason('pdf', pdf.size, limits) ?? '');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await pdf.arrayBuffer());
  } catch {
    return refuse('The PDF could not be read again (it may have moved).');
  }
  const read = options.readPdfText ?? createPdfTextReader();
  const result = await read(bytes, limits.maxOfficeChars);
  if (!result.ok) return refuse(result.reason);
  if (result.taken === result.empty)
    return refuse(
      'The PDF has no text to read (its pages are scanned images or drawings). Send it as a PDF, a part at a time, or as images of its pages.',
    );
  const heading = `[The text of “${name}”, taken out of the PDF by Easel${
    result.taken < result.pages ? `: pages 1–${result.taken} of ${result.pages}, the rest did not fit` : ''
  }. Pictures, charts and layout are not included.]\n\n`;
  const utf8 = new TextEncoder().encode(heading + result.text);
  const id = options.newId ?? (() => crypto.randomUUID());
  const record: AttachmentRecord = {
    id: id(),
    name,
    mimeType: 'text/plain',
    size: utf8.length,
    kind: 'text',
    preview: textPreview(result.text),
    summary: pdfTextSummary(result.pages, result.taken, result.empty, utf8.length),
  };
  const blob = new Blob([utf8], { type: 'text/plain;charset=utf-8' });
  if (pdf.size > limits.maxOriginalBytes) return { record: { ...record, sourceSize: pdf.size }, blob };
  const original = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
  return { record: { ...record, sourceId: id(), sourceSize: pdf.size }, blob, original };
}

/** "text of 300 pages · about 95,000 tokens"; "text of pages 1–240 of 300 (the rest did not fit) · …". */
function pdfTextSummary(pages: number, taken: number, empty: number, bytes: number): string {
  const which =
    taken < pages
      ? `text of pages 1–${taken} of ${pages} (the rest did not fit)`
      : `text of ${pages} ${pages === 1 ? 'page' : 'pages'}`;
  const tokens = `about ${Math.ceil(bytes / 4).toLocaleString('en-US')} tokens`;
  const blank = empty === 0 ? '' : ` · ${empty} ${empty === 1 ? 'page' : 'pages'} without text`;
  return `${which} · ${tokens}${blank}`;
}

/** How a PDF is sent instead of as it was prepared: other pages, all of it in parts, or its text. */
export type PdfRework = { readonly pages: readonly number[] } | 'parts' | 'text';

/** A PDF reworked: what goes in the file's place now, and the parts that go after, a message each. */
export interface PdfReworked {
  readonly now: readonly PreparedAttachment[];
  readonly later: readonly PreparedAttachment[];
}

/**
 * Sends a PDF another way, named `name` (the file's own name): a long PDF prepared before (`from`, with its
 * `source`) as other pages (`choosePdfPages`), in parts (`splitPdfIntoParts`) or as text; a PDF refused as a
 * document (`from` its refusal, with the file) as text (`preparePdfText`). Never rejects.
 */
export async function reworkPdf(
  from: PreparedAttachment | Refusal,
  name: string,
  how: PdfRework,
  options: PrepareOptions = {},
): Promise<PdfReworked | Refusal> {
  if ('reason' in from || how === 'text') {
    const pdf = 'reason' in from ? from.pdf : from.source;
    if (!pdf) return { file: name, reason: 'Only a PDF Claude cannot read whole is sent as text.' };
    const outcome = await preparePdfText(pdf, name, options);
    return isRefusal(outcome) ? outcome : { now: [outcome], later: [] };
  }
  if (how === 'parts') {
    const split = await splitPdfIntoParts(from, name, options);
    if (!('parts' in split)) return split;
    const [first, ...later] = split.parts;
    return { now: first ? [first] : [], later };
  }
  const outcome = await choosePdfPages(from, how.pages, options);
  return isRefusal(outcome)
    ? outcome
    : { now: [{ ...outcome, record: { ...outcome.record, name } }], later: [] };
}

/** The parts of a long PDF, in order, or why it could not be split. */
export type PdfParts = { readonly parts: readonly PreparedAttachment[] } | Refusal;

/**
 * A long PDF prepared before (one with a `source`) as parts of at most `maxPdfPages` pages each, every one
 * also within the bytes a request holds (a part that is more bytes is halved until it fits), named
 * `<name> (part k of n, pages a–b)`. Part 1 keeps the record's id, the file as attached (`original`) and the
 * `source`, so its pages can be chosen again; the API reads one part a request, so the caller sends each in a
 * message of its own. Never rejects.
 */
export async function splitPdfIntoParts(
  prepared: PreparedAttachment,
  name: string,
  options: PrepareOptions = {},
): Promise<PdfParts> {
  const { record, source } = prepared;
  const total = record.sourcePages;
  const refuse = (reason: string) => ({ file: name, reason });
  if (!source || total === undefined) return refuse('Only a PDF longer than the API reads is sent in parts.');
  const limits = options.limits ?? DEFAULT_LIMITS;
  const id = options.newId ?? (() => crypto.randomUUID());
  try {
    const bytes = new Uint8Array(await source.arrayBuffer());
    const ranges = planPdfParts(total, limits.maxPdfPages);
    const made: { range: PageRange; part: PreparedAttachment }[] = [];
    for (let range = ranges.shift(); range; range = ranges.shift()) {
      const pages = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
      const outcome = await selectPages(bytes, name, total, pages, options, limits, record.id);
      if (typeof outcome !== 'string') made.push({ range, part: outcome });
      else if (outcome.startsWith(TOO_LARGE) && range.to > range.from) {
        const middle = Math.floor((range.from + range.to) / 2);
        ranges.unshift({ from: range.from, to: middle }, { from: middle + 1, to: range.to });
      } else return refuse(outcome);
    }
    const n = made.length;
    const parts = made.map(({ range, part }, i): PreparedAttachment => {
      const when = i === 0 ? 'sent with your message' : `sent on its own once Claude has answered part ${i}`;
      const partRecord = {
        ...part.record,
        id: i === 0 ? record.id : id(),
        name: partName(name, i + 1, n, range),
        summary: `${part.record.summary} · ${when}`,
      };
      if (i > 0) {
        const { sourcePages: _, ...later } = partRecord;
        return { record: later, blob: part.blob };
      }
      const { sourceId, sourceSize } = record;
      return {
        record: {
          ...partRecord,
          ...(sourceId === undefined ? {} : { sourceId }),
          ...(sourceSize === undefined ? {} : { sourceSize }),
        },
        blob: part.blob,
        source,
        ...(prepared.original ? { original: prepared.original } : {}),
      };
    });
    return { parts };
  } catch {
    return refuse('The PDF could not be read again (it may have moved).');
  }
}
