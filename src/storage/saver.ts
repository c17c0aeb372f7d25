/**
 * `SessionSaver`: keeps the open session in IndexedDB as the agent changes it, and opens sessions into the
 * agent. Plain TypeScript; the app makes one and hands it the agent. What the first screen runs is here: it
 * reads the first chat into the agent (`loadSession`) on its own. The write path — writer, write queue,
 * session switch, other tabs' merge, the open session's standing (`SaverCore`, `saver-core.ts`) — loads right
 * after the first paint and takes over that chat with the history as it was read, so what the person did
 * meanwhile is written then. Other tabs' notices and the connection's events are kept for it until it loads;
 * a failed load says so (an `error` status) and is tried again.
 */

import type { AgentMessage } from '../agent';
import type { Versions } from './branch-tree';
import { type Clock, systemClock } from './clock';
import type { ConnectionEvent, StorageLoss } from './connection';
import type { ExportDownload } from './library';
import { loadSession } from './load';
import type { StorageNotice } from './notices';
import type { SaverCore } from './saver-core';
import type { EarlyChat, OpenResult, SaveStatus, SessionSaverOptions } from './saver-types';
import { newId, SortKeyGenerator } from './sort-key';

export type { OpenResult, SaverAgent, SaveStatus, SessionSaverOptions } from './saver-types';

/**
 * Saves the open session message by message (see `SessionWriter` for what is written when). The session
 * record is created with the first write; its title comes from the first user message.
 */
export class SessionSaver {
  private readonly clock: Clock;
  private readonly keys: SortKeyGenerator;
  private readonly listeners = new Set<(status: SaveStatus) => void>();
  /** The write path, once loaded; until then `chat` is the open chat. */
  private core: SaverCore | undefined;
  private loading: Promise<SaverCore> | undefined;
  private chat: EarlyChat | undefined;
  /** The history just before each `branch` since `chat` opened (the write path keeps what each took off). */
  private rewinds: (readonly AgentMessage[])[] = [];
  /** The latest early `open` or `start…`; the write path waits for it (`earlyDone`). */
  private latest: object = {};
  private early: Promise<unknown> = Promise.resolve();
  /** What the channel and the connection said before the write path loaded, in order, for it. */
  private readonly heard: ({ notice: StorageNotice } | { event: ConnectionEvent })[] = [];
  private hearNotice: ((notice: StorageNotice) => void) | undefined;
  private hearEvent: ((event: ConnectionEvent) => void) | undefined;
  private retryTimer: unknown;
  private disposed = false;
  private readonly unsubscribe: readonly ((() => void) | undefined)[];

  constructor(private readonly options: SessionSaverOptions) {
    this.clock = options.clock ?? systemClock;
    this.keys = options.keys ?? new SortKeyGenerator();
    this.unsubscribe = [
      options.channel?.subscribe((notice) => {
        if (this.hearNotice) this.hearNotice(notice);
        else this.keep({ notice });
      }),
      options.connection?.subscribe((event) => {
        if (this.hearEvent) this.hearEvent(event);
        else this.keep({ event });
      }),
    ];
  }

  /** The id of the open session (it exists in storage only after its first message). */
  get sessionId(): string | undefined {
    if (this.core) return this.core.sessionId;
    if (this.chat?.kind === 'stored') return this.chat.loaded.session.id;
    return this.chat?.kind === 'new' ? this.chat.sessionId : undefined;
  }

  /** This tab's writer id (the `writer` of the notices it posts). */
  get writer(): string {
    return this.keys.writer;
  }

  /** Writes not yet committed (after a failure, what is waiting for room; while deleted, what waits). */
  get unsaved(): number {
    return this.core?.unsaved ?? 0;
  }

  /** Whether the open session was deleted in another tab and not restored or saved anew yet. */
  get deletedElsewhere(): boolean {
    return this.core?.deletedElsewhere ?? false;
  }

  /** Stored data was lost while this tab was open and the open session is not saved again yet. */
  get storageLost(): StorageLoss | undefined {
    return this.core?.storageLost;
  }

  /**
   * The session new attachment bytes belong to: the open one, or `undefined` while it is deleted (keep them
   * under no session then, so its purge cannot take them; `restore` and `saveAsNew` give them back to it).
   */
  get attachmentSessionId(): string | undefined {
    return this.core ? this.core.attachmentSessionId : this.sessionId;
  }

  /**
   * The project of the open chat as this tab knows it: the one a new chat was started in (`startNew`), the one
   * an opened session was in, or the one it was moved to here (`placeIn`). The stored record is the truth for
   * a saved session (another tab may move it); this is what a new chat, or a session written anew, goes in.
   */
  get newChatProject(): string | undefined {
    return this.core ? this.core.newChatProject : this.chat?.projectId;
  }

  /** The open chat was moved to a project (or out of any): a record written anew goes there. */
  placeIn(projectId: string | undefined): void {
    if (this.core) this.core.placeIn(projectId);
    else if (this.chat && this.chat.kind !== 'incognito') this.chat.projectId = projectId;
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
    if (this.core || this.chat) return this.withCore((core) => core.open(id));
    return this.earlySwitch(() => this.openEarly(id));
  }

