/**
 * Coalesces calls to `run` into one refresh: the first of a burst runs at the end of the current task (a
 * microtask, so the notices one task posts make one refresh), and while calls keep coming, `run` starts at most
 * once every `gapMs`. A first sync lands a batch of sessions every few hundred milliseconds, each of which
 * would otherwise read the whole list and draw the sidebar again.
 */
export function refreshThrottle(
  run: () => void,
  gapMs: number,
  now: () => number = () => performance.now(),
): () => void {
  let queued = false;
  let lastRun = Number.NEGATIVE_INFINITY;
  const go = () => {
    queued = false;
    lastRun = now();
    run();
  };
  return () => {
    if (queued) return;
    queued = true;
    const wait = lastRun + gapMs - now();
    if (wait > 0) setTimeout(go, wait);
    else queueMicrotask(go);
  };
}
