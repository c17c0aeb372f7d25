/**
 * `<easel-media-view>`: an image, a sound or a video file from its bytes, through an object URL of its own
 * (revoked when the view goes or the bytes change). The browser's own players; nothing is uploaded.
 */
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';

@customElement('easel-media-view')
export class EaselMediaView extends LitElement {
  static override styles = css`
    :host {
      display: grid;
      place-items: center;
      min-height: 0;
      height: 100%;
      overflow: auto;
      padding: var(--easel-space-3);
      box-sizing: border-box;
    }
    img,
    video {
      max-width: 100%;
      max-height: 100%;
    }
    audio {
      width: min(100%, 32rem);
    }
  `;

  /** The file name: the media's accessible name. */
  @property() filename = '';
  /** What it is. */
  @property() kind: 'image' | 'audio' | 'video' = 'image';
  @property({ attribute: false }) bytes: Uint8Array | undefined;
  @property() mimeType = '';

  @state() private url: string | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.release();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected (a tab shown again): the URL was revoked on the way out.
    if (!this.url && this.bytes) this.requestUpdate('bytes');
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('bytes') && !changed.has('mimeType')) return;
    this.release();
    this.url = this.bytes
      ? URL.createObjectURL(new Blob([this.bytes as Uint8Array<ArrayBuffer>], { type: this.mimeType }))
      : undefined;
  }

  override render() {
    const url = this.url;
    if (!url) return nothing;
    switch (this.kind) {
      case 'image':
        return html`<img alt=${this.filename} src=${url} />`;
      case 'audio':
        return html`<audio controls aria-label=${this.filename} src=${url}></audio>`;
      case 'video':
        return html`<video controls aria-label=${this.filename} src=${url}></video>`;
      default:
        return this.kind satisfies never;
    }
  }

  private release() {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-media-view': EaselMediaView;
  }
}
