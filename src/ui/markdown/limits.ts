import { msg } from '../l10n';

/**
 * Where Markdown stops being formatted. marked's cost grows faster than the text in some shapes (a list
 * nested hundreds of levels deep is parsed once per level; a 640 KB one took 8 s in one task), and even linear
 * parsing of megabytes is seconds in one task. Text past these limits is shown as plain text, in chunks the
 * browser lays out only when they scroll into view, so any text opens without a long task.
 *
 * The checks read each character once (their cost is that of reading the text, far below parsing it).
 */
export const MARKDOWN_LIMITS = {
  /** A text longer than this is shown whole as plain text. */
  textChars: 1_000_000,
  /** A block (see `MarkdownBlockSplitter`) longer than this is shown as plain text… */
  blockChars: 32_000,
  /** …unless it is one fenced code block, which parses in linear time, up to this. */
  codeBlockChars: 256_000,
  /** A line indented more than this many columns (a list nested some 20 levels) makes its block plain. */
  indentColumns: 40,
  /** More containers than this at the start of one line (`>` quotes and list markers) make its block plain. */
  containers: 12,
  /** Code longer than this is shown uncoloured (the highlighter's cost is some 1 ms per KB). */
  highlightChars: 64_000,
  /** A text longer than this is rendered a slice at a time even when shown whole (a session opened). */
  atOnceChars: 64_000,
  /** Plain text is cut into pieces of about this many characters, each laid out only when visible. */
  plainChunkChars: 16_000,
} as const;

/** The note above text shown plain because it is past the limits. */
export function plainNote(): string {
  return msg('Shown as plain text: too large or too deeply nested to format.');
}

/** A fenced code block's opening line (up to three spaces, then three backticks or tildes). */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** Whether `text` is too long to format at all. */
export function isTooLongToFormat(text: string): boolean {
  return text.length > MARKDOWN_LIMITS.textChars;
}

/**
 * Whether a block of Markdown should be shown as plain text: longer than `blockChars` (and not one fenced code
 * block within `codeBlockChars`), or a line outside code fences indented past `indentColumns` or opening more
 * than `containers` quotes and list items.
 */
export function isTooComplexToFormat(block: string): boolean {
  if (block.length > MARKDOWN_LIMITS.codeBlockChars) return true;
  let fence: { readonly char: string; readonly length: number } | undefined;
  /** Whether the block so far is one fenced code block (it opened on the first line and nothing followed). */
  let onlyCode = true;
  let fenceClosed = false;
  let lineStart = 0;
  let first = true;
  while (lineStart <= block.length) {
    let lineEnd = block.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = block.length;
    const line = block.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    if (fence) {
      const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(line)?.[1];
      if (close !== undefined && close[0] === fence.char && close.length >= fence.length) {
        fence = undefined;
        fenceClosed = true;
      }
      continue;
    }
    const open = FENCE_OPEN.exec(line)?.[1];
    if (open !== undefined) {
      fence = { char: open[0] ?? '`', length: open.length };
      if (!first) onlyCode = false;
      first = false;
      continue;
    }
    if (first || fenceClosed) {
      if (line.trim() !== '') onlyCode = false;
    }
    first = false;
    if (tooDeep(line)) return true;
  }
  return block.length > MARKDOWN_LIMITS.blockChars && !onlyCode;
}

/** Whether a line's indentation or its run of container markers (`>`, `-`, `*`, `+`, `1.`) is past the limits. */
function tooDeep(line: string): boolean {
  let columns = 0;
  let containers = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ') columns += 1;
    else if (c === '\t') columns += 4 - (columns % 4);
    else if (c === '>') {
      containers += 1;
      columns += 1;
    } else if ((c === '-' || c === '*' || c === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) {
      containers += 1;
      columns += 1;
    } else {
      const ordinal = /^\d{1,9}[.)](?=[ \t])/.exec(line.slice(i, i + 11))?.[0];
      if (ordinal === undefined) break;
      containers += 1;
      columns += ordinal.length;
      i += ordinal.length;
      continue;
    }
    if (columns > MARKDOWN_LIMITS.indentColumns || containers > MARKDOWN_LIMITS.containers) return true;
    i += 1;
  }
  return false;
}

/**
 * Cuts plain text into pieces of about `size` characters, at a line break where one is near the cut (within
 * an eighth of `size` after it), never inside a surrogate pair. Joined, the pieces are the text.
 */
export function plainChunks(text: string, size: number = MARKDOWN_LIMITS.plainChunkChars): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let end = start + size;
    const newline = text.indexOf('\n', end);
    if (newline !== -1 && newline - end <= size / 8) end = newline + 1;
    else if (isLowSurrogate(text.charCodeAt(end))) end += 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  chunks.push(text.slice(start));
  return chunks;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
