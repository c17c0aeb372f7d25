import { describe, expect, it } from 'vitest';
import { filenameProblem } from './files';

describe('filenameProblem', () => {
  it('accepts plain names, in any script', () => {
    for (const name of [
      'index.html',
      'notes.md',
      'Makefile',
      'données.csv',
      'отчёт.txt',
      'تقرير.md',
      '图表.svg',
    ])
      expect(filenameProblem(name)).toBeUndefined();
  });

  it('refuses bidi embeddings, overrides and isolates by code point and name', () => {
    const cases: [string, string][] = [
      ['\u202A', 'U+202A LEFT-TO-RIGHT EMBEDDING'],
      ['\u202B', 'U+202B RIGHT-TO-LEFT EMBEDDING'],
      ['\u202C', 'U+202C POP DIRECTIONAL FORMATTING'],
      ['\u202D', 'U+202D LEFT-TO-RIGHT OVERRIDE'],
      ['\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
      ['\u2066', 'U+2066 LEFT-TO-RIGHT ISOLATE'],
      ['\u2067', 'U+2067 RIGHT-TO-LEFT ISOLATE'],
      ['\u2068', 'U+2068 FIRST STRONG ISOLATE'],
      ['\u2069', 'U+2069 POP DIRECTIONAL ISOLATE'],
      ['\u200F', 'U+200F RIGHT-TO-LEFT MARK'],
    ];
    for (const [char, named] of cases) {
      expect(filenameProblem(`invoice${char}lmth.txt`)).toBe(
        `The filename contains ${named}, an invisible formatting character that can make a name look like ` +
          'another; remove it and use visible characters only.',
      );
    }
  });

  it('refuses zero-width characters, the byte-order mark and tag characters', () => {
    expect(filenameProblem('a\u200Bb.txt')).toMatch(/^The filename contains U\+200B ZERO WIDTH SPACE, /);
    expect(filenameProblem('a\u200Db.txt')).toMatch(/U\+200D ZERO WIDTH JOINER/);
    expect(filenameProblem('\uFEFFa.txt')).toMatch(/U\+FEFF ZERO WIDTH NO-BREAK SPACE/);
    expect(filenameProblem('a\u{E0041}.txt')).toMatch(
      /^The filename contains U\+E0041, an invisible formatting/,
    );
  });

  it('refuses controls and line or paragraph separators, saying which', () => {
    expect(filenameProblem('a\u0000.txt')).toBe(
      'The filename contains U+0000 NULL, a control character; remove it and use visible characters only.',
    );
    expect(filenameProblem('a.txt\n')).toMatch(/U\+000A LINE FEED, a control character/);
    expect(filenameProblem('a\u0085.txt')).toMatch(/U\+0085, a control character/);
    expect(filenameProblem('a\u2028.txt')).toMatch(/U\+2028 LINE SEPARATOR, a line break;/);
    expect(filenameProblem('a\u2029.txt')).toMatch(/U\+2029 PARAGRAPH SEPARATOR, a line break;/);
  });

  it('still refuses folders, surrounding spaces, dot names, empty and long names', () => {
    expect(filenameProblem('a/b.txt')).toMatch(/slash/);
    expect(filenameProblem(' a.txt')).toMatch(/space/);
    expect(filenameProblem('..')).toMatch(/not a file name/);
    expect(filenameProblem('')).toMatch(/empty/);
    expect(filenameProblem(`${'a'.repeat(121)}.txt`)).toMatch(/longer than 120/);
  });
});
