/** The one lazy loader of highlight.js, shared by the Markdown renderer and the code view. */
import type { HLJSApi } from 'highlight.js';

/**
 * Loads highlight.js (its common languages) the first time someone asks, never with the first screen, and
 * tells those waiting once it is there. A failed load is tried again on the next `load`.
 */
export class HighlighterLoader {
  private api: HLJSApi | undefined;
  private loading: Promise<HLJSApi> | undefined;
  private readonly listeners = new Set<(hljs: HLJSApi) => void>();

  constructor(
    private readonly importer: () => Promise<HLJSApi> = () =>
      import('highlight.js/lib/common').then((m) => m.default),
  ) {}

  /** highlight.js once it has loaded; until then `undefined` (code is shown plain). */
  get ready(): HLJSApi | undefined {
    return this.api;
  }

  load(): Promise<HLJSApi> {
    this.loading ??= this.importer().then((hljs) => {
      this.api = hljs;
      for (const listener of this.listeners) listener(hljs);
      return hljs;
    });
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Calls `listener` once highlight.js has loaded; returns the way to stop listening. */
  onReady(listener: (hljs: HLJSApi) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The page's highlighter: chat and artifacts load highlight.js through it, so it is fetched and compiled once. */
export const highlighter = new HighlighterLoader();
