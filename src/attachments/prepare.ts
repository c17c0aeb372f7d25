/**
 * File → attachment: sniff the type, check limits, then convert (images), check (PDFs) or decode (text). Every
 * failure becomes a `Refusal` naming the file and the reason; nothing here throws or blocks the page for long
 * (header reads look at the first kilobytes; the PDF scan pauses between slices; images decode in a worker).
 */
import { assertNever, formatBytes } from '../agent';
import type { AttachmentRecord } from '../messages';
import { base64Length, lastIndexOfBytes, readBytes } from './bytes';
import { readImageHeader } from './image-header';
import { type DecodeCapabilities, planImage } from './image-plan';
import type { ImageProcessor } from './image-process';
import { createImageProcessor } from './image-runner';
import { type AttachmentLimits, DEFAULT_LIMITS, fileSizeReason } from './limits';
import { displayName } from './names';
import { officeInput } from './office';
import type { OfficeInput } from './office-convert';
import { createOfficeConverter, type OfficeConverter } from './office-runner';
import { checkPdf } from './pdf';
import { formatPageRanges, type PageRange, partName, pdfTokenRange, planPdfParts } from './pdf-pages';
import { createPdfPageSelector, type PdfPageSelector } from './pdf-runner';
import { createPdfTextReader, type PdfTextReader } from './pdf-text-runner';
import { checkPngStructure, pngTailHasEnd } from './png';
import { SNIFF_BYTES, sniffType } from './sniff';
import { decodeText, textPreview } from './text';
import {
  type HeaderResult,
  type ImageFormat,
  isRefusal,
  type PreparedAttachment,
  type PrepareOutcome,
  type Refusal,
} from './types';

export interface PrepareOptions {
  readonly limits?: AttachmentLimits;
  /** Where images are decoded and re-encoded. Default: a worker per image (`createImageProcessor()`). */
  readonly processImage?: ImageProcessor;
  /** What the browser can decode cheaply. Default: detected (`detectCapabilities()`). */
  readonly capabilities?: DecodeCapabilities;
  /** Long edge to downscale images to (default `limits.imageLongEdge`). */
  readonly imageLongEdge?: number;
  /** Where office files are converted to Markdown. Default: a worker per file (`createOfficeConverter()`). */
  readonly convertOffice?: OfficeConverter;
  /** Makes the PDF of chosen pages of a long PDF. Default: a PDF worker per selection. */
  readonly selectPdfPages?: PdfPageSelector;
  /** Takes the text out of a PDF sent as text. Default: a PDF.js worker per PDF. */
  readonly readPdfText?: PdfTextReader;
  /** New attachment ids. Default: `crypto.randomUUID()`. */
  readonly newId?: () => string;
}

/** What this browser can do, for the decode budget. */
function detectCapabilities(): DecodeCapabilities {
  return { scaledJpegDecode: typeof ImageDecoder === 'function' };
}

/** Reads at most this much of a JPEG or HEIF file looking for its size (APP segments come first). */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

/**
 * Prepares one file. Resolves to the record and bytes to keep, or to a refusal naming the file and the reason.
 * Never rejects.
 */
export async function prepareAttachment(file: File, options: PrepareOptions = {}): Promise<PrepareOutcome> {
  return prepareFile(file, options, true);
}

/**
 * `prepareAttachment`; `keepOriginal` keeps the file as attached beside its conversion (`original`): not for
 * the images taken out of a DOCX, which the person did not attach as files.
 */
async function prepareFile(
  file: File,
  options: PrepareOptions,
  keepOriginal: boolean,
): Promise<PrepareOutcome> {
  const name = displayName(file.name);
  try {
    const reason = await prepareOrReason(file, name, options, keepOriginal);
    return typeof reason === 'string' ? { file: name, reason } : reason;
  } catch (error) {
    const detail = error instanceof Error && error.name === 'NotReadableError' ? ' (it may have moved)' : '';
    return { file: name, reason: `The file could not be read${detail}.` };
  }
}

