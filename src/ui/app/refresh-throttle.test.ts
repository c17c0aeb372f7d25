import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshThrottle } from './refresh-throttle';

describe('refreshThrottle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once for the calls of one task, at the end of the task', async () => {
    const run = vi.fn();
    const soon = refreshThrottle(run, 250, () => 1000);
    soon();
    soon();
    soon();
    expect(run).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('while calls keep coming, runs at most once per gap, and always once after the last call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const run = vi.fn();
    const soon = refreshThrottle(run, 250);
    soon();
    await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(1);
    // Batches every 50 ms for a second: runs at 250, 500, 750 and 1,000 ms, not one per batch.
    for (let t = 50; t <= 1000; t += 50) {
      await vi.advanceTimersByTimeAsync(50);
      soon();
    }
    expect(run).toHaveBeenCalledTimes(5);
    // The last batch (at 1,000 ms) is shown 250 ms after the run before it; then nothing is left to do.
    await vi.advanceTimersByTimeAsync(250);
    expect(run).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(6);
  });

  it('runs at the end of the task again once the gap has passed', async () => {
    let clock = 0;
    const run = vi.fn();
    const soon = refreshThrottle(run, 250, () => clock);
    soon();
    await Promise.resolve();
    clock = 300;
    soon();
    await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(2);
  });
});
