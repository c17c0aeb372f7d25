/**
 * `SaverCore`: the saver's write path, loaded after the first screen (`SessionSaver`, in `saver.ts`, is what the
 * app holds: it opens the first chat on its own and hands it to this part, `adopt`, once it has loaded). Its
 * parts: `SessionWriter` writes what the agent does; `SessionSwitch` moves the agent between chats;
 * `RemoteMerge` brings in other tabs' messages; `open-session.ts` says where the open session stands (saving,
 * deleted elsewhere, storage lost), one state changed by one function.
 */

import type { AgentMessage } from '../agent';
import { AttachmentsRepository } from './attachments-repo';
import type { Versions } from './branch-tree';
import { type Clock, systemClock } from './clock';
import type { ConnectionEvent, StorageLoss } from './connection';
import type { ExportDownload } from './library';
import { MessagesRepository } from './messages-repo';
import type { StorageNotice } from './notices';
import { OpenSession } from './open-session';
import type { RecoveryParts, SessionRecovery } from './recovery';
import { RemoteMerge } from './remote-merge';
import type { EarlyChat, OpenResult, SaveStatus, SessionSaverOptions } from './saver-types';
import { SessionMirror } from './session-mirror';
import { SessionSwitch } from './session-switch';
import { SessionWriter } from './session-writer';
import { SessionsRepository } from './sessions-repo';
import { newId, SortKeyGenerator } from './sort-key';
import { WriteQueue, type WriteStatus } from './write-queue';

/**
 * Saves the open session message by message (see `SessionWriter` for what is written when). The session
 * record is created with the first write; its title comes from the first user message. Its methods are
 * `SessionSaver`'s, which documents them.
 */
export class SaverCore {
  private readonly clock: Clock;
  private readonly keys: SortKeyGenerator;
  private readonly listeners = new Set<(status: SaveStatus) => void>();
  private readonly queue: WriteQueue;
  private readonly writes: SessionWriter;
  private readonly remote: RemoteMerge;
  private readonly session: OpenSession;
  private readonly recoveryParts: RecoveryParts;
  private readonly switch: SessionSwitch;
  /** Loaded at first use: getting a session saved again is rare, and the first load is tight. */
  private recovery: Promise<SessionRecovery> | undefined;
  private readonly unsubscribe: readonly ((() => void) | undefined)[];

  constructor(private readonly options: SessionSaverOptions) {
    const messages = new MessagesRepository(options.db);
    this.clock = options.clock ?? systemClock;
    this.keys = options.keys ?? new SortKeyGenerator();
    this.queue = new WriteQueue({
      target: options.target ?? messages,
      clock: this.clock,
      retryIntervalMs: options.retryIntervalMs ?? 5000,
      writer: this.keys.writer,
      channel: options.channel,
      onStatus: (status) => this.handleWriteStatus(status),
      onGone: (sessionId) => this.handleGone(sessionId),
    });
    this.writes = new SessionWriter({
      agent: options.agent,
      queue: this.queue,
      clock: this.clock,
      flushIntervalMs: options.flushIntervalMs ?? 500,
      afterState: (state) => {
        if (!state.isStreaming && this.remote.waiting) void this.remote.run();
      },
    });
    this.remote = new RemoteMerge({
      messages,
      open: () => this.writes.open,
      replaceHistory: (history) => this.writes.replaceHistory(history),
      merged: (mirror, changed, problems) => {
        if (changed) options.onHistoryLoaded?.(mirror.messages);
        this.emit({ kind: 'merged', sessionId: mirror.sessionId, messages: mirror.messages, problems });
      },
    });
    this.session = new OpenSession({ queue: this.queue, emit: (status) => this.emit(status) });
    this.switch = new SessionSwitch({
      db: options.db,
      agent: options.agent,
      keys: this.keys,
      writes: this.writes,
      session: this.session,
      queue: this.queue,
      remote: this.remote,
      held: options.held,
      onHistoryLoaded: options.onHistoryLoaded,
    });
    this.recoveryParts = {
      agent: options.agent,
      session: this.session,
      writes: this.writes,
      queue: this.queue,
      sessions: new SessionsRepository(options.db),
      attachments: new AttachmentsRepository(options.db),
      channel: options.channel,
      connection: options.connection,
      writer: this.keys.writer,
      title: () => this.switch.title,
      movedTo: () => this.remote.clear(),
      db: options.db,
      now: () => this.clock.now(),
    };
    this.unsubscribe = [
      options.channel?.subscribe((notice) => this.handleNotice(notice)),
      options.connection?.subscribe((event) => this.handleConnection(event)),
    ];
  }

