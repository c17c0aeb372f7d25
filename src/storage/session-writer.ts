/**
 * `SessionWriter`: writes the open session as the agent changes it. It watches the agent's state snapshots:
 * each message that joins `state.messages` is written once, as its own record (one put plus a small metadata
 * update: the cost never depends on the session's length); the streaming answer is written as a `partial`
 * snapshot at most every `flushIntervalMs` (less often once it is long: `snapshotInterval`), under the key its
 * final version replaces; messages that leave the history are deleted, or kept as a branch (`branch`).
 */

import type { AgentMessage, AgentState, AssistantMessage } from '../agent';
import type { Versions } from './branch-tree';
import type { Clock } from './clock';
import type { SaverAgent } from './saver-types';
import type { SessionMirror } from './session-mirror';
import type { WriteQueue } from './write-queue';

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

/**
 * What a change of the agent's history is: one the person made (written as it is), a rewind for an edit or a
 * regenerate (what leaves the history stays stored, as a branch), or the writer's own replacement (a merge, a
 * version switch: already stored, not written again).
 */
type HistoryChange = 'person' | 'rewind' | 'replacement';

export interface SessionWriterOptions {
  readonly agent: SaverAgent;
  readonly queue: WriteQueue;
  readonly clock: Clock;
  readonly flushIntervalMs: number;
  /** Told after each state the agent reports (the saver merges other tabs' messages when it is idle). */
  readonly afterState: (state: AgentState) => void;
}

export class SessionWriter {
  private mirror: SessionMirror | undefined;
  private lastMessages: readonly AgentMessage[] | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private flushTimer: unknown;
  private change: HistoryChange = 'person';
  private unsubscribeState: (() => void) | undefined;

  constructor(private readonly options: SessionWriterOptions) {}

  /** The session being written, if any. */
  get open(): SessionMirror | undefined {
    return this.mirror;
  }

  /** Loads a session into the agent (`load`) and writes its changes from then on. */
  attach(mirror: SessionMirror, load: () => void): void {
    this.detach();
    load();
    this.mirror = mirror;
    this.lastMessages = this.options.agent.state.messages;
    this.unsubscribeState = this.options.agent.subscribeState((state) => this.handleState(state));
  }

  /**
   * Goes on writing a session the agent already holds, loaded before the writer was (`SessionSaver`'s early
   * window): `stored` is the history as stored, `rewinds` the histories just before each `branch` since then.
   * Each of those is written in turn (what a rewind took off stays stored, as a branch), then what the agent
   * holds now (a message sent, an answer streaming), and every change from then on.
   */
  adopt(
    mirror: SessionMirror,
    stored: readonly AgentMessage[],
    rewinds: readonly (readonly AgentMessage[])[],
  ): void {
    this.detach();
    const { agent, queue } = this.options;
    this.mirror = mirror;
    this.lastMessages = stored;
    this.unsubscribeState = agent.subscribeState((state) => this.handleState(state));
    let changed = false;
    for (const [i, before] of rewinds.entries())
      changed =
        mirror.sync({ ...agent.state, messages: before }, queue.batch(mirror.sessionId), i > 0) || changed;
    if (changed) queue.kick();
    if (rewinds.length === 0) this.handleState(agent.state);
    else {
      this.lastMessages = undefined;
      this.branch(() => this.handleState(agent.state));
    }
  }

  /** Writes the same history on under another session (`SessionMirror.movedTo`), still watching the agent. */
  moveTo(mirror: SessionMirror): void {
    this.mirror = mirror;
  }

  /** Stops watching the agent. */
  detach(): void {
    this.unsubscribeState?.();
    this.unsubscribeState = undefined;
    this.options.clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.mirror = undefined;
  }

  /** Runs `rewind` so that what it takes off the history stays stored, as a branch. */
  branch(rewind: () => void): void {
    this.change = 'rewind';
    try {
      rewind();
    } finally {
      this.change = 'person';
    }
  }

  /** Gives the agent a history already stored, without taking it for changes to write; false while it works. */
  replaceHistory(messages: readonly AgentMessage[]): boolean {
    const { agent } = this.options;
    if (agent.state.isStreaming) return false;
    this.change = 'replacement';
    try {
      agent.replaceMessages(messages);
      this.lastMessages = agent.state.messages;
      return true;
    } catch {
      return false;
    } finally {
      this.change = 'person';
    }
  }

  /** The versions of a message of the history; `undefined` for a message the session does not hold. */
  versionsOf(message: AgentMessage): Versions | undefined {
    const tree = this.mirror?.branches;
    const key = tree?.keyOf(message);
    return key === undefined ? undefined : tree?.versions(key);
  }

  /**
   * Puts the agent on another version of a message (`SessionSaver.switchVersion`); resolves to the new
   * history, or `undefined` while the agent works or for a version the session lacks.
   */
  switchVersion(message: AgentMessage, step: -1 | 1): readonly AgentMessage[] | undefined {
    const { agent, queue } = this.options;
    const mirror = this.mirror;
    const versions = this.versionsOf(message);
    const target = versions?.keys[versions.index + step];
    if (!mirror || target === undefined || agent.state.isStreaming) return undefined;
    const entries = mirror.switchTo(target, agent.state, queue.batch(mirror.sessionId));
    if (!entries) return undefined;
    const messages = entries.map((e) => e.message);
    if (!this.replaceHistory(messages)) return undefined;
    queue.kick();
    return messages;
  }

  /** Writes the streaming answer's snapshot now. */
  flushStream(): void {
    const { clock, queue, agent } = this.options;
    clock.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const mirror = this.mirror;
    if (!mirror?.streaming) return;
    this.lastFlush = clock.now();
    mirror.flushStream(queue.batch(mirror.sessionId), agent.state);
    queue.kick();
  }

  private handleState(state: AgentState): void {
    const mirror = this.mirror;
    if (!mirror || this.change === 'replacement') return;
    const { queue, clock } = this.options;
    let changed = false;
    if (state.messages !== this.lastMessages) {
      this.lastMessages = state.messages;
      changed = mirror.sync(state, queue.batch(mirror.sessionId), this.change === 'rewind');
    }
    if (mirror.track(state.streamMessage)) {
      this.scheduleStreamFlush(state.streamMessage);
    } else {
      if (mirror.streaming) changed = mirror.dropStream(queue.batch(mirror.sessionId)) || changed;
      clock.clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    if (changed) queue.kick();
    this.options.afterState(state);
  }

  private scheduleStreamFlush(streamMessage: AssistantMessage | null): void {
    if (this.flushTimer !== undefined) return;
    const { clock, flushIntervalMs } = this.options;
    const wait = this.lastFlush + snapshotInterval(flushIntervalMs, streamMessage) - clock.now();
    if (wait <= 0) this.flushStream();
    else this.flushTimer = clock.setTimeout(() => this.flushStream(), wait);
  }
}
