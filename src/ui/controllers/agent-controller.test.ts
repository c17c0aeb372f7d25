import { describe, expect, it } from 'vitest';
import { streamingInterval } from './agent-controller';

describe('streamingInterval', () => {
  it('keeps 25 updates a second while updates are cheap, as at the pace of a real answer', () => {
    expect(streamingInterval(0.5)).toBe(40);
    expect(streamingInterval(3)).toBe(40);
  });

  it('spaces costly updates so that rendering takes at most a twelfth of the main thread', () => {
    expect(streamingInterval(4)).toBe(48);
    expect(streamingInterval(5)).toBe(60);
  });

  it('keeps frames 100 ms apart however costly an update was: the wait, a frame and the update fit', () => {
    expect(streamingInterval(6)).toBe(72);
    expect(streamingInterval(8)).toBe(75);
    expect(streamingInterval(13)).toBe(70);
    expect(streamingInterval(40)).toBe(43);
  });

  it('never updates more often than every 40 ms, even when an update takes longer than a frame gap allows', () => {
    expect(streamingInterval(50)).toBe(40);
    expect(streamingInterval(Number.POSITIVE_INFINITY)).toBe(40);
  });
});
