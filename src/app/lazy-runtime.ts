/** `lazySessionRuntime`: the session runtime's handle while its module loads (`LazySessionRuntime`). */
import { errorText } from '../agent';
import type { LazySessionRuntime, SessionRuntime } from '../ui';

/**
 * A handle on what `build` makes, loaded at the first `load()`: listeners hear once it has loaded; a failed
 * load rejects with what to do about it and is tried again at the next `load()`.
 */
export function lazySessionRuntime<R extends SessionRuntime>(build: () => Promise<R>): LazySessionRuntime<R> {
  let loaded: R | undefined;
  let loading: Promise<R> | undefined;
  const listeners = new Set<() => void>();
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= build().then(
        (runtime) => {
          loaded = runtime;
          for (const listener of [...listeners]) listener();
          return runtime;
        },
        (error: unknown) => {
          loading = undefined;
          throw new Error(
            `Easel could not load what sends a message (${errorText(error)}). Check the connection and send again.`,
          );
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
