/**
 * The app page's Trusted Types `default` policy, installed when this module is evaluated — `main.ts` imports
 * it first, before any module that could reach a sink.
 *
 * The page enforces Trusted Types (`require-trusted-types-for 'script'` in `index.html`), so a string reaches
 * an HTML or script sink only through a policy. Lit's templates (policy `lit-html`) and DOMPurify (a
 * `dompurify` policy per instance, over its own output only) bring their own; no `trusted-types` directive
 * limits the names, because DOMPurify makes one per instance. This policy has no `createHTML` and no
 * `createScript`: a plain string given to `innerHTML`, `srcdoc`, `document.write`, `eval` or a script's
 * text is refused (the assignment throws and the browser reports a violation). Its one rule is
 * `createScriptURL`, for the app's module workers (`new Worker(new URL('./x.ts', import.meta.url))`, which
 * Vite rewrites to an address of a built file): a script URL is accepted only on the page's own origin,
 * under the folder this module itself was served from (`assets/` in the build, `src/` under the dev server),
 * and anything else — another origin, `blob:`, `data:`, `javascript:` — is refused.
 */

/** The part of `window.trustedTypes` used here (the DOM typings have no Trusted Types). */
interface TrustedTypesFactory {
  readonly defaultPolicy: unknown;
  createPolicy(name: 'default', rules: { createScriptURL(input: string): string | null }): unknown;
}

/**
 * `input` as an absolute URL when it names a script of the app — same origin as `scripts`, and inside it —
 * else `null` (the policy's answer for "refused").
 */
export function appScriptUrl(input: string, scripts: URL): string | null {
  let url: URL;
  try {
    url = new URL(input, scripts);
  } catch {
    return null;
  }
  if (url.origin !== scripts.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return url.pathname.startsWith(scripts.pathname) ? url.href : null;
}

/** Installs the `default` policy, once; does nothing where Trusted Types are not supported. */
export function installDefaultPolicy(factory: TrustedTypesFactory | undefined, scripts: URL): void {
  if (factory === undefined || factory.defaultPolicy) return;
  factory.createPolicy('default', { createScriptURL: (input) => appScriptUrl(input, scripts) });
}

// The folder of this module's own URL (written so that Vite does not take it for an asset to bundle).
const thisModule = new URL(import.meta.url);
installDefaultPolicy(
  (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes,
  new URL('./', thisModule),
);
