/**
 * The saver's picture of the open session: every stored message of every branch (`BranchTree`), and the
 * agent's history as a path through them with the key each message is stored under. Comparing a new history
 * with the path tells what to write and what to delete, and keeps the metadata totals by difference, so a save
 * costs the same whatever the length of the session.
 */

import type { AgentMessage, AgentState, AssistantMessage } from '../agent';
import { BranchTree, type Entry } from './branch-tree';
import { previewOf, titleFrom } from './message-text';
import type { PendingBatch } from './pending-writes';
import type { MessageRecord } from './schema';
import type { SortKeyGenerator } from './sort-key';

export type { Entry } from './branch-tree';

/** The streaming assistant message: its key and whether a snapshot of it has been queued. */
/** Another tab's changes applied to a copy of the branches, and the path the history follows then. */
export interface Merged {
  readonly tree: BranchTree;
  readonly entries: readonly Entry[];
}

interface Stream {
  key: string;
  latest: AssistantMessage;
  flushed: boolean;
}

export class SessionMirror {
  private entries: Entry[];
  private tree: BranchTree;
  private stream: Stream | undefined;
  private titled: boolean;
  /** The project a new session starts in (the saver's `startNew`); written with the session's first save. */
  projectId: string | undefined;

  constructor(
    readonly sessionId: string,
    private readonly keys: SortKeyGenerator,
    entries: readonly Entry[] = [],
    titled = false,
    tree?: BranchTree,
  ) {
    this.entries = [...entries];
    this.tree = tree ?? BranchTree.fromRecords(entries);
    this.titled = titled;
  }

  /** The agent's history (the branch it is on). */
  get messages(): AgentMessage[] {
    return this.entries.map((e) => e.message);
  }

  /** Every message of every branch (what an export from memory holds). */
  get branches(): BranchTree {
    return this.tree;
  }

  /** The key of the last message of the branch the history is on. */
  get leaf(): string | undefined {
    return this.entries.at(-1)?.key;
  }

  get streaming(): boolean {
    return this.stream !== undefined;
  }

  /**
   * Brings the mirror up to `state.messages`: the longest common prefix (by identity: the agent never
   * changes a message in place) stays; entries after it are deleted (or, with `keep`, stay as another branch)
   * and the new messages written, each under the one before it. A finished streaming message takes the key
   * its snapshots used, so the final write replaces them.
   */
  sync(state: AgentState, batch: PendingBatch, keep = false): boolean {
    const next = state.messages;
    let same = 0;
    while (same < this.entries.length && same < next.length && this.entries[same]?.message === next[same])
      same++;
    if (same === this.entries.length && same === next.length) return false;
    for (const removed of this.entries.splice(same)) if (!keep) this.remove(removed, batch);
    for (const message of next.slice(same)) this.add(message, state, batch);
    if (this.projectId) batch.place(this.projectId);
    batch.describe({
      preview: this.preview(),
      model: state.model,
      thinkingLevel: state.thinkingLevel,
      ...(this.leaf === undefined ? {} : { activeLeaf: this.leaf }),
    });
    return true;
  }

