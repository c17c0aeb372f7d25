import { describe, expect, it } from 'vitest';
import { KEPT_TITLES, type TitleEdit, winner, wins, withTitle } from './merge';

describe('the merge rule', () => {
  it('lets the latest edit win', () => {
    expect(wins({ at: 2, device: 'a' }, { at: 1, device: 'z' })).toBe(true);
    expect(wins({ at: 1, device: 'z' }, { at: 2, device: 'a' })).toBe(false);
  });

  it('breaks a tie by the greater device id', () => {
    expect(wins({ at: 5, device: 'b' }, { at: 5, device: 'a' })).toBe(true);
    expect(wins({ at: 5, device: 'a' }, { at: 5, device: 'b' })).toBe(false);
  });

  it('picks the same winner whatever order the events arrive in', () => {
    const events: TitleEdit[] = [
      { title: 'One', at: 10, device: 'a' },
      { title: 'Two', at: 12, device: 'a' },
      { title: 'Three', at: 12, device: 'c' },
      { title: 'Four', at: 11, device: 'z' },
    ];
    const orders = [events, [...events].reverse(), [events[2]!, events[0]!, events[3]!, events[1]!]];
    for (const order of orders) expect(winner(order)?.title).toBe('Three');
  });

  it('keeps the losing titles, winner first, each once', () => {
    let seen: readonly TitleEdit[] = [];
    seen = withTitle(seen, { title: 'Alpha', at: 1, device: 'a' });
    seen = withTitle(seen, { title: 'Beta', at: 2, device: 'b' });
    seen = withTitle(seen, { title: 'Alpha', at: 1, device: 'a' });
    expect(seen.map((t) => t.title)).toEqual(['Beta', 'Alpha']);
  });

  it('keeps a bounded number of titles', () => {
    let seen: readonly TitleEdit[] = [];
    for (let i = 0; i < KEPT_TITLES + 5; i++) seen = withTitle(seen, { title: `T${i}`, at: i, device: 'a' });
    expect(seen).toHaveLength(KEPT_TITLES);
    expect(seen[0]?.title).toBe(`T${KEPT_TITLES + 4}`);
  });
});
