import { describe, expect, it } from 'vitest';
import { pendingOf, type ReplicationState, Replicator, reasonOf, worse } from './replicator';
import { memoryPouch } from './test-support';

describe('the replicator', () => {
  it('pulls what the server has once, then replicates both ways live until it is idle', async () => {
    const local = await memoryPouch();
    const remote = await memoryPouch();
    await remote.put({ _id: 'from-server' });
    const states: ReplicationState[] = [];
    let replicator: Replicator | undefined;
    const idle = new Promise<void>((resolve) => {
      replicator = new Replicator(local, remote, () => {
        states.push(replicator!.state);
        if (replicator!.state === 'idle') resolve();
      });
    });
    await replicator!.pullOnce();
    expect((await local.get('from-server'))._id).toBe('from-server');
    await local.put({ _id: 'from-here' });
    replicator!.start();
    await idle;
    expect(states[0]).toBe('active');
    expect((await remote.get('from-here'))._id).toBe('from-here');
    replicator!.stop();
  });

  it('reports nothing once stopped', async () => {
    const local = await memoryPouch();
    const remote = await memoryPouch();
    let told = 0;
    const replicator = new Replicator(local, remote, () => {
      told += 1;
    });
    replicator.stop();
    replicator.start();
    expect(told).toBe(0);
  });

  it('takes the worse of the two directions: error, then offline, then active, then idle', () => {
    expect(worse('idle', 'idle')).toBe('idle');
    expect(worse('idle', 'active')).toBe('active');
    expect(worse({ offline: 'down' }, 'active')).toEqual({ offline: 'down' });
    expect(worse({ offline: 'down' }, { error: 'refused' })).toEqual({ error: 'refused' });
  });

  it('reads pending counts and reasons defensively', () => {
    expect(pendingOf({ direction: 'push', change: { pending: 12 } })).toBe(12);
    expect(pendingOf({ change: { pending: -1 } })).toBe(0);
    expect(pendingOf({ change: { pending: 'many' } })).toBe(0);
    expect(pendingOf(undefined)).toBe(0);
    expect(reasonOf({ status: 401, reason: 'Name or password is incorrect.' })).toBe(
      'Name or password is incorrect. (401)',
    );
    expect(reasonOf({ message: 'Failed to fetch' })).toBe('Failed to fetch');
    expect(reasonOf('plain')).toBe('plain');
  });
});
