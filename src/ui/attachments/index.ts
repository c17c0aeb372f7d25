/**
 * Attachment elements: the tiles (`<easel-attachment-list>`, with its preview and pages dialog, all loaded at
 * first use), the drop overlay, the refusal notices and the `Attach files` button, their events, and the context
 * that gives previews access to stored bytes. See README.md for how the composer wires them.
 */
export { EaselAttachFilesButton } from './attach-files-button';
export type { EaselAttachmentList, PendingAttachment } from './attachment-list';
export type { EaselAttachmentPreview } from './attachment-preview';
export { EaselAttachmentRefusals } from './attachment-refusals';
export { type AttachmentBlobSource, attachmentBlobSourceContext } from './blob-source';
export { EaselDropOverlay } from './drop-overlay';
export {
  ChoosePdfPagesEvent,
  DismissRefusalEvent,
  FilesChosenEvent,
  type FilesSource,
  RemoveAttachmentEvent,
  SendPdfAsTextEvent,
  SendPdfInPartsEvent,
} from './events';
export type { EaselPdfPagesDialog } from './pdf-pages-dialog';
export { carriesFiles, filesOf } from './transfer';
