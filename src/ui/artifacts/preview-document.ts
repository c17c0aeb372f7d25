import {
  type AppReply,
  type AppRequest,
  HOST_SOURCE,
  isAppRequest,
  isPreviewMessage,
  type PreviewMessage,
  type PrimeRequest,
  type RenderRequest,
} from '../../artifacts';
import { msg, str } from '../l10n';
import type { PreparedPrime, PreparedRender } from './preview-runtime';
import { PreviewWatchdog } from './preview-watchdog';

/** Most messages the app takes from one document; the rest are dropped (and counted once). */
export const MAX_DOCUMENT_MESSAGES = 300;
/** Longest text the app keeps from one message. */
export const MAX_MESSAGE_TEXT = 4_000;
/** Messages are handed on in batches, at most this often. */
const BATCH_MS = 50;
/**
 * The longest wait for a new frame's own document (a small page of the app) to load. Longer means its process
 * is stuck: Chromium may put previews of the same file in one process, where one page's endless loop keeps the
 * next from starting.
 */
const FRAME_LOAD_MS = 8_000;

/** What a document tells the element that shows it. */
export interface DocumentHooks {
  /** Messages that passed the guard and the budget, in batches. */
  readonly messages: (batch: readonly PreviewMessage[]) => void;
  /** The page handed over a download (counted in the budget; the element decides whether to save it). */
  readonly download: (filename: string, blob: Blob) => void;
  /** The page wrote text to the clipboard. */
  readonly clipboard: (text: string) => void;
  /** The document has its content and reports from now on. */
  readonly ready: () => void;
  /** The page reported `load`. */
  readonly loaded: () => void;
  /** The page stopped answering, or its frame never loaded; `pending` were not handed on yet. */
  readonly stalled: (pending: readonly PreviewMessage[]) => void;
  /** A request of the app APIs (`ArtifactApps`); its reply is posted back while the document lasts. */
  readonly request: (request: AppRequest) => Promise<AppReply>;
}

/**
 * One preview document, from the app's side: its channel (a new one for every document, so nothing of an
 * older one is taken for it), its frame's first load, the `MessagePort` it reports over, its budget (count
 * and size of messages) and its heartbeat.
 *
 * A document is written at once (made with a `PreparedRender`) or primed (made with a `PreparedPrime`: the
 * frame has the page's head and libraries ready and waits; `render` completes it). A primed document is not
 * watched and reports nothing until it renders: only then does the page's own code run. A document can also be
 * made before its prime is known (`first` left out, then `prime(…)`): its frame and the preview's own page load
 * meanwhile.
 */
export class PreviewDocument {
  readonly channel = crypto.randomUUID();
  private frame: HTMLIFrameElement | undefined;
  private port: MessagePort | undefined;
  /** A render request that came before the frame loaded. */
  private waiting: PreparedRender | undefined;
  private rendered: boolean;
  private watchdog: PreviewWatchdog | undefined;
  private frameTimer: ReturnType<typeof setTimeout> | undefined;
  private accepted = 0;
  private dropped = 0;
  private batch: PreviewMessage[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly hooks: DocumentHooks,
    private first?: PreparedPrime | PreparedRender,
  ) {
    this.rendered = first?.kind === 'render';
    this.frameTimer = setTimeout(() => this.stall(), FRAME_LOAD_MS);
  }

  /** The prime this document was begun with, while it waits for its component; else `undefined`. */
  get prime(): PreparedPrime | undefined {
    return this.first?.kind === 'prime' && !this.rendered ? this.first : undefined;
  }

  /** Begins a document made without its first request with `prime` (once). */
  begin(prime: PreparedPrime): void {
    if (this.disposed || this.first) return;
    this.first = prime;
    if (this.frame) this.send(this.frame, prime);
  }

  /**
   * A `load` of `frame`. Only its first counts: a later one is the page navigating its own frame (to another
   * document of the app's origin, the only kind its parent's policy lets in), which gets nothing.
   */
  frameLoaded(frame: HTMLIFrameElement): void {
    if (this.disposed || this.frame || !frame.contentWindow) return;
    this.frame = frame;
    clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    if (this.first) this.send(frame, this.first);
  }

