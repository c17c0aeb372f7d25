import { describe, expect, it } from 'vitest';
import { BackupQueue, type BackupRunResult } from './backup-queue';
import { FakeClock } from './test-support';

function queue(results: (id: string) => BackupRunResult = () => ({ kind: 'done' })) {
  const clock = new FakeClock();
  const runs: { id: string; at: number }[] = [];
  const q = new BackupQueue({
    clock,
    debounceMs: 5000,
    run: async (id) => {
      runs.push({ id, at: clock.now() });
      return results(id);
    },
  });
  return { clock, runs, q };
}

/** Lets the queue's awaited runs finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BackupQueue', () => {
  it('writes a session 5 s after its last change, once', async () => {
    const { clock, runs, q } = queue();
    q.resume();
    const start = clock.now();
    q.touch('a', clock.now());
    clock.advance(3000);
    q.touch('a', clock.now());
    clock.advance(4999);
    await settle();
    expect(runs).toEqual([]);
    clock.advance(1);
    await settle();
    expect(runs).toEqual([{ id: 'a', at: start + 8000 }]);
    expect(q.size).toBe(0);
  });

  it('writes nothing while paused and keeps what waits', async () => {
    const { clock, runs, q } = queue();
    q.touch('a', clock.now());
    q.touch('b', clock.now());
    clock.advance(10_000);
    await settle();
    expect(runs).toEqual([]);
    expect(q.size).toBe(2);
    q.resume();
    clock.advance(0);
    await settle();
    await settle();
    expect(runs.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('tries a session again at the time it asks for', async () => {
    const { clock, runs, q } = queue(() =>
      runs.length === 1 ? { kind: 'later', at: clock.now() + 60_000 } : { kind: 'done' },
    );
    q.resume();
    q.touch('gone', clock.now());
    clock.advance(5000);
    await settle();
    expect(runs).toHaveLength(1);
    clock.advance(59_999);
    await settle();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(runs).toHaveLength(2);
    expect(q.size).toBe(0);
  });

  it('pauses on a failure, keeps the session, and writes it on resume', async () => {
    let fail = true;
    const { clock, runs, q } = queue(() => (fail ? { kind: 'paused' } : { kind: 'done' }));
    q.resume();
    q.touch('a', clock.now());
    clock.advance(5000);
    await settle();
    clock.advance(60_000);
    await settle();
    expect(runs).toHaveLength(1);
    expect(q.size).toBe(1);
    fail = false;
    q.resume();
    clock.advance(0);
    await settle();
    expect(runs).toHaveLength(2);
    expect(q.size).toBe(0);
  });
});
