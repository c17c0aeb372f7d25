/**
 * `SessionSaver`: keeps the open session in IndexedDB as the agent changes it, and opens sessions into the
 * agent. Plain TypeScript; the app makes one and hands it the agent.
 */

import {
  type AgentMessage,
  type AgentState,
  type AssistantMessage,
  assertNever,
  type ThinkingLevel,
} from '../agent';
import { AttachmentsRepository, attachmentBlobIds } from './attachments-repo';
import type { Versions } from './branch-tree';
import { type Clock, systemClock } from './clock';
import type { ConnectionEvent, DatabaseConnection, StorageLoss } from './connection';
import type { EaselDatabase } from './db';
import type { ExportDownload } from './library';
import { loadSession } from './load';
import { exportFromMemory } from './memory-export';
import { MessagesRepository } from './messages-repo';
import type { NoticeChannel, SessionChange, StorageNotice } from './notices';
import type { MessageRecord, SessionRecord } from './schema';
import { SessionMirror } from './session-mirror';
import type { SessionWriteTarget } from './session-write';
import { SessionsRepository } from './sessions-repo';
import { newId, SortKeyGenerator } from './sort-key';
import { attachmentNames } from './transfer';
import { errorText } from './write-errors';
import { WriteQueue, type WriteStatus } from './write-queue';

/**
 * A snapshot copies the whole answer so far (the structured clone of its record, and a Blob for a text past
 * `LARGE_TEXT_CHARS`), so its cost grows with the answer. Up to this many characters an answer is written every
 * `flushIntervalMs`; past them the time between snapshots grows in proportion (200,000 characters: every second,
 * 400,000: every 2 s), so what snapshots cost per second of streaming stays what it is at this length, however
 * long the answer gets, rather than growing with it — up to `MAX_SNAPSHOT_INTERVAL_MS` (2,000,000 characters),
 * past which a crash would lose too much. A reload or a closed tab writes the latest text anyway (the app
 * flushes on `pagehide`); only a crash can lose the last interval's text.
 */
export const STEADY_SNAPSHOT_CHARS = 100_000;
export const MAX_SNAPSHOT_INTERVAL_MS = 10_000;

/** The least time between two snapshots of `message`, an answer streaming now (see `STEADY_SNAPSHOT_CHARS`). */
export function snapshotInterval(flushIntervalMs: number, message: AssistantMessage | null): number {
  const chars = message ? streamedChars(message.content) : 0;
  const interval = flushIntervalMs * Math.max(1, chars / STEADY_SNAPSHOT_CHARS);
  return Math.max(flushIntervalMs, Math.min(MAX_SNAPSHOT_INTERVAL_MS, interval));
}

/**
 * The characters of the strings in `value` (an answer's content: its texts, thinking and tool arguments), the
 * size of what a snapshot copies. Reading a string's length costs nothing, however long it is.
 */
function streamedChars(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null || depth > 8) return 0;
  let chars = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value))
    chars += streamedChars(item, depth + 1);
  return chars;
}

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
}

/**
 * Saves the open session message by message.
 *
 * Contract: it watches the agent's state snapshots. Each message that joins `state.messages` is written
 * once, as its own record (one put plus a small metadata update: the cost never depends on the session's
 * length). The streaming answer is written as a `partial` snapshot at most every `flushIntervalMs` (less
 * often once it is long: `snapshotInterval`), under the key its final version replaces. Messages that leave the history (`replaceMessages` for edit or
 * regenerate, `continue()` dropping a failed answer) are deleted; nobody needs to call anything for it.
 * The session record is created with the first write; its title comes from the first user message.
 */
export class SessionSaver {
  private readonly messages: MessagesRepository;
  private readonly sessions: SessionsRepository;
  private readonly attachments: AttachmentsRepository;
  private readonly clock: Clock;
  private readonly keys: SortKeyGenerator;
  private readonly flushIntervalMs: number;
  private readonly listeners = new Set<(status: SaveStatus) => void>();
  private readonly queue: WriteQueue;
  private readonly remote = { put: new Set<string>(), deleted: new Set<string>() };
  private mirror: SessionMirror | undefined;
  private lastMessages: readonly AgentMessage[] | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private flushTimer: unknown;
  private merging = false;
  /** The open session was deleted in another tab (`purged`: it is gone from storage); its writes are held. */
  private gone: 'deleted' | 'purged' | undefined;
  /** Stored data is gone or out of reach: the open session's writes are held (see `lost` in `SaveStatus`). */
  private lost: StorageLoss | undefined;
  /** The open session's stored title (kept when it must be written anew). */
  private title = '';
  /** Counts `open` and `startNew` calls, so a slow `open` never overrides a later one. */
  private generation = 0;
  private replacing = false;
  /** The history change under way rewinds it for an edit or a regenerate: what leaves it stays stored. */
  private keepRemoved = false;
  private unsubscribeState: (() => void) | undefined;
  private readonly unsubscribeChannel: (() => void) | undefined;
  private readonly unsubscribeConnection: (() => void) | undefined;

