/**
 * Splits a growing Markdown text into finished blocks and an open tail, so a streaming message parses each
 * finished block once and re-parses only the tail.
 *
 * A block ends at a blank line outside a code fence, once the next non-blank line has arrived and is not
 * indented (an indented line may continue a list item or an indented code block). Every character is examined
 * once: the cost of `push` is proportional to what was appended, not to the length of the text.
 *
 * The split is a rendering shortcut (`IncrementalMarkdown`): the finished message keeps its blocks, and its tail
 * becomes the last one; only a text with reference definitions, which tie blocks together, is parsed whole.
 */
export class MarkdownBlockSplitter {
  private source = '';
  /** Offset where the first line not yet examined starts. */
  private lineStart = 0;
  /** Offset where the tail (the first uncommitted block) starts. */
  private committed = 0;
  /** Offset just after a blank line that may end the current block, or -1. */
  private boundary = -1;
  private fence: { readonly char: string; readonly length: number } | null = null;
  private readonly finished: string[] = [];

  /** Total characters examined, for tests and benchmarks of linearity. */
  examined = 0;

  /** The finished blocks, in order. The array only grows while the text only grows. */
  get blocks(): readonly string[] {
    return this.finished;
  }

  /** The unfinished end of the text. */
  get tail(): string {
    return this.source.slice(this.committed);
  }

  /**
   * Takes the whole text so far. When it extends the previous text, only the new part is examined; when it is
   * shorter or its unexamined end differs (an edit), the splitter starts over.
   */
  push(source: string): void {
    // Only the not-yet-examined end is compared, so a push costs what was appended; a streaming text only grows.
    const previous = this.source;
    if (
      source.length < previous.length ||
      source.slice(this.lineStart, previous.length) !== previous.slice(this.lineStart)
    ) {
      this.reset();
    }
    this.source = source;
    let newline = source.indexOf('\n', this.lineStart);
    while (newline !== -1) {
      this.examined += newline + 1 - this.lineStart;
      this.examineLine(this.lineStart, newline);
      this.lineStart = newline + 1;
      newline = source.indexOf('\n', this.lineStart);
    }
    // The first character of the next line is enough to end a block: it is not indented, so it starts a new one.
    if (
      this.boundary !== -1 &&
      !this.fence &&
      this.lineStart < source.length &&
      !/[ \t\r\n]/.test(source[this.lineStart] ?? ' ')
    ) {
      this.commit(this.lineStart);
    }
  }

  reset(): void {
    this.source = '';
    this.lineStart = 0;
    this.committed = 0;
    this.boundary = -1;
    this.fence = null;
    this.finished.length = 0;
    this.examined = 0;
  }

  private examineLine(start: number, end: number): void {
    const line = this.source.slice(start, end);
    if (this.fence) {
      if (closesFence(line, this.fence)) this.fence = null;
      return;
    }
    if (line.trim() === '') {
      this.boundary = end + 1;
      return;
    }
    if (this.boundary !== -1 && !/^[ \t]/.test(line)) this.commit(start);
    this.boundary = -1;
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open?.[1]) this.fence = { char: open[1][0] ?? '`', length: open[1].length };
  }

  private commit(nextBlockStart: number): void {
    this.finished.push(this.source.slice(this.committed, this.boundary));
    this.committed = nextBlockStart;
    this.boundary = -1;
  }
}

function closesFence(line: string, fence: { readonly char: string; readonly length: number }): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  const marker = match?.[1];
  return marker !== undefined && marker[0] === fence.char && marker.length >= fence.length;
}
