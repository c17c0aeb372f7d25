/** The session saver's contract: what it needs of the agent, what it reports, how it is made. */

import type { AgentMessage, AgentState, ThinkingLevel } from '../agent';
import type { HeldFiles } from './attachments-repo';
import type { Clock } from './clock';
import type { DatabaseConnection, StorageLoss } from './connection';
import type { EaselDatabase } from './db';
import type { LoadedSession } from './load';
import type { NoticeChannel } from './notices';
import type { SessionRecord } from './schema';
import type { SessionWriteTarget } from './session-write';
import type { SortKeyGenerator } from './sort-key';
import type { WriteStatus } from './write-queue';

/** What the saver needs of the agent (the `Agent` class has all of it). */
export interface SaverAgent {
  readonly state: AgentState;
  subscribeState(listener: (state: AgentState) => void): () => void;
  replaceMessages(messages: readonly AgentMessage[]): void;
  setModel(model: string): void;
  setThinkingLevel(level: ThinkingLevel): void;
  abort(): void;
  waitForIdle(): Promise<void>;
}

/**
 * What the saver reports: the write queue's `saved`, `quota` and `error` (see `WriteStatus`), and
 * - `merged`: another tab's messages were added to (or removed from) the open session, now in the agent;
 * - `deleted`: the open session was deleted in another tab (`purged`: removed for good, or found gone when
 *   saving). From then on nothing is written for it: its changes wait in memory (`unsaved`) until the
 *   person chooses `restore()` or `saveAsNew()` (say so, and offer both), or opens another session;
 * - `restored`: the open session is saved again — restored here or in another tab, or saved as a new
 *   session (`sessionId` is then the new one);
 * - `lost`: stored data is gone or out of reach (`StorageLoss`): nothing is saved from then on and write
 *   failures are not reported one by one; the conversation stays in the agent. Offer `downloadOpen()` and,
 *   for `cleared`, `saveAgain()` (`restored` follows); for `replaced`, a reload.
 */
export type SaveStatus =
  | WriteStatus
  | {
      readonly kind: 'merged';
      readonly sessionId: string;
      readonly messages: readonly AgentMessage[];
      readonly problems: readonly string[];
    }
  | { readonly kind: 'deleted'; readonly sessionId: string; readonly purged: boolean }
  | { readonly kind: 'restored'; readonly sessionId: string }
  | { readonly kind: 'lost'; readonly reason: StorageLoss; readonly sessionId: string | undefined };

/**
 * The result of `open`. `messages` are what the agent now holds. On `not-found` the open session stays as
 * it was (show `message`, then start a new chat or stay).
 */
export type OpenResult =
  | {
      readonly kind: 'opened';
      readonly session: SessionRecord;
      readonly messages: readonly AgentMessage[];
      readonly problems: readonly string[];
    }
  | { readonly kind: 'not-found'; readonly id: string; readonly message: string }
  /** A later `open` or `startNew` was called before this one finished; nothing changed for this one. */
  | { readonly kind: 'superseded'; readonly id: string };

export interface SessionSaverOptions {
  readonly db: EaselDatabase;
  readonly agent: SaverAgent;
  /**
   * Tells other tabs (and this tab's services) what was written, and hears what they wrote. Notices posted
   * under this saver's `writer` are this tab's own: give the tab's `SessionLibrary` the same writer, so a
   * session this tab deletes is not taken for one deleted in another tab.
   */
  readonly channel?: NoticeChannel;
  /**
   * The connection `db` comes from (`EaselConnection`): the saver hears when stored data is lost. Without
   * it, a lost connection shows as failed writes.
   */
  readonly connection?: DatabaseConnection;
  /** Where writes go; default `MessagesRepository`. Tests wrap it to simulate a full disk. */
  readonly target?: SessionWriteTarget;
  readonly clock?: Clock;
  readonly keys?: SortKeyGenerator;
  /**
   * Least time between two snapshots of a streaming answer. Default 500 ms; longer for a long answer (see
   * `snapshotInterval`).
   */
  readonly flushIntervalMs?: number;
  /** Time between retries after a failed write. Default 5 s. */
  readonly retryIntervalMs?: number;
  /**
   * Called whenever the agent's whole history was replaced by the saver — a session opened, a new chat
   * started (with `[]`), another tab's messages merged — so views built from the history (the artifacts
   * panel, which rebuilds from `artifact` records alone) can rebuild.
   */
  readonly onHistoryLoaded?: (messages: readonly AgentMessage[]) => void;
  /** Where an incognito chat's files are held (`AttachmentsRepository.hold`): let go when it ends. */
  readonly held?: HeldFiles;
}

/**
 * The chat `SessionSaver` opened before its write path (`SaverCore`) loaded: a stored session as read, a new
 * chat, or an incognito one; `projectId` is where a session written anew goes (`placeIn`).
 */
export type EarlyChat =
  | {
      readonly kind: 'stored';
      readonly loaded: Extract<LoadedSession, { kind: 'found' }>;
      projectId: string | undefined;
    }
  | { readonly kind: 'new'; readonly sessionId: string; projectId: string | undefined }
  | { readonly kind: 'incognito'; readonly sessionId: string; projectId: undefined };