  /**
   * Stops the agent, empties its history and saves into a new session (created at its first message), in the
   * project `projectId` when given.
   */
  startNew(id: string = newId(), projectId?: string): Promise<string> {
    if (this.core || this.chat) return this.withCore((core) => core.startNew(id, projectId));
    return this.earlySwitch(async () => {
      await this.startEarly({ kind: 'new', sessionId: id, projectId });
      return id;
    });
  }

  /**
   * Stops the agent, empties its history and writes nothing from then on: an incognito chat, never stored (no
   * session record, no messages; its files are held in memory, `HeldFiles`), gone when another chat is opened
   * or started (`open`, `startNew`) or the page goes. `sessionId` is `undefined` while it lasts.
   */
  startIncognito(): Promise<void> {
    if (this.core || this.chat) return this.withCore((core) => core.startIncognito());
    return this.earlySwitch(async () => {
      this.options.held?.clear();
      await this.startEarly({ kind: 'incognito', sessionId: newId(), projectId: undefined });
    });
  }

  /** Whether the open chat is incognito (see `startIncognito`). */
  get incognito(): boolean {
    return this.core ? this.core.incognito : this.chat?.kind === 'incognito';
  }

  /**
   * Runs `rewind` — a `replaceMessages` that takes messages off the end of the history, for an edit or a
   * regenerate — so that what it takes off stays stored, as the branch the next messages leave behind.
   */
  branch(rewind: () => void): void {
    if (this.core) {
      this.core.branch(rewind);
      return;
    }
    this.rewinds.push(this.options.agent.state.messages);
    rewind();
  }

  /**
   * The versions of a message of the history (it and the messages written in its place, oldest first);
   * `undefined` for a message the session does not hold.
   */
  versionsOf(message: AgentMessage): Versions | undefined {
    if (this.core) return this.core.versionsOf(message);
    if (this.chat?.kind !== 'stored') return undefined;
    const { tree } = this.chat.loaded;
    const key = tree.keyOf(message);
    return key === undefined ? undefined : tree.versions(key);
  }

  /**
   * Puts the agent on another version of a message of its history: the history becomes the path through that
   * version to the newest message written after it, and the session remembers it (one small write, whatever
   * the session's length). `false` while the agent works, for a version the session lacks, or in the moment
   * before the write path has loaded (it loads at once then).
   */
  switchVersion(message: AgentMessage, step: -1 | 1): boolean {
    if (this.core) return this.core.switchVersion(message, step);
    void this.load().catch(() => undefined);
    return false;
  }

  /** Writes the streaming snapshot now and waits for pending writes; `true` when everything is saved. */
  async flush(): Promise<boolean> {
    if (!this.core && !this.chat) return true;
    try {
      return await (await this.load()).flush();
    } catch {
      return false;
    }
  }

  /**
   * Brings back the open session after it was deleted in another tab: undeleted while its record is still
   * there, else written anew, under the same id, from what this tab holds. What waited is then saved, and
   * `restored` follows. Rejects when storage refuses (nothing is lost: the writes keep waiting).
   */
  restore(): Promise<void> {
    return this.withCore((core) => core.restore());
  }

  /**
   * Saves the open history as a new session (for one deleted in another tab, say) and goes on saving into
   * it; its files move with it. `restored` follows with the new id, then `saved` with `created` once it is
   * written. The old session keeps what it had. Resolves to the new id.
   */
  saveAsNew(id: string = newId()): Promise<string | undefined> {
    return this.withCore((core) => core.saveAsNew(id));
  }

  /**
   * After stored data was cleared: writes the open conversation anew, under its id, from what this tab holds,
   * and saves it from then on (`restored`, then `saved` with `created`). Resolves to the names of attached
   * files whose bytes were lost with the data (their messages stay, saying the file is no longer available).
   * Rejects when the database cannot be opened (another tab replaced it): nothing is lost, it still waits.
   */
  saveAgain(): Promise<readonly string[]> {
    return this.withCore((core) => core.saveAgain());
  }

  /**
   * The open conversation as an export file, from memory (works with storage gone): the way to keep it when
   * it cannot be saved. `undefined` when no conversation is open.
   */
  downloadOpen(): Promise<ExportDownload | undefined> {
    return this.withCore((core) => core.downloadOpen());
  }

  /**
   * Resolves once the write path has loaded (it does right after the first paint); rejects when it could not
   * load (an `error` status said so, and it is tried again).
   */
  async writePathReady(): Promise<void> {
    await this.load();
  }

  /** Resolves once the database is open (again, after a loss); rejects when another tab replaced it. */
  async storageReady(): Promise<void> {
    await this.options.connection?.ready();
  }

  /** Retries failed writes at once (after the person freed space, say), or loading the write path. */
  retryNow(): void {
    if (this.core) this.core.retryNow();
    else void this.load().catch(() => undefined);
  }

