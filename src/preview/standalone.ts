/**
 * `Open in new tab`: the app opens `preview.html` at the top of a new tab, the page says it is ready, and the
 * app sends it the file to show. That page then holds only a sandboxed frame with the file in it.
 */
import { isRenderRequest, type RenderRequest } from '../artifacts/protocol';

/** The kind of the message a standalone page sends its opener when it can take a request. */
export const STANDALONE_READY = 'standalone-ready';

/** What the app sends a standalone page: the tab's title and the render request (its channel is unused). */
export interface StandaloneRequest {
  readonly kind: 'standalone';
  readonly title: string;
  readonly request: Omit<RenderRequest, 'channel' | 'source'>;
}

export function isStandaloneRequest(data: unknown): data is StandaloneRequest {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.kind !== 'standalone' || typeof m.title !== 'string') return false;
  const request = m.request;
  if (typeof request !== 'object' || request === null) return false;
  return isRenderRequest({ ...request, source: 'easel-host', channel: 'standalone' }, 'standalone');
}
