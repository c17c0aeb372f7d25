/**
 * `BackupQueue`: which sessions wait to be written to the backup folder, and when. A session is written
 * `debounceMs` after its last change, one at a time; the queue itself is memory only (the engine keeps each
 * waiting session's mark in IndexedDB, so a reload starts again from those marks).
 */
import type { Clock } from './clock';

/**
 * What writing one session came to: `done` (written or removed; it leaves the queue unless it changed
 * meanwhile), `later` (try again at `at`: a deleted session inside its undo window), or `paused` (it failed:
 * it stays, and the queue waits for `resume()`).
 */
export type BackupRunResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'later'; readonly at: number }
  | { readonly kind: 'paused' };

export interface BackupQueueOptions {
  readonly clock: Clock;
  /** How long after a session's last change it is written. */
  readonly debounceMs: number;
  /**
   * Writes one session; `changedAt` is the time of the change it answers. Must not throw (a failure is
   * `paused`).
   */
  readonly run: (id: string, changedAt: number) => Promise<BackupRunResult>;
  /** Called when the number of waiting sessions changes. */
  readonly changed?: () => void;
}

interface Waiting {
  /** When to write it. */
  readonly at: number;
  /** The time of its latest change. */
  readonly changedAt: number;
}

export class BackupQueue {
  private readonly waiting = new Map<string, Waiting>();
  private timer: unknown;
  private running = false;
  private paused = true;

  constructor(private readonly options: BackupQueueOptions) {}

  /** Sessions waiting to be written. */
  get size(): number {
    return this.waiting.size;
  }

  /** `id` changed at `changedAt`: it is written `debounceMs` later (a later change moves that on). */
  touch(id: string, changedAt: number): void {
    const before = this.waiting.get(id);
    if (before && before.changedAt > changedAt) return;
    this.waiting.set(id, { at: changedAt + this.options.debounceMs, changedAt });
    if (!before) this.options.changed?.();
    this.schedule();
  }

  /** Starts (or starts again after `paused`) writing what is due. */
  resume(): void {
    this.paused = false;
    this.schedule();
  }

  /** Stops writing; what waits stays. */
  pause(): void {
    this.paused = true;
    this.cancelTimer();
  }

  /** Forgets every waiting session (the backup was stopped). */
  clear(): void {
    this.pause();
    this.waiting.clear();
    this.options.changed?.();
  }

  private schedule(): void {
    this.cancelTimer();
    if (this.paused || this.running) return;
    const next = this.next();
    if (!next) return;
    const { clock } = this.options;
    this.timer = clock.setTimeout(
      () => {
        this.timer = undefined;
        void this.runDue();
      },
      Math.max(0, next[1].at - clock.now()),
    );
  }

  /** The session due first. */
  private next(): [string, Waiting] | undefined {
    let first: [string, Waiting] | undefined;
    for (const entry of this.waiting) if (!first || entry[1].at < first[1].at) first = entry;
    return first;
  }

  private async runDue(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const next = this.next();
        if (this.paused || !next || next[1].at > this.options.clock.now()) break;
        const [id, waiting] = next;
        const result = await this.options.run(id, waiting.changedAt);
        const now = this.waiting.get(id);
        switch (result.kind) {
          case 'done':
            // A change that arrived while it was written keeps it waiting.
            if (now === waiting) {
              this.waiting.delete(id);
              this.options.changed?.();
            }
            break;
          case 'later':
            if (now === waiting) this.waiting.set(id, { at: result.at, changedAt: waiting.changedAt });
            break;
          case 'paused':
            this.paused = true;
            break;
        }
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
