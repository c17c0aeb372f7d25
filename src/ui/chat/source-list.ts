import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { AssistantContent } from '../../agent';
import '../markdown/markdown-view';
import { msg } from '../l10n';

/** One source an answer cites: a web page with its title. */
export interface Source {
  readonly url: string;
  readonly title: string;
}

/**
 * The pages an answer's citations point to, numbered in the order they are first cited, each once. Citations
 * are the provider's (`TextContent.citations`, kept opaque): a web search's `web_search_result_location`, or any
 * citation with a `url`. Only `http:` and `https:` addresses count.
 */
export function citedSources(content: readonly AssistantContent[]): Source[] {
  const seen = new Map<string, Source>();
  for (const block of content) {
    if (block.type !== 'text' || !block.citations) continue;
    for (const citation of block.citations) {
      if (typeof citation !== 'object' || citation === null) continue;
      const { url, title } = citation as { url?: unknown; title?: unknown };
      const safe = typeof url === 'string' ? webUrl(url) : undefined;
      if (!safe || seen.has(safe)) continue;
      seen.set(safe, { url: safe, title: typeof title === 'string' && title.trim() ? title.trim() : safe });
    }
  }
  return [...seen.values()];
}

/**
 * The sources as a Markdown numbered list of links. Titles are escaped so they stay text; addresses are the
 * parsed URL's own serialisation inside `<…>`, which percent-encodes anything that could end the link.
 */
export function sourcesMarkdown(sources: readonly Source[]): string {
  return sources
    .map(
      (s, i) =>
        `${i + 1}. [${escapeMarkdown(s.title)}](<${s.url}>) — ${escapeMarkdown(new URL(s.url).hostname)}`,
    )
    .join('\n');
}

/**
 * The numbered sources under an answer. The list is Markdown rendered by `<easel-markdown>`, so it goes
 * through the same sanitiser and link policy as the answer itself (new tab, `rel="noopener noreferrer"`).
 */
@customElement('easel-source-list')
export class EaselSourceList extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin-top: var(--easel-space-2);
      font-size: 0.875rem;
    }
    h3 {
      font-size: 0.8rem;
      margin: 0;
      color: var(--easel-text-muted);
      text-transform: uppercase;
      letter-spacing: 0.04em;
    }
  `;

  /** The answer's content, whose citations are listed. */
  @property({ attribute: false }) content: readonly AssistantContent[] = [];

  override render() {
    const sources = citedSources(this.content);
    if (sources.length === 0) return nothing;
    return html`<section aria-label=${msg('Sources')}>
      <h3>${msg('Sources')}</h3>
      <easel-markdown .source=${sourcesMarkdown(sources)}></easel-markdown>
    </section>`;
  }
}

function webUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, (c) => `\\${c}`);
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-source-list': EaselSourceList;
  }
}
