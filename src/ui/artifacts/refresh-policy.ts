/**
 * When a preview showing a file that is still being written loads the newer content. Each load parses the
 * whole document, so loading on every token would cost the square of the length. A load waits until at least
 * `MIN_INTERVAL_MS` have passed since the last one (a few per second at most) and the content has grown by
 * `GROWTH` since then; the sizes loaded then grow geometrically, so all loads together cost a small multiple
 * of the final size: a file ten times longer costs about ten times more, not a hundred.
 */

export const MIN_INTERVAL_MS = 300;
export const GROWTH = 1.25;
/** Below this size the growth rule does not apply (small documents are cheap). */
export const SMALL_DOCUMENT = 4_096;

export interface RefreshState {
  /** Length of the content loaded last (0 when none). */
  readonly loadedLength: number;
  /** When it was loaded (ms, any clock). */
  readonly loadedAt: number;
}

/** Milliseconds until the streaming content of `length` may be loaded: 0 means now. */
export function refreshDelay(state: RefreshState, length: number, now: number): number {
  const wait = Math.max(0, state.loadedAt + MIN_INTERVAL_MS - now);
  if (wait > 0) return wait;
  if (length <= SMALL_DOCUMENT || length >= state.loadedLength * GROWTH) return 0;
  // Not grown enough yet: look again after another interval.
  return MIN_INTERVAL_MS;
}
