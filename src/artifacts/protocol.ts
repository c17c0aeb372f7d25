/**
 * The messages a preview's bridge posts to the app, and the guard the app checks them with.
 *
 * Contract: the host handles a `message` event only when `event.source` is the window of the iframe it made
 * and `isPreviewMessage(event.data, channel)` holds for that iframe's current channel (a new channel for
 * every document it loads, so a message from an earlier document is ignored too). Everything else is ignored.
 * The page inside can still post anything with the right channel (the bridge is in its own document); the
 * worst it can do is put words in its own console.
 */

export const PREVIEW_SOURCE = 'easel-preview';

export type PreviewLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

interface Envelope {
  readonly source: typeof PREVIEW_SOURCE;
  readonly channel: string;
}

/**
 * - `console`: a `console.*` call (arguments formatted as text by the bridge).
 * - `error`: an uncaught exception, with its line and column in the artifact when known.
 * - `rejection`: a promise rejected with no handler.
 * - `blocked`: something the preview's Content-Security-Policy refused (a network request, mostly).
 * - `loaded`: the document's `load` event fired.
 */
export type PreviewMessage = Envelope &
  (
    | { readonly kind: 'console'; readonly level: PreviewLevel; readonly text: string }
    | { readonly kind: 'error'; readonly text: string; readonly line?: number; readonly column?: number }
    | { readonly kind: 'rejection'; readonly text: string }
    | { readonly kind: 'blocked'; readonly text: string }
    | { readonly kind: 'loaded' }
  );

const LEVELS: ReadonlySet<unknown> = new Set<PreviewLevel>(['log', 'info', 'warn', 'error', 'debug']);

/** True when `data` is a well-formed preview message for `channel`. */
export function isPreviewMessage(data: unknown, channel: string): data is PreviewMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (m.source !== PREVIEW_SOURCE || m.channel !== channel || channel === '') return false;
  switch (m.kind) {
    case 'console':
      return LEVELS.has(m.level) && typeof m.text === 'string';
    case 'error':
      return typeof m.text === 'string' && isOptionalCount(m.line) && isOptionalCount(m.column);
    case 'rejection':
    case 'blocked':
      return typeof m.text === 'string';
    case 'loaded':
      return true;
    default:
      return false;
  }
}

function isOptionalCount(value: unknown): boolean {
  return value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
}