  /**
   * Takes over the chat the agent holds, opened before this part loaded: what the agent did since it was read
   * is written now (`rewinds`: its history just before each `branch`), and every change from then on.
   */
  adopt(chat: EarlyChat, rewinds: readonly (readonly AgentMessage[])[]): void {
    if (chat.kind === 'incognito') {
      this.switch.adoptIncognito(chat.sessionId);
      return;
    }
    if (chat.kind === 'new') {
      const mirror = new SessionMirror(chat.sessionId, this.keys);
      mirror.projectId = chat.projectId;
      this.switch.adopt(mirror, '', undefined, rewinds);
      return;
    }
    const { session, entries, tree, messages } = chat.loaded;
    const mirror = new SessionMirror(session.id, this.keys, entries, session.title !== '', tree);
    mirror.projectId = chat.projectId;
    this.switch.adopt(mirror, session.title, messages, rewinds);
  }

  /** The id of the open session (it exists in storage only after its first message). */
  get sessionId(): string | undefined {
    return this.writes.open?.sessionId;
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
    return this.session.standing.kind === 'deleted';
  }

  /** Stored data was lost while this tab was open and the open session is not saved again yet. */
  get storageLost(): StorageLoss | undefined {
    return this.session.standing.kind === 'lost' ? this.session.standing.reason : undefined;
  }

  /**
   * The session new attachment bytes belong to: the open one, or `undefined` while it is deleted (keep them
   * under no session then, so its purge cannot take them; `restore` and `saveAsNew` give them back to it).
   */
  get attachmentSessionId(): string | undefined {
    return this.session.standing.kind === 'deleted' ? undefined : this.writes.open?.sessionId;
  }

  /**
   * The project of the open chat as this tab knows it: the one a new chat was started in (`startNew`), the one
   * an opened session was in, or the one it was moved to here (`placeIn`). The stored record is the truth for
   * a saved session (another tab may move it); this is what a new chat, or a session written anew, goes in.
   */
  get newChatProject(): string | undefined {
    return this.writes.open?.projectId;
  }

