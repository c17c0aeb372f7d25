/** Timers, sleeps, the idle watchdog on a response body, and the backoff between retries. */
import type { LlmErrorInfo } from './types';

/** Starts a timer; returns a function that cancels it. */
export type SetTimer = (callback: () => void, ms: number) => () => void;

export const defaultSetTimer: SetTimer = (callback, ms) => {
  const id = setTimeout(callback, ms);
  return () => clearTimeout(id);
};

/** Resolves after `ms`, or at once when `signal` aborts. */
export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(id);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const id = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface Watchdog {
  /** Something arrived: restart the countdown. */
  touch(): void;
  stop(): void;
}

/** Calls `onIdle` once if `touch` is not called for `ms`. */
export function startWatchdog(ms: number, setTimer: SetTimer, onIdle: () => void): Watchdog {
  let stopped = false;
  const fire = () => {
    if (stopped) return;
    stopped = true;
    onIdle();
  };
  let cancel = setTimer(fire, ms);
  return {
    touch() {
      if (stopped) return;
      cancel();
      cancel = setTimer(fire, ms);
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}

const EVENT_END = new TextEncoder().encode('\n\n');

/**
 * Wraps `fetch` so that the response headers and every body chunk count as activity (the SDK's own timeout
 * covers only the wait for headers), and so that aborting the request also ends a body that has stalled.
 * An event stream that ends without the blank line closing its last event gets one, so that event is not
 * dropped (extra blank lines are ignored by SSE parsers).
 */
export function watchFetch(base: typeof fetch, onActivity: () => void): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    onActivity();
    const body = response.body;
    if (!body) return response;
    const reader = body.getReader();
    const signal = init?.signal ?? undefined;
    const eventStream = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
    const onAbort = () => {
      reader.cancel().catch(() => {});
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const release = () => signal?.removeEventListener('abort', onAbort);
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            if (eventStream && !signal?.aborted) controller.enqueue(EVENT_END);
            controller.close();
            return;
          }
          onActivity();
          controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(watched, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * How long to wait before retry number `retriesSoFar + 1`, or `undefined` when the failure should not be retried
 * automatically. A server-given `retry-after` is honoured exactly, but only up to `maxDelayMs`: a longer wait is
 * left to the person. Otherwise the wait doubles from 1 s (with a little jitter), capped at `maxDelayMs`.
 */
export function retryDelay(
  info: LlmErrorInfo,
  retriesSoFar: number,
  maxDelayMs: number,
  random: () => number = Math.random,
): number | undefined {
  if (!info.retryable) return undefined;
  if (info.retryAfter !== undefined) {
    const ms = Math.ceil(info.retryAfter * 1000);
    return ms <= maxDelayMs ? ms : undefined;
  }
  const backoff = 1000 * 2 ** retriesSoFar;
  return Math.min(Math.round(backoff * (1 + 0.25 * random())), maxDelayMs);
}
