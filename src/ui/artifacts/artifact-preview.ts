import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { buildPreviewDocument, isPreviewMessage, type PreviewDocumentKind } from '../../artifacts';
import { PreviewMessageEvent, PreviewStartEvent } from './events';
import { refreshDelay } from './refresh-policy';

/**
 * The sandboxed iframe artifact code runs in — the only place the app makes one.
 *
 * The frame has `sandbox="allow-scripts"` exactly (never `allow-same-origin`: the document gets an opaque
 * origin and cannot reach the app's storage, DOM or key) and its document comes from
 * `buildPreviewDocument` (network off by policy, bridge first). A `message` event is handled only when its
 * `source` is this frame's window and its data passes `isPreviewMessage` for the channel of the document
 * loaded now (each document gets a new channel, so a late message from an earlier one is ignored). Each
 * new document fires `preview-start`; each accepted message fires `preview-message`.
 *
 * While `streaming`, new content is loaded at a bounded rate (see `refresh-policy.ts`); when streaming ends
 * the final content is loaded at once.
 */
@customElement('easel-artifact-preview')
export class EaselArtifactPreview extends LitElement {
  static override styles = css`
    :host {
      display: block;
      background: #fff;
    }
    iframe {
      display: block;
      border: 0;
      width: 100%;
      height: 100%;
      background: #fff;
    }
  `;

  /** The file shown (names the frame `<filename> preview`). */
  @property() filename = '';
  /** The artifact's content. */
  @property() content = '';
  /** How the content is wrapped into a document. */
  @property() kind: PreviewDocumentKind = 'html';
  /** Whether the content is still growing (loads are rate-limited). */
  @property({ type: Boolean }) streaming = false;
  /** A preview run out of sight to collect a page's console (its frame is named differently). */
  @property({ type: Boolean }) background = false;

  /** The `srcdoc` loaded now. */
  @state() private document = '';

  @query('iframe') private frame: HTMLIFrameElement | null | undefined;

  private channel = '';
  private loadedContent: string | undefined;
  private loadedLength = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.handleMessage);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('message', this.handleMessage);
    clearTimeout(this.timer);
    this.timer = undefined;
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
    return html`<iframe
      title=${title}
      sandbox="allow-scripts"
      referrerpolicy="no-referrer"
      srcdoc=${this.document}
    ></iframe>`;
  }

  private loadLater(): void {
    this.timer = undefined;
    if (!this.isConnected) return;
    if (this.content.length !== this.loadedLength) this.requestUpdate('content');
  }

  private load(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const channel = crypto.randomUUID();
    const next = buildPreviewDocument(this.content, this.kind, channel);
    this.channel = channel;
    this.document = next;
    this.loadedContent = this.content;
    this.loadedLength = this.content.length;
    this.loadedAt = performance.now();
    this.dispatchEvent(new PreviewStartEvent(this.filename, this.content));
  }

  private readonly handleMessage = (event: MessageEvent): void => {
    const frame = this.frame;
    if (!frame || event.source === null || event.source !== frame.contentWindow) return;
    if (!isPreviewMessage(event.data, this.channel)) return;
    this.dispatchEvent(new PreviewMessageEvent(this.filename, event.data));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-preview': EaselArtifactPreview;
  }
}
