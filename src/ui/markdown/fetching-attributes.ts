/**
 * Every attribute through which markup can name an address, as data: what the Markdown sanitiser's URL policy
 * (`url-policy.ts`) decides for each, and what its tests generate cases from.
 *
 * Sources: the HTML Standard's attribute index (https://html.spec.whatwg.org/multipage/indices.html#attributes-3,
 * every attribute whose value is a URL, a set of URLs or a srcset), its obsolete-but-still-rendered features
 * (https://html.spec.whatwg.org/multipage/rendering.html#tables-2 and #the-page for `background`,
 * https://html.spec.whatwg.org/multipage/obsolete.html for `longdesc`, `lowsrc`, `codebase`, `archive`, `classid`,
 * `manifest`, `profile`), the `refresh` pragma (https://html.spec.whatwg.org/multipage/semantics.html#attr-meta-http-equiv-refresh),
 * SVG 2's `href` / `xlink:href` (https://www.w3.org/TR/SVG2/linking.html#URLReference), Chromium's Attribution
 * Reporting `attributionsrc` (https://wicg.github.io/attribution-reporting-api/#html-monkeypatches) and names
 * only old browsers fetched (`dynsrc`, `bgsound`'s `src`). CSS reaches the network through `url()` and
 * `image-set()` in a `style` attribute.
 */

/**
 * What an attribute can do with its address.
 * - `link`: navigates only when the person clicks: kept on `a` and `area` (opened in a new tab), removed elsewhere.
 * - `image`: fetched as the page renders (`img` `src`): held until the person agrees to load images.
 * - `fetch`: fetched with no click (a resource, a ping, a refresh, a frame): removed.
 * - `submit`: sends something on a click (form actions): removed.
 * - `inert`: names an address that is never fetched (`cite`, `itemtype`): removed, it has no use here.
 */
export type UrlAttributeKind = 'link' | 'image' | 'fetch' | 'submit' | 'inert';

export interface FetchingAttribute {
  /** Lower-case element name, `*` for any element. */
  readonly element: string;
  /** Lower-case attribute name as it appears in the markup. */
  readonly attribute: string;
  readonly kind: UrlAttributeKind;
  /** The value is not one URL: several (`srcset`, `ping`), CSS (`style`), a document (`srcdoc`), a refresh. */
  readonly syntax?: 'srcset' | 'urls' | 'css' | 'html' | 'refresh';
  /** Extra attributes the element needs for the address to count (`<input type=image>`, `<link rel>`). */
  readonly with?: Readonly<Record<string, string>>;
  /** The namespace of the element when it is not HTML. */
  readonly namespace?: 'svg' | 'math';
}

