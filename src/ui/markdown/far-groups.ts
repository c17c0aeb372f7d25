/**
 * While an answer streams, its finished groups of blocks far out of view wait outside the document.
 *
 * A frame's lifecycle costs more the more nodes the document holds, whatever they show: with 1,920 blocks in
 * groups under `content-visibility: auto` a frame costs 1.33 ms against 0.83 with 96, and 0.98 with all but the
 * last 96 held out of the document as detached nodes (`bench/frame-nodes.mjs`). A 400 KB answer makes some 1,600
 * updates, each a frame, so its finished part is held out while it streams.
 *
 * A group held out is replaced by a placeholder of its measured height, so the scroll height and the reader's
 * place stay as they were; it comes back (the same nodes, nothing rendered again) when its placeholder nears
 * the scroller's view, and every group comes back at once when the stream ends, so find-in-page, selection and
 * copy of a finished answer work as before. Lit keeps working on a group held out: the placeholder takes its
 * place between the group's markers, and an update of the group updates the detached nodes.
 */

/** How far beyond the scroller's view (a fraction of its height, each side) a group stays in the document. */
const NEAR = '150%';

export class FarGroups {
  /** Placeholders in the document, each with the group it stands for. */
  private readonly held = new Map<HTMLElement, HTMLElement>();
  /** Groups watched (or held out) so far. */
  private watched = new WeakSet<Element>();
  private observer: IntersectionObserver | undefined;
  /** Watches the view's width: the placeholders' heights hold only for the width they were measured at. */
  private resizes: ResizeObserver | undefined;

  /** `host` is the element whose groups these are: its nearest scrolling ancestor is the view measured. */
  constructor(private readonly host: HTMLElement) {}

  /**
   * Watches the finished groups in `container` (all its `.group` children but the last): each is held out once
   * it is far from the view. Called after each update of a streaming answer; costs one pass over the children.
   */
  watch(container: Element | null): void {
    if (!container) return;
    const groups = [...container.children];
    const last = groups.findLast((child) => child.classList.contains('group'));
    for (const group of groups) {
      if (group === last || this.watched.has(group) || !group.classList.contains('group')) continue;
      this.watched.add(group);
      this.observe(group);
    }
  }

  /**
   * Puts every group held out back in its place and stops watching (the stream has ended, or the element left
   * the document); the next `watch` starts again.
   */
  restoreAll(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.resizes?.disconnect();
    this.resizes = undefined;
    this.watched = new WeakSet();
    for (const [placeholder, group] of this.held) this.restore(placeholder, group);
    this.held.clear();
  }

  private observe(target: Element): void {
    if (!this.observer) {
      const root = scrollingAncestor(this.host);
      this.observer = new IntersectionObserver((entries) => this.handleEntries(entries), {
        root,
        rootMargin: `${NEAR} 0px`,
      });
      // Another width (the window, the artifacts panel) lays the groups out anew: all come back, and are
      // watched again from the next update.
      const view = root ?? document.documentElement;
      let width = view.clientWidth;
      this.resizes = new ResizeObserver(() => {
        if (view.clientWidth !== width) this.restoreAll();
        width = view.clientWidth;
      });
      this.resizes.observe(view);
    }
    this.observer.observe(target);
  }

  private handleEntries(entries: readonly IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const target = entry.target as HTMLElement;
      const group = this.held.get(target);
      if (group) {
        if (entry.isIntersecting) {
          this.observer?.unobserve(target);
          this.held.delete(target);
          this.restore(target, group);
          this.observer?.observe(group);
        }
      } else if (!entry.isIntersecting && target.isConnected && !selecting()) {
        this.holdOut(target, entry.boundingClientRect.height);
      }
    }
  }

  private holdOut(group: HTMLElement, height: number): void {
    const placeholder = document.createElement('div');
    placeholder.className = 'held-out';
    placeholder.style.height = `${height}px`;
    group.replaceWith(placeholder);
    // Until it is laid out again, the group keeps its height (a group back out of view is not laid out).
    group.style.containIntrinsicSize = `auto ${height}px`;
    this.observer?.unobserve(group);
    this.held.set(placeholder, group);
    this.observer?.observe(placeholder);
  }

  private restore(placeholder: HTMLElement, group: HTMLElement): void {
    // A placeholder no longer in the document went with its part (Lit removed the group's place).
    if (placeholder.isConnected) placeholder.replaceWith(group);
  }
}

/** The nearest ancestor that scrolls, across shadow roots; none: the viewport. */
function scrollingAncestor(el: Element): Element | null {
  for (let node: Node | null = el.parentNode; node; ) {
    if (node instanceof ShadowRoot) {
      node = node.host;
      continue;
    }
    if (!(node instanceof Element)) break;
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
    node = node.parentNode;
  }
  return null;
}

/** Whether the person has text selected: nothing is taken out of the document under a selection. */
function selecting(): boolean {
  const selection = document.getSelection();
  return selection !== null && !selection.isCollapsed;
}
