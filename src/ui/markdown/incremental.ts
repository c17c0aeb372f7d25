/** The incremental Markdown renderer's state machine, without a DOM: which blocks are rendered, and when. */
import { MarkdownBlockSplitter } from './block-splitter';
import { MARKDOWN_LIMITS } from './limits';

/**
 * While a stream is shown, new finished blocks are parsed and sanitised for at most this long per update (ms), so
 * a burst of text (a fast stream, or a long wait between updates) never makes one long task. The rest waits for
 * the next update of the stream, or, once the stream has ended, for the next frames. 16 ms is some 4,000
 * characters of Markdown: even at the slowest pace of updates (five a second, see `AgentController`) about 20,000
 * characters a second, sixty times the pace of a real answer.
 */
export const SLICE_MS = 16;

/** A fenced code block, which the highlighter colours. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/m;

/** A reference-style link definition (`[id]: url`) ties blocks together, so such text is parsed whole. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/**
 * Finished blocks are rendered up to this many at a time, and together no longer than `BATCH_CHARS` (unless
 * one block is): one call costs less than as many calls for one block each, and a batch stays well within a
 * slice.
 */
const BATCH_BLOCKS = 8;
const BATCH_CHARS = 2000;

/** The blocks from `start` to render in one call (at least one). */
function nextBatch(blocks: readonly string[], start: number): readonly string[] {
  let end = start + 1;
  let chars = blocks[start]?.length ?? 0;
  while (end < blocks.length && end - start < BATCH_BLOCKS) {
    chars += blocks[end]?.length ?? 0;
    if (chars > BATCH_CHARS) break;
    end++;
  }
  return blocks.slice(start, end);
}

/**
 * What turns Markdown into something to show (`T`: nodes in the page, strings in tests). Both calls render
 * the source as it is, each time they are called; `renderBlock` may answer from a cache.
 */
export interface BlockRenderer<T> {
  /** A finished block. */
  renderBlock(source: string): T;
  /** Finished blocks, in order: what `renderBlock` returns for each, perhaps rendered together (cheaper). */
  renderBlocks?(sources: readonly string[]): T[];
  /** A stream's open tail, or a text parsed whole. */
  renderTail(source: string): T;
  /** `renderBlocks(sources)` and `renderTail(tail)` together (cheaper). */
  renderBlocksAndTail?(sources: readonly string[], tail: string): { readonly blocks: T[]; readonly tail: T };
  /**
   * Shows `source`, which extends `rendered`, in `nodes` (what `renderTail(rendered)` returned, perhaps already
   * in the page) when what was added changes nothing but the text at the end, as Markdown would render it; says
   * whether it did. When it did not, the tail is rendered again.
   */
  extendTail?(nodes: T, rendered: string, source: string): boolean;
  /**
   * The stream's tail (`nodes`, rendered from `rendered`) has become the finished block `source`: the same
   * nodes, to show as that block, when they show it exactly as `renderBlock(source)` would; else `undefined`.
   */
  takeTail?(nodes: T, rendered: string, source: string): T | undefined;
  /** Whether code is coloured yet; code rendered before it is rendered again by `rehighlight`. */
  isHighlighterReady(): boolean;
}

/** What to show for a text: `update` returns it. */
export type MarkdownLayout<T> =
  /** A text parsed whole (it has reference definitions): the same object while the text is the same. */
  | { readonly kind: 'whole'; readonly nodes: T }
  /**
   * Finished blocks in order (each the same object while it is shown), then a stream's open tail, rendered
   * again on each update; no tail while blocks before it still wait (`behind`). Once the stream has ended
   * its tail is the last block.
   */
  | { readonly kind: 'blocks'; readonly blocks: readonly T[]; readonly tail: T | undefined };

/**
 * The state of an incremental render: each finished block is rendered once and kept; while the text streams
 * only the open tail is rendered again, so the cost of an update does not grow with the length of the text.
 * When the stream ends the tail becomes the last block and nothing else is rendered again. A stream's blocks
 * (and a long text's) are rendered at most `SLICE_MS` at a time: `behind` says some still wait, and the next
 * `update` goes on with them.
 *
 * `update` takes the whole text each time; a text that does not extend the last one starts over.
 */
