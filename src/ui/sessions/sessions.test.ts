import { describe, expect, it } from 'vitest';
import { formatAgo } from './format';
import { groupByDate } from './groups';
import { parseSessionRoute, sessionHref } from './route';

const HOUR = 60 * 60 * 1000;

describe('groupByDate', () => {
  it('puts sessions under Today, Yesterday, Previous 7 days and Older by local day, keeping their order', () => {
    const now = new Date(2025, 4, 20, 9, 30).getTime();
    const at = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).getTime();
    const sessions = [
      { id: 'a', title: 'a', updated: now - HOUR },
      { id: 'b', title: 'b', updated: at(2025, 4, 20, 0) },
      { id: 'c', title: 'c', updated: at(2025, 4, 19, 23) },
      { id: 'd', title: 'd', updated: at(2025, 4, 12) },
      { id: 'e', title: 'e', updated: at(2025, 4, 11, 23) },
    ];
    expect(groupByDate(sessions, now).map((g) => [g.label, g.sessions.map((s) => s.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['Previous 7 days', ['d']],
      ['Older', ['e']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupByDate([], Date.now())).toEqual([]);
  });
});

describe('session routes', () => {
  it('round-trips any id through the hash', () => {
    for (const id of ['3f2a-11', 'with space/and#hash', 'é']) {
      expect(parseSessionRoute(sessionHref(id))).toEqual({ kind: 'session', id });
    }
  });

  it('treats anything else as a new chat', () => {
    for (const hash of ['', '#', '#/s/', '#/settings', '#/s/%E0%A4%A']) {
      expect(parseSessionRoute(hash)).toEqual({ kind: 'new' });
    }
  });
});

describe('formatting', () => {
  it('writes ages a person can read', () => {
    expect(formatAgo(1000, 1000 + 30_000)).toBe('just now');
    expect(formatAgo(0, 5 * 60_000)).toBe('5 minutes ago');
    expect(formatAgo(0, 26 * HOUR)).toBe('1 day ago');
  });
});
