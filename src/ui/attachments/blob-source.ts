import { createContext } from '@lit/context';

/**
 * Where attachment bytes come from for previews: the `attachments` store. `main.ts` builds one over the storage
 * repository and `<easel-app>` provides it once; the attachment list consumes it. Bytes not yet stored (the
 * message still being written) are passed to the list directly, as its `blobs` property.
 */
export interface AttachmentBlobSource {
  /** The bytes stored under `id`, or undefined when they are gone. May reject; callers treat that as gone. */
  load(id: string): Promise<Blob | undefined>;
}

export const attachmentBlobSourceContext = createContext<AttachmentBlobSource>(
  Symbol('easel-attachment-blobs'),
);
