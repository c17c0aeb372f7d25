/**
 * Events of the attachment elements: files chosen, an attachment removed, pages chosen, a PDF sent in parts or
 * as text, a refusal dismissed.
 */
import type { Refusal } from '../../attachments';
import { ComposedEvent } from '../events';

/** Where chosen files came from. */
export type FilesSource = 'picker' | 'drop' | 'paste';

/** The person chose files to attach: with the `Attach files` picker, by dropping them, or by pasting. */
export class FilesChosenEvent extends ComposedEvent {
  static readonly type = 'files-chosen';
  constructor(
    readonly files: readonly File[],
    readonly source: FilesSource,
  ) {
    super(FilesChosenEvent.type);
  }
}

/** The person removed an attachment (by its record id) from the message being written. */
export class RemoveAttachmentEvent extends ComposedEvent {
  static readonly type = 'remove-attachment';
  constructor(readonly id: string) {
    super(RemoveAttachmentEvent.type);
  }
}

/** The person chose which pages of a long PDF (by its record id) to send: 1-based, in order. */
export class ChoosePdfPagesEvent extends ComposedEvent {
  static readonly type = 'choose-pdf-pages';
  constructor(
    readonly id: string,
    readonly pages: readonly number[],
  ) {
    super(ChoosePdfPagesEvent.type);
  }
}

/**
 * The person chose to send a long PDF (by its record id) whole, in parts of at most the API's page limit: the
 * first with the message, each next one in a message of its own once Claude has answered.
 */
export class SendPdfInPartsEvent extends ComposedEvent {
  static readonly type = 'send-pdf-in-parts';
  constructor(readonly id: string) {
    super(SendPdfInPartsEvent.type);
  }
}

/**
 * The person chose to send a PDF's text instead of the PDF: a long PDF in the tray (by its record id), or a
 * PDF that was refused as a document (its refusal, which carries the file).
 */
export class SendPdfAsTextEvent extends ComposedEvent {
  static readonly type = 'send-pdf-as-text';
  constructor(readonly from: string | Refusal) {
    super(SendPdfAsTextEvent.type);
  }
}

/** The person dismissed the notice about a refused file. */
export class DismissRefusalEvent extends ComposedEvent {
  static readonly type = 'dismiss-refusal';
  constructor(readonly refusal: Refusal) {
    super(DismissRefusalEvent.type);
  }
}

declare global {
  interface HTMLElementEventMap {
    'files-chosen': FilesChosenEvent;
    'remove-attachment': RemoveAttachmentEvent;
    'choose-pdf-pages': ChoosePdfPagesEvent;
    'send-pdf-in-parts': SendPdfInPartsEvent;
    'send-pdf-as-text': SendPdfAsTextEvent;
    'dismiss-refusal': DismissRefusalEvent;
  }
}
