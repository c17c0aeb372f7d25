/**
 * The saver's write queue: pending writes per session, committed one session at a time, retried after a
 * failure until they succeed, and announced to other tabs once committed. A session found gone (purged) is
 * held: its writes stay here, never dropped silently, until the saver decides what becomes of them.
 */

import type { Clock } from './clock';
import type { NoticeChannel } from './notices';
import { type PendingBatch, PendingWrites } from './pending-writes';
import type { SessionRecord } from './schema';
import type { SessionWriteTarget } from './session-write';
import { describeWriteError } from './write-errors';

/**
 * What a commit attempt reports.
 * - `saved`: a write committed (`created` on a session's first save: time to ask for persistent storage).
 * - `quota` / `error`: a write failed (`quota`: the disk or the origin's quota is full). Nothing is lost:
 *   the writes stay queued in memory and are retried on the next change, every `retryIntervalMs`, and on
 *   `retryNow()`, until one succeeds (then `saved` follows). `unsaved` counts the records waiting.
 */
export type WriteStatus =
  | { readonly kind: 'saved'; readonly session: SessionRecord; readonly created: boolean }
  | { readonly kind: 'quota' | 'error'; readonly message: string; readonly unsaved: number };

export interface WriteQueueOptions {
  readonly target: SessionWriteTarget;
  readonly clock: Clock;
  readonly retryIntervalMs: number;
  /** The `writer` of the notices posted after each commit. */
  readonly writer: string;
  readonly channel?: NoticeChannel;
  readonly onStatus: (status: WriteStatus) => void;
  /**
   * A commit found its session gone (purged, here or in another tab). Its writes are now held, in memory, and
   * wait for `release` (after the session was written anew: `forget` then a full write), or `discard`.
   */
  readonly onGone: (sessionId: string) => void;
}

export class WriteQueue {
  private readonly pending = new PendingWrites();
  /** Sessions known to exist in storage (saved or opened here): if one disappears, its writes are held. */
  private readonly stored = new Set<string>();
  /** Sessions whose writes wait (found gone, or deleted in another tab): never committed until released. */
  private readonly held = new Set<string>();
  private draining: Promise<void> | undefined;
  private retryTimer: unknown;

  constructor(private readonly options: WriteQueueOptions) {}

  /** Records and deletions not yet committed, over all sessions (held ones included). */
  get unsaved(): number {
    return this.pending.size;
  }

  /** The batch collecting changes to a session; call `kick()` after adding to it. */
  batch(sessionId: string): PendingBatch {
    return this.pending.batch(sessionId);
  }

  /** Notes that a session exists in storage (it was loaded). */
  markStored(sessionId: string): void {
    this.stored.add(sessionId);
  }

  /** Notes that a session is not in storage (any more): its next write creates it. */
  forget(sessionId: string): void {
    this.stored.delete(sessionId);
  }

  /** Keeps a session's writes in memory, uncommitted, until `release` or `discard`. */
  hold(sessionId: string): void {
    this.held.add(sessionId);
  }

  /** Commits a held session's writes again. */
  release(sessionId: string): void {
    if (this.held.delete(sessionId)) this.kick();
  }

  /** Throws away a session's pending writes (and its hold): the caller writes it anew or leaves it gone. */
  discard(sessionId: string): void {
    this.held.delete(sessionId);
    this.pending.drop(sessionId);
  }

  /** Resolves once no commit is under way (one may start again at the next change). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Starts committing unless a commit is under way (that one picks up whatever was added meanwhile). */
  kick(): void {
    this.options.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    // Only with something to commit: a drain with nothing to take would end before it is assigned.
    if (!this.draining && this.pending.hasWork(this.held)) this.draining = this.drain();
  }

  /** Commits what is pending; `true` when nothing is left unsaved. */
  async flush(): Promise<boolean> {
    this.kick();
    await this.draining;
    return this.pending.isEmpty;
  }

  dispose(): void {
    this.options.clock.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async drain(): Promise<void> {
    const { target, clock, onStatus } = this.options;
    for (let batch = this.pending.take(this.held); batch; batch = this.pending.take(this.held)) {
      const { sessionId } = batch;
      const write = batch.toWrite(clock.now(), this.stored.has(sessionId) ? 'skip' : 'create');
      try {
        const session = await target.commit(write);
        if (!session) {
          // Gone (purged): keep the writes, uncommitted, and let the saver decide (nothing is dropped here).
          this.held.add(sessionId);
          this.pending.putBack(batch);
          this.options.onGone(sessionId);
          continue;
        }
        const created = !this.stored.has(sessionId) && session.created === write.change.at;
        this.stored.add(sessionId);
        this.announce(sessionId, batch.finishedKeys, batch.deletedKeys, created);
        onStatus({ kind: 'saved', session, created });
      } catch (error) {
        this.pending.putBack(batch);
        onStatus({ ...describeWriteError(error), unsaved: this.pending.size });
        this.retryTimer = clock.setTimeout(() => this.kick(), this.options.retryIntervalMs);
        break;
      }
    }
    this.draining = undefined;
  }

  private announce(sessionId: string, put: string[], deleted: string[], created: boolean): void {
    const { channel, writer } = this.options;
    if (!channel) return;
    if (created) channel.post({ type: 'session', writer, sessionId, change: 'created' });
    if (put.length + deleted.length > 0) channel.post({ type: 'messages', writer, sessionId, put, deleted });
  }
}
