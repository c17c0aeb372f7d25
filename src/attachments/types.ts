/** The shapes this module hands out: prepared attachments, refusals, and what sniffing found. */
import type { AttachmentRecord } from '../messages';

/**
 * A file made ready to send: the record a message keeps, and the bytes to put in the `attachments` store under
 * `record.id` (a converted image, the original PDF, or decoded text re-encoded as UTF-8).
 */
export interface PreparedAttachment {
  readonly record: AttachmentRecord;
  readonly blob: Blob;
  /**
   * Attachments the same file brought with it, to add after this one: the images embedded in a DOCX, or the
   * further parts of a PDF split to fit the API's page limit.
   */
  readonly also?: readonly PreparedAttachment[];
  /**
   * The whole file, kept in memory while the message is written, when only part of it is sent (the chosen
   * pages of a PDF longer than the API reads), so other pages can be chosen. Stored only as `original`.
   */
  readonly source?: Blob;
  /**
   * The file's bytes as attached, to store under `record.sourceId`, when what goes under `record.id` is a
   * conversion of them and the file is at most `maxOriginalBytes`. Artifacts read it; it is never sent.
   */
  readonly original?: Blob;
}

/** A file that was not accepted: its name and a reason a person can act on. */
export interface Refusal {
  /** The file name as the person gave it. */
  readonly file: string;
  /** Why, as a sentence without the file name, e.g. "The PDF is password-protected (encrypted)." */
  readonly reason: string;
  /**
   * The file, when it is a PDF Claude cannot read as a document whose text may be sent instead
   * (`preparePdfText`). Kept in memory only, while the message is written.
   */
  readonly pdf?: Blob;
}

/** What preparing one file produced. */
export type PrepareOutcome = PreparedAttachment | Refusal;

/** Narrows a `PrepareOutcome`. */
export function isRefusal(outcome: PrepareOutcome): outcome is Refusal {
  return 'reason' in outcome;
}

/** Raster formats Easel reads headers of; the first four are the ones the API accepts as they are. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'avif' | 'heic';

/** Image MIME types the Messages API accepts. */
export type ApiImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Office families recognised (Word, Excel, PowerPoint and OpenDocument spreadsheets are read; others refused). */
export type OfficeFamily = 'word' | 'excel' | 'powerpoint' | 'opendocument' | 'iwork' | 'office';

/**
 * What a file is, decided from its first bytes first and its declared MIME type or extension second.
 * `unsupported` carries the reason it is refused. `office.container` is `ole` for the old binary formats and
 * for password-protected OOXML files (both are OLE2 compound files), `zip` for OOXML/OpenDocument/iWork, and
 * `unknown` when only the name said so.
 */
export type SniffedType =
  | { readonly kind: 'image'; readonly format: ImageFormat; readonly mimeType: string }
  | { readonly kind: 'pdf' }
  | { readonly kind: 'text'; readonly mimeType: string }
  | { readonly kind: 'office'; readonly family: OfficeFamily; readonly container: 'zip' | 'ole' | 'unknown' }
  | { readonly kind: 'unsupported'; readonly reason: string };

/** What the header of an image says. */
export interface ImageHeader {
  readonly format: ImageFormat;
  /** Pixel size as stored, before EXIF orientation. */
  readonly width: number;
  readonly height: number;
  /** EXIF orientation 1–8 (1 when the file has none); 5–8 swap width and height on display. */
  readonly orientation: number;
  /** Pixel size as displayed (after orientation): what the person and the model see. */
  readonly displayWidth: number;
  readonly displayHeight: number;
  /** False when the format or header rules out transparency (JPEG, opaque PNG colour types, plain VP8). */
  readonly mayHaveAlpha: boolean;
  readonly animated: boolean;
}

/**
 * The outcome of reading a header. `incomplete` says the bytes ended before the answer: read more of the file,
 * or, if those were all the bytes there are, the file is truncated (the `reason` then says so).
 */
export type HeaderResult =
  | { readonly ok: true; readonly header: ImageHeader }
  | { readonly ok: false; readonly reason: string; readonly incomplete: boolean };
