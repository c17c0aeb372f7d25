/** `<easel-code-view>`: code or text with line numbers, appended while it streams, highlighted when complete. */
import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg } from '../l10n';
import { highlighter } from '../markdown/highlighter';
import { syntaxTheme } from '../markdown/syntax-theme';
import { ChunkedText, countNewlines } from './chunked-text';
import { highlightedFragment } from './highlight';

/** How close to the bottom (px) still counts as following the text as it grows. */
const FOLLOW_SLACK = 40;

/**
 * Code or text with line numbers, highlighted once it is complete.
 *
 * While `streaming`, text that extends what is shown is appended (new text nodes, new line numbers), so an
 * update costs the size of the new text, not of the whole file; the view follows the end unless the person
 * has scrolled up. When streaming ends the text is shown whole and highlighted.
 */
@customElement('easel-code-view')
export class EaselCodeView extends LitElement {
  static override styles = [
    syntaxTheme,
    css`
      :host {
        display: block;
        min-height: 0;
        background: var(--easel-code-bg);
      }
      .scroller {
        height: 100%;
        overflow: auto;
        display: grid;
        grid-template-columns: auto 1fr;
        align-items: start;
      }
      .scroller:focus-visible {
        outline: 2px solid var(--easel-focus);
        outline-offset: -2px;
      }
      pre {
        margin: 0;
        padding: var(--easel-space-3) var(--easel-space-3);
        font: 0.8rem/1.5 var(--easel-font-mono);
        white-space: pre;
        tab-size: 2;
      }
      .chunk {
        display: block;
      }
      .gutter {
        position: sticky;
        left: 0;
        text-align: right;
        color: var(--easel-text-muted);
        background: var(--easel-code-bg);
        border-right: 1px solid var(--easel-border);
        user-select: none;
        min-height: 100%;
        box-sizing: border-box;
      }
    `,
  ];

  /** The text. */
  @property() content = '';
  /** highlight.js language name (empty: plain). */
  @property() language = '';
  /** Whether the text is still growing. */
  @property({ type: Boolean }) streaming = false;
  /** Accessible name of the scrolling area. */
  @property() label = msg('Code');

  @query('.scroller') private scroller!: HTMLElement;
  @query('.gutter') private gutter!: HTMLElement;
  @query('code') private code!: HTMLElement;

  private codeText: ChunkedText | undefined;
  private gutterText: ChunkedText | undefined;
  /** What the DOM shows: its length, its last characters, and (after a full render) the text itself. */
  private shownLength = 0;
  private shownTail = '';
  private shownWhole: string | undefined;
  private newlines = 0;
  /** Lines shown in the gutter. */
  private lines = 0;
  /** The text was replaced by highlighted markup (no longer in chunks to append to). */
  private highlighted = false;

  override render() {
    return html`<div class="scroller" tabindex="0" role="region" aria-label=${this.label}>
      <pre class="gutter" aria-hidden="true"></pre>
      <pre class="text"><code></code></pre>
    </div>`;
  }

  protected override firstUpdated(): void {
    this.codeText = new ChunkedText(this.code);
    this.gutterText = new ChunkedText(this.gutter);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('content') && !changed.has('streaming') && !changed.has('language')) return;
    const content = this.content;
    if (this.streaming && !this.highlighted && this.extendsShown(content)) {
      this.appendText(content.slice(this.shownLength));
      return;
    }
    if (content !== this.shownWhole || !this.streaming) this.showWhole(content);
  }

  private appendText(text: string): void {
    if (!text) return;
    const scroller = this.scroller;
    const following = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_SLACK;
    this.codeText?.append(text);
    this.remember(text, this.shownLength + text.length);
    this.shownWhole = undefined;
    const total = 1 + this.newlines + countNewlines(text);
    this.newlines += countNewlines(text);
    if (total > this.lines) {
      this.gutterText?.append(numbers(this.lines + 1, total));
      this.lines = total;
    }
    if (following) scroller.scrollTop = scroller.scrollHeight;
  }

  private showWhole(content: string): void {
    this.highlighted = false;
    this.codeText?.reset(content);
    this.remember(content, content.length);
    this.shownWhole = content;
    this.newlines = countNewlines(content);
    // A final line break ends the last line; it does not start a new one on screen.
    this.lines = Math.max(1, this.newlines + (content.endsWith('\n') ? 0 : 1));
    this.gutterText?.reset(numbers(1, this.lines));
    if (this.streaming || !this.language) return;
    void highlighter.load().then((hljs) => {
      if (this.shownWhole !== content) return;
      const fragment = highlightedFragment(hljs, content, this.language);
      if (!fragment) return;
      this.code.replaceChildren(fragment);
      this.highlighted = true;
    });
  }

  private remember(added: string, length: number): void {
    this.shownTail = (this.shownTail + added).slice(-TAIL);
    this.shownLength = length;
  }

  /** Whether `content` is what is shown plus more (checked on the last characters, so it costs O(1)). */
  private extendsShown(content: string): boolean {
    if (content.length < this.shownLength) return false;
    const from = Math.max(0, this.shownLength - TAIL);
    return content.slice(from, this.shownLength) === this.shownTail.slice(-(this.shownLength - from) || TAIL);
  }
}

/** Characters compared to tell that new content extends the shown text. */
const TAIL = 64;

/** "a\nb\n"-style line numbers from `from` to `to`, each followed by a line break. */
function numbers(from: number, to: number): string {
  let out = '';
  for (let n = from; n <= to; n++) out += `${n}\n`;
  return out;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-code-view': EaselCodeView;
  }
}
