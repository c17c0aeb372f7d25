import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { MarkdownBlockSplitter } from './block-splitter';
import { isTooLongToFormat, MARKDOWN_LIMITS, PLAIN_NOTE, plainChunks } from './limits';
import { markdownStyles } from './markdown-styles';
import { loadRenderer, type RenderModule } from './renderer-loader';

/** Blocks per group (see `renderBlocks`). */
const GROUP_SIZE = 48;

/**
 * While a stream is shown, new finished blocks are parsed and sanitised for at most this long per update (ms), so
 * a burst of text (a fast stream, or a long wait between updates) never makes one long task. The rest waits for
 * the next update of the stream, or, once the stream has ended, for the next frames. 16 ms is some 4,000
 * characters of Markdown: even at the slowest pace of updates (five a second, see `AgentController`) about 20,000
 * characters a second, sixty times the pace of a real answer.
 */
const SLICE_MS = 16;

/** Pieces of plain text (`MARKDOWN_LIMITS.plainChunkChars` each) shown at first, and added by `Show more`. */
const PLAIN_CHUNKS_SHOWN = 16;

/** While a stream pauses with blocks still waiting, they are rendered after this long (ms). */
const CATCH_UP_MS = 250;

/** A fenced code block, which the highlighter colours. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/m;

/** A reference-style link definition (`[id]: url`) ties blocks together, so such text is parsed whole. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/**
 * Renders Markdown through marked + DOMPurify: what is inserted is the nodes DOMPurify returns.
 *
 * The text is rendered block by block: each finished block is parsed once and keeps its DOM; while `streaming`,
 * only the open tail is parsed again on update, so the cost of an update does not grow with the length of the
 * message. When the stream ends, the tail becomes the last block and nothing else is touched. Remote images
 * stay unloaded until the person asks for them; code blocks carry a `Copy` button.
 */
@customElement('easel-markdown')
export class EaselMarkdown extends LitElement {
  static override styles = markdownStyles;

  /** Markdown source. */
  @property() source = '';
  /** Whether the source is still growing. */
  @property({ type: Boolean }) streaming = false;

  @state() private renderer: RenderModule | undefined;
  @state() private blockedImages = 0;
  @state() private imagesAllowed = false;

