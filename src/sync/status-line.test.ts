import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from './status';
import { PENDING_STATUS_MS, StatusLine, statusOf } from './status-line';

afterEach(() => {
  vi.useRealTimers();
});

describe('the status the engine shows', () => {
  it('is made from the replication, a fault and the work waiting', () => {
    const base = { replication: 'idle', fault: '', busy: 0, pending: 0 } as const;
    expect(statusOf(base)).toEqual({ state: 'synced' });
    expect(statusOf({ ...base, busy: 2, pending: 3 })).toEqual({ state: 'syncing', pending: 5 });
    expect(statusOf({ ...base, replication: 'active' })).toEqual({ state: 'syncing', pending: 0 });
    expect(statusOf({ ...base, replication: { offline: 'down' } })).toEqual({
      state: 'offline',
      reason: 'down',
    });
    expect(statusOf({ ...base, replication: { offline: 'down' }, fault: 'bad doc' })).toEqual({
      state: 'error',
      reason: 'bad doc',
    });
    expect(statusOf({ ...base, replication: { error: 'refused' }, fault: 'bad doc' })).toEqual({
      state: 'error',
      reason: 'refused',
    });
  });

  it('shows a new state at once, a new count while syncing at most every PENDING_STATUS_MS, the latest', () => {
    vi.useFakeTimers();
    const shown: SyncStatus[] = [];
    const line = new StatusLine((s) => shown.push(s));
    line.update({ state: 'syncing', pending: 9 });
    line.update({ state: 'syncing', pending: 8 });
    line.update({ state: 'syncing', pending: 7 });
    expect(shown).toEqual([{ state: 'syncing', pending: 9 }]);
    vi.advanceTimersByTime(PENDING_STATUS_MS);
    expect(shown.at(-1)).toEqual({ state: 'syncing', pending: 7 });
    line.update({ state: 'synced' });
    line.update({ state: 'synced' });
    expect(shown.slice(2)).toEqual([{ state: 'synced' }]);
  });

  it('shows nothing once stopped, not even a count it was holding', () => {
    vi.useFakeTimers();
    const shown: SyncStatus[] = [];
    const line = new StatusLine((s) => shown.push(s));
    line.update({ state: 'syncing', pending: 2 });
    line.update({ state: 'syncing', pending: 1 });
    line.stop();
    vi.advanceTimersByTime(PENDING_STATUS_MS);
    line.update({ state: 'synced' });
    expect(shown).toEqual([{ state: 'syncing', pending: 2 }]);
  });
});
