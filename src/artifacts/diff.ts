/**
 * Line diffs between two versions of a file (Myers' O((N+M)·D) algorithm after trimming the common start and
 * end), and the hunks a view shows: changed lines with a little context, unchanged stretches folded.
 */

export interface DiffLine {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
  /** 1-based line in the old text (`same`, `removed`). */
  readonly oldLine?: number;
  /** 1-based line in the new text (`same`, `added`). */
  readonly newLine?: number;
}

export interface LineDiff {
  readonly lines: readonly DiffLine[];
  readonly added: number;
  readonly removed: number;
  /** False when the texts differed too much to compare line by line: all old lines removed, all new added. */
  readonly exact: boolean;
}

/** Past this many differing lines, the diff is not searched for (see `LineDiff.exact`). */
export const MAX_DIFF_EDITS = 1000;

export function diffLines(before: string, after: string, maxEdits = MAX_DIFF_EDITS): LineDiff {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middle = myers(a.slice(start, endA), b.slice(start, endB), maxEdits);
  const ops: Op[] = [
    ...Array.from({ length: start }, (): Op => 'same'),
    ...(middle ?? [
      ...Array.from({ length: endA - start }, (): Op => 'removed'),
      ...Array.from({ length: endB - start }, (): Op => 'added'),
    ]),
    ...Array.from({ length: a.length - endA }, (): Op => 'same'),
  ];
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  let added = 0;
  let removed = 0;
  for (const op of ops) {
    if (op === 'same') {
      lines.push({ kind: 'same', text: a[i] ?? '', oldLine: i + 1, newLine: j + 1 });
      i++;
      j++;
    } else if (op === 'removed') {
      lines.push({ kind: 'removed', text: a[i] ?? '', oldLine: i + 1 });
      i++;
      removed++;
    } else {
      lines.push({ kind: 'added', text: b[j] ?? '', newLine: j + 1 });
      j++;
      added++;
    }
  }
  return { lines, added, removed, exact: middle !== undefined };
}

type Op = 'same' | 'added' | 'removed';

/** The edit script from `a` to `b`, or `undefined` when it needs more than `maxEdits` edits. */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(maxEdits, n + m);
  const off = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  // trace[d]: v before step d, for diagonals -d-1 … d+1 (index k + d + 1).
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[off + k - 1] ?? 0) < (v[off + k + 1] ?? 0));
      let x = down ? (v[off + k + 1] ?? 0) : (v[off + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return undefined;
}

function backtrack(trace: readonly Int32Array[], last: number, n: number, m: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = last; d > 0; d--) {
    const w = trace[d];
    if (!w) break;
    const at = (k: number) => w[k + d + 1] ?? 0;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('same');
      x--;
      y--;
    }
    if (x === prevX) {
      ops.push('added');
      y--;
    } else {
      ops.push('removed');
      x--;
    }
  }
  while (x > 0 && y > 0) {
    ops.push('same');
    x--;
    y--;
  }
  return ops.reverse();
}

/** A run of diff lines to show, or a fold standing for `count` unchanged lines. */
export type DiffHunkItem =
  | { readonly kind: 'line'; readonly line: DiffLine }
  | { readonly kind: 'fold'; readonly count: number };

/** The diff with unchanged stretches longer than `2 × context` folded, keeping `context` lines around changes. */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): DiffHunkItem[] {
  const keep = new Uint8Array(lines.length);
  for (const [i, line] of lines.entries()) {
    if (line.kind === 'same') continue;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = 1;
  }
  const items: DiffHunkItem[] = [];
  let folded = 0;
  for (const [i, line] of lines.entries()) {
    if (keep[i]) {
      if (folded > 0) items.push({ kind: 'fold', count: folded });
      folded = 0;
      items.push({ kind: 'line', line });
    } else {
      folded++;
    }
  }
  if (folded > 0) items.push({ kind: 'fold', count: folded });
  return items;
}