  /** Completes a primed document with `prepared`, which must fit its prime (see `fitsPrime`). */
  render(prepared: PreparedRender): void {
    if (this.disposed || this.first?.kind !== 'prime') return;
    this.rendered = true;
    if (!this.port) {
      this.waiting = prepared;
      return;
    }
    this.waiting = undefined;
    const head = this.first.html.length;
    const request: RenderRequest = {
      ...prepared,
      html: prepared.html.slice(head),
      source: HOST_SOURCE,
      channel: this.channel,
    };
    this.port.postMessage(request);
    this.started(prepared.stallMs);
  }

  /**
   * Resolves `true` once the page answers the heartbeat, `false` if the watchdog stops it first: a page can
   * load and then loop, and only this tells the two apart.
   */
  responsive(): Promise<boolean> {
    return this.watchdog?.responsive() ?? Promise.resolve(true);
  }

  /** Stops listening, and returns the messages not handed on yet. */
  dispose(): readonly PreviewMessage[] {
    this.disposed = true;
    clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    this.watchdog?.dispose();
    this.watchdog = undefined;
    if (this.port) {
      this.port.onmessage = null;
      this.port.close();
      this.port = undefined;
    }
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    return this.batch.splice(0);
  }

  /** Sends the frame's first request, with the port it reports over. */
  private send(frame: HTMLIFrameElement, first: PreparedPrime | PreparedRender): void {
    if (!frame.contentWindow) return;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.onmessage = (e: MessageEvent) => this.handlePortMessage(e.data);
    const request: PrimeRequest | RenderRequest = { ...first, source: HOST_SOURCE, channel: this.channel };
    frame.contentWindow.postMessage(request, '*', [port2]);
    if (first.kind === 'render') this.started(first.stallMs);
    else if (this.waiting) this.render(this.waiting);
  }

  private started(stallMs?: number): void {
    if (!this.port) return;
    this.watchdog = new PreviewWatchdog(this.port, () => this.stall(), stallMs ? { stallMs } : {});
    this.hooks.ready();
  }

  private stall(): void {
    if (this.disposed) return;
    this.hooks.stalled(this.dispose());
  }

  private handlePortMessage(data: unknown): void {
    if (this.disposed) return;
    if (isAppRequest(data, this.channel)) {
      void this.hooks.request(data).then((reply) => this.port?.postMessage(reply));
      return;
    }
    if (!isPreviewMessage(data, this.channel)) return;
    if (data.kind === 'pong') {
      this.watchdog?.pong(data.n);
      return;
    }
    if (data.kind === 'left') {
      // Nothing of the page runs any more, and that is no hang: the watchdog stops listening.
      this.watchdog?.dispose();
      this.watchdog = undefined;
    }
    if (data.kind !== 'loaded' && this.accepted >= MAX_DOCUMENT_MESSAGES) {
      if (this.dropped++ === 0)
        this.queue({
          source: data.source,
          channel: this.channel,
          kind: 'console',
          level: 'warn',
          text: msg(str`The page sent more than ${MAX_DOCUMENT_MESSAGES} messages; the rest are ignored.`),
        });
      return;
    }
    this.accepted++;
    switch (data.kind) {
      case 'download':
        this.hooks.download(data.filename, data.blob);
        break;
      case 'clipboard':
        this.hooks.clipboard(data.text);
        return;
      case 'loaded':
        this.hooks.loaded();
        break;
      default:
        break;
    }
    if ('text' in data && data.text.length > MAX_MESSAGE_TEXT)
      this.queue({ ...data, text: `${data.text.slice(0, MAX_MESSAGE_TEXT)}…` });
    else this.queue(data);
  }

  private queue(message: PreviewMessage): void {
    this.batch.push(message);
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = undefined;
      this.hooks.messages(this.batch.splice(0));
    }, BATCH_MS);
  }
}

/**
 * Whether a primed document can show `prepared`: a React page (its component module named) whose document
 * begins with the prime's head, and whose import map gives every specifier the prime evaluated early the same
 * file (so nothing ran early that the page would not have run). Specifiers the prime lacks load at render.
 */
export function fitsPrime(prime: PreparedPrime, prepared: PreparedRender): boolean {
  if (prepared.artifactFile === undefined || !prepared.html.startsWith(prime.html)) return false;
  return Object.entries(prime.imports).every(([specifier, file]) => prepared.imports[specifier] === file);
}
