/**
 * Attachments: File → what a message keeps and what the model reads. Type sniffing, header-only image checks,
 * image downscaling in a worker, PDF and text checks, limits, and the resolver `convertToLlm` uses.
 * No Lit, no idb, no SDK (see README.md).
 */

export { estimateCost, estimateTokens } from './estimate';
export type { DecodeCapabilities, ImagePlan } from './image-plan';
export type { ImageJob, ImageJobResult, ImageProcessor } from './image-process';
export { createImageProcessor, type ImageProcessorOptions } from './image-runner';
// `checkAttachmentSet` and `uniqueName` come with the file checks (`loadPreparer()`): exported from here they
// would sit in the first screen's JavaScript.
export type { AttachmentLimits, RequestContext } from './limits';
export { extensionOf } from './names';
// Its values are the folder's second entry (`pdf-pages.ts`, for the pages dialog, loaded at first use): exported
// from here they would sit in the first screen's JavaScript.
export type { PageChoice, PageRange } from './pdf-pages';
export type { PdfRework, PdfReworked, PrepareOptions } from './prepare';
// `resolve.ts` (`createAttachmentResolver`) is loaded with the first request, like `prepare.ts`.
export type { LoadBlob, ResolverOptions } from './resolve';

/**
 * Loads the file checks (sniffing, image headers, PDF and text checks) the first time a file is attached, so
 * the first screen does not carry them.
 */
export function loadPreparer(): Promise<typeof import('./prepare')> {
  return import('./prepare');
}
export {
  type ApiImageType,
  type ImageFormat,
  isRefusal,
  type OfficeFamily,
  type PreparedAttachment,
  type PrepareOutcome,
  type Refusal,
  type SniffedType,
} from './types';
