import { describe, expect, it } from 'vitest';
import { streamingInterval } from './agent-controller';

describe('streamingInterval', () => {
  it('keeps 25 updates a second while updates are cheap, as at the pace of a real answer', () => {
    expect(streamingInterval(0.5)).toBe(40);
    expect(streamingInterval(3)).toBe(40);
  });

  it('spaces costly updates so that rendering takes at most a twelfth of the main thread', () => {
    expect(streamingInterval(5)).toBe(60);
    expect(streamingInterval(7)).toBe(84);
  });

  it('never waits more than 90 ms, however costly an update was, so a frame comes at least every 100 ms', () => {
    expect(streamingInterval(10)).toBe(90);
    expect(streamingInterval(40)).toBe(90);
    expect(streamingInterval(Number.POSITIVE_INFINITY)).toBe(90);
  });
});
