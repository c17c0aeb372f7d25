/**
 * `<easel-media-view>`: an image, a sound or a video file from its bytes, through an object URL of its own
 * (revoked when the view goes or the bytes change). The browser's own players; nothing is uploaded.
 *
 * The URL is of the app's origin and the record's `mimeType` is untrusted (an import or a sync can name any
 * type): opened in a tab, a `text/html` or `image/svg+xml` blob would run script as the app. So the blob takes
 * the recorded type only when it is a raster image, audio or video type of the view's kind
 * (`MEDIA_TYPES`), and `application/octet-stream` otherwise: the element still sniffs and shows the bytes, a
 * tab would only download them.
 */
import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { FileViewer } from './file-viewer';

/** The types a media blob may carry, by kind: raster images, audio and video; never SVG or markup. */
const MEDIA_TYPES: Readonly<Record<EaselMediaView['kind'], RegExp>> = {
  image: /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/,
  audio: /^audio\/[a-z0-9][a-z0-9.+-]*$/,
  video: /^video\/[a-z0-9][a-z0-9.+-]*$/,
};

/** `mimeType` if it is a safe type of `kind` (parameters and case dropped), else `application/octet-stream`. */
export function mediaBlobType(kind: EaselMediaView['kind'], mimeType: string): string {
  const type = mimeType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return MEDIA_TYPES[kind].test(type) ? type : 'application/octet-stream';
}

@customElement('easel-media-view')
export class EaselMediaView extends FileViewer {
  static override styles = [
    FileViewer.styles,
    css`
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
  `,
  ];

  /** What it is. */
  @property() kind: 'image' | 'audio' | 'video' = 'image';
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
    if (!changed.has('bytes') && !changed.has('mimeType') && !changed.has('kind')) return;
    this.release();
    this.url = this.bytes
      ? URL.createObjectURL(
          new Blob([this.bytes as Uint8Array<ArrayBuffer>], {
            type: mediaBlobType(this.kind, this.mimeType),
          }),
        )
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
