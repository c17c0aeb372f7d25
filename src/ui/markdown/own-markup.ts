/**
 * The browser's own HTML sanitiser (the HTML Sanitizer API: `Element.setHTML`), for the markup marked makes
 * itself — a block with no raw HTML in its source. It checks that markup natively, several times faster than
 * DOMPurify walks it in script (a paragraph: 0.15 ms against 1.2 ms), which made sanitising the growing tail of a
 * streamed answer the largest part of each update.
 *
 * Two locks, each enough alone: the allow-list below holds only the elements and attributes marked, the code
 * renderer and the highlighter write (anything else is dropped with its content), and `setHTML` is the
 * Sanitizer API's safe method, which removes whatever could run script (scripts, event handlers, `javascript:`
 * addresses) whatever its configuration says. The markup is parsed in a document of its own, with no window, so
 * nothing in it loads (an image, say) before the URL policy has run over every element; only then do the nodes
 * move into the page's document. Text with raw HTML, and browsers without the API, go through DOMPurify
 * (`render.ts`).
 */

/** What marked, the code renderer (`renderCode`) and highlight.js write, and the attributes each may carry. */
const ELEMENTS: readonly (string | { readonly name: string; readonly attributes: readonly string[] })[] = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  { name: 'ol', attributes: ['start'] },
  'li',
  { name: 'input', attributes: ['type', 'checked', 'disabled'] },
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  { name: 'th', attributes: ['align'] },
  { name: 'td', attributes: ['align'] },
  'em',
  'strong',
  'del',
  { name: 'a', attributes: ['href', 'title'] },
  { name: 'img', attributes: ['src', 'alt', 'title'] },
  'div',
  'span',
  { name: 'button', attributes: ['type', 'aria-label'] },
];

/** The Sanitizer API's configuration: those elements, `class` on any of them, no comments, no `data-*`. */
const CONFIG = { elements: ELEMENTS, attributes: ['class'], comments: false, dataAttributes: false };

/**
 * An attribute value that could end a comment, a CDATA section or a raw-text element were the markup ever
 * written out and read again: DOMPurify removes such attributes (its `ATTR_VALUE_BREAKOUT`), and so is it here,
 * so both show the same (a link's address or title can be any text).
 */
const VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

/**
 * An element whose one attribute is a `class` of words (`hljs-keyword`, `code-block`: most elements of
 * highlighted code): neither the URL policy nor the breakout rule has anything to take from it.
 */
function isPlainClass(attributes: NamedNodeMap): boolean {
  const only = attributes.length === 1 ? attributes[0] : undefined;
  return only?.name === 'class' && /^[\w -]*$/.test(only.value);
}

/** The part of the Sanitizer API used here (the DOM typings do not have it yet). */
type SanitizerConstructor = new (config: typeof CONFIG) => object;
interface SafeSetHtml {
  setHTML(html: string, options: { sanitizer: object }): void;
}

/** Sanitises marked's own markup to nodes of the page's document (see the module's comment). */
export interface OwnMarkupSanitiser {
  /** `html` checked by the browser's sanitiser, then `policy` run over every element with attributes. */
  toNodes(html: string): DocumentFragment;
}

/**
 * The browser's sanitiser for marked's own markup, with `policy` (the URL policy) applied to each element
 * that keeps attributes before it reaches the page; `undefined` where the browser has no Sanitizer API (then
 * DOMPurify does all of it).
 */
export function ownMarkupSanitiser(policy: (element: Element) => void): OwnMarkupSanitiser | undefined {
  const Sanitizer = (globalThis as { Sanitizer?: SanitizerConstructor }).Sanitizer;
  if (typeof Sanitizer !== 'function' || !('setHTML' in Element.prototype)) return undefined;
  let sanitizer: object;
  try {
    sanitizer = new Sanitizer(CONFIG);
  } catch {
    // An implementation that reads the configuration otherwise: DOMPurify instead.
    return undefined;
  }
  const inert = document.implementation.createHTMLDocument('');
  return {
    toNodes(html: string): DocumentFragment {
      const holder = inert.createElement('div') as unknown as SafeSetHtml & HTMLDivElement;
      holder.setHTML(html, { sanitizer });
      for (const element of holder.querySelectorAll('*')) {
        const { attributes } = element;
        if (attributes.length === 0 || isPlainClass(attributes)) continue;
        for (const { name, value } of Array.from(attributes))
          if (VALUE_BREAKOUT.test(value)) element.removeAttribute(name);
        policy(element);
      }
      const nodes = document.createDocumentFragment();
      nodes.append(...holder.childNodes);
      return nodes;
    },
  };
}
