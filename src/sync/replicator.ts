/**
 * The replicator: one live replication each way between the mirror and the server (PouchDB's `sync` pairs them
 * but reports no reason when one is paused by an error; each direction alone does), retried with back-off from
 * 1 s to 30 s while the server is away, resuming from PouchDB's checkpoints. It says where it is: the worse of
 * the two directions (error, then offline, then active, then idle), and how many documents are still to go.
 */

import type PouchDB from 'pouchdb-browser';
import type { PouchError, Sync } from 'pouchdb-browser';
import { errorText } from '../agent';

/** Where replication is. */
export type ReplicationState = 'active' | 'idle' | { readonly offline: string } | { readonly error: string };

/**
 * Documents PouchDB pulls in one request. It writes a batch into the mirror and hands it on in one task: 100
 * made tasks of 30-56 ms on a quiet machine (traced: PouchDB's `afterPutMetadata`, `afterPutDoc`).
 */
export const PULL_BATCH = 50;

type Direction = 'push' | 'pull';

export class Replicator {
  private live: readonly Sync[] = [];
  private directions: Record<Direction, ReplicationState> = { push: 'active', pull: 'active' };
  private stopped = false;
  /** Documents the replication says are still to go (its last `change` event's `pending`). */
  pending = 0;
  state: ReplicationState = 'active';

  constructor(
    private readonly local: PouchDB,
    private readonly remote: PouchDB,
    /** Told each change of `state` or `pending`. */
    private readonly changed: () => void,
  ) {}

  /** One pull of what the server has, resolved when done or failed (offline is fine: the live one retries). */
  pullOnce(): Promise<void> {
    return new Promise<void>((resolve) => {
      const pull = this.local.replicate.from(this.remote, { batch_size: PULL_BATCH });
      pull.on('error', () => resolve());
      pull.then(
        () => resolve(),
        () => resolve(),
      );
    });
  }

  /** Starts (or restarts, at once rather than after the back-off) the live replication both ways. */
  start(): void {
    if (this.stopped) return;
    for (const live of this.live) live.cancel();
    this.directions = { push: 'active', pull: 'active' };
    this.state = 'active';
    this.changed();
    const options = {
      live: true,
      retry: true,
      batch_size: 100,
      // 1 s, then doubling, at most 30 s between attempts while the server is away.
      back_off_function: (delay: number) => (delay === 0 ? 1000 : Math.min(delay * 2, 30_000)),
    };
    const push = this.local.replicate.to(this.remote, options);
    const pull = this.local.replicate.from(this.remote, { ...options, batch_size: PULL_BATCH });
    this.live = [push, pull];
    for (const [direction, live] of [
      ['push', push],
      ['pull', pull],
    ] as const)
      live
        .on('active', () => this.set(live, direction, 'active'))
        .on('change', (info) => {
          if (!this.live.includes(live) || this.stopped) return;
          this.pending = pendingOf(info);
          this.changed();
        })
        .on('paused', (error) => this.set(live, direction, error ? { offline: reasonOf(error) } : 'idle'))
        .on('denied', (error) =>
          this.set(live, direction, { error: `The server refused a document: ${reasonOf(error)}.` }),
        )
        .on('error', (error) =>
          this.set(live, direction, { error: `Replication stopped: ${reasonOf(error)}.` }),
        );
  }

  stop(): void {
    this.stopped = true;
    for (const live of this.live) live.cancel();
  }

  private set(live: Sync, direction: Direction, state: ReplicationState): void {
    if (!this.live.includes(live) || this.stopped) return;
    this.directions = { ...this.directions, [direction]: state };
    if (state !== 'active') this.pending = 0;
    this.state = worse(this.directions.push, this.directions.pull);
    this.changed();
  }
}

/** The worse of two directions' states: error, then offline, then active, then idle. */
export function worse(a: ReplicationState, b: ReplicationState): ReplicationState {
  const both = [a, b];
  return (
    both.find((d) => typeof d === 'object' && 'error' in d) ??
    both.find((d) => typeof d === 'object') ??
    (both.includes('active') ? 'active' : 'idle')
  );
}

/** `pending` of a sync `change` event (`{ direction, change: { pending } }`), 0 when it has none. */
export function pendingOf(info: unknown): number {
  const change = (info as { change?: { pending?: unknown } } | undefined)?.change;
  const pending = change?.pending;
  return typeof pending === 'number' && Number.isFinite(pending) && pending > 0 ? pending : 0;
}

/** A PouchDB error in words, with its HTTP status when it has one. */
export function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as PouchError;
    const text = e.reason || e.message || e.name;
    if (text) return e.status ? `${text} (${e.status})` : text;
  }
  return errorText(error);
}