  constructor(private readonly options: SessionSaverOptions) {
    this.messages = new MessagesRepository(options.db);
    this.sessions = new SessionsRepository(options.db);
    this.attachments = new AttachmentsRepository(options.db);
    this.clock = options.clock ?? systemClock;
    this.keys = options.keys ?? new SortKeyGenerator();
    this.flushIntervalMs = options.flushIntervalMs ?? 500;
    this.queue = new WriteQueue({
      target: options.target ?? this.messages,
      clock: this.clock,
      retryIntervalMs: options.retryIntervalMs ?? 5000,
      writer: this.keys.writer,
      channel: options.channel,
      onStatus: (status) => this.handleWriteStatus(status),
      onGone: (sessionId) => this.handleGone(sessionId),
    });
    this.unsubscribeChannel = options.channel?.subscribe((notice) => this.handleNotice(notice));
    this.unsubscribeConnection = options.connection?.subscribe((event) => this.handleConnection(event));
  }

  /** The id of the open session (it exists in storage only after its first message). */
  get sessionId(): string | undefined {
    return this.mirror?.sessionId;
  }

  /** This tab's writer id (the `writer` of the notices it posts). */
  get writer(): string {
    return this.keys.writer;
  }

  /** Writes not yet committed (after a failure, what is waiting for room; while deleted, what waits). */
  get unsaved(): number {
    return this.queue.unsaved;
  }

  /** Whether the open session was deleted in another tab and not restored or saved anew yet. */
  get deletedElsewhere(): boolean {
    return this.gone !== undefined;
  }

  /** Stored data was lost while this tab was open and the open session is not saved again yet. */
  get storageLost(): StorageLoss | undefined {
    return this.lost;
  }

  /**
   * The session new attachment bytes belong to: the open one, or `undefined` while it is deleted (keep them
   * under no session then, so its purge cannot take them; `restore` and `saveAsNew` give them back to it).
   */
  get attachmentSessionId(): string | undefined {
    return this.gone ? undefined : this.mirror?.sessionId;
  }

  /**
   * The project of the open chat as this tab knows it: the one a new chat was started in (`startNew`), the one
   * an opened session was in, or the one it was moved to here (`placeIn`). The stored record is the truth for
   * a saved session (another tab may move it); this is what a new chat, or a session written anew, goes in.
   */
  get newChatProject(): string | undefined {
    return this.mirror?.projectId;
  }

  /** The open chat was moved to a project (or out of any): a record written anew goes there. */
  placeIn(projectId: string | undefined): void {
    if (this.mirror) this.mirror.projectId = projectId;
  }

