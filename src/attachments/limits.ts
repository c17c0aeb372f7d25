/**
 * What may be attached, as data, and the checks that apply it. The API's own limits (documented, and seen in
 * its error messages): 32 MB per request, 5 MB of base64 per image, 8000 px per image side (2000 px when a
 * request holds more than 20 images), 100 PDF pages. Easel's own limits keep a tab from freezing or running out
 * of memory on a hostile file.
 */
import { assertNever, formatBytes } from '../agent';
import type { AttachmentKind, AttachmentRecord } from '../messages';
import { base64Length } from './bytes';
import type { Refusal } from './types';

export interface AttachmentLimits {
  /** Files per message. */
  readonly maxFiles: number;
  /** Bytes per request, as the API counts them (base64 for images and PDFs). */
  readonly maxRequestBytes: number;
  /** Images are downscaled so their long edge is at most this (the API's recommendation is 1568). */
  readonly imageLongEdge: number;
  /** The API's limit per side when a request holds more than `manyImages` images. */
  readonly imageSideWhenMany: number;
  readonly manyImages: number;
  /** Base64 bytes per image (the API refuses more than 5 MB: "image exceeds 5 MB maximum"). */
  readonly maxImageBase64Bytes: number;
  /** Size of the image file as given (it is downscaled, so it may be larger than what is sent). */
  readonly maxImageFileBytes: number;
  /** Pixels in the file, as its header states: above this, reading it takes too long even when scaled. */
  readonly maxSourcePixels: number;
  /** Pixels the decoder must hold at once (4 bytes each): the memory budget of one decode. */
  readonly maxDecodePixels: number;
  /** Long edge of the tile thumbnail kept in the message record. */
  readonly thumbnailEdge: number;
  readonly maxPdfBytes: number;
  /** Size of a PDF as given when it is longer than the API reads (only the chosen pages are sent). */
  readonly maxPdfSourceBytes: number;
  /** PDF pages per request (the API counts every document in the request together). */
  readonly maxPdfPages: number;
  /** UTF-8 bytes of one text file after decoding (about a quarter as many tokens). */
  readonly maxTextBytes: number;
  /** Size of a Word, Excel, PowerPoint or CSV file as given (it is converted, so it may be larger than what is sent). */
  readonly maxOfficeFileBytes: number;
  /** Characters of Markdown an office file becomes at most (about a quarter as many tokens); the rest is cut with a note. */
  readonly maxOfficeChars: number;
  /** Images of one DOCX sent at most. */
  readonly maxOfficeImages: number;
  /**
   * Size of a file as attached that is kept beside its conversion (for `window.fs.readFile`); a larger one is
   * kept only as what is sent.
   */
  readonly maxOriginalBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: AttachmentLimits = {
  maxFiles: 20,
  maxRequestBytes: 32 * MB,
  imageLongEdge: 1568,
  imageSideWhenMany: 2000,
  manyImages: 20,
  maxImageBase64Bytes: 5 * MB,
  maxImageFileBytes: 64 * MB,
  // 400 MP reads a 20000 × 14000 photo (280 MP) and refuses a 65536 × 65536 PNG (4,295 MP).
  maxSourcePixels: 400_000_000,
  // 100 MP = 400 MB of RGBA, the most one decode may hold; a JPEG is decoded at 1/2, 1/4 or 1/8 scale
  // where the browser can (WebCodecs ImageDecoder), so a 280 MP photo is held as 4.4 MP.
  maxDecodePixels: 100_000_000,
  thumbnailEdge: 96,
  // Base64 makes 4 bytes of 3: a 24 MB PDF is a 32 MB request. Leave 1 MB for the rest of the request.
  maxPdfBytes: Math.floor(((32 * MB - MB) * 3) / 4),
  maxPdfSourceBytes: 256 * MB,
  maxPdfPages: 100,
  maxTextBytes: 1 * MB,
  maxOfficeFileBytes: 64 * MB,
  // 400,000 characters is about 100,000 tokens: half the context window of most models.
  maxOfficeChars: 400_000,
  maxOfficeImages: 20,
  // Claude.ai's own limit per uploaded file.
  maxOriginalBytes: 30 * MB,
};

/** Bytes an attachment adds to a request: base64 for images and PDFs, the text plus its heading for text. */
export function requestBytesOf(record: AttachmentRecord): number {
  switch (record.kind) {
    case 'image':
    case 'pdf':
      return base64Length(record.size) + 64;
    case 'text':
      // JSON escaping of newlines, quotes and tabs adds a little; 10% covers ordinary text and code.
      return Math.ceil(record.size * 1.1) + record.name.length + 32;
    default:
      return assertNever(record.kind);
  }
}

/** What else the request will carry besides the attachments being checked. */
export interface RequestContext {
  /** Bytes of the rest of the request (earlier messages and their attachments, the system prompt, tools). */
  readonly otherBytes?: number;
  /** Images earlier in the conversation (they count towards the "more than 20 images" rule). */
  readonly otherImages?: number;
  /** PDF pages earlier in the conversation (the API's page limit counts the whole request). */
  readonly otherPdfPages?: number;
}

/**
 * Checks the attachments of one message, in the order they were added, and returns a refusal for each one that
 * does not fit: beyond the file count, beyond the request size, or an image too large for a request with many
 * images. Attachments before the first one that fails keep their place; the caller drops the refused ones.
 */
export function checkAttachmentSet(
  records: readonly AttachmentRecord[],
  limits: AttachmentLimits = DEFAULT_LIMITS,
  context: RequestContext = {},
): Refusal[] {
  const refusals: Refusal[] = [];
  let bytes = context.otherBytes ?? 0;
  let pdfPages = context.otherPdfPages ?? 0;
  let kept = 0;
  const images = (context.otherImages ?? 0) + records.filter((r) => r.kind === 'image').length;
  for (const record of records) {
    const reason = setReason(record, { kept, bytes, images, pdfPages }, limits);
    if (reason) {
      refusals.push({ file: record.name, reason });
      continue;
    }
    kept++;
    bytes += requestBytesOf(record);
    if (record.kind === 'pdf') pdfPages += record.pages ?? 0;
  }
  return refusals;
}

function setReason(
  record: AttachmentRecord,
  so: { kept: number; bytes: number; images: number; pdfPages: number },
  limits: AttachmentLimits,
): string | undefined {
  if (so.kept >= limits.maxFiles) return `A message can carry at most ${limits.maxFiles} files.`;
  const total = so.bytes + requestBytesOf(record);
  if (total > limits.maxRequestBytes) {
    return (
      `With it the request would be about ${formatBytes(total)}, more than the ` +
      `${formatBytes(limits.maxRequestBytes)} the API accepts.`
    );
  }
  if (record.kind === 'pdf' && so.pdfPages + (record.pages ?? 0) > limits.maxPdfPages) {
    return (
      `With it the request would hold ${so.pdfPages + (record.pages ?? 0)} PDF pages; the API reads at most ` +
      `${limits.maxPdfPages} in one request. Choose fewer pages of the longer PDF.`
    );
  }
  const side = Math.max(record.width ?? 0, record.height ?? 0);
  if (record.kind === 'image' && so.images > limits.manyImages && side > limits.imageSideWhenMany) {
    return (
      `With more than ${limits.manyImages} images in the conversation the API accepts at most ` +
      `${limits.imageSideWhenMany} px per side, and this image is ${record.width} × ${record.height}.`
    );
  }
  return undefined;
}

/** Why a file of `kind` and `size` bytes is too large to prepare, or undefined when it is not. */
export function fileSizeReason(
  kind: AttachmentKind | 'office',
  size: number,
  limits: AttachmentLimits = DEFAULT_LIMITS,
): string | undefined {
  const max = {
    image: limits.maxImageFileBytes,
    pdf: limits.maxPdfBytes,
    text: limits.maxTextBytes,
    office: limits.maxOfficeFileBytes,
  }[kind];
  if (size <= max) return undefined;
  const what = { image: 'Images', pdf: 'PDFs', text: 'Text files', office: 'Office and CSV files' }[kind];
  const why = kind === 'pdf' ? ' (the API takes at most 32 MB per request, and base64 adds a third)' : '';
  return `The file is ${formatBytes(size)}. ${what} can be at most ${formatBytes(max)}${why}.`;
}