export const FETCHING_ATTRIBUTES: readonly FetchingAttribute[] = [
  // Links (HTML §4.6.1 and §4.8.14 image maps): navigate on a click.
  { element: 'a', attribute: 'href', kind: 'link' },
  { element: 'area', attribute: 'href', kind: 'link' },
  // Hyperlink auditing (HTML §4.6.5): a POST to every listed address when the link is followed.
  { element: 'a', attribute: 'ping', kind: 'fetch', syntax: 'urls' },
  { element: 'area', attribute: 'ping', kind: 'fetch', syntax: 'urls' },
  // Attribution Reporting (Chromium): a background request as soon as the element exists or is clicked.
  { element: 'a', attribute: 'attributionsrc', kind: 'fetch', syntax: 'urls' },
  { element: 'img', attribute: 'attributionsrc', kind: 'fetch', syntax: 'urls' },
  { element: 'script', attribute: 'attributionsrc', kind: 'fetch', syntax: 'urls' },
  // Embedded content (HTML §4.8).
  { element: 'img', attribute: 'src', kind: 'image' },
  { element: 'img', attribute: 'srcset', kind: 'fetch', syntax: 'srcset' },
  { element: 'source', attribute: 'srcset', kind: 'fetch', syntax: 'srcset' },
  { element: 'source', attribute: 'src', kind: 'fetch' },
  { element: 'video', attribute: 'src', kind: 'fetch' },
  { element: 'video', attribute: 'poster', kind: 'fetch' },
  { element: 'audio', attribute: 'src', kind: 'fetch' },
  { element: 'track', attribute: 'src', kind: 'fetch' },
  { element: 'iframe', attribute: 'src', kind: 'fetch' },
  { element: 'iframe', attribute: 'srcdoc', kind: 'fetch', syntax: 'html' },
  { element: 'frame', attribute: 'src', kind: 'fetch' },
  { element: 'embed', attribute: 'src', kind: 'fetch' },
  { element: 'object', attribute: 'data', kind: 'fetch' },
  { element: 'input', attribute: 'src', kind: 'fetch', with: { type: 'image' } },
  { element: 'script', attribute: 'src', kind: 'fetch' },
  { element: 'link', attribute: 'href', kind: 'fetch', with: { rel: 'stylesheet' } },
  { element: 'link', attribute: 'href', kind: 'fetch', with: { rel: 'icon' } },
  { element: 'link', attribute: 'href', kind: 'fetch', with: { rel: 'preload', as: 'image' } },
  { element: 'link', attribute: 'href', kind: 'fetch', with: { rel: 'prefetch' } },
  { element: 'link', attribute: 'href', kind: 'fetch', with: { rel: 'manifest' } },
  { element: 'link', attribute: 'imagesrcset', kind: 'fetch', syntax: 'srcset', with: { rel: 'preload' } },
  { element: 'base', attribute: 'href', kind: 'fetch' },
  {
    element: 'meta',
    attribute: 'content',
    kind: 'fetch',
    syntax: 'refresh',
    with: { 'http-equiv': 'refresh' },
  },
  // Forms (HTML §4.10): send on a click.
  { element: 'form', attribute: 'action', kind: 'submit' },
  { element: 'button', attribute: 'formaction', kind: 'submit' },
  { element: 'input', attribute: 'formaction', kind: 'submit', with: { type: 'submit' } },
  // Obsolete but still rendered (HTML §15.3.10, §15.3.3): a background image fetched with no click.
  { element: 'body', attribute: 'background', kind: 'fetch' },
  { element: 'table', attribute: 'background', kind: 'fetch' },
  { element: 'thead', attribute: 'background', kind: 'fetch' },
  { element: 'tbody', attribute: 'background', kind: 'fetch' },
  { element: 'tfoot', attribute: 'background', kind: 'fetch' },
  { element: 'tr', attribute: 'background', kind: 'fetch' },
  { element: 'td', attribute: 'background', kind: 'fetch' },
  { element: 'th', attribute: 'background', kind: 'fetch' },
  // Obsolete (HTML §16.1) or never standard, fetched by some browser at some time.
  { element: 'img', attribute: 'lowsrc', kind: 'fetch' },
  { element: 'img', attribute: 'dynsrc', kind: 'fetch' },
  { element: 'img', attribute: 'longdesc', kind: 'inert' },
  { element: 'iframe', attribute: 'longdesc', kind: 'inert' },
  { element: 'frame', attribute: 'longdesc', kind: 'inert' },
  { element: 'object', attribute: 'codebase', kind: 'fetch' },
  { element: 'object', attribute: 'archive', kind: 'fetch', syntax: 'urls' },
  { element: 'object', attribute: 'classid', kind: 'fetch' },
  { element: 'applet', attribute: 'code', kind: 'fetch' },
  { element: 'applet', attribute: 'codebase', kind: 'fetch' },
  { element: 'applet', attribute: 'archive', kind: 'fetch', syntax: 'urls' },
  { element: 'html', attribute: 'manifest', kind: 'fetch' },
  { element: 'head', attribute: 'profile', kind: 'inert' },
  { element: 'bgsound', attribute: 'src', kind: 'fetch' },
  { element: 'menuitem', attribute: 'icon', kind: 'fetch' },
  { element: 'command', attribute: 'icon', kind: 'fetch' },
  // Addresses that are never fetched (HTML §4.4.4, §4.7, §5.2).
  { element: 'blockquote', attribute: 'cite', kind: 'inert' },
  { element: 'q', attribute: 'cite', kind: 'inert' },
  { element: 'del', attribute: 'cite', kind: 'inert' },
  { element: 'ins', attribute: 'cite', kind: 'inert' },
  { element: 'div', attribute: 'itemtype', kind: 'inert', syntax: 'urls', with: { itemscope: '' } },
  { element: 'div', attribute: 'itemid', kind: 'inert', with: { itemscope: '' } },
  // CSS (any element with a style attribute): url() and image-set() fetch with no click.
  { element: '*', attribute: 'style', kind: 'fetch', syntax: 'css' },
  // SVG 2 (§16.1 references): images, patterns, filters, uses and links name addresses.
  { element: 'image', attribute: 'href', kind: 'fetch', namespace: 'svg' },
  { element: 'image', attribute: 'xlink:href', kind: 'fetch', namespace: 'svg' },
  { element: 'use', attribute: 'href', kind: 'fetch', namespace: 'svg' },
  { element: 'feimage', attribute: 'href', kind: 'fetch', namespace: 'svg' },
  { element: 'script', attribute: 'href', kind: 'fetch', namespace: 'svg' },
  { element: 'a', attribute: 'href', kind: 'link', namespace: 'svg' },
  { element: 'a', attribute: 'xlink:href', kind: 'link', namespace: 'svg' },
  { element: 'rect', attribute: 'fill', kind: 'fetch', syntax: 'css', namespace: 'svg' },
  { element: 'rect', attribute: 'filter', kind: 'fetch', syntax: 'css', namespace: 'svg' },
  // MathML (links on any element in MathML 3; MathML Core's `mglyph` is gone but was fetched).
  { element: 'mi', attribute: 'href', kind: 'link', namespace: 'math' },
  { element: 'mglyph', attribute: 'src', kind: 'fetch', namespace: 'math' },
];

/** Attribute names that hold an address on some element, whatever the element. */
export const URL_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set(FETCHING_ATTRIBUTES.map((a) => a.attribute));
