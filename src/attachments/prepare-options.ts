import type { DecodeCapabilities } from './image-plan';
import type { ImageProcessor } from './image-process';
import type { AttachmentLimits } from './limits';
import type { OfficeConverter } from './office-runner';
import type { PdfPageSelector } from './pdf-runner';
import type { PdfTextReader } from './pdf-text-runner';

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
