import createDOMPurify from 'dompurify';
import type { HLJSApi } from 'highlight.js';
import { Marked, type Tokens } from 'marked';

/**
 * Markdown → sanitised HTML: the only path by which model text becomes markup (`marked`, then `DOMPurify`).
 * This module is loaded lazily, so the first screen does not wait for the Markdown stack; the syntax
 * highlighter is loaded lazily again, the first time a code block appears.
 */

const purify = createDOMPurify(window);

/** Attribute holding the address of a remote image the person has not yet agreed to load. */
export const BLOCKED_SRC = 'data-blocked-src';

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    // Loading a remote image tells its host that the page was viewed: wait for the person's consent.
    if (/^https?:/i.test(src)) {
      node.removeAttribute('src');
      node.removeAttribute('srcset');
      node.setAttribute(BLOCKED_SRC, src);
    }
  }
});

let highlighter: HLJSApi | undefined;
let highlighterRequested = false;
const highlightListeners = new Set<() => void>();

/** Calls `listener` once the highlighter has loaded (so rendered code can be rendered again, coloured). */
export function onHighlighterReady(listener: () => void): () => void {
  highlightListeners.add(listener);
  return () => highlightListeners.delete(listener);
}

/**
 * Rendered HTML of recent Markdown blocks, by source. A streamed answer renders each finished block once; the
 * final render of the whole message then finds them here instead of parsing everything again.
 */
const blockCache = new Map<string, string>();
const BLOCK_CACHE_SIZE = 2000;

/** Renders one block, from the cache when it was rendered recently. */
export function renderBlock(source: string): string {
  const cached = blockCache.get(source);
  if (cached !== undefined) {
    blockCache.delete(source);
    blockCache.set(source, cached);
    return cached;
  }
  const html = renderMarkdown(source);
  blockCache.set(source, html);
  if (blockCache.size > BLOCK_CACHE_SIZE) {
    const oldest = blockCache.keys().next().value;
    if (oldest !== undefined) blockCache.delete(oldest);
  }
  return html;
}

function loadHighlighter(): void {
  if (highlighterRequested) return;
  highlighterRequested = true;
  void import('highlight.js/lib/common').then((m) => {
    highlighter = m.default;
    blockCache.clear();
    for (const listener of highlightListeners) listener();
  });
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function highlight(code: string, lang: string): string {
  if (!highlighter) {
    loadHighlighter();
    return escapeHtml(code);
  }
  if (lang && highlighter.getLanguage(lang)) return highlighter.highlight(code, { language: lang }).value;
  return escapeHtml(code);
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const label = language || 'text';
      return (
        `<div class="code-block"><div class="code-head"><span class="code-lang">${escapeHtml(label)}</span>` +
        `<button type="button" class="code-copy" aria-label="Copy ${escapeHtml(label)} code">Copy</button></div>` +
        `<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ''}">${highlight(text, language)}` +
        '</code></pre></div>'
      );
    },
  },
});

/** Renders Markdown to sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    // Model text may not restyle or overlay the app (a fixed-position box could fake a key prompt), nor carry
    // forms: no <style>, no style attributes, no <form>.
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
