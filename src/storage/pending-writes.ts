/**
 * Writes waiting to be committed, per session. They stay here, in memory, until a commit succeeds: a failed
 * commit (a full disk, say) is put back in front of anything queued since, and retried later as one write.
 */

import type { ThinkingLevel } from '../agent';
import type { MessageRecord, TokenTotals } from './schema';
import { addTokens, type MetadataChange, type SessionWrite, ZERO_TOKENS } from './session-write';

/** The saver's changes to one session, coalesced: the latest record per key wins. */
export class PendingBatch {
  private readonly puts = new Map<string, MessageRecord>();
  private readonly deletes = new Set<string>();
  private messageCount = 0;
  private tokens: TokenTotals = ZERO_TOKENS;
  private cost = 0;
  private preview: string | undefined;
  private title: string | undefined;
  private model = '';
  private thinkingLevel: ThinkingLevel = 'off';
  private activeLeaf: string | undefined;
  private projectId: string | undefined;

  constructor(readonly sessionId: string) {}

  /** Records to write or delete; a branch switched with nothing else to write counts one (its session record). */
  get size(): number {
    const records = this.puts.size + this.deletes.size;
    return records > 0 || this.activeLeaf === undefined ? records : 1;
  }

  /** Keys of finished (not partial) messages this batch writes: what other tabs are told about. */
  get finishedKeys(): string[] {
    return [...this.puts.values()].filter((r) => !r.partial).map((r) => r.key);
  }

  get deletedKeys(): string[] {
    return [...this.deletes];
  }

  put(record: MessageRecord): void {
    this.puts.delete(record.key);
    this.puts.set(record.key, record);
  }

  delete(key: string): void {
    this.puts.delete(key);
    this.deletes.add(key);
  }

  count(change: number, tokens: TokenTotals = ZERO_TOKENS, cost = 0, sign: 1 | -1 = 1): void {
    this.messageCount += change;
    this.tokens = addTokens(this.tokens, tokens, sign);
    this.cost += sign * cost;
  }

  describe(change: {
    readonly preview?: string;
    readonly title?: string;
    readonly model: string;
    readonly thinkingLevel: ThinkingLevel;
    readonly activeLeaf?: string;
  }): void {
    if (change.activeLeaf !== undefined) this.activeLeaf = change.activeLeaf;
    if (change.preview !== undefined) this.preview = change.preview;
    if (change.title) this.title ??= change.title;
    this.model = change.model;
    this.thinkingLevel = change.thinkingLevel;
  }

  /** The project the session starts in, if this batch creates it. */
  place(projectId: string): void {
    this.projectId ??= projectId;
  }

  /** Puts an older batch (one whose commit failed) in front of this one. */
  absorbOlder(older: PendingBatch): void {
    const newerPuts = [...this.puts.values()];
    const newerDeletes = [...this.deletes];
    this.puts.clear();
    this.deletes.clear();
    for (const key of older.deletes) this.delete(key);
    for (const record of older.puts.values()) this.put(record);
    for (const key of newerDeletes) this.delete(key);
    for (const record of newerPuts) this.put(record);
    this.messageCount += older.messageCount;
    this.tokens = addTokens(this.tokens, older.tokens);
    this.cost += older.cost;
    this.preview ??= older.preview;
    this.activeLeaf ??= older.activeLeaf;
    this.projectId ??= older.projectId;
    this.title = older.title ?? this.title;
    if (!this.model) {
      this.model = older.model;
      this.thinkingLevel = older.thinkingLevel;
    }
  }

  /** The write to commit, stamped with the time of the attempt. */
  toWrite(at: number, ifMissing: SessionWrite['ifMissing']): SessionWrite {
    const change: MetadataChange = {
      messageCount: this.messageCount,
      tokens: this.tokens,
      cost: this.cost,
      model: this.model,
      thinkingLevel: this.thinkingLevel,
      at,
      ...(this.preview === undefined ? {} : { preview: this.preview }),
      ...(this.title === undefined ? {} : { title: this.title }),
      ...(this.activeLeaf === undefined ? {} : { activeLeaf: this.activeLeaf }),
      ...(this.projectId === undefined ? {} : { projectId: this.projectId }),
    };
    return {
      sessionId: this.sessionId,
      puts: [...this.puts.values()],
      deletes: [...this.deletes],
      change,
      ifMissing,
    };
  }
}

/** Batches by session, oldest first. */
export class PendingWrites {
  private batches = new Map<string, PendingBatch>();

  get isEmpty(): boolean {
    return this.size === 0;
  }

  /** Messages and deletions not yet committed, over all sessions. */
  get size(): number {
    let size = 0;
    for (const batch of this.batches.values()) size += batch.size;
    return size;
  }

  /** The batch collecting new changes for a session. */
  batch(sessionId: string): PendingBatch {
    let batch = this.batches.get(sessionId);
    if (!batch) {
      batch = new PendingBatch(sessionId);
      this.batches.set(sessionId, batch);
    }
    return batch;
  }

  /**
   * Removes and returns the oldest batch with something to write, passing over the sessions in `skip`
   * (their batches stay); later changes start a new one.
   */
  take(skip: ReadonlySet<string> = new Set()): PendingBatch | undefined {
    for (const batch of this.batches.values()) {
      if (skip.has(batch.sessionId)) continue;
      this.batches.delete(batch.sessionId);
      if (batch.size > 0) return batch;
    }
    return undefined;
  }

  /** Whether `take(skip)` would return a batch. */
  hasWork(skip: ReadonlySet<string> = new Set()): boolean {
    for (const batch of this.batches.values()) if (!skip.has(batch.sessionId) && batch.size > 0) return true;
    return false;
  }

  /** Forgets everything pending for a session. */
  drop(sessionId: string): void {
    this.batches.delete(sessionId);
  }

  /** Puts back a batch whose commit failed, first in line, merged with changes queued since. */
  putBack(batch: PendingBatch): void {
    const newer = this.batches.get(batch.sessionId);
    if (newer) newer.absorbOlder(batch);
    const rest = [...this.batches.entries()].filter(([id]) => id !== batch.sessionId);
    this.batches = new Map([[batch.sessionId, newer ?? batch], ...rest]);
  }
}
