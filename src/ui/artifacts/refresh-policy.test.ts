import { describe, expect, it } from 'vitest';
import { GROWTH, MIN_INTERVAL_MS, refreshDelay } from './refresh-policy';

describe('the streaming preview refresh policy', () => {
  it('loads at most a few times per second', () => {
    expect(refreshDelay({ loadedLength: 100, loadedAt: 1000 }, 200, 1100)).toBe(MIN_INTERVAL_MS - 100);
    expect(refreshDelay({ loadedLength: 100, loadedAt: 1000 }, 200, 1000 + MIN_INTERVAL_MS)).toBe(0);
  });

  it('waits for a large document to grow before loading it again', () => {
    expect(refreshDelay({ loadedLength: 100_000, loadedAt: 0 }, 110_000, 5000)).toBe(MIN_INTERVAL_MS);
    expect(refreshDelay({ loadedLength: 100_000, loadedAt: 0 }, 100_000 * GROWTH, 5000)).toBe(0);
  });

  it('keeps the total work of a streamed document linear in its size', () => {
    const work = (size: number) => {
      let state = { loadedLength: 0, loadedAt: -Infinity };
      let total = 0;
      // 10 characters per millisecond, checked every 16 ms (one animation frame).
      for (let t = 0; t * 10 < size; t += 16) {
        const length = Math.min(size, t * 10);
        if (refreshDelay(state, length, t) === 0) {
          state = { loadedLength: length, loadedAt: t };
          total += length;
        }
      }
      return total + size; // the final load
    };
    const ratio = work(150_000) / work(15_000);
    expect(ratio).toBeGreaterThan(5);
    expect(ratio).toBeLessThan(20);
  });
});
