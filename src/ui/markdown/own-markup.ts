/**
 * The browser's own HTML sanitiser (the HTML Sanitizer API: `Element.setHTML`), for the markup marked makes
 * itself: a block with no `<` in its source, or one fenced code block (`render.ts` decides), so that every tag in
 * it is one marked, the code renderer or highlight.js wrote. It checks that markup natively, several times faster than DOMPurify walks it in
 * script (a paragraph: 0.15 ms against 1.2 ms), which made sanitising the growing tail of a streamed answer the
 * largest part of each update.
 *
 * Against script, two locks, each enough alone: the allow-list below holds only the elements and attributes those
 * three write (anything else is dropped with its content), and `setHTML` is the Sanitizer API's safe method, which
 * removes whatever could run script (scripts, event handlers, `javascript:` addresses) whatever its configuration
 * says. Against loading: the markup is parsed in a document of its own, with no window, so nothing in it loads
 * (an image, say) before the URL policy has run over every element; only then do the nodes move into the page's
 * document. Markup naming a template or a shadow root, which marked never writes, is refused (`NOT_OWN`). Other
 * text with `<`, and browsers without the API, go through DOMPurify.
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
 * Markup marked never writes, whose parsing makes what the URL policy cannot see: `setHTML` attaches a
 * declarative shadow root (`<template shadowrootmode>`), even in a document with no window, and the policy's walk
 * does not enter shadow roots (a closed one cannot be entered at all), so an image in one would keep its address.
 * Such markup goes to DOMPurify, for which a template stays an inert template.
 */
const NOT_OWN = /<template|shadowroot/i;

/**
 * An element whose one attribute is a `class` of words (`hljs-keyword`, `code-block`: most elements of
 * highlighted code): neither the URL policy nor the breakout rule has anything to take from it.
 */
function isPlainClass(attributes: NamedNodeMap): boolean {
  const only = attributes.length === 1 ? attributes[0] : undefined;
  return only?.name === 'class' && /^[\w-]+(?: [\w-]+)*$/.test(only.value);
}

/** The part of the Sanitizer API used here (the DOM typings do not have it yet). */
type SanitizerConstructor = new (config: typeof CONFIG) => object;
interface SafeSetHtml {
  setHTML(html: string, options: { sanitizer: object }): void;
}

/** Sanitises marked's own markup to nodes of the page's document (see the module's comment). */
export interface OwnMarkupSanitiser {
  /**
   * `html` checked by the browser's sanitiser, then `policy` run over every element with attributes; `undefined`
   * when `html` names a template or a shadow root, which marked never writes (see `NOT_OWN`).
   */
  toNodes(html: string): DocumentFragment | undefined;
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
    toNodes(html: string): DocumentFragment | undefined {
      if (NOT_OWN.test(html)) return undefined;
      const holder = inert.createElement('div') as unknown as SafeSetHtml & HTMLDivElement;
      holder.setHTML(html, { sanitizer });
      for (const element of holder.querySelectorAll('*')) {
        const { attributes } = element;
        if (attributes.length === 0 || isPlainClass(attributes)) continue;
        for (const { name, value } of Array.from(attributes)) {
          // DOMPurify trims every value (a link title written with spaces around it), and so is it here.
          const trimmed = value.trim();
          if (VALUE_BREAKOUT.test(trimmed)) element.removeAttribute(name);
          else if (trimmed !== value) element.setAttribute(name, trimmed);
        }
        policy(element);
      }
      const nodes = document.createDocumentFragment();
      nodes.append(...holder.childNodes);
      return nodes;
    },
  };
}