export class IncrementalMarkdown<T> {
  private readonly splitter = new MarkdownBlockSplitter();
  private readonly blockNodes: T[] = [];
  /** The finished text's last block (the stream's tail), kept so updates leave it alone. */
  private lastBlock: { readonly source: string; readonly nodes: T } | undefined;
  /** The stream's open tail as last shown, and what it was rendered from (see `renderOpenTail`). */
  private openTail: { source: string; readonly nodes: T } | undefined;
  private whole: { readonly source: string; readonly nodes: T } | undefined;
  /** The source the block state was built from, and whether it was streaming then. */
  private rendered = { source: '', streaming: false };
  /** Code was rendered before the highlighter had loaded: `rehighlight` renders it again. */
  private plainCode = false;
  /** This text has been shown as a stream (or is long): its blocks are rendered in slices, its final render too. */
  private live = false;
  private waiting = false;
  private replaced = 0;

  /** `now` is the clock (ms) the slices are timed by. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Finished blocks are still waiting to be rendered: call `update` again soon. */
  get behind(): boolean {
    return this.waiting;
  }

  /** Bumped when `rehighlight` replaces blocks in place, so whoever kept them shows them again. */
  get version(): number {
    return this.replaced;
  }

  /** Renders what `source` needs that is not rendered yet (at most a slice of it), and says what to show. */
  update(renderer: BlockRenderer<T>, source: string, streaming: boolean): MarkdownLayout<T> {
    const small = source.length <= MARKDOWN_LIMITS.blockChars;
    if (!streaming && small && REFERENCE_DEFINITION.test(source)) {
      // The blocks are no longer shown, so they are forgotten.
      this.forgetBlocks();
      if (this.whole?.source !== source) {
        this.whole = { source, nodes: renderer.renderTail(source) };
        this.notePlainCode(renderer, source);
      }
      return { kind: 'whole', nodes: this.whole.nodes };
    }
    this.whole = undefined;
    // A stream only grows. Any other change (another message or file, an edit) may share a prefix by chance, so
    // the text is compared; that happens only outside a stream, where updates are rare.
    const continuing = streaming && this.rendered.streaming;
    if (!continuing && !source.startsWith(this.rendered.source)) this.forgetBlocks();
    this.rendered = { source, streaming };
    this.splitter.push(source);
    const finished = this.splitter.blocks;
    if (finished.length < this.blockNodes.length) {
      // The splitter started over (the text did not extend what it had seen).
      this.blockNodes.length = 0;
      this.lastBlock = undefined;
      this.openTail = undefined;
    }
    // A stream's blocks are rendered a slice at a time; a text shown whole (a session opened) at once, unless it
    // is long.
    if (streaming || source.length > MARKDOWN_LIMITS.atOnceChars) this.live = true;
    this.takeOpenTail(renderer, finished);
    const deadline = this.now() + SLICE_MS;
    const tail = this.splitter.tail;
    /** The open tail, when it was rendered with the last new blocks (see `renderWithTail`). */
    let newTail: T | undefined;
    while (this.blockNodes.length < finished.length) {
      const start = this.blockNodes.length;
      const batch = renderer.renderBlocks ? nextBatch(finished, start) : finished.slice(start, start + 1);
      let nodes: T[];
      if (streaming && start + batch.length === finished.length && this.renderWithTail(renderer, tail)) {
        const both = renderer.renderBlocksAndTail(batch, tail);
        nodes = both.blocks;
        newTail = both.tail;
      } else nodes = renderer.renderBlocks?.(batch) ?? batch.map((block) => renderer.renderBlock(block));
      this.blockNodes.push(...nodes);
      for (const block of batch) this.notePlainCode(renderer, block);
      if (this.live && this.now() >= deadline) break;
    }
    this.waiting = this.blockNodes.length < finished.length;
    const open = this.openTail;
    // A tail not shown is taken out of the page: its nodes cannot be shown again.
    if (this.waiting || !streaming) this.openTail = undefined;
    if (this.waiting) return { kind: 'blocks', blocks: this.blockNodes, tail: undefined };
    // The open tail shows once the blocks before it are all there.
    if (streaming)
      return { kind: 'blocks', blocks: this.blockNodes, tail: this.renderOpenTail(renderer, tail, newTail) };
    if (!tail) return { kind: 'blocks', blocks: this.blockNodes, tail: undefined };
    // The stream has ended: its tail becomes the last block, its nodes kept if they show it, else rendered once.
    if (this.lastBlock?.source !== tail) {
      const taken = open && renderer.takeTail?.(open.nodes, open.source, tail);
      this.lastBlock = { source: tail, nodes: taken ?? renderer.renderBlock(tail) };
      this.notePlainCode(renderer, tail);
    }
    return { kind: 'blocks', blocks: [...this.blockNodes, this.lastBlock.nodes], tail: undefined };
  }

