/** `SubscriptionController`: one subscription lifecycle — follow on connect, stop on disconnect. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What a subscription gives back: the function that ends it (or nothing when there was nothing to follow). */
export type Unsubscribe = (() => void) | undefined;

/** Listens for `type` on `target` (the window, the document); gives back the function that stops. */
export function listen(target: EventTarget, type: string, listener: (e: Event) => void): Unsubscribe {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/**
 * One subscription lifecycle for an element: `subscribe` runs when the host connects and again whenever
 * `refresh()` says its sources changed (a service property was set); everything it returned is undone when the
 * host disconnects or before it runs again. So an element moved in the DOM, or taken out and put back, keeps
 * listening — never deaf, never subscribed twice.
 */
export class SubscriptionController implements ReactiveController {
  private offs: readonly Unsubscribe[] = [];
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly subscribe: () => readonly Unsubscribe[],
  ) {
    host.addController(this);
  }

  /** Whether the host is connected (and so subscribed). */
  get active(): boolean {
    return this.connected;
  }

  hostConnected(): void {
    this.connected = true;
    this.resubscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.release();
  }

  /** The sources changed: subscribe to the new ones (at once when connected, else on connect). */
  refresh(): void {
    if (this.connected) this.resubscribe();
  }

  private resubscribe(): void {
    this.release();
    this.offs = this.subscribe();
  }

  private release(): void {
    const offs = this.offs;
    this.offs = [];
    for (const off of offs) off?.();
  }
}
