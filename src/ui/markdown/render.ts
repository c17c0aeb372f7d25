/**
 * Markdown → sanitised HTML: the only path by which model text becomes markup (`marked`, then a sanitiser: the
 * browser's own for a block without `<` or one code block, `own-markup.ts`, and `DOMPurify` for the rest).
 */
import type { HLJSApi } from 'highlight.js';
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../agent';
import { type HighlighterLoader, highlighter as pageHighlighter } from './highlighter';
import { type BlockRenderer, IncrementalMarkdown } from './incremental';
import { isTooComplexToFormat, MARKDOWN_LIMITS, plainChunks, plainNote } from './limits';
import { type OwnMarkupSanitiser, ownMarkupSanitiser } from './own-markup';
import { applyUrlPolicy, createPurifier, POLICY } from './sanitiser-policy';
import {
  continuesAsText,
  FENCED,
  type OpenCode,
  onlyCode,
  RECOLOUR_CHARS,
  RECOLOUR_MS,
  type TextEnd,
  textEnd,
} from './tail-growth';

/*
 * This module is loaded lazily (`renderer-loader.ts`), so the first screen does not wait for the Markdown
 * stack; the syntax highlighter is loaded lazily again (`highlighter.ts`), the first time a code block appears.
 */

/** The languages most answers use, compiled ahead of the first code block (see `prepare`). */
const COMMON_LANGUAGES = ['typescript', 'javascript', 'python', 'xml', 'css', 'bash', 'json'];

/** A little of everything an answer has, rendered once while idle (see `prepare`). */
const WARM_UP_SAMPLE = [
  '## Heading',
  '',
  'A paragraph with **bold**, *emphasis*, `code` and [a link](https://example.com/).',
  '',
  '- an item',
  '- [ ] a task',
  '',
  '1. first',
  '',
  '> a quote',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
].join('\n');

/** Rendered blocks kept for reuse (see `renderBlock`). */
const BLOCK_CACHE_SIZE = 2000;

/**
 * The Markdown renderer: marked with code blocks highlighted, then DOMPurify with the URL policy. Every text it
 * returns as markup or nodes has been through the sanitiser, except `parseMarkdown`'s (for benchmarks only).
 */
