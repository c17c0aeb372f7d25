/** `<easel-markdown>`: model text as sanitised Markdown, rendered incrementally while it streams. */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '../l10n';
import { FarGroups } from './far-groups';
import type { IncrementalMarkdown } from './incremental';
import { isTooLongToFormat, plainChunks, plainNote } from './limits';
import { markdownStyles } from './markdown-styles';
import type { MarkdownRenderer } from './render';
import { loadRenderer } from './renderer-loader';

/** Blocks per group (see `renderBlocks`). */
const GROUP_SIZE = 48;

/** Pieces of plain text (`MARKDOWN_LIMITS.plainChunkChars` each) shown at first, and added by `Show more`. */
const PLAIN_CHUNKS_SHOWN = 16;

/** While a stream pauses with blocks still waiting, they are rendered after this long (ms). */
const CATCH_UP_MS = 250;

/**
 * Renders Markdown through marked + DOMPurify: what is inserted is the nodes DOMPurify returns.
 *
 * The text is rendered block by block (`IncrementalMarkdown`): each finished block is parsed once and keeps its
 * DOM; while `streaming`, only the open tail is parsed again on update, so the cost of an update does not grow
 * with the length of the message. When the stream ends, the tail becomes the last block and nothing else is
 * touched. Blocks still waiting for their slice are rendered on the next frames. Remote images stay unloaded
 * until the person asks for them; code blocks carry a `Copy` button.
 */
@customElement('easel-markdown')
export class EaselMarkdown extends LitElement {
  static override styles = markdownStyles;

  /** Markdown source. */
  @property() source = '';
  /** Whether the source is still growing. */
  @property({ type: Boolean }) streaming = false;

  @state() private renderer: MarkdownRenderer | undefined;
  @state() private blockedImages = 0;
  @state() private imagesAllowed = false;

