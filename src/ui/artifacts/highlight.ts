/**
 * Syntax highlighting for code artifacts, built as DOM nodes (spans around text nodes) from highlight.js's
 * token tree: model text never passes through an HTML parser here. highlight.js comes from the page's one
 * loader (`../markdown/highlighter`), which the Markdown renderer uses too, so it is fetched once.
 */
import type { HighlightResult, HLJSApi } from 'highlight.js';

/** Content longer than this is shown plain: highlighting it would hold up the page. */
export const MAX_HIGHLIGHT_CHARS = 300_000;

interface TokenNode {
  readonly scope?: string;
  readonly children: readonly (string | TokenNode)[];
}

function isTokenNode(value: unknown): value is TokenNode {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as { scope?: unknown; children?: unknown };
  return (node.scope === undefined || typeof node.scope === 'string') && Array.isArray(node.children);
}

/** The token tree behind a result (an internal of highlight.js 11, checked before use). */
function rootOf(result: HighlightResult): TokenNode | undefined {
  const emitter: unknown = (result as unknown as { _emitter?: unknown })._emitter;
  if (typeof emitter !== 'object' || emitter === null) return undefined;
  const root: unknown = (emitter as { rootNode?: unknown }).rootNode;
  return isTokenNode(root) ? root : undefined;
}

/** `hljs-title function_` for `title.function`, as highlight.js names its classes. */
function classOf(scope: string): string {
  if (scope.startsWith('language:')) return '';
  const [first, ...rest] = scope.split('.');
  return [`hljs-${first}`, ...rest.map((part, i) => `${part}${'_'.repeat(i + 1)}`)].join(' ');
}

function appendNode(parent: Node, node: string | TokenNode): void {
  if (typeof node === 'string') {
    parent.appendChild(document.createTextNode(node));
    return;
  }
  if (!isTokenNode(node)) return;
  const cls = node.scope ? classOf(node.scope) : '';
  const target = cls ? document.createElement('span') : parent;
  if (target instanceof HTMLElement) target.className = cls;
  for (const child of node.children) appendNode(target, child);
  if (target !== parent) parent.appendChild(target);
}

/**
 * `code` highlighted as `language`, or `undefined` when the language is unknown, the code too long, or the
 * highlighter's output does not add up to exactly the code (then the caller shows it plain).
 */
export function highlightedFragment(
  hljs: HLJSApi,
  code: string,
  language: string,
): DocumentFragment | undefined {
  if (!language || code.length > MAX_HIGHLIGHT_CHARS || !hljs.getLanguage(language)) return undefined;
  const root = rootOf(hljs.highlight(code, { language, ignoreIllegals: true }));
  if (!root) return undefined;
  const fragment = document.createDocumentFragment();
  appendNode(fragment, root);
  return fragment.textContent === code ? fragment : undefined;
}
