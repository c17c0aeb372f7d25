/** Lines per block: appending lays out only the last block, so its cost does not grow with the text. */
export const CHUNK_LINES = 100;

/**
 * Text that grows at the end, shown in `display: block` spans of at most `CHUNK_LINES` lines each. Appending
 * to one long text node would make the browser lay out the whole text again on every append; with blocks,
 * only the open one changes. Text is only ever put in text nodes.
 */
export class ChunkedText {
  private open: HTMLElement | undefined;
  private openLines = 0;

  constructor(
    private readonly parent: HTMLElement,
    private readonly className = 'chunk',
  ) {}

  /** Replaces everything with `text`. */
  reset(text = ''): void {
    this.parent.replaceChildren();
    this.open = undefined;
    this.openLines = 0;
    this.append(text);
  }

  append(text: string): void {
    let rest = text;
    while (rest.length > 0) {
      if (!this.open || this.openLines >= CHUNK_LINES) {
        this.open = document.createElement('span');
        this.open.className = this.className;
        this.parent.appendChild(this.open);
        this.openLines = 0;
      }
      const cut = afterNthNewline(rest, CHUNK_LINES - this.openLines);
      const piece = cut < 0 ? rest : rest.slice(0, cut);
      this.open.appendChild(document.createTextNode(piece));
      this.openLines += cut < 0 ? countNewlines(piece) : CHUNK_LINES - this.openLines;
      rest = cut < 0 ? '' : rest.slice(cut);
    }
  }
}

/** The index just after the `n`-th newline of `text`, or -1 when it has fewer. */
function afterNthNewline(text: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return -1;
  }
  return at + 1;
}

export function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
