/** `Task`: a load that depends on arguments, run again when they change and aborted when they change again. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface TaskOptions<A extends readonly unknown[], R> {
  /**
   * The load. `signal` aborts when the arguments change again or the host disconnects; a load that was
   * aborted changes nothing, and one that failed goes to `onError` (`onComplete` is not called for either).
   */
  readonly task: (args: A, options: { readonly signal: AbortSignal }) => Promise<R>;
  /** The arguments, read before each update of the host; `undefined` means "nothing to load yet". */
  readonly args: () => A | undefined;
  /** Receives the result of the newest load. */
  readonly onComplete: (value: R) => void;
  /**
   * Receives the failure of the newest load (what the last success gave stays); it is kept in `error` too.
   * Without it, the caller reads `error` where the failure matters.
   */
  readonly onError?: (error: unknown) => void;
}

/**
 * The shape of `@lit/task`'s `Task`, kept to what Easel needs: before each update of the host the arguments
 * are read, and when one of them differs from the last load's (`!==`), the load runs again and the one under
 * way is aborted. Unlike `@lit/task`, a host that disconnects aborts its load and loads again when it is put
 * back, and the task does not render its status (the host renders what `onComplete` kept).
 */
export class Task<A extends readonly unknown[], R> implements ReactiveController {
  private lastArgs: A | undefined;
  private running: AbortController | undefined;
  private failure: unknown;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: TaskOptions<A, R>,
  ) {
    host.addController(this);
  }

  /** The newest load's failure; `undefined` while it runs and once one succeeded. An abort is no failure. */
  get error(): unknown {
    return this.failure;
  }

  hostConnected(): void {
    this.runIfChanged();
  }

  hostUpdate(): void {
    this.runIfChanged();
  }

  hostDisconnected(): void {
    this.running?.abort();
    this.running = undefined;
    this.lastArgs = undefined;
  }

  private runIfChanged(): void {
    const args = this.options.args();
    if (!args || (this.lastArgs && sameArgs(args, this.lastArgs))) return;
    this.lastArgs = args;
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.failure = undefined;
    this.options.task(args, { signal: controller.signal }).then(
      (value) => {
        if (controller.signal.aborted) return;
        this.running = undefined;
        this.options.onComplete(value);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        this.running = undefined;
        this.failure = error ?? new Error('The load failed without a reason.');
        this.options.onError?.(error);
      },
    );
  }
}

function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
