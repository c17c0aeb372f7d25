import { createContext } from '@lit/context';

/**
 * Where attachment bytes come from for previews of sent files: the `attachments` store, provided once by
 * `<easel-app>` and consumed by the attachment list. Bytes not yet stored (files in the composer's tray) are
 * passed to the list directly, as its `blobs` property, and win over the store.
 */
export interface AttachmentBlobSource {
  /** The bytes stored under `id`, or undefined when they are gone. May reject; callers treat that as gone. */
  load(id: string): Promise<Blob | undefined>;
}

export const attachmentBlobSourceContext = createContext<AttachmentBlobSource>(
  Symbol('easel-attachment-blobs'),
);
