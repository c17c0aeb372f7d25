/** Tests for the incremental JSON parser and its linear work counter. */
import { describe, expect, it } from 'vitest';
import { createPartialJsonParser } from './partial-json';

function feed(chunks: readonly string[]) {
  const parser = createPartialJsonParser();
  const snapshots: unknown[] = [];
  for (const chunk of chunks) {
    parser.push(chunk);
    snapshots.push(parser.value());
  }
  return { parser, snapshots };
}

function splitEvery(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A tiny seeded generator so the random cases are the same on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 5 : 7));
  const alphabet = ['a', 'Z', ' ', '"', '\\', '\n', '\t', '/', 'é', '😀', '\u0001', '\u2028', '{', ']'];
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round((next() - 0.5) * 1e6) / (next() < 0.5 ? 1 : 1000);
    case 3:
    case 4:
      return Array.from(
        { length: Math.floor(next() * 12) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default: {
      const obj: Record<string, unknown> = {};
      for (let k = Math.floor(next() * 4); k > 0; k--)
        obj[`k${Math.floor(next() * 5)}`] = randomValue(next, depth + 1);
      return obj;
    }
  }
}

describe('createPartialJsonParser', () => {
  it('grows a string argument as its deltas arrive', () => {
    const { parser, snapshots } = feed(['{"filename": "a.html", "con', 'tent": "<h1>Hel', 'lo</h1>', '"}']);
    expect(snapshots).toEqual([
      { filename: 'a.html' },
      { filename: 'a.html', content: '<h1>Hel' },
      { filename: 'a.html', content: '<h1>Hello</h1>' },
      { filename: 'a.html', content: '<h1>Hello</h1>' },
    ]);
    expect(parser.done).toBe(true);
  });

  it('decodes escapes and surrogate pairs split at every position, never showing half a character', () => {
    const json = JSON.stringify({ content: 'a\nb"c\\d/é\t😀 end' }).replace('😀', '\\ud83d\\ude00');
    const final = JSON.parse(json) as { content: string };
    for (let cut = 0; cut <= json.length; cut++) {
      const { parser, snapshots } = feed([json.slice(0, cut), json.slice(cut)]);
      for (const snapshot of snapshots) {
        const content = (snapshot as { content?: string } | undefined)?.content ?? '';
        expect(final.content.startsWith(content)).toBe(true);
        expect(/[\ud800-\udbff]$/.test(content)).toBe(false);
      }
      expect(parser.value()).toEqual(final);
    }
  });

  it('grows the string one character at a time through escapes', () => {
    const json = '{"content":"x\\u00e9\\ud83d\\ude00\\"y"}';
    const { parser, snapshots } = feed(splitEvery(json, 1));
    const contents = snapshots.map((s) => (s as { content?: string } | undefined)?.content);
    expect(contents.filter((c) => c !== undefined && c !== '')).toEqual(
      expect.arrayContaining(['x', 'xé', 'xé😀', 'xé😀"', 'xé😀"y']),
    );
    expect(parser.value()).toEqual({ content: 'xé😀"y' });
  });

  it('matches JSON.parse for random documents split into random pieces', () => {
    const next = rng(42);
    for (let round = 0; round < 300; round++) {
      const doc = { root: randomValue(next, 0), list: [randomValue(next, 1), randomValue(next, 1)] };
      const spaced = next() < 0.5;
      const json = JSON.stringify(doc, null, spaced ? 2 : undefined);
      const chunks: string[] = [];
      for (let i = 0; i < json.length; ) {
        const size = 1 + Math.floor(next() * 9);
        chunks.push(json.slice(i, i + size));
        i += size;
      }
      const { parser } = feed(chunks);
      expect(parser.error).toBeUndefined();
      expect(parser.done).toBe(true);
      expect(parser.value()).toEqual(JSON.parse(json));
      expect(parser.processedChars).toBe(json.length);
    }
  });

  it('examines each character once for a 150 KB argument streamed in 10-character deltas', () => {
    const content = '<div class="row">\n  <p>Line with "quotes" and \\ escapes, café 😀</p>\n</div>\n'.repeat(
      2000,
    );
    const json = JSON.stringify({ action: 'create', filename: 'big.html', content });
    expect(json.length).toBeGreaterThan(150_000);
    const parser = createPartialJsonParser();
    const lengths: number[] = [];
    for (const chunk of splitEvery(json, 10)) {
      parser.push(chunk);
      lengths.push((parser.value() as { content?: string }).content?.length ?? 0);
    }
    expect(lengths.every((length, i) => i === 0 || length >= (lengths[i - 1] as number))).toBe(true);
    expect(lengths.at(-1)).toBe(content.length);
    expect(parser.processedChars).toBe(json.length);
    expect(parser.value()).toEqual({ action: 'create', filename: 'big.html', content });
  });

  it('shows keys once their value begins, partial numbers, and literals once complete', () => {
    const parser = createPartialJsonParser();
    parser.push('{"a": 12');
    expect(parser.value()).toEqual({ a: 12 });
    parser.push('.5, "b": tr');
    expect(parser.value()).toEqual({ a: 12.5 });
    parser.push('ue, "c": [1, {"d": nul');
    expect(parser.value()).toEqual({ a: 12.5, b: true, c: [1, {}] });
    parser.push('l}], "e"');
    expect(parser.value()).toEqual({ a: 12.5, b: true, c: [1, { d: null }] });
    parser.push(': -');
    expect(parser.value()).toEqual({ a: 12.5, b: true, c: [1, { d: null }] });
    parser.push('3e2}');
    expect(parser.value()).toEqual({ a: 12.5, b: true, c: [1, { d: null }], e: -300 });
  });

  it('keeps earlier snapshots unchanged and reuses closed parts', () => {
    const parser = createPartialJsonParser();
    parser.push('{"done": {"x": [1, 2]}, "text": "ab');
    const first = parser.value() as { done: unknown; text: string };
    parser.push('cd');
    const second = parser.value() as { done: unknown; text: string };
    expect(first.text).toBe('ab');
    expect(second.text).toBe('abcd');
    expect(second.done).toBe(first.done);
    expect(parser.value()).toBe(second);
  });

  it('stops at invalid input without throwing and keeps what it had', () => {
    const parser = createPartialJsonParser();
    expect(() => parser.push('{"a": "ok", "b": nope}')).not.toThrow();
    expect(parser.error).toMatch(/Invalid literal/);
    expect(parser.value()).toEqual({ a: 'ok' });
    parser.push('more');
    expect(parser.done).toBe(false);
  });

  it('rejects data after a complete value and malformed numbers', () => {
    const trailing = createPartialJsonParser();
    trailing.push('{} x');
    expect(trailing.error).toBeDefined();
    const number = createPartialJsonParser();
    number.push('[01]');
    expect(number.error).toMatch(/Invalid number/);
  });

  it('returns undefined before any value and handles an empty first delta', () => {
    const parser = createPartialJsonParser();
    parser.push('');
    expect(parser.value()).toBeUndefined();
    parser.push('  ');
    expect(parser.value()).toBeUndefined();
    parser.push('{');
    expect(parser.value()).toEqual({});
  });

  it('keeps a "__proto__" key as data', () => {
    const parser = createPartialJsonParser();
    parser.push('{"__proto__": {"polluted": true}}');
    const value = parser.value() as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