export class MarkdownRenderer implements BlockRenderer<DocumentFragment> {
  /** Sanitises to a string (for documents built elsewhere, such as a Markdown file's preview). */
  private readonly toText = createPurifier(POLICY);
  /**
   * Sanitises to a `DocumentFragment` of the nodes DOMPurify has just checked, so the page inserts them as they
   * are: no serialising them to a string and parsing that string again.
   */
  private readonly toNodes = createPurifier({ ...POLICY, RETURN_DOM_FRAGMENT: true });
  /**
   * The browser's sanitiser, for what marked writes of its own (no `<` in the source, or one code block):
   * several times cheaper than DOMPurify; `undefined` where the browser has none.
   */
  private readonly ownMarkup: OwnMarkupSanitiser | undefined;
  /**
   * Rendered nodes of recent Markdown blocks, by source. A streamed answer renders each finished block once; a
   * view of the same message drawn again (another session opened and this one reopened) clones them from here
   * instead of parsing and sanitising everything again.
   */
  private readonly blockCache = new Map<string, DocumentFragment>();
  /** Marks this renderer's wrappers in a batch (`renderBlocks`): random, so no text can make one. */
  private readonly batchToken = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) =>
    n.toString(36),
  ).join('');
  /** Where a rendered tail's text ends, for `extendTail` to add to (see `textEnd`). */
  private readonly tailEnds = new WeakMap<DocumentFragment, TextEnd>();
  /** A rendered tail that is one open code block, for `extendTail` to add code to (see `openCode`). */
  private readonly openCodes = new WeakMap<DocumentFragment, OpenCode>();
  /** A rendered tail's own nodes, wherever they are now (the page took them out of the fragment). */
  private readonly tailNodes = new WeakMap<DocumentFragment, readonly ChildNode[]>();
  private readonly listeners = new Set<() => void>();
  private readonly marked: Marked;

  /**
   * `highlighter`: the page's own by default, shared with the code view. `sanitiser`: `'dompurify'` sends
   * marked's own markup through DOMPurify too, as in a browser without the Sanitizer API (for tests comparing
   * the two).
   */
  constructor(
    private readonly highlighter: HighlighterLoader = pageHighlighter,
    sanitiser: 'browser' | 'dompurify' = 'browser',
  ) {
    this.ownMarkup = sanitiser === 'browser' ? ownMarkupSanitiser(applyUrlPolicy) : undefined;
    this.marked = new Marked({
      gfm: true,
      breaks: false,
      renderer: { code: (token: Tokens.Code) => this.renderCode(token) },
    });
    highlighter.onReady(() => {
      // Blocks kept from before were rendered with their code plain.
      this.blockCache.clear();
      for (const listener of this.listeners) listener();
    });
  }

  /** Whether code is coloured yet (until the highlighter has loaded it is shown plain). */
  isHighlighterReady(): boolean {
    return this.highlighter.ready !== undefined;
  }

  /** Calls `listener` once the highlighter has loaded (so rendered code can be rendered again, coloured). */
  onHighlighterReady(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Renders one block into fresh nodes, cloned from the cache when it was rendered recently. A block past the
   * limits (`limits.ts`) is shown as plain text.
   */
  renderBlock(source: string): DocumentFragment {
    const cached = this.blockCache.get(source);
    if (cached !== undefined) {
      this.blockCache.delete(source);
      this.blockCache.set(source, cached);
      return cached.cloneNode(true) as DocumentFragment;
    }
    const nodes = this.renderFormatted(source);
    this.remember(source, nodes);
    return nodes;
  }

  /** Keeps a copy of a block's nodes in the cache, the oldest going past `BLOCK_CACHE_SIZE`. */
  private remember(source: string, nodes: DocumentFragment): void {
    this.blockCache.set(source, nodes.cloneNode(true) as DocumentFragment);
    if (this.blockCache.size > BLOCK_CACHE_SIZE) {
      const oldest = this.blockCache.keys().next().value;
      if (oldest !== undefined) this.blockCache.delete(oldest);
    }
  }

  /**
   * The sanitised batch (`renderBlocks`) as one fragment per block: its children must be exactly `count`
   * wrappers bearing this renderer's token, else `undefined`.
   */
  private splitBatch(
    batch: DocumentFragment | null | undefined,
    count: number,
    mark: 'attribute' | 'class',
  ): DocumentFragment[] | undefined {
    if (!(batch instanceof DocumentFragment) || batch.childNodes.length !== count) return undefined;
    const wrappers = Array.from(batch.childNodes);
    const ours = (node: Node): node is HTMLElement =>
      node instanceof HTMLElement &&
      node.localName === 'div' &&
      (mark === 'attribute'
        ? node.getAttribute(BATCH_MARK) === this.batchToken
        : node.getAttribute('class') === `${BATCH_CLASS}${this.batchToken}` && node.attributes.length === 1);
    if (!wrappers.every(ours)) return undefined;
    return wrappers.map((wrapper) => {
      const nodes = batch.ownerDocument.createDocumentFragment();
      nodes.append(...wrapper.childNodes);
      return nodes;
    });
  }

  /**
   * Renders finished blocks as `renderBlock` does each, those not in the cache together: their HTML from
   * marked goes through the sanitiser in one call (a call's fixed cost was most of sanitising a small block:
   * DOMPurify's parsed document of its own; the browser's `setHTML`, about 0.2 ms a call while an answer
   * streams), each block's in a wrapper marked with this renderer's own token, and the result is split at the
   * wrappers. Only blocks without `<` go together, whose HTML marked makes whole (balanced, the
   * text escaped), so no block's markup can reach into the next; should the result still not be exactly one
   * wrapper per block, each block is rendered alone.
   */
  renderBlocks(sources: readonly string[]): DocumentFragment[] {
    return this.renderBatch(sources).blocks;
  }

  /**
   * Renders finished blocks as `renderBlocks` does and a stream's open tail as `renderTail` does, the tail in the
   * same call to the sanitiser as the blocks when it can go with them (no `<` in it): while an answer pours in,
   * one call an update instead of two.
   */
  renderBlocksAndTail(
    sources: readonly string[],
    tail: string,
  ): { readonly blocks: DocumentFragment[]; readonly tail: DocumentFragment } {
    if (tail.includes('<') || isTooComplexToFormat(tail))
      return { blocks: this.renderBlocks(sources), tail: this.renderTail(tail) };
    const batch = this.renderBatch(sources, tail);
    return {
      blocks: batch.blocks,
      tail: batch.tail === undefined ? this.renderTail(tail) : this.noteTail(batch.tail, tail),
    };
  }

  /** `renderBlocks`, and the open tail `tail` (no `<` in it) in the same call when given (see `renderBlocksAndTail`). */
  private renderBatch(
    sources: readonly string[],
    tail?: string,
  ): { readonly blocks: DocumentFragment[]; readonly tail?: DocumentFragment } {
    const rendered = new Map<string, DocumentFragment>();
    const blocks = sources.filter(
      (source) => !this.blockCache.has(source) && !source.includes('<') && !isTooComplexToFormat(source),
    );
    const together = tail === undefined ? blocks : [...blocks, tail];
    let tailNodes: DocumentFragment | undefined;
    if (together.length > 1) {
      // The browser's sanitiser keeps no `data-` attribute: its wrappers are marked by a class.
      const own = this.ownMarkup;
      const open = own
        ? `<div class="${BATCH_CLASS}${this.batchToken}">`
        : `<div ${BATCH_MARK}="${this.batchToken}">`;
      const html = together.map((source) => `${open}${this.parseMarkdown(source)}</div>`).join('');
      const parts = own
        ? this.splitBatch(own.toNodes(html), together.length, 'class')
        : this.splitBatch(
            this.toNodes.sanitize(html) as unknown as DocumentFragment,
            together.length,
            'attribute',
          );
      if (tail !== undefined) tailNodes = parts?.pop();
      parts?.forEach((nodes, i) => {
        const source = blocks[i];
        if (source !== undefined) rendered.set(source, nodes);
      });
    }
    return {
      blocks: sources.map((source) => {
        const nodes = rendered.get(source);
        if (nodes === undefined) return this.renderBlock(source);
        rendered.delete(source);
        this.remember(source, nodes);
        return nodes;
      }),
      tail: tailNodes,
    };
  }

  /** Renders a block to nodes: as Markdown, or as plain text past the limits. */
  private renderFormatted(source: string): DocumentFragment {
    return isTooComplexToFormat(source) ? renderPlainNodes(source) : this.renderMarkdownNodes(source);
  }

  /**
   * Renders a stream's open tail (or a text shown whole) as `renderBlock` does, and notes what `extendTail` and
   * `takeTail` need to reuse its nodes: where its text ends, its open code block. A finished block needs none of
   * that (finding an open code block lexes the block again), so `renderBlock` does not note it.
   */
  renderTail(source: string): DocumentFragment {
    if (isTooComplexToFormat(source)) return renderPlainNodes(source);
    return this.noteTail(this.renderMarkdownNodes(source), source);
  }

  /** Notes what `extendTail` and `takeTail` need of `nodes`, the open tail rendered from `source`. */
  private noteTail(nodes: DocumentFragment, source: string): DocumentFragment {
    // DOMPurify answers null where the parser made no body (some hostile inputs): nothing to add text to.
    if (!(nodes instanceof DocumentFragment)) return nodes;
    const end = textEnd(nodes);
    if (end !== undefined) this.tailEnds.set(nodes, end);
    const code = this.openCode(nodes, source);
    if (code !== undefined) this.openCodes.set(nodes, code);
    this.tailNodes.set(nodes, Array.from(nodes.childNodes));
    return nodes;
  }

  /**
   * A stream's tail has become a finished block (`source`): its nodes, taken from wherever they are shown, when
   * they show `source` exactly as `renderBlock(source)` would (extended in place if need be, code coloured),
   * else `undefined`. The block then costs no render: it was rendered as the tail already.
   */
  takeTail(nodes: DocumentFragment, rendered: string, source: string): DocumentFragment | undefined {
    const own = this.tailNodes.get(nodes);
    if (own === undefined) return undefined;
    const code = this.openCodes.get(nodes);
    // A block ends with the line breaks before the next one, which change nothing in a block of Markdown (in raw
    // HTML one may be a text node of its own, and in code it is code): the tail shows the rest.
    const text = code === undefined && !source.includes('<') ? source.replace(/\n+$/, '') : source;
    if (!text.startsWith(rendered)) return undefined;
    if (text !== rendered && !this.extendTail(nodes, rendered, text)) return undefined;
    // Code added in place is uncoloured; a finished block shows it coloured (as soon as the highlighter has
    // loaded), so it is rendered.
    if (code?.extended && this.isHighlighterReady()) return undefined;
    this.tailNodes.delete(nodes);
    const block = document.createDocumentFragment();
    block.append(...own);
    // Nodes that were in the page may carry what one view did to them (images the person agreed to load, a
    // `Copied` button): a copy of them in the cache would show that in another view. Those blocks are not kept.
    if (block.querySelector('img, button') === null) this.remember(source, block);
    return block;
  }

  /**
   * Adds to a rendered tail (`renderTail(rendered)`'s nodes, in the page or not) the text `source` has past
   * `rendered`, when Markdown would render `source` as those same nodes with that text at the end
   * (`continuesAsText`). The text goes into the last text node as text: no markup is made, so nothing bypasses
   * the sanitiser. Returns whether it did; if not, the tail must be rendered again.
   */
  extendTail(nodes: DocumentFragment, rendered: string, source: string): boolean {
    const code = this.openCodes.get(nodes);
    if (code !== undefined) return this.extendCode(code, source);
    const end = this.tailEnds.get(nodes);
    // Past `blockChars` a block is shown plain (`isTooComplexToFormat`), which a longer paragraph may reach.
    if (end === undefined || source.length > MARKDOWN_LIMITS.blockChars || !source.startsWith(rendered))
      return false;
    const added = source.slice(rendered.length);
    if (!continuesAsText(rendered, added, end.text.data)) return false;
    if (/\s$/.test(added) && !end.keepsSpaces) return false;
    end.text.appendData(added);
    return true;
  }

  /**
   * The code block being written, when `source` is one fenced code block (closed or not) and `nodes` end in
   * its `<code>`: what that shows, its language, and when it was coloured.
   */
  private openCode(nodes: DocumentFragment, source: string): OpenCode | undefined {
    if (!FENCED.test(source)) return undefined;
    const token = onlyCode(this.marked.lexer(source));
    const block = nodes.lastElementChild;
    const code = block?.classList.contains('code-block') ? block.querySelector('pre > code') : null;
    if (token === undefined || !(code instanceof HTMLElement) || code.textContent !== token.text)
      return undefined;
    return {
      code,
      shown: token.text,
      lang: token.lang ?? '',
      renderedAt: performance.now(),
      extended: false,
    };
  }

  /**
   * Adds what `source` adds to an open code block's code, as text (uncoloured until the block is rendered again),
   * when `source` is still that one code block: lexing it costs a fraction of highlighting and sanitising it
   * again, which for 16 KB of code took 22 ms an update. A block short enough to colour cheaply is rendered again
   * (coloured) every `RECOLOUR_MS`; a longer one is coloured when it ends.
   */
  private extendCode(open: OpenCode, source: string): boolean {
    if (source.includes('\r') || isTooComplexToFormat(source)) return false;
    const recolour = this.isHighlighterReady() && performance.now() - open.renderedAt >= RECOLOUR_MS;
    if (recolour && source.length <= RECOLOUR_CHARS) return false;
    const token = onlyCode(this.marked.lexer(source));
    if (token === undefined || (token.lang ?? '') !== open.lang || !token.text.startsWith(open.shown))
      return false;
    const added = token.text.slice(open.shown.length);
    if (added !== '') {
      open.code.append(added);
      open.extended = true;
    }
    open.shown = token.text;
    return true;
  }

  /** Markdown → HTML, not yet sanitised: never insert this; it is public for the benchmark of each step. */
  parseMarkdown(source: string): string {
    return this.marked.parse(source, { async: false });
  }

  /** Renders Markdown to sanitised HTML. */
  renderMarkdown(source: string): string {
    return this.toText.sanitize(this.parseMarkdown(source));
  }

  /**
   * HTML from outside that is not Markdown (a Word document's conversion) as sanitised nodes, ready to insert:
   * the same policy as answers (no scripts, styles or forms; remote images wait for consent).
   */
  sanitizeHtmlNodes(html: string): DocumentFragment {
    // The instance's config has RETURN_DOM_FRAGMENT set, which the overloads cannot see.
    return this.toNodes.sanitize(html) as unknown as DocumentFragment;
  }

  /** Renders Markdown to sanitised nodes, ready to insert (no limits: see `renderTail`). */
  renderMarkdownNodes(source: string): DocumentFragment {
    const html = this.parseMarkdown(source);
    // Without a `<` in the source, every tag is one marked wrote. The source decides, not marked's `html` tokens:
    // marked can pass text through unescaped without one (after a tag in an image's alt text, it stays in its
    // raw-block state for the rest of the block). One fenced code block is all the code renderer's, whatever its
    // code: marked reads nothing inside it, and the code and its language are escaped (HTML and JSX are code too).
    const mine = !source.includes('<') || this.isOneCodeBlock(source);
    const own = mine ? this.ownMarkup?.toNodes(html) : undefined;
    if (own !== undefined) return own;
    // The instance's config has RETURN_DOM_FRAGMENT set, which the overloads cannot see.
    return this.toNodes.sanitize(html) as unknown as DocumentFragment;
  }

  /** Whether `source` is one fenced code block (closed or not) and nothing else but blank lines. */
  private isOneCodeBlock(source: string): boolean {
    return (
      this.ownMarkup !== undefined && FENCED.test(source) && onlyCode(this.marked.lexer(source)) !== undefined
    );
  }

  /**
   * A new incremental render for one view (`IncrementalMarkdown`): it comes with the renderer, so neither it nor
   * the block splitter is in the first screen's JavaScript.
   */
  incremental(): IncrementalMarkdown<DocumentFragment> {
    return new IncrementalMarkdown<DocumentFragment>();
  }

  /**
   * Gets ready while the page is idle, one step per idle moment (`whenIdle`): loads the highlighter, compiles
   * the commonest languages, then renders a small sample, so the first answer does not stall while highlight.js
   * compiles its grammars or marked's and DOMPurify's code runs for the first time (its first run is several
   * times slower than later ones).
   */
  prepare(whenIdle: (task: () => void) => void): void {
    void this.highlighter.load().then((hljs) => {
      const languages = [...COMMON_LANGUAGES];
      const next = () => {
        const language = languages.shift();
        if (language === undefined) {
          this.renderMarkdownNodes(WARM_UP_SAMPLE);
          return;
        }
        // A language's grammar is compiled the first time it is used.
        if (hljs.getLanguage(language)) hljs.highlight('', { language });
        whenIdle(next);
      };
      whenIdle(next);
    });
  }

  private renderCode({ text, lang }: Tokens.Code): string {
    const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
    const label = language || 'text';
    return (
      `<div class="code-block"><div class="code-head"><span class="code-lang">${escapeHtml(label)}</span>` +
      `<button type="button" class="code-copy" aria-label="Copy ${escapeHtml(label)} code">Copy</button></div>` +
      `<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ''}">${this.highlight(text, language)}` +
      '</code></pre></div>'
    );
  }

  private highlight(code: string, lang: string): string {
    if (code.length > MARKDOWN_LIMITS.highlightChars) return escapeHtml(code);
    const hljs: HLJSApi | undefined = this.highlighter.ready;
    if (!hljs) {
      void this.highlighter.load();
      return escapeHtml(code);
    }
    if (lang && hljs.getLanguage(lang)) return hljs.highlight(code, { language: lang }).value;
    return escapeHtml(code);
  }
}

/** The attribute that marks a block's wrapper in a batch (`renderBlocks`). */
const BATCH_MARK = 'data-easel-batch';
/** The class that marks a block's wrapper in a batch the browser's sanitiser checks (the token follows it). */
const BATCH_CLASS = 'easel-batch-';

/**
 * Text as it is, in pieces the browser lays out only when they scroll into view (`.plain-chunk`), under a
 * note saying why it is not formatted. No markup is parsed: the text goes into text nodes.
 */
export function renderPlainNodes(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const note = document.createElement('p');
  note.className = 'plain-note';
  note.textContent = plainNote();
  fragment.append(note);
  for (const chunk of plainChunks(text)) {
    const piece = document.createElement('p');
    piece.className = 'plain-chunk';
    piece.textContent = chunk;
    fragment.append(piece);
  }
  return fragment;
}