  /** The block state, made when the renderer has loaded. */
  private blocks: IncrementalMarkdown<DocumentFragment> | undefined;
  private stopListening: (() => void) | undefined;
  private nextSlice = 0;
  private catchUp: ReturnType<typeof setTimeout> | undefined;
  /** The render under way is a slice of waiting blocks, not the stream's own update (see `renderNextSlice`). */
  private catchingUp = false;
  /** While streaming, finished groups far out of view wait outside the document (see `FarGroups`). */
  private readonly farGroups = new FarGroups(this);
  /** The pieces of a text shown plain (see `renderPlain`), kept while the text is the same, and how many show. */
  private plain:
    | { readonly source: string; readonly chunks: readonly string[]; readonly shown: number }
    | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.blocks?.behind) this.renderNextSlice();
    void loadRenderer().then((renderer) => {
      this.renderer = renderer;
      this.blocks ??= renderer.incremental();
      const blocks = this.blocks;
      this.stopListening?.();
      // The highlighter has loaded: the blocks with code are rendered again, in place; the others are kept.
      this.stopListening = renderer.onHighlighterReady(() => {
        if (blocks.rehighlight(renderer)) this.requestUpdate();
      });
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
    this.stopListening = undefined;
    this.cancelNextSlice();
    this.farGroups.restoreAll();
  }

  override render() {
    if (!this.source) {
      // Nothing shown: nodes kept for blocks would be empty once Lit removes them.
      this.forgetBlocks();
      return nothing;
    }
    const renderer = this.renderer;
    if (!renderer) return html`<div class="plain">${this.renderPlain(false)}</div>`;
    if (isTooLongToFormat(this.source)) {
      if (this.plain?.source !== this.source) this.forgetBlocks();
      return html`<div class="md">${this.renderPlain(true)}</div>`;
    }
    this.plain = undefined;
    return html`<div class="md" @click=${this.handleClick}>${this.renderContent(renderer)}</div>
      ${this.blockedImages > 0 && !this.imagesAllowed ? this.renderImageConsent() : nothing}`;
  }

  protected override updated(changed: PropertyValues): void {
    if (this.streaming) this.farGroups.watch(this.renderRoot.querySelector('.md'));
    else this.farGroups.restoreAll();
    // Busy while the text grows or its blocks are still being rendered: assistive technology may wait for the
    // whole message rather than announce every fragment.
    const behind = this.blocks?.behind ?? false;
    this.toggleAttribute('aria-busy', this.streaming || behind);
    if (this.streaming || behind) return;
    if (changed.has('source') || changed.has('streaming') || changed.has('renderer') || changed.size === 0) {
      this.blockedImages = this.renderRoot.querySelectorAll('img[data-blocked-src]').length;
      if (this.imagesAllowed) this.loadImages();
      this.drawDiagrams();
    }
  }

  private renderContent(renderer: MarkdownRenderer) {
    this.blocks ??= renderer.incremental();
    const layout = this.blocks.update(renderer, this.source, this.streaming);
    const catchingUp = this.catchingUp;
    this.cancelNextSlice();
    if (this.blocks.behind) this.renderNextSlice(catchingUp);
    // The same fragment object while the source is the same: Lit leaves inserted nodes alone.
    if (layout.kind === 'whole') return layout.nodes;
    const tail = layout.tail === undefined ? nothing : html`<div class="tail">${layout.tail}</div>`;
    // One template (one call site) for every state, so that when the stream ends the blocks keep their DOM.
    return html`${this.renderBlocks(layout.blocks)}${tail}`;
  }

  /**
   * The text as it is, in pieces laid out only when on screen: for a text too long to format, and until the
   * Markdown stack has loaded. The first `PLAIN_CHUNKS_SHOWN` pieces show, and `Show more` adds as many again:
   * putting tens of megabytes into the page at once is seconds of work (creating its text nodes alone).
   */
  private renderPlain(withNote: boolean) {
    if (this.plain?.source !== this.source) {
      // A growing text keeps the pieces already shown.
      const shown = this.streaming ? (this.plain?.shown ?? PLAIN_CHUNKS_SHOWN) : PLAIN_CHUNKS_SHOWN;
      this.plain = { source: this.source, chunks: plainChunks(this.source), shown };
    }
    const { chunks, shown } = this.plain;
    const left = chunks.slice(shown).reduce((sum, chunk) => sum + chunk.length, 0);
    return html`${withNote ? html`<p class="plain-note">${plainNote()}</p>` : nothing}${repeat(
      chunks.slice(0, shown),
      (_, i) => i,
      (chunk) => html`<p class="plain-chunk">${chunk}</p>`,
    )}${
      left > 0
        ? html`<p class="plain-note">
            ${msg(str`${formatCharacters(left)} more.`)}
            <button type="button" class="show-more" @click=${this.handleShowMore}>${msg('Show more')}</button>
          </p>`
        : nothing
    }`;
  }

  /** Drops the block state (another text is shown): the next render parses the text from the start. */
  private forgetBlocks(): void {
    this.blocks?.reset();
    this.cancelNextSlice();
  }

  /**
   * Renders the next slice of waiting blocks: in the next frame once the stream has ended; while it streams,
   * only if the stream's own next update does not come first (the stream may pause), and then, the stream still
   * silent, a slice a frame until none wait (`catchingUp`), as after the end: a slice every `CATCH_UP_MS` took
   * seconds to show a few hundred waiting blocks.
   */
  private renderNextSlice(catchingUp = false): void {
    const frame = () => {
      this.nextSlice = requestAnimationFrame(() => {
        this.nextSlice = 0;
        this.catchingUp = true;
        this.requestUpdate();
      });
    };
    if (!this.streaming || catchingUp) frame();
    else
      this.catchUp = setTimeout(() => {
        this.catchUp = undefined;
        frame();
      }, CATCH_UP_MS);
  }

  private cancelNextSlice(): void {
    cancelAnimationFrame(this.nextSlice);
    clearTimeout(this.catchUp);
    this.nextSlice = 0;
    this.catchUp = undefined;
    this.catchingUp = false;
  }

  /**
   * Blocks in groups of `GROUP_SIZE`: a full group never changes again, and `guard` skips it without even
   * building its template, so an update costs the same for a 4 KB answer and a 400 KB one.
   */
  private renderBlocks(blocks: readonly DocumentFragment[]) {
    const groups = Array.from({ length: Math.ceil(blocks.length / GROUP_SIZE) }, (_, i) => i * GROUP_SIZE);
    return repeat(
      groups,
      (start) => start,
      (start) => {
        const end = Math.min(start + GROUP_SIZE, blocks.length);
        return guard(
          [end - start, blocks[start], blocks[end - 1], this.blocks?.version],
          () =>
            html`<div class="group">
              ${blocks.slice(start, end).map((nodes) => html`<div class="block">${nodes}</div>`)}
            </div>`,
        );
      },
    );
  }

  /**
   * Each finished ```mermaid block becomes a diagram drawn in a sandboxed frame (`<easel-mermaid-diagram>`,
   * loaded with the first one), the block kept inside it as the source. Never while the text streams.
   */
  private drawDiagrams() {
    const blocks = [...this.renderRoot.querySelectorAll('.code-block')].filter(
      (block) =>
        block.querySelector('code.language-mermaid') &&
        block.parentElement?.localName !== 'easel-mermaid-diagram',
    );
    if (blocks.length === 0) return;
    void import('../artifacts/mermaid-diagram');
    for (const block of blocks) {
      const diagram = document.createElement('easel-mermaid-diagram');
      diagram.source = block.querySelector('code')?.textContent ?? '';
      block.replaceWith(diagram);
      diagram.append(block);
    }
  }

  private renderImageConsent() {
    const count = this.blockedImages;
    return html`<p class="image-consent">
      ${count === 1 ? msg('This answer shows an image from another site, which would learn that you viewed it.') : msg(str`This answer shows ${count} images from another site, which would learn that you viewed it.`)}
      <button type="button" @click=${this.handleAllowImages}>${msg('Load images')}</button>
    </p>`;
  }

  private handleClick(e: Event) {
    const button = (e.target as Element | null)?.closest?.('button.code-copy');
    if (!(button instanceof HTMLButtonElement)) return;
    const code = button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    void navigator.clipboard.writeText(code).then(
      () => flash(button, msg('Copied')),
      () => flash(button, msg('Copy failed')),
    );
  }

  private handleShowMore() {
    if (!this.plain) return;
    this.plain = { ...this.plain, shown: this.plain.shown + PLAIN_CHUNKS_SHOWN };
    this.requestUpdate();
  }

  private handleAllowImages() {
    this.imagesAllowed = true;
    this.loadImages();
  }

  private loadImages() {
    for (const img of this.renderRoot.querySelectorAll<HTMLImageElement>('img[data-blocked-src]')) {
      const src = img.getAttribute('data-blocked-src') ?? '';
      if (/^https?:/i.test(src)) img.src = src;
      img.removeAttribute('data-blocked-src');
    }
    this.blockedImages = 0;
  }
}

/** `1,234 characters`, `56 KB`-style counts of text left to show. */
function formatCharacters(count: number): string {
  if (count < 10_000) return `${count.toLocaleString('en')} characters`;
  if (count < 1_000_000) return msg(str`${Math.round(count / 1000)} thousand characters`);
  return msg(str`${(count / 1_000_000).toFixed(1)} million characters`);
}

function flash(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  setTimeout(() => {
    button.textContent = msg('Copy');
  }, 1500);
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-markdown': EaselMarkdown;
  }
}
