/**
 * Keeping sync's work in short tasks. A first sync opens, checks and writes thousands of documents; done in one
 * go, a batch holds the main thread for hundreds of milliseconds, and typing, scrolling and streaming stall.
 * The loops ask `pace()` between items, which gives the thread back once a slice of work has run.
 */

/** How long a slice of sync's work may run before it gives the main thread back. */
export const SLICE_MS = 8;

type Scheduler = { readonly yield?: () => Promise<void> };

/**
 * Gives the main thread back: `scheduler.yield()` where there is one (its continuation runs before other
 * queued work of lower priority), else a message to this window's own channel. Never a timer: a hidden tab's
 * timers are throttled to once a second or less, and sync works in hidden tabs.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * A pacer: each call returns at once while the current slice is shorter than `sliceMs`, and otherwise yields
 * to the main thread first and starts a new slice.
 */
export function pacer(sliceMs = SLICE_MS, now: () => number = () => performance.now()): () => Promise<void> {
  let started = now();
  return async () => {
    if (now() - started < sliceMs) return;
    await yieldToMain();
    started = now();
  };
}
