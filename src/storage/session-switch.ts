/**
 * `SessionSwitch`: moves the agent between chats (opens a stored session into it, starts a new chat or an
 * incognito one) and knows which chat is open: its stored title, whether it is incognito. The latest call wins:
 * a slow `open` never overrides a later one. A part of `SessionSaver`, which hands it the other parts.
 */

import type { AgentMessage } from '../agent';
import type { HeldFiles } from './attachments-repo';
import type { EaselDatabase } from './db';
import { loadSession } from './load';
import type { OpenSession } from './open-session';
import type { OpenResult, SaverAgent } from './saver-types';
import { SessionMirror } from './session-mirror';
import type { SessionWriter } from './session-writer';
import type { SortKeyGenerator } from './sort-key';

export interface SessionSwitchParts {
  readonly db: EaselDatabase;
  readonly agent: SaverAgent;
  readonly keys: SortKeyGenerator;
  readonly writes: Pick<SessionWriter, 'open' | 'attach' | 'adopt' | 'detach' | 'flushStream'>;
  readonly session: Pick<OpenSession, 'step'>;
  readonly queue: { markStored(sessionId: string): void };
  /** Other tabs' changes waiting to be merged: they belong to the chat being left. */
  readonly remote: { clear(): void };
  readonly held?: HeldFiles;
  readonly onHistoryLoaded?: (messages: readonly AgentMessage[]) => void;
}

export class SessionSwitch {
  /** The open session's stored title (kept when it must be written anew). */
  private storedTitle = '';
  /** The latest `open` or `start…`: a slow `open` never overrides a later one. */
  private latest: object = {};
  private incognitoChat = false;

  constructor(private readonly parts: SessionSwitchParts) {}

  get title(): string {
    return this.storedTitle;
  }

  /** Whether the open chat is incognito (`startIncognito`): nothing of it is written. */
  get incognito(): boolean {
    return this.incognitoChat;
  }

  /** A write saved session `sessionId` under `title`: kept when it is the open one. */
  saved(sessionId: string, title: string): void {
    if (sessionId === this.parts.writes.open?.sessionId) this.storedTitle = title;
  }

  /** See `SessionSaver.open`. */
  async open(id: string): Promise<OpenResult> {
    const ticket = {};
    this.latest = ticket;
    await this.stopAgent();
    const loaded = await loadSession(this.parts.db, id);
    if (ticket !== this.latest) return { kind: 'superseded', id };
    if (loaded.kind === 'not-found') return loaded;
    await this.stopAgent(); // a run may have started while the session loaded
    if (ticket !== this.latest) return { kind: 'superseded', id };
    this.parts.queue.markStored(id);
    this.storedTitle = loaded.session.title;
    const { keys, agent } = this.parts;
    const opened = new SessionMirror(id, keys, loaded.entries, loaded.session.title !== '', loaded.tree);
    // Written anew (restored after a purge, saved as a new chat) it stays in its project.
    opened.projectId = loaded.session.projectId;
    this.attach(opened, () => {
      agent.replaceMessages(loaded.messages);
      if (loaded.session.model) agent.setModel(loaded.session.model);
      agent.setThinkingLevel(loaded.session.thinkingLevel);
    });
    this.parts.onHistoryLoaded?.(loaded.messages);
    return { kind: 'opened', session: loaded.session, messages: loaded.messages, problems: loaded.problems };
  }

  /** See `SessionSaver.startNew`. */
  async startNew(id: string, projectId: string | undefined): Promise<string> {
    this.latest = {};
    await this.stopAgent();
    this.storedTitle = '';
    const mirror = new SessionMirror(id, this.parts.keys);
    mirror.projectId = projectId;
    this.attach(mirror, () => this.parts.agent.replaceMessages([]));
    this.parts.onHistoryLoaded?.([]);
    return id;
  }

  /** See `SessionSaver.startIncognito`; `sessionId` is an id written nowhere. */
  async startIncognito(sessionId: string): Promise<void> {
    this.latest = {};
    await this.stopAgent();
    this.storedTitle = '';
    this.detach();
    this.parts.session.step({ kind: 'opened', sessionId });
    this.incognitoChat = true;
    this.parts.held?.clear();
    this.parts.agent.replaceMessages([]);
    this.parts.onHistoryLoaded?.([]);
  }

  /**
   * Takes over the chat the agent already holds, opened before the write path loaded (`SessionSaver`):
   * `stored` is its history as stored (`undefined` for a new chat), `rewinds` the histories before each early
   * `branch`: whatever the agent did since it was read is written now.
   */
  adopt(
    mirror: SessionMirror,
    title: string,
    stored: readonly AgentMessage[] | undefined,
    rewinds: readonly (readonly AgentMessage[])[],
  ): void {
    this.latest = {};
    this.storedTitle = title;
    this.incognitoChat = false;
    if (stored) this.parts.queue.markStored(mirror.sessionId);
    this.parts.session.step({ kind: 'opened', sessionId: mirror.sessionId });
    this.parts.remote.clear();
    this.parts.writes.adopt(mirror, stored ?? [], rewinds);
  }

  /** Takes over an incognito chat started before the write path loaded: nothing of it is written. */
  adoptIncognito(sessionId: string): void {
    this.latest = {};
    this.storedTitle = '';
    this.detach();
    this.parts.session.step({ kind: 'opened', sessionId });
    this.incognitoChat = true;
  }

  /** Stops writing the open chat (the saver is disposed). */
  detach(): void {
    this.parts.writes.detach();
    this.parts.remote.clear();
  }

  private attach(mirror: SessionMirror, load: () => void): void {
    // Leaving an incognito chat: what it held goes with it.
    if (this.incognitoChat) this.parts.held?.clear();
    this.incognitoChat = false;
    this.parts.session.step({ kind: 'opened', sessionId: mirror.sessionId });
    this.parts.remote.clear();
    this.parts.writes.attach(mirror, load);
  }

  private async stopAgent(): Promise<void> {
    const { agent } = this.parts;
    if (agent.state.isStreaming) agent.abort();
    await agent.waitForIdle();
    this.parts.writes.flushStream();
  }
}
