import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Markdown → sanitised HTML. The only path by which model text becomes markup. Loaded lazily so the first
 * screen does not wait for the Markdown stack.
 */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
