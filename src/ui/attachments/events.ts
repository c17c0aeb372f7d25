import type { Refusal } from '../../attachments';

/** Where chosen files came from. */
export type FilesSource = 'picker' | 'drop' | 'paste';

/** The person chose files to attach: with the `Attach files` picker, by dropping them, or by pasting. */
export class FilesChosenEvent extends Event {
  static readonly type = 'files-chosen';
  constructor(
    readonly files: readonly File[],
    readonly source: FilesSource,
  ) {
    super(FilesChosenEvent.type, { bubbles: true, composed: true });
  }
}

/** The person removed an attachment (by its record id) from the message being written. */
export class RemoveAttachmentEvent extends Event {
  static readonly type = 'remove-attachment';
  constructor(readonly id: string) {
    super(RemoveAttachmentEvent.type, { bubbles: true, composed: true });
  }
}

/** The person dismissed the notice about a refused file. */
export class DismissRefusalEvent extends Event {
  static readonly type = 'dismiss-refusal';
  constructor(readonly refusal: Refusal) {
    super(DismissRefusalEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'files-chosen': FilesChosenEvent;
    'remove-attachment': RemoveAttachmentEvent;
    'dismiss-refusal': DismissRefusalEvent;
  }
}