  /**
   * The path to the newest leaf below `key` (a version of a message), and the session's active leaf set to
   * it; `undefined` for a key the session lacks. Nothing but the session record is written.
   */
  switchTo(key: string, state: AgentState, batch: PendingBatch): Entry[] | undefined {
    if (!this.tree.get(key)) return undefined;
    this.entries = this.tree.activePath(key);
    batch.describe({
      preview: this.preview(),
      model: state.model,
      thinkingLevel: state.thinkingLevel,
      ...(this.leaf === undefined ? {} : { activeLeaf: this.leaf }),
    });
    return this.entries;
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
    if (stream.key < (this.tree.lastKey ?? '')) {
      // A record joined the path while Claude answers (the person edited a file, say): the snapshot, whose
      // parent it is, moves to a key after it, as a parent always sorts before its children.
      if (stream.flushed) batch.delete(stream.key);
      stream.key = this.nextKey();
    }
    batch.put({
      sessionId: this.sessionId,
      key: stream.key,
      message: stream.latest,
      ...this.link(),
      partial: true,
    });
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
   * The branches with another tab's finished messages added and the keys it deleted removed, and the path
   * the history follows then: the same branch, continued by the newest messages below its last one;
   * `undefined` when that changes nothing. The mirror itself changes only with `replaceEntries`.
   */
  mergedWith(records: readonly MessageRecord[], deleted: ReadonlySet<string>): Merged | undefined {
    const added = records.filter((r) => !r.partial && !this.tree.get(r.key));
    const removed = [...deleted].filter((key) => this.tree.get(key));
    if (added.length === 0 && removed.length === 0) return undefined;
    const tree = this.tree.mergedWith(added, new Set(removed));
    const leaf = this.entries.findLast((e) => tree.get(e.key))?.key;
    const entries = tree.activePath(leaf ?? tree.latestLeaf(null));
    return { tree, entries };
  }

  /**
   * The same history under another session id (or the same one, to be written anew): entries keep their keys
   * (keys are per session), and a streaming answer its key, with no snapshot of it stored yet.
   */
  movedTo(sessionId: string): SessionMirror {
    const moved = new SessionMirror(sessionId, this.keys, this.entries, this.titled, this.tree.clone());
    moved.projectId = this.projectId;
    if (this.stream) moved.stream = { ...this.stream, flushed: false };
    return moved;
  }

  /**
   * Queues every entry as a new write, with the session's counts, totals, title and preview from zero: for
   * a session that is not in storage (purged while open here, or saved under a new id). `title` is the one
   * it had (a rename); without it, the first user message gives one.
   */
  writeAll(batch: PendingBatch, state: AgentState, title = ''): void {
    const all = this.tree.records();
    if (this.projectId) batch.place(this.projectId);
    for (const entry of all) {
      const { key, message, parent, partial } = entry;
      batch.put({
        sessionId: this.sessionId,
        key,
        message,
        ...(parent === undefined ? {} : { parent }),
        ...(partial ? { partial: true as const } : {}),
      });
      if (message.role === 'assistant' && !partial)
        batch.count(1, message.usage, message.usage.cost?.total ?? 0);
      else batch.count(1);
    }
    const first = title || all.map((e) => titleFrom(e.message)).find((t) => t !== '');
    if (first) this.titled = true;
    batch.describe({
      preview: this.preview(),
      ...(first ? { title: first } : {}),
      model: state.model,
      thinkingLevel: state.thinkingLevel,
      ...(this.leaf === undefined ? {} : { activeLeaf: this.leaf }),
    });
  }

  /** Adopts what a merge found (the agent now holds its path). */
  replaceEntries(merged: Merged): void {
    this.tree = merged.tree;
    this.entries = [...merged.entries];
    if (!this.titled && merged.entries.some((e) => titleFrom(e.message))) this.titled = true;
  }

  private add(message: AgentMessage, state: AgentState, batch: PendingBatch): void {
    const stream = this.stream;
    const finishesStream =
      stream !== undefined && message.role === 'assistant' && state.streamMessage === null;
    let key: string;
    if (finishesStream && stream && stream.key > (this.tree.lastKey ?? '')) {
      key = stream.key;
      if (!stream.flushed) batch.count(1);
    } else {
      key = this.nextKey();
      batch.count(1);
      if (finishesStream) this.dropStream(batch);
    }
    if (finishesStream) this.stream = undefined;
    const link = this.link();
    batch.put({ sessionId: this.sessionId, key, message, ...link });
    this.entries.push(this.tree.insert({ key, message, ...link }));
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
    this.tree.remove(entry.key);
    batch.delete(entry.key);
    const m = entry.message;
    if (m.role === 'assistant' && !entry.partial) batch.count(-1, m.usage, m.usage.cost?.total ?? 0, -1);
    else batch.count(-1);
  }

  /** How a message written now names its parent, the path's last message: not at all when that is the newest. */
  private link(): { readonly parent?: string | null } {
    const parent = this.leaf ?? null;
    return this.tree.follows(parent) ? {} : { parent };
  }

  /** A key after every key of the session (every branch), so a parent always sorts before its children. */
  private nextKey(): string {
    return this.keys.nextAfter(this.tree.lastKey);
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
