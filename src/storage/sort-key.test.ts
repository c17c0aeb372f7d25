import { describe, expect, it } from 'vitest';
import { SortKeyGenerator, v1SortKey } from './sort-key';

describe('SortKeyGenerator', () => {
  it('makes increasing keys within one millisecond and when the clock goes back', () => {
    let now = 5000;
    const keys = new SortKeyGenerator('w1', () => now);
    const made = [keys.next(), keys.next()];
    now = 4000;
    made.push(keys.next());
    now = 6000;
    made.push(keys.next());
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(4);
  });

  it('makes a key after another writer’s latest key, even one from the same millisecond', () => {
    const a = new SortKeyGenerator('aaaa', () => 7000);
    const z = new SortKeyGenerator('zzzz', () => 7000);
    const theirs = z.next();
    const mine = a.nextAfter(theirs);
    expect(mine > theirs).toBe(true);
    expect(a.next() > mine).toBe(true);
  });

  it('orders version-1 positions before time-based keys', () => {
    const keys = new SortKeyGenerator('w', () => 1_700_000_000_000);
    const ordered = [v1SortKey(2), v1SortKey(10), keys.next()];
    expect([...ordered].sort()).toEqual(ordered);
  });

  it('still sorts after a key it did not make', () => {
    const keys = new SortKeyGenerator('w', () => 1);
    expect(keys.nextAfter('b') > 'b').toBe(true);
  });
});
