import { css, html, LitElement, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { assertNever } from '../../agent';
import type { AttachmentRecord } from '../../messages';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { focusRing } from '../styles/controls';

/** Characters of a text attachment shown in the preview (the rest is only sent). */
const TEXT_PREVIEW_CHARS = 200_000;
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The part of `window.trustedTypes` used here (the DOM typings have no Trusted Types). */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(input: string): string | null },
  ): {
    createScriptURL(input: string): unknown;
  };
}

/**
 * `<object data>` is a script URL sink under the app page's Trusted Types (`index.html`), and the default
 * policy accepts only the app's own scripts. This policy vouches for the one other kind of URL the page puts
 * there: a `blob:` URL of the page's own origin, which only this element makes, from bytes it re-typed
 * `application/pdf`. Anything else gets an empty URL.
 */
const pdfUrlPolicy = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy(
  'easel-pdf-preview',
  { createScriptURL: (input) => (input.startsWith(`blob:${location.origin}/`) ? input : null) },
);

/**
 * A modal preview of one attachment: the image; the PDF in the browser's own viewer; or the text.
 *
 * PDFs: Chromium's viewer refuses to run inside any sandboxed frame (even `sandbox="allow-scripts"`: the frame
 * shows an error page), so the PDF is shown with `<object type="application/pdf">` over a `blob:` URL. That is
 * safe because the viewer, not the page, renders it: the blob is re-typed `application/pdf` here, from bytes
 * that passed the PDF checks, so nothing can make the browser treat it as HTML in the app's origin, and the
 * viewer runs in its own isolated process and origin. Browsers without a PDF viewer get an `Open` link.
 * Images are shown with `<img>` (no script runs in an image); text through a text binding, never as HTML.
 * Under the app page's Trusted Types the `data` URL goes through `pdfUrlPolicy`.
 */
@customElement('easel-attachment-preview')
export class EaselAttachmentPreview extends LitElement {
  static override styles = css`
    dialog {
      width: min(92vw, 960px);
      max-height: 90vh;
      padding: 0;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      background: var(--easel-surface);
      color: var(--easel-text);
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.5);
    }
    header {
      display: flex;
      align-items: center;
      gap: var(--easel-space-3);
      padding: var(--easel-space-2) var(--easel-space-4);
      border-bottom: 1px solid var(--easel-border);
    }
    h2 {
      flex: 1;
      margin: 0;
      font-size: 1rem;
      overflow-wrap: anywhere;
    }
    .meta {
      color: var(--easel-text-muted);
      font-size: 0.8rem;
    }
    .body {
      padding: var(--easel-space-4);
    }
    img {
      display: block;
      max-width: 100%;
      max-height: 75vh;
      margin: 0 auto;
    }
    object {
      display: block;
      width: 100%;
      height: 75vh;
      border: none;
    }
    pre {
      margin: 0;
      max-height: 75vh;
      overflow: auto;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      font-family: var(--easel-font-mono);
      font-size: 0.85rem;
    }
    button,
    a {
      font: inherit;
      color: var(--easel-link);
    }
    button {
      padding: var(--easel-space-1) var(--easel-space-3);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface-2);
      color: var(--easel-text);
      cursor: pointer;
    }
    button:focus-visible,
    a:focus-visible {
      ${focusRing}
    }
  `;

  @state() private record: AttachmentRecord | undefined;
  /** Object URL of the bytes (images, PDFs). */
  @state() private url: string | undefined;
  @state() private text: string | undefined;

  @query('dialog') private dialog!: HTMLDialogElement;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.release();
  }

  /** Opens the preview of `record`, whose bytes are `blob` (undefined when they are gone). */
  async show(record: AttachmentRecord, blob: Blob | undefined): Promise<void> {
    this.release();
    this.record = record;
    if (blob && record.kind === 'text') {
      const text = await blob.slice(0, TEXT_PREVIEW_CHARS * 4).text();
      this.text = text.length > TEXT_PREVIEW_CHARS ? `${text.slice(0, TEXT_PREVIEW_CHARS)}\n…` : text;
    } else if (blob) {
      this.url = URL.createObjectURL(new Blob([blob], { type: safeType(record) }));
    }
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
  }

  override render() {
    const r = this.record;
    return html`<dialog aria-label=${r ? msg(str`Preview of ${r.name}`) : msg('Preview')} @close=${this.handleClose}>
      ${
        r
          ? html`<header>
                <h2>${r.name}</h2>
                <span class="meta">${formatBytes(r.size)}</span>
                <form method="dialog"><button>${msg('Close')}</button></form>
              </header>
              <div class="body">${this.renderBody(r)}</div>`
          : nothing
      }
    </dialog>`;
  }

  /** Each kind drawn its own way: a new kind fails to compile here until it says how it is shown. */
  private renderBody(r: AttachmentRecord) {
    const url = this.url;
    switch (r.kind) {
      case 'text':
        return this.text === undefined ? missing() : html`<pre>${this.text}</pre>`;
      case 'image':
        return url === undefined ? missing() : html`<img src=${url} alt=${r.name} />`;
      case 'pdf':
        return url === undefined ? missing() : this.renderPdf(r, url);
      default:
        return assertNever(r.kind);
    }
  }

  private renderPdf(r: AttachmentRecord, url: string) {
    const open = html`<a href=${url} target="_blank" rel="noopener">${msg(str`Open ${r.name} in a new tab`)}</a>`;
    if (!navigator.pdfViewerEnabled)
      return html`<p>${msg(str`This browser cannot show PDFs here. ${open}`)}</p>`;
    const data = pdfUrlPolicy?.createScriptURL(url) ?? url;
    return html`<object type="application/pdf" data=${data} title=${msg(str`${r.name} preview`)}>
        <p>${msg(str`The PDF could not be shown here. ${open}`)}</p>
      </object>
      <p>${open}</p>`;
  }

  private handleClose() {
    this.release();
    this.record = undefined;
  }

  private release() {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = undefined;
    this.text = undefined;
  }
}

function missing() {
  return html`<p>${msg('This file is no longer available.')}</p>`;
}

/** The type the preview gives the bytes: what the record says it is, and never anything a browser would run. */
function safeType(record: AttachmentRecord): string {
  if (record.kind === 'pdf') return 'application/pdf';
  return IMAGE_TYPES.has(record.mimeType) ? record.mimeType : 'application/octet-stream';
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-attachment-preview': EaselAttachmentPreview;
  }
}
