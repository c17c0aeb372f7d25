/** Events of the attachment elements: files chosen, an attachment removed, a refusal dismissed. */
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
    'dismiss-refusal': DismissRefusalEvent;
  }
}
