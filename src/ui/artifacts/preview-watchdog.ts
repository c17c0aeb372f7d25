/**
 * The heartbeat of one preview document. A page runs on its own thread, out of the app's reach: an endless
 * loop keeps a core busy and never reports anything. The host pings the preview runtime over the document's
 * port every `intervalMs`; the runtime can answer only while the page leaves its thread free. A ping left
 * unanswered for `stallMs` means the page is stuck, and `onStall` is called once (the host then drops the
 * frame, which ends its process).
 *
 * Only an unanswered ping counts, never the time between ticks, so a throttled background tab (timers once a
 * minute) never stops a page that is fine.
 */
import { HOST_SOURCE, type HostPing } from '../../artifacts';

export interface WatchdogOptions {
  readonly intervalMs?: number;
  readonly stallMs?: number;
}

/** How often the host pings, and how long a ping may wait for its answer. */
export const WATCHDOG_INTERVAL_MS = 1_000;
export const WATCHDOG_STALL_MS = 4_000;

export class PreviewWatchdog {
  private n = 0;
  private outstanding: { readonly n: number; readonly sentAt: number } | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stalled = false;
  private readonly waiting = new Set<(responsive: boolean) => void>();
  private readonly stallMs: number;

  constructor(
    private readonly port: MessagePort,
    private readonly onStall: () => void,
    options: WatchdogOptions = {},
  ) {
    this.stallMs = options.stallMs ?? WATCHDOG_STALL_MS;
    this.timer = setInterval(() => this.tick(), options.intervalMs ?? WATCHDOG_INTERVAL_MS);
    this.ping();
  }

  /** The preview answered ping `n`. */
  pong(n: number): void {
    if (this.outstanding?.n !== n) return;
    this.outstanding = undefined;
    for (const resolve of this.waiting) resolve(true);
    this.waiting.clear();
  }

  /** Resolves `true` at the next answer, `false` if the page stalls first (or was stopped already). */
  responsive(): Promise<boolean> {
    if (this.stalled) return Promise.resolve(false);
    if (this.timer === undefined) return Promise.resolve(true);
    this.ping();
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  /** Stops pinging (the document was replaced or the element left the page). */
  dispose(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const resolve of this.waiting) resolve(!this.stalled);
    this.waiting.clear();
  }

  private tick(): void {
    const waited = this.outstanding ? performance.now() - this.outstanding.sentAt : 0;
    if (waited < this.stallMs) {
      this.ping();
      return;
    }
    this.stalled = true;
    this.dispose();
    this.onStall();
  }

  private ping(): void {
    if (this.outstanding) return;
    this.n += 1;
    this.outstanding = { n: this.n, sentAt: performance.now() };
    const ping: HostPing = { source: HOST_SOURCE, kind: 'ping', n: this.n };
    this.port.postMessage(ping);
  }
}
