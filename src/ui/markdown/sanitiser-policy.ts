/**
 * What the sanitiser lets model text keep: DOMPurify's policy and the URL policy (`url-policy.ts`) applied to
 * every element either sanitiser keeps (`render.ts` for DOMPurify, `own-markup.ts` for the browser's own).
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { decideAttribute, decideImage, firstSrcsetUrl } from './url-policy';

/** Attribute holding the address of a remote image the person has not yet agreed to load. */
export const BLOCKED_SRC = 'data-blocked-src';

export const POLICY: Config = {
  USE_PROFILES: { html: true },
  ADD_ATTR: ['target'],
  // Model text may not restyle or overlay the app (a fixed-position box could fake a key prompt), nor carry
  // forms: no <style>, no style attributes, no <form>.
  FORBID_TAGS: ['style', 'form'],
  FORBID_ATTR: ['style'],
};

/**
 * A DOMPurify instance with the policy set once: passing a config to each `sanitize` call would rebuild its
 * allow-lists every time, which is half the cost of sanitising a small block.
 */
export function createPurifier(config: Config): DOMPurify {
  const purify = createDOMPurify(window);
  purify.setConfig(config);
  // Runs on each element DOMPurify keeps, before its nodes reach the page's document (where an image would
  // start loading even before it is inserted).
  purify.addHook('afterSanitizeAttributes', applyUrlPolicy);
  return purify;
}

/**
 * Applies the URL policy (`url-policy.ts`) to every attribute of `element`: links open in a new tab, remote
 * images wait for the person's consent, anything else that names an address is removed.
 */
export function applyUrlPolicy(element: Element): void {
  const tag = element.localName;
  const link = tag === 'a' || tag === 'area';
  let held: string | undefined;
  for (const { name, value } of Array.from(element.attributes)) {
    const decision = decideAttribute(tag, name, value, document.baseURI);
    if (decision === undefined) continue;
    if (decision.action === 'keep') {
      if (decision.value !== value) element.setAttribute(name, decision.value);
      continue;
    }
    element.removeAttribute(name);
    if (decision.action === 'hold') held = decision.url;
    else if (tag === 'img' && name === 'srcset' && !element.hasAttribute('src') && held === undefined) {
      // An image with only a srcset shows its first candidate once the person agrees.
      const first = firstSrcsetUrl(value);
      const image = first === undefined ? undefined : decideImage(first, document.baseURI);
      if (image?.action === 'hold') held = image.url;
    }
  }
  // Only a link may name where it opens, and it opens in a new tab, never in the app's own.
  element.removeAttribute('target');
  if (link && element.hasAttribute('href')) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
  if (held !== undefined) element.setAttribute(BLOCKED_SRC, held);
}
