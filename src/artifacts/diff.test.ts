import { describe, expect, it } from 'vitest';
import { diffLines, foldUnchanged } from './diff';

const show = (before: string, after: string) =>
  diffLines(before, after).lines.map(
    (l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`,
  );

describe('diffLines', () => {
  it('marks the lines added and removed between versions', () => {
    expect(show('a\nb\nc', 'a\nB\nc\nd')).toEqual([' a', '-b', '+B', ' c', '+d']);
  });

  it('finds a shortest edit in the middle of a file', () => {
    expect(show('x\na\nb\nc\ny', 'x\nb\nc\na\ny')).toEqual([' x', '-a', ' b', ' c', '+a', ' y']);
  });

  it('handles empty texts', () => {
    expect(show('', 'a')).toEqual(['+a']);
    expect(show('a', '')).toEqual(['-a']);
    expect(show('', '')).toEqual([]);
  });

  it('numbers lines in both versions and counts changes', () => {
    const d = diffLines('a\nb', 'a\nc\nb');
    expect(d.lines).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'added', text: 'c', newLine: 2 },
      { kind: 'same', text: 'b', oldLine: 2, newLine: 3 },
    ]);
    expect([d.added, d.removed, d.exact]).toEqual([1, 0, true]);
  });

  it('gives up on line-by-line comparison past the edit limit, replacing everything', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`).join('\n');
    const d = diffLines(a, b, 10);
    expect(d.exact).toBe(false);
    expect([d.added, d.removed]).toEqual([50, 50]);
  });

  it('agrees with a brute-force check on random edits', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: Math.floor(random() * 12) }, () =>
        'abc'.charAt(Math.floor(random() * 3)),
      );
      const b = Array.from({ length: Math.floor(random() * 12) }, () =>
        'abc'.charAt(Math.floor(random() * 3)),
      );
      const d = diffLines(a.join('\n'), b.join('\n'));
      const rebuiltOld = d.lines.filter((l) => l.kind !== 'added').map((l) => l.text);
      const rebuiltNew = d.lines.filter((l) => l.kind !== 'removed').map((l) => l.text);
      expect(rebuiltOld).toEqual(a);
      expect(rebuiltNew).toEqual(b);
      expect(d.added + d.removed).toBe(a.length + b.length - 2 * lcs(a, b));
    }
  });
});

function lcs(a: readonly string[], b: readonly string[]): number {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      t[i]![j] = a[i - 1] === b[j - 1] ? t[i - 1]![j - 1]! + 1 : Math.max(t[i - 1]![j]!, t[i]![j - 1]!);
  return t[a.length]![b.length]!;
}

describe('foldUnchanged', () => {
  it('keeps a few lines around changes and folds long unchanged stretches', () => {
    const before = Array.from({ length: 20 }, (_, i) => `${i}`).join('\n');
    const after = before.replace('10', 'ten');
    const items = foldUnchanged(diffLines(before, after).lines, 2);
    expect(items.map((i) => (i.kind === 'fold' ? `…${i.count}` : i.line.text))).toEqual([
      '…8',
      '8',
      '9',
      '10',
      'ten',
      '11',
      '12',
      '…7',
    ]);
  });
});
