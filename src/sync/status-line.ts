/**
 * The engine's status, from what its parts say: the replication's state, a fault, and the work waiting. While
 * syncing only the count changes, and it is shown at most every `PENDING_STATUS_MS` (each change re-renders the
 * header and Settings), the latest one; any other change is shown at once.
 */

import type { ReplicationState } from './replicator';
import type { SyncStatus } from './status';

/** How often `Syncing n` may change while it counts down. */
export const PENDING_STATUS_MS = 250;

export interface StatusInputs {
  readonly replication: ReplicationState;
  /** The last problem reported, or `''`. */
  readonly fault: string;
  /** Jobs queued or running. */
  readonly busy: number;
  /** Documents and changes known to be waiting. */
  readonly pending: number;
}

/** The status these inputs make. */
export function statusOf({ replication: r, fault, busy, pending }: StatusInputs): SyncStatus {
  if (typeof r === 'object' && 'error' in r) return { state: 'error', reason: r.error };
  if (fault) return { state: 'error', reason: fault };
  if (typeof r === 'object') return { state: 'offline', reason: r.offline };
  if (r === 'active' || busy > 0) return { state: 'syncing', pending: busy + pending };
  return { state: 'synced' };
}

export class StatusLine {
  private last = '';
  private shown: SyncStatus | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly show: (status: SyncStatus) => void) {}

  /** Shows `status` if it is new: at once, or (a new count while syncing) once the pace allows. */
  update(status: SyncStatus): void {
    if (this.stopped) return;
    const text = JSON.stringify(status);
    if (text === this.last) return;
    this.last = text;
    if (status.state === 'syncing' && this.shown?.state === 'syncing') {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        if (!this.stopped) this.display(JSON.parse(this.last) as SyncStatus);
      }, PENDING_STATUS_MS);
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.display(status);
  }

  /** Shows nothing more. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private display(status: SyncStatus): void {
    this.shown = status;
    this.show(status);
  }
}
