/**
 * The saver's picture of the open session: each message of the agent's history with the key it is stored
 * under. Comparing a new history with it tells what to write and what to delete, and keeps the metadata
 * totals by difference, so a save costs the same whatever the length of the session.
 */

import type { AgentMessage, AgentState, AssistantMessage } from '../agent';
import { previewOf, titleFrom } from './message-text';
import type { PendingBatch } from './pending-writes';
import type { MessageRecord } from './schema';
import type { SortKeyGenerator } from './sort-key';

/** One stored message: its key, the message as the agent holds it, and whether the record is a snapshot. */
export interface Entry {
  readonly key: string;
  readonly message: AgentMessage;
  /** The stored record is a streaming snapshot (loaded as an interrupted answer). */
  readonly partial: boolean;
}

/** The streaming assistant message: its key and whether a snapshot of it has been queued. */
interface Stream {
  readonly key: string;
  latest: AssistantMessage;
  flushed: boolean;
}

export class SessionMirror {
  private entries: Entry[];
  private stream: Stream | undefined;
  private titled: boolean;

  constructor(
    readonly sessionId: string,
    private readonly keys: SortKeyGenerator,
    entries: readonly Entry[] = [],
    titled = false,
  ) {
    this.entries = [...entries];
    this.titled = titled;
  }

  get messages(): AgentMessage[] {
    return this.entries.map((e) => e.message);
  }

  get streaming(): boolean {
    return this.stream !== undefined;
  }

  /**
   * Brings the mirror up to `state.messages`: the longest common prefix (by identity: the agent never
   * changes a message in place) stays; entries after it are deleted and the new messages written. A
   * finished streaming message takes the key its snapshots used, so the final write replaces them.
   */
  sync(state: AgentState, batch: PendingBatch): boolean {
    const next = state.messages;
    let same = 0;
    while (same < this.entries.length && same < next.length && this.entries[same]?.message === next[same])
      same++;
    if (same === this.entries.length && same === next.length) return false;
    for (const removed of this.entries.splice(same)) this.remove(removed, batch);
    for (const message of next.slice(same)) this.add(message, state, batch);
    batch.describe({ preview: this.preview(), model: state.model, thinkingLevel: state.thinkingLevel });
    return true;
  }

  /**
   * Notes the latest snapshot of the streaming message; `true` when there is one to flush. An answer with no
   * content yet is not worth a snapshot: reloaded, the person's message then shows as not answered yet.
   */
  track(streamMessage: AssistantMessage | null): boolean {
    if (!streamMessage) return false;
    if (this.stream) this.stream.latest = streamMessage;
    else this.stream = { key: this.nextKey(), latest: streamMessage, flushed: false };
    return streamMessage.content.length > 0;
  }

  /** Queues a snapshot of the streaming message under the key its final version will use. */
  flushStream(batch: PendingBatch, state: AgentState): void {
    const stream = this.stream;
    if (!stream || stream.latest.content.length === 0) return;
    batch.put({ sessionId: this.sessionId, key: stream.key, message: stream.latest, partial: true });
    if (!stream.flushed) batch.count(1);
    stream.flushed = true;
    batch.describe({ model: state.model, thinkingLevel: state.thinkingLevel });
  }

  /** Forgets a stream that ended without a finished message; `true` when its snapshot must be deleted. */
  dropStream(batch: PendingBatch): boolean {
    const flushed = this.stream?.flushed === true;
    if (flushed && this.stream) {
      batch.delete(this.stream.key);
      batch.count(-1);
    }
    this.stream = undefined;
    return flushed;
  }

  /**
   * The entries with another tab's finished messages added (in key order) and the keys it deleted removed;
   * `undefined` when that changes nothing. The mirror itself changes only with `replaceEntries`.
   */
  mergedWith(records: readonly MessageRecord[], deleted: ReadonlySet<string>): Entry[] | undefined {
    const have = new Set(this.entries.map((e) => e.key));
    const added = records.filter((r) => !r.partial && !have.has(r.key));
    const kept = this.entries.filter((e) => !deleted.has(e.key));
    if (added.length === 0 && kept.length === this.entries.length) return undefined;
    const merged = [...kept, ...added.map((r) => ({ key: r.key, message: r.message, partial: false }))];
    return merged.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * The same history under another session id (or the same one, to be written anew): entries keep their keys
   * (keys are per session), and a streaming answer its key, with no snapshot of it stored yet.
   */
  movedTo(sessionId: string): SessionMirror {
    const moved = new SessionMirror(sessionId, this.keys, this.entries, this.titled);
    if (this.stream) moved.stream = { ...this.stream, flushed: false };
    return moved;
  }

  /**
   * Queues every entry as a new write, with the session's counts, totals, title and preview from zero: for
   * a session that is not in storage (purged while open here, or saved under a new id). `title` is the one
   * it had (a rename); without it, the first user message gives one.
   */
  writeAll(batch: PendingBatch, state: AgentState, title = ''): void {
    for (const entry of this.entries) {
      const { key, message, partial } = entry;
      batch.put({ sessionId: this.sessionId, key, message, ...(partial ? { partial: true as const } : {}) });
      if (message.role === 'assistant' && !partial)
        batch.count(1, message.usage, message.usage.cost?.total ?? 0);
      else batch.count(1);
    }
    const first = title || this.entries.map((e) => titleFrom(e.message)).find((t) => t !== '');
    if (first) this.titled = true;
    batch.describe({
      preview: this.preview(),
      ...(first ? { title: first } : {}),
      model: state.model,
      thinkingLevel: state.thinkingLevel,
    });
  }

  /** Adopts entries the agent now holds (after a merge). */
  replaceEntries(entries: readonly Entry[]): void {
    this.entries = [...entries];
    if (!this.titled && entries.some((e) => titleFrom(e.message))) this.titled = true;
  }

  private add(message: AgentMessage, state: AgentState, batch: PendingBatch): void {
    const stream = this.stream;
    const finishesStream =
      stream !== undefined && message.role === 'assistant' && state.streamMessage === null;
    let key: string;
    if (finishesStream && stream && stream.key > (this.entries.at(-1)?.key ?? '')) {
      key = stream.key;
      if (!stream.flushed) batch.count(1);
    } else {
      key = this.nextKey();
      batch.count(1);
      if (finishesStream) this.dropStream(batch);
    }
    if (finishesStream) this.stream = undefined;
    batch.put({ sessionId: this.sessionId, key, message });
    this.entries.push({ key, message, partial: false });
    if (message.role === 'assistant') batch.count(0, message.usage, message.usage.cost?.total ?? 0);
    if (!this.titled) {
      const title = titleFrom(message);
      if (title) {
        this.titled = true;
        batch.describe({ title, model: state.model, thinkingLevel: state.thinkingLevel });
      }
    }
  }

  private remove(entry: Entry, batch: PendingBatch): void {
    batch.delete(entry.key);
    const m = entry.message;
    if (m.role === 'assistant' && !entry.partial) batch.count(-1, m.usage, m.usage.cost?.total ?? 0, -1);
    else batch.count(-1);
  }

  /** A key after every key of the session, so memory order and stored order always agree. */
  private nextKey(): string {
    return this.keys.nextAfter(this.entries.at(-1)?.key);
  }

  /** The preview of the latest conversational message, or `''`. */
  private preview(): string {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i];
      const preview = entry ? previewOf(entry.message) : '';
      if (preview) return preview;
    }
    return '';
  }
}
