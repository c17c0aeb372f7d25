import { URL_ATTRIBUTE_NAMES } from './fetching-attributes';

/**
 * The one policy for every address model text can name (see `fetching-attributes.ts` for the attributes it
 * covers). Addresses are resolved against the page's base, as the browser would resolve them, so `//host`,
 * `\\host`, ` https:` and `HTTPS:` are seen for what they are:
 *
 * - a link (`a` / `area` `href`) stays only when it leads to `http(s):`, `mailto:` or `tel:`, and opens in a
 *   new tab (the caller sets `target` and `rel`);
 * - an image (`img` `src`) of `http(s):` is held until the person agrees to load images; one inline in a
 *   `data:image/…` address stays (it reaches no network);
 * - every other attribute that names an address, and any attribute whose value carries CSS `url()`,
 *   `image-set()` or `@import`, is removed.
 *
 * Pure functions without a DOM, so the decisions are unit-tested in Node and the sanitiser applies them.
 */
export type UrlDecision =
  /** Keep the attribute with this value (a link, resolved). */
  | { readonly action: 'keep'; readonly value: string }
  /** Remove the attribute; the image may load this address once the person agrees. */
  | { readonly action: 'hold'; readonly url: string }
  | { readonly action: 'remove' };

const LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const REMOTE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);
const REMOVE: UrlDecision = { action: 'remove' };

/** CSS that fetches: `url(`, `image-set(` (also `-webkit-image-set(`), `@import`. */
const CSS_FETCH = /url\s*\(|image-set\s*\(|@import/i;
/** SVG presentation attributes read as CSS, where an escape (`u\72l(`) could hide `url(`. */
const CSS_ATTRIBUTES: ReadonlySet<string> = new Set([
  'fill',
  'stroke',
  'filter',
  'mask',
  'clip-path',
  'marker-start',
  'marker-mid',
  'marker-end',
  'cursor',
]);

/** Resolves an attribute's value as the browser would for `base`; `undefined` when it is no URL at all. */
export function resolveUrl(value: string, base: string): URL | undefined {
  try {
    // The URL parser strips leading and trailing C0 controls and spaces and drops tabs and newlines inside,
    // and reads `\` as `/` in http(s) addresses: exactly what an element does with its attribute.
    return new URL(value, base);
  } catch {
    // Not a URL (for example `http://[`): nothing can be fetched from it either.
    return undefined;
  }
}

/** What to do with a link's address. */
export function decideLink(value: string, base: string): UrlDecision {
  const url = resolveUrl(value, base);
  return url && LINK_SCHEMES.has(url.protocol) ? { action: 'keep', value: url.href } : REMOVE;
}

/** What to do with an image's address. */
export function decideImage(value: string, base: string): UrlDecision {
  const url = resolveUrl(value, base);
  if (!url) return REMOVE;
  if (REMOTE_SCHEMES.has(url.protocol)) return { action: 'hold', url: url.href };
  if (url.protocol === 'data:' && /^image\//i.test(url.pathname)) return { action: 'keep', value: url.href };
  return REMOVE;
}

/**
 * What to do with one attribute of a sanitised element (`element` is its lower-case local name); `undefined`
 * when the attribute names no address and carries no fetching CSS, so it is left as it is.
 */
export function decideAttribute(
  element: string,
  attribute: string,
  value: string,
  base: string,
): UrlDecision | undefined {
  const name = attribute.toLowerCase();
  if (name === 'href' && (element === 'a' || element === 'area')) return decideLink(value, base);
  if (name === 'src' && element === 'img') return decideImage(value, base);
  if (URL_ATTRIBUTE_NAMES.has(name) || /(?:src|srcset|href)$/.test(name)) return REMOVE;
  if (CSS_FETCH.test(value) || (CSS_ATTRIBUTES.has(name) && /[(\\]/.test(value))) return REMOVE;
  return undefined;
}

/** The first address of a `srcset` (what an image without `src` would show), if any. */
export function firstSrcsetUrl(srcset: string): string | undefined {
  const first = srcset.trim().split(/\s+/)[0]?.replace(/,$/, '');
  return first ? first : undefined;
}
