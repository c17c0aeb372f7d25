import { describe, expect, it } from 'vitest';
import { filterCommands, highlight, matchQuality, rankSessions } from './commands';

describe('palette ranking', () => {
  it('ranks sessions by how well their title matches, the search order among equals', () => {
    const hits = [
      { id: 'a', title: 'Fake server notes', snippet: 'send /tour to start' },
      { id: 'b', title: 'A tour of Lisbon' },
      { id: 'c', title: '/tour' },
      { id: 'd', title: 'Tournament rules' },
    ];
    expect(rankSessions(hits, 'tour').map((s) => s.id)).toEqual(['c', 'd', 'b', 'a']);
    expect(rankSessions(hits, '').map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rates an exact title over its start, a word start and a match inside a word', () => {
    expect(matchQuality('/tour', 'tour')).toBe(4);
    expect(matchQuality('Tournament', 'tour')).toBe(3);
    expect(matchQuality('A tour', 'tour')).toBe(2);
    expect(matchQuality('Detour', 'tour')).toBe(1);
    expect(matchQuality('Lisbon', 'tour')).toBe(0);
  });

  it('lists the command whose label starts with the query before one that only mentions it', () => {
    const commands = [
      { id: 'x', label: 'Use dark theme' },
      { id: 'y', label: 'Dark mode tips', keywords: '' },
    ];
    expect(filterCommands(commands, 'dark').map((c) => c.id)).toEqual(['y', 'x']);
  });

  it('marks the stretches of a text that match the words of the query', () => {
    expect(highlight('Use dark theme', 'the dar')).toEqual([
      { text: 'Use ', match: false },
      { text: 'dar', match: true },
      { text: 'k ', match: false },
      { text: 'the', match: true },
      { text: 'me', match: false },
    ]);
  });
});