async function prepareOrReason(file: File, name: string, options: PrepareOptions, keepOriginal: boolean) {
  if (file.size === 0) return 'The file is empty.';
  const limits = options.limits ?? DEFAULT_LIMITS;
  const head = await readBytes(file, 0, SNIFF_BYTES);
  const type = sniffType(head, name, file.type, file.size);
  const id = options.newId ?? (() => crypto.randomUUID());
  // What is stored is a conversion of the file: the file as attached goes beside it.
  const converted = async (outcome: PreparedAttachment | string) =>
    typeof outcome === 'string' || !keepOriginal ? outcome : withOriginal(outcome, file, limits, id);
  switch (type.kind) {
    case 'unsupported':
      return type.reason;
    case 'office': {
      const input = officeInput(type.family, type.container, name);
      if (typeof input !== 'string') return input.reason;
      return converted(await prepareOffice(file, name, input, options, limits, id));
    }
    case 'image':
      return converted(await prepareImage(file, name, head, type, options, limits, id()));
    case 'pdf': {
      const outcome = await preparePdf(file, name, options, limits, id());
      // A PDF Claude cannot read as a document may still be sent as its text.
      if (typeof outcome === 'string')
        return file.size > limits.maxPdfSourceBytes ? outcome : { file: name, reason: outcome, pdf: file };
      // A PDF is stored as it is, unless only some of its pages are sent.
      return outcome.source ? converted(outcome) : outcome;
    }
    case 'text': {
      if (/\.(csv|tsv)$/i.test(name))
        return converted(await prepareOffice(file, name, 'delimited', options, limits, id));
      // UTF-16 may take twice the bytes of the same text in UTF-8: the decoded size is judged after.
      if (file.size > 2 * limits.maxTextBytes + 2) return fileSizeReason('text', file.size, limits) ?? '';
      const bytes = await readBytes(file, 0, file.size);
      const outcome = prepareText(bytes, name, type.mimeType, limits, id());
      // Text is stored as UTF-8 without a byte-order mark: other bytes (UTF-16, a BOM) are kept as attached.
      return typeof outcome !== 'string' && !(await sameBytes(outcome.blob, bytes))
        ? converted(outcome)
        : outcome;
    }
    default:
      return assertNever(type);
  }
}

/**
 * `prepared` with the file's bytes as attached beside it (`original`, under `record.sourceId`), or, when they are
 * more than `maxOriginalBytes`, only their size (`record.sourceSize`). The bytes are read now, so a file that
 * changes on disk before the message is sent does not fail its storing.
 */
async function withOriginal(
  prepared: PreparedAttachment,
  file: File,
  limits: AttachmentLimits,
  id: () => string,
): Promise<PreparedAttachment> {
  const sourceSize = file.size;
  if (sourceSize > limits.maxOriginalBytes)
    return { ...prepared, record: { ...prepared.record, sourceSize } };
  const original =
    prepared.source ??
    new Blob([(await readBytes(file, 0, file.size)) as Uint8Array<ArrayBuffer>], {
      type: file.type || 'application/octet-stream',
    });
  return { ...prepared, record: { ...prepared.record, sourceId: id(), sourceSize }, original };
}

async function sameBytes(blob: Blob, bytes: Uint8Array): Promise<boolean> {
  if (blob.size !== bytes.length) return false;
  const stored = new Uint8Array(await blob.arrayBuffer());
  return stored.every((b, i) => b === bytes[i]);
}

async function prepareImage(
  file: File,
  name: string,
  head: Uint8Array,
  { format, mimeType }: { readonly format: ImageFormat; readonly mimeType: string },
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: string,
): Promise<PreparedAttachment | string> {
  const tooLarge = fileSizeReason('image', file.size, limits);
  if (tooLarge) return tooLarge;
  const header = await readHeader(file, head, format);
  if (!header.ok) return header.reason;
  if (format === 'png') {
    const broken = await pngStructureReason(file, head);
    if (broken) return broken;
  }
  const capabilities = options.capabilities ?? detectCapabilities();
  const planned = planImage(
    header.header,
    limits,
    capabilities,
    options.imageLongEdge ?? limits.imageLongEdge,
  );
  if (!planned.ok) return planned.reason;
  const process = options.processImage ?? createImageProcessor();
  const result = await process({
    // The sniffed type, whatever the file claimed (a Blob over a File shares its bytes; nothing is copied).
    blob: new Blob([file], { type: mimeType }),
    format,
    mayHaveAlpha: header.header.mayHaveAlpha,
    plan: planned.plan,
    maxBytes: Math.floor((limits.maxImageBase64Bytes * 3) / 4),
    thumbnailEdge: limits.thumbnailEdge,
  });
  if (!result.ok)
    return format === 'jpeg' ? ((await jpegTruncatedReason(file)) ?? result.reason) : result.reason;
  if (base64Length(result.blob.size) > limits.maxImageBase64Bytes)
    return 'The converted image is still over 5 MB.';
  const record: AttachmentRecord = {
    id,
    name,
    mimeType: result.mimeType,
    size: result.blob.size,
    kind: 'image',
    width: result.width,
    height: result.height,
    preview: result.thumbnail,
  };
  return { record, blob: result.blob };
}

/** Reads the image header, reading further into the file while the header runs past what was read. */
async function readHeader(file: File, head: Uint8Array, format: ImageFormat): Promise<HeaderResult> {
  // A GIF is walked frame by frame to find frames reaching outside the canvas: read all of it.
  let bytes = format === 'gif' && head.length < file.size ? await readBytes(file, 0, file.size) : head;
  for (;;) {
    const result = readImageHeader(bytes, format, file.size);
    if (result.ok || !result.incomplete || bytes.length >= Math.min(file.size, MAX_HEADER_BYTES))
      return result;
    bytes = await readBytes(file, 0, Math.min(MAX_HEADER_BYTES, bytes.length * 4));
  }
}

