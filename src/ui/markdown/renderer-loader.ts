/** Loads the Markdown stack on demand (never with the first screen) and warms it up while the page is idle. */
import type { MarkdownRenderer } from './render';

/** Runs `task` when the page is idle (soon, where there is no idle callback). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 5000 });
  else setTimeout(task, 50);
}

/**
 * The Markdown stack (`render.ts`: marked, DOMPurify, and highlight.js after it), loaded once: every caller of
 * `load` gets the same `MarkdownRenderer`, and with it the same cache of rendered blocks.
 */
export class RendererLoader {
  private loading: Promise<MarkdownRenderer> | undefined;

  load(): Promise<MarkdownRenderer> {
    // marked and DOMPurify first, each in a task of its own: evaluated together with the renderer, the three
    // made one task of some 50 ms (a stall for whatever the person was doing meanwhile).
    this.loading ??= import('marked')
      .then(() => import('dompurify'))
      .then(() => import('./render'))
      .then((m) => new m.MarkdownRenderer());
    return this.loading;
  }

  /**
   * Loads the Markdown stack and the highlighter while the page is idle, one piece per idle moment, so the first
   * answer does not wait for them or stall while they evaluate. They stay out of the first screen's JavaScript.
   */
  prepare(): void {
    whenIdle(() => {
      void this.load().then((renderer) => whenIdle(() => renderer.prepare(whenIdle)));
    });
    // The element's style sheets are parsed when its first instance connects (the first answer's first frame):
    // parsed now instead, while idle.
    whenIdle(() => {
      void import('./markdown-styles').then(({ markdownStyles }) => {
        for (const style of markdownStyles) void style.styleSheet;
      });
    });
  }
}

/** The page's Markdown stack: chat messages and artifacts render through it. */
const pageRenderer = new RendererLoader();

export function loadRenderer(): Promise<MarkdownRenderer> {
  return pageRenderer.load();
}

/** Loads and warms the page's Markdown stack while idle (see `RendererLoader.prepare`). */
export function prepareMarkdown(): void {
  pageRenderer.prepare();
}
