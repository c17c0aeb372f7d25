import type { DBSchema } from 'idb';
import type { AgentMessage, ThinkingLevel } from '../agent';
import type { AttachmentRecord } from '../messages';

/** The database name. Tests may open another name to stay isolated. */
export const DB_NAME = 'easel';

/**
 * The current schema version. Bump it and add a `case` to `migrationStep` (db.ts) for every change; never
 * edit an older case.
 *
 * - 1: `settings`, `keys`, and empty `sessions`, `messages` (keyed by session and numeric position),
 *   `attachments`.
 * - 2: `messages` keyed by session and a writer-unique sort key (two tabs never collide), `texts` (the
 *   searchable text of messages, in chunks), `attachments` indexed by session.
 * - 3: `appData`, what artifacts keep with `window.storage`, keyed by session, file, scope and key.
 * - 4: `projects` (a name, instructions and knowledge files; sessions name theirs with `projectId`).
 * - 5: `memories`, the files Claude keeps with the memory tool, keyed by space and path.
 * - 6: `appDataTotals`, how much artifacts keep (per artifact, per session and overall), so a write checks its
 *   limits without reading every key.
 */
export const DB_VERSION = 6;

/** A setting as stored. Values are `unknown` on the way out: callers validate what they read. */
export interface SettingRecord {
  readonly key: string;
  readonly value: unknown;
}

/** An API key remembered on this device (only when the person asked for it). */
export interface KeyRecord {
  readonly provider: string;
  readonly key: string;
  readonly savedAt: number;
}

/** Token totals of a session, summed over its finished assistant messages. */
export interface TokenTotals {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
}

/**
 * A session's metadata: everything the sidebar shows, so listing never reads messages. Totals are kept
 * incrementally by the saver (one small read-modify-write of this record per save, inside the same
 * transaction as the message, so two tabs never lose each other's counts).
 */
export interface SessionRecord {
  readonly id: string;
  /** Empty until the first user message gives one; the person may rename it. */
  readonly title: string;
  /** Epoch milliseconds. */
  readonly created: number;
  /** Epoch milliseconds of the last change; the `byUpdated` index orders the sidebar by it. */
  readonly updated: number;
  /** Model id used last; empty when unknown. */
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  /** Messages stored, including an interrupted (partial) answer. */
  readonly messageCount: number;
  readonly tokens: TokenTotals;
  /** US dollars, summed over the answers whose cost was known. */
  readonly cost: number;
  /** The start of the latest user or assistant text, for the sidebar. */
  readonly preview: string;
  /** When this session was last included in an export (epoch ms). */
  readonly lastExportAt?: number;
  /** Set when the person deleted it; hidden everywhere, purged later (undo clears it). */
  readonly deletedAt?: number;
  /**
   * The key of the last message of the branch the person is on (see `MessageRecord.parent`). Absent in
   * sessions saved before branches, or naming no message: the path then ends at the latest message.
   */
  readonly activeLeaf?: string;
  /** The project the session belongs to (a `ProjectRecord` id); absent: none. */
  readonly projectId?: string;
  /** When the person pinned it (epoch ms): pinned sessions are listed first, latest pin first. */
  readonly pinnedAt?: number;
}

/**
 * A project: instructions and knowledge files that every session in it sends with each request (after the
 * app's own system prompt, and before the conversation, both behind prompt-cache breakpoints).
 */
export interface ProjectRecord {
  readonly id: string;
  readonly name: string;
  /** Added to the system prompt of every session of the project; may be empty. */
  readonly instructions: string;
  /**
   * Knowledge files, as a message keeps its attachments: bytes in the `attachments` store under each `id`,
   * stored for the session id `projectFilesOwner(id)` so that no session's purge removes them.
   */
  readonly files: readonly AttachmentRecord[];
  readonly created: number;
  readonly updated: number;
}

/** The `sessionId` under which a project's knowledge files are stored in the `attachments` store. */
export function projectFilesOwner(projectId: string): string {
  return `project:${projectId}`;
}

/**
 * One message of a session. The key is `[sessionId, key]` where `key` is a sort key unique to the writer that
 * made it (see `sort-key.ts`), so the messages of a session come back in order from one key range and two
 * tabs writing the same session never overwrite each other.
 */