  /** Stops watching the agent and the channel, and retrying. Writes already under way still complete. */
  dispose(): void {
    this.disposed = true;
    this.clock.clearTimeout(this.retryTimer);
    for (const unsubscribe of this.unsubscribe) unsubscribe?.();
    this.core?.dispose();
  }

  /** Loads the write path (once; again after a failure), hands it the open chat and what was heard for it. */
  private load(): Promise<SaverCore> {
    this.loading ??= this.loadCore().catch((error: unknown) => {
      this.loading = undefined;
      this.loadFailed(error);
      throw error;
    });
    return this.loading;
  }

  private async loadCore(): Promise<SaverCore> {
    const { SaverCore } = await import('./saver-core');
    await this.earlyDone();
    if (this.core) return this.core;
    const channel = this.options.channel;
    const connection = this.options.connection;
    const core = new SaverCore({
      ...this.options,
      keys: this.keys,
      clock: this.clock,
      channel: channel && {
        post: (notice) => channel.post(notice),
        close: () => channel.close(),
        subscribe: (listener) => {
          this.hearNotice = listener;
          return () => {
            this.hearNotice = undefined;
          };
        },
      },
      connection: connection && {
        ready: () => connection.ready(),
        subscribe: (listener) => {
          this.hearEvent = listener;
          return () => {
            this.hearEvent = undefined;
          };
        },
      },
    });
    core.subscribe((status) => this.emit(status));
    if (this.chat) core.adopt(this.chat, this.rewinds);
    this.rewinds = [];
    this.core = core;
    this.chat = undefined;
    for (const heard of this.heard.splice(0)) {
      if ('notice' in heard) this.hearNotice?.(heard.notice);
      else this.hearEvent?.(heard.event);
    }
    if (this.disposed) core.dispose();
    return core;
  }

  /** Something heard before the write path loaded: kept for it, and it loads now (it may concern the chat). */
  private keep(heard: { notice: StorageNotice } | { event: ConnectionEvent }): void {
    this.heard.push(heard);
    if (this.chat) void this.load().catch(() => undefined);
  }

  private loadFailed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.emit({
      kind: 'error',
      message: `Easel could not load what saves this chat (${reason}). It tries again every few seconds; the chat stays in this tab meanwhile. Check the connection, or reload once it is back.`,
      unsaved: 0,
    });
    this.clock.clearTimeout(this.retryTimer);
    if (this.disposed) return;
    this.retryTimer = this.clock.setTimeout(
      () => void this.load().catch(() => undefined),
      this.options.retryIntervalMs ?? 5000,
    );
  }

  private async withCore<T>(work: (core: SaverCore) => Promise<T>): Promise<T> {
    return work(this.core ?? (await this.load()));
  }

  /** Runs an early `open` or `start…`; the write path is loaded after the first paint that follows. */
  private earlySwitch<T>(run: () => Promise<T>): Promise<T> {
    const done = run();
    this.early = done.catch(() => undefined);
    void done.then(
      () => this.loadAfterPaint(),
      () => undefined,
    );
    return done;
  }

  /** Waits for the early switches under way (a second may start while the first runs). */
  private async earlyDone(): Promise<void> {
    let waited: Promise<unknown> | undefined;
    while (waited !== this.early) {
      waited = this.early;
      await waited;
    }
  }

  private loadAfterPaint(): void {
    const run = () => void this.load().catch(() => undefined);
    // After the next frame; a hidden tab paints no frames, so at the latest a second later.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
    this.clock.setTimeout(run, 1000);
  }

  private async openEarly(id: string): Promise<OpenResult> {
    const ticket = {};
    this.latest = ticket;
    await this.stopAgent();
    const loaded = await loadSession(this.options.db, id);
    if (ticket !== this.latest) return { kind: 'superseded', id };
    if (loaded.kind === 'not-found') return loaded;
    await this.stopAgent(); // a run may have started while the session loaded
    if (ticket !== this.latest) return { kind: 'superseded', id };
    const { agent } = this.options;
    agent.replaceMessages(loaded.messages);
    if (loaded.session.model) agent.setModel(loaded.session.model);
    agent.setThinkingLevel(loaded.session.thinkingLevel);
    this.chat = { kind: 'stored', loaded, projectId: loaded.session.projectId };
    this.rewinds = [];
    this.options.onHistoryLoaded?.(loaded.messages);
    return { kind: 'opened', session: loaded.session, messages: loaded.messages, problems: loaded.problems };
  }

  private async startEarly(chat: EarlyChat): Promise<void> {
    this.latest = {};
    await this.stopAgent();
    this.chat = chat;
    this.rewinds = [];
    this.options.agent.replaceMessages([]);
    this.options.onHistoryLoaded?.([]);
  }

  private async stopAgent(): Promise<void> {
    const { agent } = this.options;
    if (agent.state.isStreaming) agent.abort();
    await agent.waitForIdle();
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
