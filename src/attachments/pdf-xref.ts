/**
 * The cross-reference check: `startxref` must point at a cross-reference table (or stream), the table must be
 * well formed, and its entries must point at the objects they name. A file that fails is damaged; viewers may
 * rebuild it, but what reaches the model would be a guess, so it is refused with that reason.
 */

const latin1 = new TextDecoder('latin1');

/** Reads `bytes[from, to)` as text, one character per byte. */
export function textOf(bytes: Uint8Array, from: number, to: number): string {
  return latin1.decode(bytes.subarray(Math.max(0, from), Math.min(bytes.length, to)));
}

const DAMAGED_XREF = 'The PDF is damaged: its cross-reference table is broken.';
/** Entries checked at most (each is a small read); a table this long is checked by its first entries. */
const MAX_ENTRIES_CHECKED = 5000;

/**
 * Checks the cross-reference section `startxref` points at. `tailStart` is where the final `startxref` keyword
 * sits (the table and trailer lie between the two). Returns a reason when damaged, else undefined.
 */
export function checkXref(bytes: Uint8Array, offset: number, tailStart: number): string | undefined {
  if (offset <= 0 || offset >= bytes.length) return DAMAGED_XREF;
  const head = textOf(bytes, offset, offset + 1024);
  if (/^\s*\d+\s+\d+\s+obj\b/.test(head)) {
    return /\/Type\s*\/XRef\b/.test(head) ? undefined : DAMAGED_XREF;
  }
  if (!/^\s*xref\b/.test(head)) return DAMAGED_XREF;
  const section = textOf(bytes, offset, Math.max(tailStart, offset + 1024));
  return checkTable(bytes, section);
}

function checkTable(bytes: Uint8Array, section: string): string | undefined {
  const trailerAt = section.indexOf('trailer');
  if (trailerAt === -1) return DAMAGED_XREF;
  const size = Number(/\/Size\s+(\d+)/.exec(section.slice(trailerAt))?.[1] ?? Number.NaN);
  const subsection = /\s*(\d+)[ \t]+(\d+)[ \t]*\r?\n?/y;
  const entry = /\s*(\d{10})[ \t](\d{5})[ \t]([nf])/y;
  let at = section.indexOf('xref') + 4;
  let inUse = 0;
  let misplaced = 0;
  while (at < trailerAt) {
    if (/^\s*trailer/.test(section.slice(at, at + 64))) break;
    subsection.lastIndex = at;
    const head = subsection.exec(section);
    if (!head) return DAMAGED_XREF;
    const first = Number(head[1]);
    const count = Number(head[2]);
    if (Number.isFinite(size) && first + count > size) return DAMAGED_XREF;
    at = subsection.lastIndex;
    for (let i = 0; i < count; i++) {
      entry.lastIndex = at;
      const row = entry.exec(section);
      if (!row) return DAMAGED_XREF;
      at = entry.lastIndex;
      if (row[3] !== 'n' || inUse >= MAX_ENTRIES_CHECKED) continue;
      inUse++;
      const target = Number(row[1]);
      if (target >= bytes.length) return DAMAGED_XREF;
      const expected = new RegExp(`^\\s*${first + i}\\s+${Number(row[2])}\\s+obj\\b`);
      if (!expected.test(textOf(bytes, target, target + 48))) misplaced++;
    }
  }
  // A few entries off by a byte is a sloppy writer that every reader copes with; a quarter is a broken file.
  return misplaced * 4 > inUse ? DAMAGED_XREF : undefined;
}
