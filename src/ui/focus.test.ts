import { describe, expect, it } from 'vitest';
import { heirOf } from './focus';

describe('heirOf', () => {
  it('passes focus to the next item that stays', () => {
    expect(heirOf(['a', 'b', 'c'], ['a', 'c'], 'b')).toBe('c');
  });

  it('passes it to the one before when the last item goes', () => {
    expect(heirOf(['a', 'b', 'c'], ['a', 'b'], 'c')).toBe('b');
  });

  it('skips items that went with it', () => {
    expect(heirOf(['a', 'b', 'c', 'd'], ['a', 'd'], 'b')).toBe('d');
    expect(heirOf(['a', 'b', 'c', 'd'], ['a'], 'c')).toBe('a');
  });

  it('names none when nothing stays', () => {
    expect(heirOf(['a'], [], 'a')).toBeUndefined();
    expect(heirOf(['a', 'b'], ['x'], 'a')).toBeUndefined();
  });
});
