/**
 * The documents artifact code runs in. Three layers keep it away from the app:
 *
 * 1. The iframe (made only by `<easel-artifact-preview>`) has `sandbox="allow-scripts"` and never
 *    `allow-same-origin`, so the document has an opaque origin: it cannot reach the app's DOM, storage or key,
 *    navigate the top page, open windows or submit forms.
 * 2. `PREVIEW_CSP`, the first thing in every document, turns the network off: no fetch/XHR/WebSocket, no
 *    external scripts, styles, fonts, images or frames, no `<base>`; inline code and `data:`/`blob:` media
 *    are allowed. (An `about:srcdoc` document also inherits the embedding page's policy, so the app's own CSP
 *    applies on top; the app's `frame-src` is what stops the frame from navigating itself elsewhere.)
 * 3. The bridge reports what happens inside through `postMessage` only (see `protocol.ts`).
 */
import { bridgeScript } from './bridge';

/** The Content-Security-Policy of every preview document. */
export const PREVIEW_CSP = [
  "default-src 'none'",
  // The page's own code is the point; eval adds nothing a script cannot already do in this opaque origin.
  "script-src 'unsafe-inline' 'unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  'worker-src blob:',
  "connect-src 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * The policy of the page `Open in new tab` opens. That page is made by the app, so it has the app's origin:
 * it holds nothing but the sandboxed iframe (no script of its own); its policy is inherited by the iframe's
 * `srcdoc` document, so it allows what the preview allows, and `frame-src 'none'` stops the frame from
 * navigating away (a meta refresh, a link, `location = …`).
 */
export const STANDALONE_CSP = PREVIEW_CSP;

/** What a preview document shows: an HTML page, an SVG drawing, or text shown as-is. */
export type PreviewDocumentKind = 'html' | 'svg' | 'text';

const SVG_STYLE =
  '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}' +
  'body>svg{max-width:100%;max-height:100%}body>svg:not([width]){width:100%}' +
  'body>svg:not([height]){height:100%}</style>';

const TEXT_STYLE =
  '<style>body{margin:0}pre{margin:0;padding:16px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;' +
  'white-space:pre-wrap;overflow-wrap:anywhere}</style>';

/**
 * The `srcdoc` of a preview. The policy comes first, before any byte of the artifact, so nothing the
 * artifact writes (a `<base>`, a `<meta>` refresh, a stylesheet link, its own weaker policy) is parsed
 * before it; a policy can only be added to, never loosened, so an artifact's own `<meta>` policy can only
 * restrict it further. The document type comes first of all (the artifact's own is then ignored), and
 * the prefix has no line break, so line numbers in error reports are the artifact's own.
 *
 * With a `channel`, the bridge script follows the policy; without one (a copy opened in a new tab), the
 * document has no bridge.
 */
export function buildPreviewDocument(content: string, kind: PreviewDocumentKind, channel?: string): string {
  const head =
    `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
    '<meta name="referrer" content="no-referrer">' +
    (channel === undefined ? '' : `<script>${bridgeScript(channel)}</script>`);
  switch (kind) {
    case 'html':
      return head + content;
    case 'svg':
      return head + SVG_STYLE + content;
    case 'text':
      return `${head}${TEXT_STYLE}<pre>${escapeHtml(content)}</pre>`;
    default:
      return kind satisfies never;
  }
}

/**
 * A page holding only a sandboxed iframe whose `srcdoc` is `previewDocument` (for `Open in new tab`). The
 * page has no script; the artifact runs only inside the iframe, in an opaque origin.
 */
export function buildStandaloneDocument(previewDocument: string, title: string): string {
  const t = escapeHtml(title);
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${STANDALONE_CSP}">` +
    '<meta name="referrer" content="no-referrer">' +
    `<title>${t}</title>` +
    '<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}</style>' +
    `</head><body><iframe title="${t} preview" sandbox="allow-scripts" srcdoc="${escapeHtml(previewDocument)}">` +
    '</iframe></body></html>'
  );
}

/** Escapes text for HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
