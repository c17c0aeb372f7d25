/**
 * The Markdown stack (`render.ts`: marked, DOMPurify, and highlight.js after it) is loaded on demand, never
 * with the first screen, and warmed up while the page is idle.
 */
export type RenderModule = typeof import('./render');

let renderModule: Promise<RenderModule> | undefined;

export function loadRenderer(): Promise<RenderModule> {
  renderModule ??= import('./render');
  return renderModule;
}

/** Runs `task` when the page is idle (soon, where there is no idle callback). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 5000 });
  else setTimeout(task, 50);
}

/**
 * Loads the Markdown stack and the highlighter while the page is idle, one piece per idle moment, so the first
 * answer does not wait for them or stall while they evaluate. They stay out of the first screen's JavaScript.
 */
export function prepareMarkdown(): void {
  whenIdle(() => {
    void loadRenderer().then((module) => whenIdle(() => module.prepareRenderer(whenIdle)));
  });
}