  /**
   * The stream's open tail: the nodes shown already when only plain text was added to it (`extendTail`, the
   * same object, so whoever shows it has nothing to do), else rendered again. Most updates of a real answer add
   * a few words to a paragraph; rendering its whole open block again for them cost more than anything else an
   * update did.
   */
  private renderOpenTail(renderer: BlockRenderer<T>, tail: string, rendered?: T): T {
    const open = this.openTail;
    if (open !== undefined && tail.startsWith(open.source)) {
      if (tail === open.source || renderer.extendTail?.(open.nodes, open.source, tail)) {
        open.source = tail;
        return open.nodes;
      }
    }
    const nodes = rendered ?? renderer.renderTail(tail);
    this.notePlainCode(renderer, tail);
    this.openTail = { source: tail, nodes };
    return nodes;
  }

  /**
   * Whether the open tail is to be rendered with the update's last new blocks: a stream's new tail (the one shown
   * before has become a block, so there is nothing to add to), when the renderer can render both at once.
   */
  private renderWithTail(
    renderer: BlockRenderer<T>,
    tail: string,
  ): renderer is BlockRenderer<T> & Required<Pick<BlockRenderer<T>, 'renderBlocksAndTail'>> {
    return this.openTail === undefined && tail !== '' && renderer.renderBlocksAndTail !== undefined;
  }

  /**
   * The tail shown last has become the next finished block: its nodes become that block's (`takeTail`), so
   * each block of a stream is rendered once, as the tail, rather than once more when it ends.
   */
  private takeOpenTail(renderer: BlockRenderer<T>, finished: readonly string[]): void {
    const open = this.openTail;
    const next = finished[this.blockNodes.length];
    if (open === undefined || next === undefined) return;
    this.openTail = undefined;
    const nodes = renderer.takeTail?.(open.nodes, open.source, next);
    if (nodes === undefined) return;
    this.blockNodes.push(nodes);
    this.notePlainCode(renderer, next);
  }

  /** Forgets everything (another text is shown, or none): the next `update` renders its text from the start. */
  reset(): void {
    this.forgetBlocks();
    this.whole = undefined;
  }

  /**
   * The highlighter has loaded: the blocks with code that were rendered plain are rendered again (the others
   * are kept). Returns whether anything was rendered again (then `version` has changed).
   */
  rehighlight(renderer: BlockRenderer<T>): boolean {
    if (!this.plainCode) return false;
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
    this.openTail = undefined;
    this.replaced++;
    return true;
  }

  private forgetBlocks(): void {
    this.splitter.reset();
    this.blockNodes.length = 0;
    this.lastBlock = undefined;
    this.openTail = undefined;
    this.rendered = { source: '', streaming: false };
    this.waiting = false;
    this.live = false;
  }

  private notePlainCode(renderer: BlockRenderer<T>, source: string): void {
    if (!renderer.isHighlighterReady() && FENCE.test(source)) this.plainCode = true;
  }
}
