/**
 * The app's own message kinds. They join `AgentMessage` by declaration merging, so the agent carries them in
 * its history without knowing what they are; `convertToLlm` decides what the model sees of them.
 */
import type { Usage, UserContent } from '../agent';

/** What kind of content an attachment becomes for the model. A new kind: add it here, then follow the compiler. */
export const ATTACHMENT_KINDS = ['image', 'pdf', 'text'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** What each attachment kind is called where it is shown: the tile's badge when the file name has no extension. */
export const ATTACHMENT_KIND_TABLE: { readonly [K in AttachmentKind]: { readonly badge: string } } = {
  image: { badge: 'IMG' },
  pdf: { badge: 'PDF' },
  text: { badge: 'TXT' },
};

/** What an `ArtifactMessage` records. */
export const ARTIFACT_ACTIONS = ['create', 'update', 'rewrite', 'delete', 'restore', 'edit'] as const;

/**
 * An attachment as a message keeps it: a reference to bytes in the `attachments` store plus what the UI needs
 * to draw a tile without loading the bytes.
 */
export interface AttachmentRecord {
  /** Key of the bytes in the `attachments` store. */
  readonly id: string;
  /** The file name the person gave (for text files, also the heading the model sees). */
  readonly name: string;
  /** MIME type of the stored bytes (after conversion, e.g. a downscaled JPEG). */
  readonly mimeType: string;
  /** Size of the stored bytes. */
  readonly size: number;
  readonly kind: AttachmentKind;
  /** Pixel size of the stored image. */
  readonly width?: number;
  readonly height?: number;
  /** Page count of a PDF, when it could be read. */
  readonly pages?: number;
  /** A small preview: a data: URL thumbnail (images) or the first lines (text). */
  readonly preview?: string;
  /** What will be sent, for the tile: "3 sheets · about 2,400 tokens", "pages 1–100 of 300 · …". */
  readonly summary?: string;
  /** Pages of the whole PDF, when only some of them (`pageRanges`, e.g. "1–100") are sent. */
  readonly sourcePages?: number;
  readonly pageRanges?: string;
  /**
   * Key in the `attachments` store of the file's bytes as attached, when `id` holds a conversion of them (a
   * downscaled image, an office or CSV file's Markdown, re-encoded text, the chosen pages of a long PDF). What
   * artifacts read (`window.fs.readFile`); never sent to the model. Absent in records made before it existed.
   */
  readonly sourceId?: string;
  /** Size of the file as attached, when `id` holds a conversion of it (also when it was too large to keep). */
  readonly sourceSize?: number;
}

/** A user message with files. */
export interface UserWithAttachmentsMessage {
  readonly role: 'user-with-attachments';
  readonly text: string;
  readonly attachments: readonly AttachmentRecord[];
  readonly timestamp: number;
}

/** Who made an artifact change. */
export type ArtifactAuthor = 'model' | 'person';

/**
 * One change to an artifact, with the full new content, appended right after the tool result that made it (or
 * when the person edits or restores a version). The artifacts panel is rebuilt from these records alone.
 */
export interface ArtifactMessage {
  readonly role: 'artifact';
  readonly action: (typeof ARTIFACT_ACTIONS)[number];
  readonly filename: string;
  /** The full content after the change (empty for `delete`, and for a binary file: see `bytes`). */
  readonly content: string;
  /**
   * A binary file's bytes after the change (a PDF, a spreadsheet, an image code wrote), when the file is not
   * text; `content` is then `''`. Stored as they are in IndexedDB; base64 in export files and sync payloads.
   * Never sent to the model as text.
   */
  readonly bytes?: Uint8Array;
  /** The MIME type of `bytes` (`application/pdf`); absent for a text file. */
  readonly mimeType?: string;
  /** The file's version after the change, starting at 1. */
  readonly version: number;
  readonly author: ArtifactAuthor;
  /** The tool call that made the change, when the model made it. */
  readonly toolCallId?: string;
  /** For `restore`: the version whose content was brought back. */
  readonly restoredFrom?: number;
  readonly timestamp: number;
}

/**
 * Easel's own compaction of a conversation (for a model without the API's server-side compaction): a summary
 * Claude wrote of everything before it. The model reads the summary in place of those messages; they stay in the
 * session, shown folded and marked compacted, and found by search.
 */
export interface CompactionMessage {
  readonly role: 'compaction';
  /** The summary the model reads instead of the messages before this one. */
  readonly summary: string;
  /** How many messages came before it (the ones it stands for). */
  readonly compacted: number;
  /** The model that wrote the summary. */
  readonly model: string;
  /** What writing the summary cost, when it is known. */
  readonly usage?: Usage;
  readonly timestamp: number;
}

declare module '../agent/types' {
  interface CustomAgentMessages {
    'user-with-attachments': UserWithAttachmentsMessage;
    artifact: ArtifactMessage;
    compaction: CompactionMessage;
  }
}

/** Resolves an attachment to the blocks the model reads (loads the bytes; never throws for a missing file). */
export type AttachmentResolver = (attachment: AttachmentRecord) => Promise<readonly UserContent[]>;
