/**
 * The texts the `artifacts` tool answers with. Every error says what to do next, because the model reads it
 * and tries again.
 */

/** The tool's name, as the model calls it. */
export const ARTIFACTS_TOOL_NAME = 'artifacts';

/** Longest content a text file may have. */
export const MAX_CONTENT_CHARS = 2_000_000;

/** Lines of a hint are cut to this length. */
const HINT_LINE_LENGTH = 200;
/** Files longer than this many lines are not searched for a near match (the hint would cost too much). */
const HINT_MAX_LINES = 20_000;

export function listFiles(names: readonly string[]): string {
  return names.length === 0 ? 'There are no files yet.' : `Files: ${names.join(', ')}.`;
}

export function notFoundText(filename: string, names: readonly string[], command: string): string {
  const next =
    command === 'rewrite' ? ' Use `create` to make a new file.' : names.length > 0 ? ' Check the name.' : '';
  return `There is no file named ${filename}. ${listFiles(names)}${next}`;
}

export function existsText(filename: string, version: number): string {
  return (
    `${filename} already exists (version ${version}). Use \`update\` to change part of it or \`rewrite\` to ` +
    'replace all of it, or choose another filename.'
  );
}

export function missingText(command: string, field: string, what: string): string {
  return `\`${command}\` needs \`${field}\`: ${what}.`;
}

export function quantity(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function notUniqueText(filename: string, content: string, oldStr: string, count: number): string {
  const lines = occurrenceLines(content, oldStr, 10);
  const listed = count > lines.length ? `${lines.join(', ')}, …` : joinNumbers(lines);
  const where = lines.length > 0 ? ` (at lines ${listed})` : '';
  return (
    `old_str occurs ${count} times in ${filename}${where}. Add surrounding lines to old_str so that it ` +
    'matches exactly once, or use `rewrite`.'
  );
}

export function notFoundInFileText(filename: string, content: string, oldStr: string): string {
  return `old_str was not found in ${filename}. ${closeMatchHint(content, oldStr)}`;
}

/**
 * What in `content` is closest to `oldStr`: the same text with different whitespace, or the line most like
 * old_str's first line. Bounded: very long files get a plain instruction instead.
 */
export function closeMatchHint(content: string, oldStr: string): string {
  const lines = content.split('\n');
  const wanted = oldStr.split('\n');
  const first = wanted.find((line) => line.trim() !== '')?.trim();
  const fallback = 'Use `get` to read the current content, then copy old_str from it exactly.';
  if (!first || lines.length > HINT_MAX_LINES) return fallback;
  if (squash(content).includes(squash(oldStr))) {
    const start = lines.findIndex((line) => line.trim() === first);
    const shown = start >= 0 ? excerpt(lines, start, Math.min(wanted.length, 8)) : '';
    return (
      'It matches only if whitespace is ignored: the indentation or line breaks differ. ' +
      (shown ? `The file has, from line ${start + 1}:\n${shown}\n` : '') +
      fallback
    );
  }
  let best = -1;
  let bestScore = 0;
  const wantedPairs = bigrams(first);
  for (const [i, line] of lines.entries()) {
    const score = dice(wantedPairs, bigrams(line.trim()));
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best < 0 || bestScore < 0.5)
    return `No line of the file resembles the first line of old_str. ${fallback}`;
  return `The closest line is line ${best + 1}:\n${excerpt(lines, best, 1)}\n${fallback}`;
}

function excerpt(lines: readonly string[], start: number, count: number): string {
  return lines
    .slice(start, start + count)
    .map((line) => (line.length > HINT_LINE_LENGTH ? `${line.slice(0, HINT_LINE_LENGTH)}…` : line))
    .join('\n');
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function bigrams(text: string): Map<string, number> {
  const pairs = new Map<string, number>();
  const s = text.length > HINT_LINE_LENGTH * 2 ? text.slice(0, HINT_LINE_LENGTH * 2) : text;
  for (let i = 0; i < s.length - 1; i++) {
    const pair = s.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Sørensen–Dice similarity of two bigram multisets, 0 to 1. */
function dice(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let total = 0;
  let shared = 0;
  for (const n of a.values()) total += n;
  for (const [pair, n] of b) {
    total += n;
    shared += Math.min(n, a.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

/** 1-based line numbers where `needle` starts, at most `limit` of them. */
export function occurrenceLines(content: string, needle: string, limit: number): number[] {
  const found: number[] = [];
  let line = 1;
  let counted = 0;
  for (
    let at = content.indexOf(needle);
    at >= 0 && found.length < limit;
    at = content.indexOf(needle, at + 1)
  ) {
    for (let i = counted; i < at; i++) if (content.charCodeAt(i) === 10) line++;
    counted = at;
    found.push(line);
  }
  return found;
}

/** Occurrences of `needle` in `content` (overlapping ones too, so "aa" is twice in "aaa"), up to `limit`. */
export function countOccurrences(content: string, needle: string, limit = Number.POSITIVE_INFINITY): number {
  let count = 0;
  for (let at = content.indexOf(needle); at >= 0 && count < limit; at = content.indexOf(needle, at + 1)) {
    count++;
  }
  return count;
}

function joinNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}
