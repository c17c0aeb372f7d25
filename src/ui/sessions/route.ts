/**
 * The URL names the open session as a hash route, `#/s/<id>`: it works on any static host and sub-path
 * (no server rewrites), survives reload, and back/forward move between sessions (`hashchange`).
 */

export type SessionRoute =
  | { readonly kind: 'session'; readonly id: string }
  /** No session named: a new chat. */
  | { readonly kind: 'new' };

const PREFIX = '#/s/';

/** The link to a session. */
export function sessionHref(id: string): string {
  return `${PREFIX}${encodeURIComponent(id)}`;
}

/** What a `location.hash` names. Anything that is not a session link means a new chat. */
export function parseSessionRoute(hash: string): SessionRoute {
  if (!hash.startsWith(PREFIX)) return { kind: 'new' };
  const raw = hash.slice(PREFIX.length).split(/[/?#]/)[0] ?? '';
  try {
    const id = decodeURIComponent(raw);
    return id ? { kind: 'session', id } : { kind: 'new' };
  } catch {
    return { kind: 'new' };
  }
}