  subscribe(listener: (status: SaveStatus) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Stops the agent if it is working, loads a session into it (messages, model, effort) and saves its
   * changes from then on. An interrupted answer comes back with `stopReason: 'aborted'`.
   */
  async open(id: string): Promise<OpenResult> {
    const generation = ++this.generation;
    await this.stopAgent();
    const loaded = await loadSession(this.options.db, id);
    if (generation !== this.generation) return { kind: 'superseded', id };
    if (loaded.kind === 'not-found') return loaded;
    await this.stopAgent(); // a run may have started while the session loaded
    if (generation !== this.generation) return { kind: 'superseded', id };
    this.queue.markStored(id);
    this.title = loaded.session.title;
    const opened = new SessionMirror(id, this.keys, loaded.entries, loaded.session.title !== '', loaded.tree);
    // Written anew (restored after a purge, saved as a new chat) it stays in its project.
    opened.projectId = loaded.session.projectId;
    this.attach(opened, () => {
      const { agent } = this.options;
      agent.replaceMessages(loaded.messages);
      if (loaded.session.model) agent.setModel(loaded.session.model);
      agent.setThinkingLevel(loaded.session.thinkingLevel);
    });
    this.options.onHistoryLoaded?.(loaded.messages);
    return { kind: 'opened', session: loaded.session, messages: loaded.messages, problems: loaded.problems };
  }

  /**
   * Stops the agent, empties its history and saves into a new session (created at its first message), in the
   * project `projectId` when given.
   */
  async startNew(id: string = newId(), projectId?: string): Promise<string> {
    ++this.generation;
    await this.stopAgent();
    this.title = '';
    const mirror = new SessionMirror(id, this.keys);
    mirror.projectId = projectId;
    this.attach(mirror, () => this.options.agent.replaceMessages([]));
    this.options.onHistoryLoaded?.([]);
    return id;
  }

  /**
   * Runs `rewind` — a `replaceMessages` that takes messages off the end of the history, for an edit or a
   * regenerate — so that what it takes off stays stored, as the branch the next messages leave behind.
   */
  branch(rewind: () => void): void {
    this.keepRemoved = true;
    try {
      rewind();
    } finally {
      this.keepRemoved = false;
    }
  }

  /**
   * The versions of a message of the history (it and the messages written in its place, oldest first);
   * `undefined` for a message the session does not hold.
   */
  versionsOf(message: AgentMessage): Versions | undefined {
    const tree = this.mirror?.branches;
    const key = tree?.keyOf(message);
    return key === undefined ? undefined : tree?.versions(key);
  }

  /**
   * Puts the agent on another version of a message of its history: the history becomes the path through that
   * version to the newest message written after it, and the session remembers it (one small write, whatever
   * the session's length). `false` while the agent works or for a version the session lacks.
   */
  switchVersion(message: AgentMessage, step: -1 | 1): boolean {
    const mirror = this.mirror;
    const versions = this.versionsOf(message);
    const target = versions?.keys[versions.index + step];
    if (!mirror || target === undefined || this.options.agent.state.isStreaming) return false;
    const { state } = this.options.agent;
    const batch = this.queue.batch(mirror.sessionId);
    const entries = mirror.switchTo(target, state, batch);
    if (!entries) return false;
    const messages = entries.map((e) => e.message);
    if (!this.replaceHistory(messages)) return false;
    this.queue.kick();
    this.options.onHistoryLoaded?.(messages);
    return true;
  }

  /** Writes the streaming snapshot now and waits for pending writes; `true` when everything is saved. */
  flush(): Promise<boolean> {
    this.flushStream();
    return this.queue.flush();
  }

  /**
   * Brings back the open session after it was deleted in another tab: undeleted while its record is still
   * there, else written anew, under the same id, from what this tab holds. What waited is then saved, and
   * `restored` follows. Rejects when storage refuses (nothing is lost: the writes keep waiting).
   */
  async restore(): Promise<void> {
    const mirror = this.mirror;
    if (!mirror || !this.gone) return;
    const id = mirror.sessionId;
    await this.queue.settled();
    const back = await this.sessions.restore(id);
    if (this.mirror !== mirror) return;
    await this.attachments.moveToSession(attachmentBlobIds(everyMessage(mirror)), id);
    if (this.mirror !== mirror || !this.gone) return;
    if (back) {
      this.gone = undefined;
      this.options.channel?.post({
        type: 'session',
        writer: this.keys.writer,
        sessionId: id,
        change: 'restored',
      });
      this.queue.release(id);
      this.emit({ kind: 'restored', sessionId: id });
    } else {
      this.writeAnew(mirror, id);
    }
  }

  /**
   * Saves the open history as a new session (for one deleted in another tab, say) and goes on saving into
   * it; its files move with it. `restored` follows with the new id, then `saved` with `created` once it is
   * written. The old session keeps what it had. Resolves to the new id.
   */
  async saveAsNew(id: string = newId()): Promise<string | undefined> {
    const mirror = this.mirror;
    if (!mirror) return undefined;
    await this.queue.settled();
    await this.attachments.moveToSession(attachmentBlobIds(everyMessage(mirror)), id);
    if (this.mirror !== mirror) return undefined;
    this.writeAnew(mirror, id);
    return id;
  }

  /**
   * After stored data was cleared: writes the open conversation anew, under its id, from what this tab holds,
   * and saves it from then on (`restored`, then `saved` with `created`). Resolves to the names of attached
   * files whose bytes were lost with the data (their messages stay, saying the file is no longer available).
   * Rejects when the database cannot be opened (another tab replaced it): nothing is lost, it still waits.
   */
  async saveAgain(): Promise<readonly string[]> {
    const mirror = this.mirror;
    if (!mirror || this.lost !== 'cleared') return [];
    await this.options.connection?.ready();
    await this.queue.settled();
    if (this.mirror !== mirror || this.lost !== 'cleared') return [];
    this.lost = undefined;
    this.queue.discard(mirror.sessionId);
    this.writeAnew(mirror, mirror.sessionId);
    const lostFiles: string[] = [];
    for (const [id, name] of attachmentNames(everyMessage(mirror))) {
      if (!(await this.attachments.exists(id))) lostFiles.push(name);
    }
    return lostFiles;
  }

  /**
   * The open conversation as an export file, from memory (works with storage gone): the way to keep it when
   * it cannot be saved. `undefined` when no conversation is open.
   */
  async downloadOpen(): Promise<ExportDownload | undefined> {
    const mirror = this.mirror;
    if (!mirror) return undefined;
    const { agent, db } = this.options;
    const cleared = this.lost === 'cleared';
    return exportFromMemory({
      mirror,
      state: agent.state,
      title: this.title,
      db,
      cleared,
      now: this.clock.now(),
    });
  }

  /** Resolves once the database is open (again, after a loss); rejects when another tab replaced it. */
  async storageReady(): Promise<void> {
    await this.options.connection?.ready();
  }

  /** Retries failed writes at once (after the person freed space, say). */
  retryNow(): void {
    this.queue.kick();
  }

  /** Stops watching the agent and the channel, and retrying. Writes already under way still complete. */
  dispose(): void {
    this.detach();
    this.unsubscribeChannel?.();
    this.unsubscribeConnection?.();
    this.queue.dispose();
  }

  private attach(mirror: SessionMirror, load: () => void): void {
    // Leaving a session deleted elsewhere (or lost with the stored data) without saving it again: what waited
    // for it goes with it.
    if ((this.gone || this.lost) && this.mirror) this.queue.discard(this.mirror.sessionId);
    this.gone = undefined;
    // Cleared data: the next session saves into the database opened again. Replaced: nothing saves any more.
    if (this.lost === 'cleared') this.lost = undefined;
    if (this.lost) this.queue.hold(mirror.sessionId);
    this.detach();
    load();
    this.mirror = mirror;
    this.lastMessages = this.options.agent.state.messages;
    this.unsubscribeState = this.options.agent.subscribeState((state) => this.handleState(state));
  }

  private detach(): void {
    this.unsubscribeState?.();
    this.unsubscribeState = undefined;
    this.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.mirror = undefined;
    this.remote.put.clear();
    this.remote.deleted.clear();
  }

  private async stopAgent(): Promise<void> {
    const { agent } = this.options;
    if (agent.state.isStreaming) agent.abort();
    await agent.waitForIdle();
    this.flushStream();
  }

  private handleState(state: AgentState): void {
    const mirror = this.mirror;
    if (!mirror || this.replacing) return;
    let changed = false;
    if (state.messages !== this.lastMessages) {
      this.lastMessages = state.messages;
      changed = mirror.sync(state, this.queue.batch(mirror.sessionId), this.keepRemoved);
    }
    if (mirror.track(state.streamMessage)) {
      this.scheduleStreamFlush(state.streamMessage);
    } else {
      if (mirror.streaming) changed = mirror.dropStream(this.queue.batch(mirror.sessionId)) || changed;
      this.clock.clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    if (changed) this.queue.kick();
    if (!state.isStreaming && this.remote.put.size + this.remote.deleted.size > 0) void this.mergeRemote();
  }

  private scheduleStreamFlush(streamMessage: AssistantMessage | null): void {
    if (this.flushTimer !== undefined) return;
    const interval = snapshotInterval(this.flushIntervalMs, streamMessage);
    const wait = this.lastFlush + interval - this.clock.now();
    if (wait <= 0) this.flushStream();
    else this.flushTimer = this.clock.setTimeout(() => this.flushStream(), wait);
  }

  private flushStream(): void {
    this.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const mirror = this.mirror;
    if (!mirror?.streaming) return;
    this.lastFlush = this.clock.now();
    mirror.flushStream(this.queue.batch(mirror.sessionId), this.options.agent.state);
    this.queue.kick();
  }

  /** Writes the whole history of `mirror` under `id` (a session not in storage) and saves into it from now on. */
  private writeAnew(mirror: SessionMirror, id: string): void {
    if (this.gone) this.queue.discard(mirror.sessionId);
    this.gone = undefined;
    this.queue.forget(id);
    const moved = mirror.movedTo(id);
    moved.writeAll(this.queue.batch(id), this.options.agent.state, this.title);
    this.mirror = moved;
    this.remote.put.clear();
    this.remote.deleted.clear();
    this.queue.kick();
    this.emit({ kind: 'restored', sessionId: id });
  }

  private handleWriteStatus(status: WriteStatus): void {
    // With the data lost, writes fail as expected: the `lost` status says what to do.
    if (this.lost && status.kind !== 'saved') return;
    if (status.kind === 'saved' && status.session.id === this.mirror?.sessionId)
      this.title = status.session.title;
    this.emit(status);
  }

  private handleConnection(event: ConnectionEvent): void {
    if (event.kind !== 'lost' || this.lost === event.reason) return;
    this.lost = event.reason;
    const sessionId = this.mirror?.sessionId;
    if (sessionId !== undefined) this.queue.hold(sessionId);
    this.emit({ kind: 'lost', reason: event.reason, sessionId });
  }

  /** A commit found a session gone: the open one waits for the person's choice; one left behind stays gone. */
  private handleGone(sessionId: string): void {
    const mirror = this.mirror;
    if (mirror?.sessionId === sessionId) this.markGone(mirror, true);
    else this.queue.discard(sessionId);
  }

  private markGone(mirror: SessionMirror, purged: boolean): void {
    const gone = purged ? 'purged' : 'deleted';
    if (this.gone === gone || this.gone === 'purged') return;
    this.gone = gone;
    this.queue.hold(mirror.sessionId);
    this.emit({ kind: 'deleted', sessionId: mirror.sessionId, purged });
  }

  private handleSessionChange(mirror: SessionMirror, change: SessionChange): void {
    switch (change) {
      case 'deleted':
      case 'purged':
        this.markGone(mirror, change === 'purged');
        return;
      case 'restored':
        // Undone in the tab that deleted it: what waited is saved now.
        if (this.gone !== 'deleted') return;
        this.gone = undefined;
        this.queue.release(mirror.sessionId);
        this.emit({ kind: 'restored', sessionId: mirror.sessionId });
        return;
      case 'created':
      case 'renamed':
      case 'placed':
      case 'imported':
        return;
      default:
        assertNever(change);
    }
  }

  private handleNotice(notice: StorageNotice): void {
    if (notice.writer === this.keys.writer) return;
    const mirror = this.mirror;
    if (!mirror || notice.sessionId !== mirror.sessionId) return;
    if (notice.type === 'session') {
      this.handleSessionChange(mirror, notice.change);
      return;
    }
    if (this.gone) return; // another tab's messages for a deleted session: nothing to merge into
    for (const key of notice.put) this.remote.put.add(key);
    for (const key of notice.deleted) {
      this.remote.put.delete(key);
      this.remote.deleted.add(key);
    }
    if (!this.options.agent.state.isStreaming) void this.mergeRemote();
  }

  /** Adds another tab's messages to the open session once the agent is idle. */
  private async mergeRemote(): Promise<void> {
    const mirror = this.mirror;
    if (this.merging || !mirror) return;
    this.merging = true;
    const put = [...this.remote.put];
    const deleted = new Set(this.remote.deleted);
    this.remote.put.clear();
    this.remote.deleted.clear();
    let found: { readonly records: readonly MessageRecord[]; readonly problems: readonly string[] };
    try {
      found = await this.messages.getMany(mirror.sessionId, put);
    } catch (error) {
      found = { records: [], problems: [`Messages from another tab could not be read: ${errorText(error)}`] };
    } finally {
      this.merging = false;
    }
    if (this.mirror !== mirror) return;
    const merged = mirror.mergedWith(found.records, deleted);
    if (merged && !this.replaceHistory(merged.entries.map((e) => e.message))) {
      // A run started meanwhile: the state listener merges again when the agent is idle.
      for (const key of put) this.remote.put.add(key);
      for (const key of deleted) this.remote.deleted.add(key);
      return;
    }
    if (merged) {
      mirror.replaceEntries(merged);
      this.options.onHistoryLoaded?.(mirror.messages);
    }
    if (merged || found.problems.length > 0) {
      const { sessionId } = mirror;
      this.emit({ kind: 'merged', sessionId, messages: mirror.messages, problems: found.problems });
    }
    if (this.remote.put.size + this.remote.deleted.size > 0) void this.mergeRemote();
  }

  /** Gives the agent a merged history without the state listener taking it for local changes. */
  private replaceHistory(messages: readonly AgentMessage[]): boolean {
    const { agent } = this.options;
    if (agent.state.isStreaming) return false;
    this.replacing = true;
    try {
      agent.replaceMessages(messages);
      this.lastMessages = agent.state.messages;
      return true;
    } catch {
      return false;
    } finally {
      this.replacing = false;
    }
  }

  private emit(status: SaveStatus): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(status);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/** Every message of the session, on every branch: a branch not shown keeps its files too. */
function everyMessage(mirror: SessionMirror): AgentMessage[] {
  return mirror.branches.entries().map((e) => e.message);
}
