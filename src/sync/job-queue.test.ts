import { describe, expect, it } from 'vitest';
import { JobQueue } from './job-queue';

describe('the job queue', () => {
  it('runs jobs one at a time, in order, counting those waiting', async () => {
    const order: string[] = [];
    const counts: number[] = [];
    const queue: JobQueue = new JobQueue(
      () => undefined,
      () => counts.push(queue.busy),
    );
    let release: () => void = () => undefined;
    queue.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first starts');
          release = () => {
            order.push('first ends');
            resolve();
          };
        }),
    );
    queue.run(async () => {
      order.push('second');
    });
    expect(queue.busy).toBe(2);
    await Promise.resolve();
    release();
    await queue.idle();
    expect(order).toEqual(['first starts', 'first ends', 'second']);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('reports a failing job and goes on with the next', async () => {
    const errors: unknown[] = [];
    const queue = new JobQueue((error) => errors.push(error));
    let ran = false;
    queue.run(async () => {
      throw new Error('disk full');
    });
    queue.run(async () => {
      ran = true;
    });
    await queue.idle();
    expect(errors.map(String)).toEqual(['Error: disk full']);
    expect(ran).toBe(true);
  });

  it('skips the jobs not started once stopped', async () => {
    const queue = new JobQueue(() => undefined);
    let ran = false;
    queue.run(async () => {
      ran = true;
    });
    queue.stop();
    await queue.idle();
    expect(ran).toBe(false);
    expect(queue.busy).toBe(0);
  });
});