  /** The open chat was moved to a project (or out of any): a record written anew goes there. */
  placeIn(projectId: string | undefined): void {
    const mirror = this.writes.open;
    if (mirror) mirror.projectId = projectId;
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
  open(id: string): Promise<OpenResult> {
    return this.switch.open(id);
  }

  /**
   * Stops the agent, empties its history and saves into a new session (created at its first message), in the
   * project `projectId` when given.
   */
  startNew(id: string = newId(), projectId?: string): Promise<string> {
    return this.switch.startNew(id, projectId);
  }

  /**
   * Stops the agent, empties its history and writes nothing from then on: an incognito chat, never stored (no
   * session record, no messages; its files are held in memory, `HeldFiles`), gone when another chat is opened
   * or started (`open`, `startNew`) or the page goes. `sessionId` is `undefined` while it lasts.
   */
  startIncognito(): Promise<void> {
    return this.switch.startIncognito(newId());
  }

  /** Whether the open chat is incognito (see `startIncognito`). */
  get incognito(): boolean {
    return this.switch.incognito;
  }

  /**
   * Runs `rewind` — a `replaceMessages` that takes messages off the end of the history, for an edit or a
   * regenerate — so that what it takes off stays stored, as the branch the next messages leave behind.
   */
  branch(rewind: () => void): void {
    this.writes.branch(rewind);
  }

  /**
   * The versions of a message of the history (it and the messages written in its place, oldest first);
   * `undefined` for a message the session does not hold.
   */
  versionsOf(message: AgentMessage): Versions | undefined {
    return this.writes.versionsOf(message);
  }

  /**
   * Puts the agent on another version of a message of its history: the history becomes the path through that
   * version to the newest message written after it, and the session remembers it (one small write, whatever
   * the session's length). `false` while the agent works or for a version the session lacks.
   */
  switchVersion(message: AgentMessage, step: -1 | 1): boolean {
    const messages = this.writes.switchVersion(message, step);
    if (messages) this.options.onHistoryLoaded?.(messages);
    return messages !== undefined;
  }

  /** Writes the streaming snapshot now and waits for pending writes; `true` when everything is saved. */
  flush(): Promise<boolean> {
    this.writes.flushStream();
    return this.queue.flush();
  }

  /**
   * Brings back the open session after it was deleted in another tab: undeleted while its record is still
   * there, else written anew, under the same id, from what this tab holds. What waited is then saved, and
   * `restored` follows. Rejects when storage refuses (nothing is lost: the writes keep waiting).
   */
  async restore(): Promise<void> {
    return (await this.recover()).restore();
  }

  /**
   * Saves the open history as a new session (for one deleted in another tab, say) and goes on saving into
   * it; its files move with it. `restored` follows with the new id, then `saved` with `created` once it is
   * written. The old session keeps what it had. Resolves to the new id.
   */
  async saveAsNew(id: string = newId()): Promise<string | undefined> {
    return (await this.recover()).saveAsNew(id);
  }

  /**
   * After stored data was cleared: writes the open conversation anew, under its id, from what this tab holds,
   * and saves it from then on (`restored`, then `saved` with `created`). Resolves to the names of attached
   * files whose bytes were lost with the data (their messages stay, saying the file is no longer available).
   * Rejects when the database cannot be opened (another tab replaced it): nothing is lost, it still waits.
   */
  async saveAgain(): Promise<readonly string[]> {
    return (await this.recover()).saveAgain();
  }

  /**
   * The open conversation as an export file, from memory (works with storage gone): the way to keep it when
   * it cannot be saved. `undefined` when no conversation is open.
   */
  async downloadOpen(): Promise<ExportDownload | undefined> {
    return (await this.recover()).download();
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
    this.switch.detach();
    for (const unsubscribe of this.unsubscribe) unsubscribe?.();
    this.queue.dispose();
  }

  private recover(): Promise<SessionRecovery> {
    this.recovery ??= import('./recovery').then((m) => new m.SessionRecovery(this.recoveryParts));
    return this.recovery;
  }

  private handleWriteStatus(status: WriteStatus): void {
    // With the data lost, writes fail as expected: the `lost` status says what to do.
    if (this.session.standing.kind === 'lost' && status.kind !== 'saved') return;
    if (status.kind === 'saved') this.switch.saved(status.session.id, status.session.title);
    this.emit(status);
  }

  private handleConnection(event: ConnectionEvent): void {
    if (event.kind === 'lost') this.session.step({ kind: 'lost', reason: event.reason });
  }

  /** A commit found a session gone: the open one waits for the person's choice; one left behind stays gone. */
  private handleGone(sessionId: string): void {
    if (this.writes.open?.sessionId === sessionId) this.session.step({ kind: 'gone', purged: true });
    else this.queue.discard(sessionId);
  }

  private handleNotice(notice: StorageNotice): void {
    if (notice.writer === this.keys.writer) return;
    const mirror = this.writes.open;
    if (!mirror || notice.sessionId !== mirror.sessionId) return;
    if (notice.type === 'session') {
      this.session.sessionChanged(notice.change);
      return;
    }
    if (this.session.standing.kind === 'deleted') return; // another tab's messages for a deleted session
    this.remote.add(notice.put, notice.deleted);
    if (!this.options.agent.state.isStreaming) void this.remote.run();
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