/** A truncated PNG or one without image data is named as such (decoders only say "could not decode"). */
async function pngStructureReason(file: File, head: Uint8Array): Promise<string | undefined> {
  if (file.size <= head.length) return checkPngStructure(head);
  const tail = await readBytes(file, Math.max(0, file.size - 64 * 1024), 64 * 1024);
  if (pngTailHasEnd(tail)) return undefined;
  return checkPngStructure(await readBytes(file, 0, file.size));
}

/** After a JPEG failed to decode: says it is truncated when its tail holds no end-of-image marker. */
async function jpegTruncatedReason(file: File): Promise<string | undefined> {
  const tail = await readBytes(file, Math.max(0, file.size - 64 * 1024), 64 * 1024);
  return lastIndexOfBytes(tail, [0xff, 0xd9]) === -1
    ? 'The JPEG data is truncated (it has no end marker).'
    : undefined;
}

async function preparePdf(
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

function prepareText(
  bytes: Uint8Array,
  name: string,
  mimeType: string,
  limits: AttachmentLimits,
  id: string,
): PreparedAttachment | string {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return decoded.reason;
  const utf8 = new TextEncoder().encode(decoded.text);
  const stillTooLarge = fileSizeReason('text', utf8.length, limits);
  if (stillTooLarge) return stillTooLarge;
  const blob = new Blob([utf8], { type: `${mimeType};charset=utf-8` });
  const record: AttachmentRecord = {
    id,
    name,
    mimeType,
    size: utf8.length,
    kind: 'text',
    preview: textPreview(decoded.text),
  };
  return { record, blob };
}

/**
 * A Word, Excel, PowerPoint, OpenDocument spreadsheet or CSV/TSV file → a Markdown text attachment (converted
 * in a worker), plus, for a DOCX, its embedded images as image attachments of their own (`also`), each
 * through the usual image checks and downscaling.
 */
async function prepareOffice(
  file: File,
  name: string,
  input: OfficeInput,
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: () => string,
): Promise<PreparedAttachment | string> {
  const tooLarge = fileSizeReason('office', file.size, limits);
  if (tooLarge) return tooLarge;
  const bytes = await readBytes(file, 0, file.size);
  const convert = options.convertOffice ?? createOfficeConverter();
  const result = await convert({
    input,
    name,
    bytes,
    maxChars: limits.maxOfficeChars,
    maxImages: limits.maxOfficeImages,
  });
  if (!result.ok) return result.reason;
  const also: PreparedAttachment[] = [];
  let imagesRefused = 0;
  for (const image of result.images) {
    const outcome = await prepareFile(
      new File([image.bytes as Uint8Array<ArrayBuffer>], `${name} ${image.name}`),
      options,
      false,
    );
    if ('reason' in outcome) imagesRefused++;
    else also.push(outcome);
  }
  const utf8 = new TextEncoder().encode(result.markdown);
  const blob = new Blob([utf8], { type: 'text/markdown;charset=utf-8' });
  const record: AttachmentRecord = {
    id: id(),
    name,
    mimeType: 'text/markdown',
    size: utf8.length,
    kind: 'text',
    preview: textPreview(result.markdown),
    summary: officeSummary(result, utf8.length, also, imagesRefused),
  };
  return also.length > 0 ? { record, blob, also } : { record, blob };
}

/** "3 sheets · about 2,400 tokens · truncated to fit · 2 images". */
function officeSummary(
  result: { readonly count?: { unit: string; count: number } | undefined; readonly truncated: boolean },
  bytes: number,
  images: readonly PreparedAttachment[],
  imagesRefused: number,
): string {
  const parts: string[] = [];
  if (result.count) {
    const { unit, count } = result.count;
    parts.push(`${count.toLocaleString('en-US')} ${count === 1 ? unit : `${unit}s`}`);
  }
  const imageTokens = images.reduce(
    (sum, i) => sum + Math.ceil(((i.record.width ?? 0) * (i.record.height ?? 0)) / 750),
    0,
  );
  parts.push(`about ${estimateTokens(bytes + imageTokens * 4).toLocaleString('en-US')} tokens`);
  if (result.truncated) parts.push('truncated to fit');
  if (images.length > 0) parts.push(`${images.length} ${images.length === 1 ? 'image' : 'images'}`);
  if (imagesRefused > 0) parts.push(`${imagesRefused} ${imagesRefused === 1 ? 'image' : 'images'} not sent`);
  return parts.join(' · ');
}

/** Tokens of text, estimated at four bytes a token (the usual rule for English and code). */
function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