  private readonly splitter = new MarkdownBlockSplitter();
  private readonly blockNodes: DocumentFragment[] = [];
  /** The finished message's last block (the stream's tail), kept so updates leave its nodes alone. */
  private lastBlock: { readonly source: string; readonly nodes: DocumentFragment } | undefined;
  private whole: { readonly source: string; readonly nodes: DocumentFragment } | undefined;
  /** The source the block state was built from, and whether it was streaming then. */
  private rendered = { source: '', streaming: false };
  /** Bumped when blocks are replaced in place (see `rehighlight`), so full groups render again. */
  private version = 0;
  /** Code was rendered before the highlighter had loaded: it is rendered again, coloured, when it loads. */
  private plainCode = false;
  private stopListening: (() => void) | undefined;
  /** Finished blocks of a stream are still waiting to be rendered (see `SLICE_MS`). */
  private behind = false;
  /** This element has shown a stream: its blocks are rendered in slices, its final render too. */
  private live = false;
  private nextSlice = 0;
  private catchUp: ReturnType<typeof setTimeout> | undefined;
  /** The pieces of a text shown plain (see `renderPlain`), kept while the text is the same, and how many show. */
  private plain:
    | { readonly source: string; readonly chunks: readonly string[]; readonly shown: number }
    | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.behind) this.renderNextSlice();
    void loadRenderer().then((module) => {
      this.renderer = module;
      this.stopListening?.();
      this.stopListening = module.onHighlighterReady(() => this.rehighlight(module));
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening?.();
    this.stopListening = undefined;
    this.cancelNextSlice();
  }

  override render() {
    if (!this.source) {
      // Nothing shown: nodes kept for blocks would be empty once Lit removes them.
      this.forgetBlocks();
      this.whole = undefined;
      return nothing;
    }
    const renderer = this.renderer;
    if (!renderer) return html`<div class="plain">${this.renderPlain(false)}</div>`;
    if (isTooLongToFormat(this.source)) {
      if (this.plain?.source !== this.source) {
        this.forgetBlocks();
        this.whole = undefined;
      }
      return html`<div class="md">${this.renderPlain(true)}</div>`;
    }
    this.plain = undefined;
    return html`<div class="md" @click=${this.handleClick}>${this.renderContent(renderer)}</div>
      ${this.blockedImages > 0 && !this.imagesAllowed ? this.renderImageConsent() : nothing}`;
  }

  protected override updated(changed: PropertyValues): void {
    // Busy while the text grows or its blocks are still being rendered: assistive technology may wait for the
    // whole message rather than announce every fragment.
    this.toggleAttribute('aria-busy', this.streaming || this.behind);
    if (this.streaming || this.behind) return;
    if (changed.has('source') || changed.has('streaming') || changed.has('renderer') || changed.size === 0) {
      this.blockedImages = this.renderRoot.querySelectorAll('img[data-blocked-src]').length;
      if (this.imagesAllowed) this.loadImages();
    }
  }

  private renderContent(renderer: RenderModule) {
    const small = this.source.length <= MARKDOWN_LIMITS.blockChars;
    if (!this.streaming && small && REFERENCE_DEFINITION.test(this.source)) {
      // The same fragment object while the source is the same: Lit leaves inserted nodes alone. The blocks'
      // nodes leave the page with this render, so they are forgotten.
      this.forgetBlocks();
      if (this.whole?.source !== this.source) {
        this.whole = { source: this.source, nodes: renderer.renderTail(this.source) };
        this.notePlainCode(renderer, this.source);
      }
      return this.whole.nodes;
    }
    this.whole = undefined;
    // A stream only grows. Any other change (another message or file in this element, an edit) may share a
    // prefix by chance, so the text is compared; that happens only outside a stream, where updates are rare.
    const continuing = this.streaming && this.rendered.streaming;
    if (!continuing && !this.source.startsWith(this.rendered.source)) this.forgetBlocks();
    this.rendered = { source: this.source, streaming: this.streaming };
    this.splitter.push(this.source);
    const finished = this.splitter.blocks;
    if (finished.length < this.blockNodes.length) {
      // The splitter started over (the text did not extend what it had seen).
      this.blockNodes.length = 0;
      this.lastBlock = undefined;
    }
    // A stream's blocks are rendered a slice at a time; a message shown whole (a session opened) at once, unless
    // it is long.
    if (this.streaming || this.source.length > MARKDOWN_LIMITS.atOnceChars) this.live = true;
    const deadline = performance.now() + SLICE_MS;
    while (this.blockNodes.length < finished.length) {
      const source = finished[this.blockNodes.length] ?? '';
      this.blockNodes.push(renderer.renderBlock(source));
      this.notePlainCode(renderer, source);
      if (this.live && performance.now() >= deadline) break;
    }
    this.behind = this.blockNodes.length < finished.length;
    this.cancelNextSlice();
    if (this.behind) this.renderNextSlice();
    const tail = this.splitter.tail;
    let blocks: readonly DocumentFragment[] = this.blockNodes;
    let shownTail: unknown = nothing;
    if (this.streaming) {
      // The open tail shows once the blocks before it are all there.
      if (!this.behind) {
        shownTail = html`<div class="tail">${renderer.renderTail(tail)}</div>`;
        this.notePlainCode(renderer, tail);
      }
    } else if (!this.behind && tail) {
      // The stream has ended: its tail becomes the last block, rendered once (it costs one block).
      if (this.lastBlock?.source !== tail) {
        this.lastBlock = { source: tail, nodes: renderer.renderBlock(tail) };
        this.notePlainCode(renderer, tail);
      }
      blocks = [...this.blockNodes, this.lastBlock.nodes];
    }
    // One template (one call site) for every state, so that when the stream ends the blocks keep their DOM.
    return html`${this.renderBlocks(blocks)}${shownTail}`;
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
    return html`${withNote ? html`<p class="plain-note">${PLAIN_NOTE}</p>` : nothing}${repeat(
      chunks.slice(0, shown),
      (_, i) => i,
      (chunk) => html`<p class="plain-chunk">${chunk}</p>`,
    )}${
      left > 0
        ? html`<p class="plain-note">
            ${formatCharacters(left)} more.
            <button type="button" class="show-more" @click=${this.handleShowMore}>Show more</button>
          </p>`
        : nothing
    }`;
  }

  /** Drops the block state (another text is shown): the next render parses the text from the start. */
  private forgetBlocks(): void {
    this.splitter.reset();
    this.blockNodes.length = 0;
    this.lastBlock = undefined;
    this.rendered = { source: '', streaming: false };
    this.behind = false;
    this.live = false;
    this.cancelNextSlice();
  }

  private notePlainCode(renderer: RenderModule, source: string): void {
    if (!renderer.isHighlighterReady() && FENCE.test(source)) this.plainCode = true;
  }

  /** The highlighter has loaded: the blocks with code are rendered again, in place; the others are kept. */
  private rehighlight(renderer: RenderModule): void {
    if (!this.plainCode) return;
    this.plainCode = false;
    const finished = this.splitter.blocks;
    this.blockNodes.forEach((_, i) => {
      const source = finished[i] ?? '';
      if (FENCE.test(source)) this.blockNodes[i] = renderer.renderBlock(source);
    });
    const last = this.lastBlock;
    if (last && FENCE.test(last.source))
      this.lastBlock = { source: last.source, nodes: renderer.renderBlock(last.source) };
    this.whole = undefined;
    this.version++;
    this.requestUpdate();
  }

  /**
   * Renders the next slice of waiting blocks: in the next frame once the stream has ended; while it streams,
   * only if the stream's own next update does not come first (the stream may pause).
   */
  private renderNextSlice(): void {
    const frame = () => {
      this.nextSlice = requestAnimationFrame(() => {
        this.nextSlice = 0;
        this.requestUpdate();
      });
    };
    if (!this.streaming) frame();
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
          [end - start, blocks[start], blocks[end - 1], this.version],
          () =>
            html`<div class=${end - start === GROUP_SIZE ? 'group full' : 'group'}>
              ${blocks.slice(start, end).map((nodes) => html`<div class="block">${nodes}</div>`)}
            </div>`,
        );
      },
    );
  }

  private renderImageConsent() {
    const count = this.blockedImages;
    return html`<p class="image-consent">
      ${count === 1 ? 'This answer shows an image' : `This answer shows ${count} images`} from another site, which
      would learn that you viewed it.
      <button type="button" @click=${this.handleAllowImages}>Load images</button>
    </p>`;
  }

  private handleClick(e: Event) {
    const button = (e.target as Element | null)?.closest?.('button.code-copy');
    if (!(button instanceof HTMLButtonElement)) return;
    const code = button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    void navigator.clipboard.writeText(code).then(
      () => flash(button, 'Copied'),
      () => flash(button, 'Copy failed'),
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
  if (count < 1_000_000) return `${Math.round(count / 1000)} thousand characters`;
  return `${(count / 1_000_000).toFixed(1)} million characters`;
}

function flash(button: HTMLButtonElement, text: string): void {
  button.textContent = text;
  setTimeout(() => {
    button.textContent = 'Copy';
  }, 1500);
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-markdown': EaselMarkdown;
  }
}
