import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { formatBytes } from '../../agent';
import { isPreviewMessage, type PlanKind, PREVIEW_SOURCE, type PreviewMessage } from '../../artifacts';
import { PreviewMessageEvent, PreviewStartEvent } from './events';
import { saveBlob } from './file-actions';
import type { PreparedRender } from './preview-runtime';
import { PreviewRuntime } from './preview-runtime';
import { PreviewWatchdog, WATCHDOG_STALL_MS } from './preview-watchdog';
import { refreshDelay } from './refresh-policy';

/** Most messages the app takes from one document; the rest are dropped (and counted once). */
export const MAX_DOCUMENT_MESSAGES = 300;
/** Longest text the app keeps from one message. */
export const MAX_MESSAGE_TEXT = 4_000;
/** Most downloads one document may hand over, and the largest. */
export const MAX_DOWNLOADS = 20;
export const MAX_DOWNLOAD_BYTES = 100_000_000;
/** Messages are handed on in batches, at most this often. */
const BATCH_MS = 50;
/** Fired (not bubbling) when a frame has been sent its document: from here on it reports. */
export const PREVIEW_READY = 'preview-ready';
/**
 * The longest wait for a new frame's own document (a small page of the app) to load. Longer means its process
 * is stuck: Chromium may put previews of the same file in one process, where one page's endless loop keeps the
 * next from starting.
 */
const FRAME_LOAD_MS = 8_000;
/** How long a notice (`Downloaded …`, `Copied …`) stays. */
const NOTICE_MS = 6_000;

interface Notice {
  readonly text: string;
  /** A download that waits for a click (it came without one). */
  readonly save?: { readonly filename: string; readonly blob: Blob };
  /** The page was stopped by the watchdog: the notice stays and offers `Run again`. */
  readonly stopped?: true;
}

/**
 * The sandboxed iframe artifact code runs in — the only place the app makes one.
 *
 * The frame is `<iframe sandbox="allow-scripts" src="preview.html#<channel>">`, never `allow-same-origin`:
 * the preview document (see `src/preview`) has an opaque origin and a policy of its own that turns the
 * network off. Every document gets a new frame and a new channel. When the frame has loaded, the element
 * posts it the render request (prepared by the `PreviewRuntime`: shelf files as Blobs, compiled code) with a
 * `MessagePort`, and from then on reads only that port: a message passes when it is well-formed for the
 * document's channel (`isPreviewMessage`) and within the document's budget (count, size, downloads). Accepted
 * messages are handed on in batches (`preview-message` each), so a page that floods its console costs the
 * app a bounded amount of work. Each new document fires `preview-start`.
 *
 * Downloads and clipboard writes the page starts are carried out here, in the app's origin: a download is
 * saved at once after a click in the frame (the click's activation reaches this page) and a notice names it
 * and its size; without a click the notice offers `Save`. Text reaches the clipboard only after a click.
 *
 * While `streaming`, new content is loaded at a bounded rate (see `refresh-policy.ts`); a component that does
 * not compile yet keeps the last document shown. When streaming ends the final content is loaded at once.
 */
@customElement('easel-artifact-preview')
export class EaselArtifactPreview extends LitElement {
  static override styles = css`
    :host {
      display: block;
      position: relative;
      background: #fff;
    }
    iframe {
      display: block;
      border: 0;
      width: 100%;
      height: 100%;
      background: #fff;
    }
    .notice {
      position: absolute;
      left: 8px;
      bottom: 8px;
      display: flex;
      gap: 8px;
      align-items: center;
      max-width: calc(100% - 16px);
      padding: 6px 10px;
      border-radius: 6px;
      background: #202124;
      color: #fff;
      font: 13px/1.4 system-ui, sans-serif;
      box-shadow: 0 2px 8px rgb(0 0 0 / 0.3);
    }
    .notice button {
      font: inherit;
      cursor: pointer;
    }
  `;

  /** The file shown (names the frame `<filename> preview`). */
  @property() filename = '';
  /** The artifact's content. */
  @property() content = '';
  /** How the content runs. */
  @property() kind: PlanKind = 'html';
  /** Whether the content is still growing (loads are rate-limited). */
  @property({ type: Boolean }) streaming = false;
  /** A preview run out of sight to collect a page's console (its frame is named differently). */
  @property({ type: Boolean }) background = false;
  /** Prepares documents (shelf, compiler). Without one, the element makes its own. */
  @property({ attribute: false }) runtime: PreviewRuntime | undefined;

  /** The channel of the document shown now (`''` before the first). */
  @state() private channel = '';
  @state() private notice: Notice | undefined;