export interface MessageRecord {
  readonly sessionId: string;
  readonly key: string;
  readonly message: AgentMessage;
  /**
   * A snapshot of an assistant message still streaming, flushed at a bounded rate. The finished message is
   * written under the same key and replaces it; one left behind means the page closed mid-answer.
   */
  readonly partial?: true;
  /**
   * The key of the message before this one on its branch (`null`: the first message of a branch that starts
   * at the top). Editing a message or regenerating an answer adds a sibling: a record with the same parent,
   * and the old ones stay. Absent in records saved before branches: the previous record in key order, so an
   * older session reads as one path.
   */
  readonly parent?: string | null;
}

/** A message's searchable text, under the message's key. */
export interface TextEntry {
  readonly key: string;
  readonly text: string;
}

/**
 * The searchable text of a run of consecutive messages of one session, keyed by the lowest key it may
 * hold: it holds the entries from `firstKey` up to the next chunk's `firstKey`, in key order. Search loads
 * whole chunks (a few large records read far faster than many small ones); saving a message rewrites only
 * the chunk it falls in, whose size is bounded whatever the length of the session (see `text-chunks.ts`).
 */
export interface TextChunkRecord {
  readonly sessionId: string;
  readonly firstKey: string;
  readonly entries: readonly TextEntry[];
}

/** The bytes of an attachment. Messages hold an `AttachmentRecord` whose `id` is this record's key. */
export interface AttachmentBlobRecord {
  readonly id: string;
  /** The session whose message references it (deleting the session deletes it). */
  readonly sessionId: string;
  readonly blob: Blob;
  readonly mimeType: string;
  readonly size: number;
}

/** Which `window.storage` scope a value is in: `0` personal (the default), `1` shared (`shared: true`). */
export type AppDataScope = 0 | 1;

/**
 * A value an artifact stored with `window.storage.set`. Keyed by `[sessionId, file, scope, key]`: an artifact
 * is a file of a session, its data outlives its versions, and no artifact can name another's. `size` is the
 * UTF-8 size of key and value, also in the `byArtifact` index so an artifact's total is read from keys alone.
 */
export interface AppDataRecord {
  readonly sessionId: string;
  readonly file: string;
  readonly scope: AppDataScope;
  readonly key: string;
  readonly value: string;
  readonly size: number;
}

/**
 * How much artifacts keep, kept up to date in the transaction of each write so a write reads its limits in
 * O(1). Keyed by `[sessionId, file]` for one artifact, `[sessionId, '']` for the artifacts of a session and
 * `['', '']` for every artifact (no session id or file name is empty). A record that is missing or fails its
 * check is counted again from the `byArtifact` index.
 */
export interface AppDataTotalRecord {
  readonly sessionId: string;
  readonly file: string;
  /** Stored values (both scopes). */
  readonly keys: number;
  /** UTF-8 bytes of their keys and values (the records' `size`). */
  readonly bytes: number;
}

/**
 * One memory file Claude keeps with the memory tool (`src/memory`). `space` is whose it is: `person` (every
 * chat) or `project:<id>` (the chats of that project); `path` is relative to the space's root, segments
 * joined by `/` (`preferences.md`, `work/units.md`), never empty, never with `.` or `..`.
 */
export interface MemoryRecord {
  readonly space: string;
  readonly path: string;
  readonly text: string;
  /** Epoch milliseconds of the last write. */
  readonly updated: number;
}

/**
 * Easel's IndexedDB schema, version 6.
 *
 * Record types are what the repositories write; everything read back is still checked by `validate.ts`
 * before use (another tab, an older version or a broken disk may have written something else).
 */
export interface EaselDB extends DBSchema {
  settings: { key: string; value: SettingRecord };
  keys: { key: string; value: KeyRecord };
  sessions: { key: string; value: SessionRecord; indexes: { byUpdated: number } };
  projects: { key: string; value: ProjectRecord };
  messages: { key: [string, string]; value: MessageRecord };
  texts: { key: [string, string]; value: TextChunkRecord };
  attachments: { key: string; value: AttachmentBlobRecord; indexes: { bySession: string } };
  memories: { key: [string, string]; value: MemoryRecord };
  appData: {
    key: [string, string, AppDataScope, string];
    value: AppDataRecord;
    indexes: { byArtifact: [string, string, number]; bySession: string };
  };
  appDataTotals: { key: [string, string]; value: AppDataTotalRecord };
}
