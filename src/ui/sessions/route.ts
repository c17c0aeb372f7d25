/**
 * The URL names the open session as a hash route, `#/s/<id>`, or a new chat in a project, `#/p/<id>`: it works on
 * any static host and sub-path (no server rewrites), survives reload, and back/forward move between sessions
 * (`hashchange`).
 */

export type SessionRoute =
  | { readonly kind: 'session'; readonly id: string }
  /** No session named: a new chat, in the project `projectId` when given. */
  | { readonly kind: 'new'; readonly projectId?: string }
  /** An incognito chat: never saved; a reload starts a fresh one (what it held is gone). */
  | { readonly kind: 'incognito' };

const PREFIX = '#/s/';
const PROJECT_PREFIX = '#/p/';
/** The link to an incognito chat. */
export const INCOGNITO_HREF = '#/incognito';

/** The link to a new chat in a project. */
export function newChatInProjectHref(projectId: string): string {
  return `${PROJECT_PREFIX}${encodeURIComponent(projectId)}`;
}

/** The link to a session. */
export function sessionHref(id: string): string {
  return `${PREFIX}${encodeURIComponent(id)}`;
}

/** What a `location.hash` names. Anything that is not a session link means a new chat. */
export function parseSessionRoute(hash: string): SessionRoute {
  if (hash === INCOGNITO_HREF) return { kind: 'incognito' };
  if (hash.startsWith(PROJECT_PREFIX)) {
    const projectId = idAfter(hash, PROJECT_PREFIX);
    return projectId ? { kind: 'new', projectId } : { kind: 'new' };
  }
  const id = hash.startsWith(PREFIX) ? idAfter(hash, PREFIX) : undefined;
  return id ? { kind: 'session', id } : { kind: 'new' };
}

/** The id after `prefix`, up to the next `/`, `?` or `#`; `undefined` when empty or badly encoded. */
function idAfter(hash: string, prefix: string): string | undefined {
  const raw = hash.slice(prefix.length).split(/[/?#]/)[0] ?? '';
  try {
    return decodeURIComponent(raw) || undefined;
  } catch {
    return undefined;
  }
}