  private prepared: PreparedRender | undefined;
  private started: HTMLIFrameElement | undefined;
  private port: MessagePort | undefined;
  private watchdog: PreviewWatchdog | undefined;
  /** Until the frame loads: a frame that never does is stopped too (see `FRAME_LOAD_MS`). */
  private frameTimer: ReturnType<typeof setTimeout> | undefined;
  private accepted = 0;
  private dropped = 0;
  private downloads = 0;
  private batch: PreviewMessage[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private loadToken = 0;
  private loadedContent: string | undefined;
  private loadedLength = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ownRuntime: PreviewRuntime | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.closePort();
    clearTimeout(this.noticeTimer);
    this.ownRuntime?.dispose();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('content') && !changed.has('kind') && !changed.has('streaming')) return;
    if (!this.streaming) {
      if (this.content !== this.loadedContent || changed.has('kind')) this.load();
      return;
    }
    if (this.timer !== undefined) return; // a load is already scheduled; it takes the latest content
    const delay = refreshDelay(
      { loadedLength: this.loadedLength, loadedAt: this.loadedAt },
      this.content.length,
      performance.now(),
    );
    if (delay === 0) this.load();
    else this.timer = setTimeout(() => this.loadLater(), delay);
  }

  override render() {
    const title = this.background ? `${this.filename} console check` : `${this.filename} preview`;
    const src = this.channel ? `${new URL('./preview.html', document.baseURI).href}#${this.channel}` : '';
    return html`${
      this.channel
        ? keyed(
            this.channel,
            html`<iframe
              title=${title}
              sandbox="allow-scripts"
              referrerpolicy="no-referrer"
              src=${src}
              @load=${this.handleFrameLoad}
            ></iframe>`,
          )
        : nothing
    }${this.renderNotice()}`;
  }

  private renderNotice() {
    const notice = this.notice;
    if (!notice) return nothing;
    return html`<div class="notice" role="status">
      <span>${notice.text}</span>
      ${
        notice.save
          ? html`<button type="button" @click=${this.handleSave}>Save</button>
              <button type="button" @click=${this.handleDismiss}>Dismiss</button>`
          : notice.stopped
            ? html`<button type="button" @click=${this.handleRunAgain}>Run again</button>`
            : nothing
      }
    </div>`;
  }

  private loadLater(): void {
    this.timer = undefined;
    if (!this.isConnected) return;
    if (this.content.length !== this.loadedLength) this.requestUpdate('content');
  }

  private load(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const token = ++this.loadToken;
    const { content, kind, streaming, filename } = this;
    this.loadedContent = content;
    this.loadedLength = content.length;
    this.loadedAt = performance.now();
    const runtime = this.runtime ?? this.fallbackRuntime();
    void runtime.prepare(filename, content, kind, streaming).then(
      (prepared) => {
        if (token !== this.loadToken || !prepared) return;
        this.show(prepared, content);
      },
      (error: unknown) => {
        if (token !== this.loadToken) return;
        const text = `The preview could not be prepared: ${error instanceof Error ? error.message : String(error)}`;
        this.show(
          {
            kind: 'render',
            html: '',
            files: {},
            imports: {},
            notes: [{ level: 'error', text }],
            handled: [],
          },
          content,
        );
      },
    );
  }

  private fallbackRuntime(): PreviewRuntime {
    this.ownRuntime ??= new PreviewRuntime();
    return this.ownRuntime;
  }

  /** Shows a new document: a new frame on a new channel; its request is posted once it has loaded. */
  private show(prepared: PreparedRender, content: string): void {
    this.closePort();
    this.prepared = prepared;
    this.started = undefined;
    this.accepted = 0;
    this.dropped = 0;
    this.downloads = 0;
    if (this.notice?.stopped) this.notice = undefined;
    const channel = crypto.randomUUID();
    this.channel = channel;
    this.frameTimer = setTimeout(() => this.stopStalled(channel), FRAME_LOAD_MS);
    this.dispatchEvent(new PreviewStartEvent(this.filename, content));
  }

  private closePort(): void {
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
    this.batch = [];
  }

  private readonly handleFrameLoad = (event: Event): void => {
    const frame = event.currentTarget as HTMLIFrameElement;
    const prepared = this.prepared;
    // Only the first load of each frame: a later one is the page navigating its own frame (to another
    // document of the app's origin, the only kind its parent's policy lets in), which gets nothing.
    if (this.started === frame || !prepared || !frame.contentWindow) return;
    this.started = frame;
    clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    const channel = this.channel;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.onmessage = (e: MessageEvent) => this.handlePortMessage(e.data, channel);
    frame.contentWindow.postMessage({ ...prepared, source: 'easel-host', channel }, '*', [port2]);
    this.watchdog = new PreviewWatchdog(port1, () => this.stopStalled(channel));
    this.dispatchEvent(new Event(PREVIEW_READY));
  };

  private handlePortMessage(data: unknown, channel: string): void {
    if (channel !== this.channel || !isPreviewMessage(data, channel)) return;
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
          channel,
          kind: 'console',
          level: 'warn',
          text: `The page sent more than ${MAX_DOCUMENT_MESSAGES} messages; the rest are ignored.`,
        });
      return;
    }
    this.accepted++;
    switch (data.kind) {
      case 'download':
        this.handleDownload(data.filename, data.blob);
        break;
      case 'clipboard':
        this.handleClipboard(data.text);
        return;
      default:
        break;
    }
    if ('text' in data && data.text.length > MAX_MESSAGE_TEXT)
      this.queue({ ...data, text: `${data.text.slice(0, MAX_MESSAGE_TEXT)}…` });
    else this.queue(data);
  }

  /**
   * Resolves `true` once the page answers the heartbeat, `false` if the watchdog stops it first: a page can
   * load and then loop, and only this tells the two apart.
   */
  responsive(): Promise<boolean> {
    return this.watchdog?.responsive() ?? Promise.resolve(true);
  }

  /** The page stopped answering: its frame goes (ending its process) and the person and Claude are told. */
  private stopStalled(channel: string): void {
    if (channel !== this.channel) return;
    const pending = this.batch;
    this.closePort();
    this.channel = '';
    this.started = undefined;
    const seconds = WATCHDOG_STALL_MS / 1000;
    const text =
      `The page stopped responding for ${seconds} s (an endless loop or a very long task?) and was stopped. ` +
      'Nothing of it runs any more.';
    for (const m of pending) this.dispatchEvent(new PreviewMessageEvent(this.filename, m));
    this.dispatchEvent(
      new PreviewMessageEvent(this.filename, { source: PREVIEW_SOURCE, channel, kind: 'stopped', text }),
    );
    if (!this.background)
      this.showNotice({ text: `${this.filename} stopped responding and was stopped.`, stopped: true });
  }

  private readonly handleRunAgain = (): void => {
    this.notice = undefined;
    this.load();
  };

  private queue(message: PreviewMessage): void {
    this.batch.push(message);
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = undefined;
      const batch = this.batch;
      this.batch = [];
      for (const m of batch) this.dispatchEvent(new PreviewMessageEvent(this.filename, m));
    }, BATCH_MS);
  }

  private handleDownload(filename: string, blob: Blob): void {
    if (this.background) return;
    const name = downloadName(filename);
    if (this.downloads >= MAX_DOWNLOADS || blob.size > MAX_DOWNLOAD_BYTES) {
      this.showNotice({ text: `The page's download of ${name} (${formatBytes(blob.size)}) was refused.` });
      return;
    }
    this.downloads++;
    if (navigator.userActivation?.isActive) {
      saveBlob(name, blob);
      this.showNotice({ text: `Downloaded ${name} (${formatBytes(blob.size)})` });
    } else {
      this.showNotice({
        text: `The page offers ${name} (${formatBytes(blob.size)})`,
        save: { filename: name, blob },
      });
    }
  }

  private handleClipboard(text: string): void {
    if (this.background) return;
    if (!navigator.userActivation?.isActive) return; // only right after a click in the page
    navigator.clipboard.writeText(text).then(
      () => this.showNotice({ text: 'Copied to the clipboard' }),
      (error: unknown) =>
        this.showNotice({
          text: `Copying failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
    );
  }

  private showNotice(notice: Notice): void {
    if (this.notice?.stopped && !notice.stopped) return;
    this.notice = notice;
    clearTimeout(this.noticeTimer);
    if (!notice.save && !notice.stopped)
      this.noticeTimer = setTimeout(() => {
        this.notice = undefined;
      }, NOTICE_MS);
  }

  private readonly handleSave = (): void => {
    const save = this.notice?.save;
    if (!save) return;
    saveBlob(save.filename, save.blob);
    this.showNotice({ text: `Downloaded ${save.filename} (${formatBytes(save.blob.size)})` });
  };

  private readonly handleDismiss = (): void => {
    this.notice = undefined;
  };
}

/** A safe file name for a download a page asked for (no folders, no control or format characters). */
export function downloadName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 120);
  return clean === '' || clean === '.' || clean === '..' ? 'download' : clean;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-preview': EaselArtifactPreview;
  }
}
