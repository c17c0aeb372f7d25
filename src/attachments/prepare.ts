/**
 * File → attachment: sniff the type, check limits, then convert (images), check (PDFs) or decode (text). Every
 * failure becomes a `Refusal` naming the file and the reason; nothing here throws or blocks the page for long
 * (header reads look at the first kilobytes; the PDF scan pauses between slices; images decode in a worker).
 */
import { assertNever } from '../agent';
import type { AttachmentRecord } from '../messages';
import { readBytes } from './bytes';
import { type AttachmentLimits, DEFAULT_LIMITS, fileSizeReason } from './limits';
import { displayName } from './names';
import { officeInput } from './office';
import type { OfficeInput } from './office-convert';
import { createOfficeConverter } from './office-runner';
import { prepareImage } from './prepare-image';
import type { PrepareOptions } from './prepare-options';
import { preparePdf } from './prepare-pdf';
import { SNIFF_BYTES, sniffType } from './sniff';
import { decodeText, textPreview } from './text';
import type { PreparedAttachment, PrepareOutcome } from './types';

// What a tray applies to the files once they are prepared (the set fits one request, no two share a name): here
// too, so a tray that loads this module gets them with it rather than with the first screen.
export { checkAttachmentSet } from './limits';
export { uniqueName } from './names';
export type { PrepareOptions } from './prepare-options';
export {
  choosePdfPages,
  type PdfParts,
  type PdfRework,
  type PdfReworked,
  preparePdfText,
  reworkPdf,
  splitPdfIntoParts,
} from './prepare-pdf';

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
