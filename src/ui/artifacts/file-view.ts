/**
 * `<easel-file-view>`: the viewer for a file that is not shown as text or run as a page: a file of bytes code
 * wrote (PDF, Word, spreadsheet, presentation, image, audio, video), a CSV/TSV file (as a grid) and a Mermaid
 * file (a diagram in the sandbox). One module, loaded with the first such file; each viewer's library loads
 * with the first file it shows. `Changes` of a binary file compares type and size: it has no lines.
 */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { formatBytes } from '../format';
import type { PanelMode, ShownFile } from './panel-view';
import type { PreviewRuntime } from './preview-runtime';
import './viewers/document-view';
import './viewers/media-view';
import './viewers/pdf-view';
import './viewers/sheet-view';
import './viewers/slides-view';
import { msg, str } from '../l10n';

let mermaidRequested = false;

/** What a viewer shows, for the note on a file of that kind written as text. */
const WHAT: Partial<Record<ShownFile['kind'], string>> = {
  pdf: 'a PDF',
  document: 'a Word document',
  slides: 'a presentation',
  audio: 'a sound',
  video: 'a video',
};

@customElement('easel-file-view')
export class EaselFileView extends LitElement {
  static override styles = css`
    :host {
      display: block;
      height: 100%;
      min-height: 0;
    }
    .note {
      margin: var(--easel-space-3);
      color: var(--easel-text-muted);
    }
  `;

  /** The file and version shown. */
  @property({ attribute: false }) shown: ShownFile | undefined;
  /** `preview` or `changes` (a binary file has no `code`). */
  @property() mode: PanelMode = 'preview';
  /** The bytes to show: a binary version's own, or a text file's UTF-8. */
  @property({ attribute: false }) bytes: Uint8Array | undefined;
  @property() mimeType = '';
  /** The app's preview runtime, for a Mermaid diagram. */
  @property({ attribute: false }) runtime: PreviewRuntime | undefined;

  override render() {
    const shown = this.shown;
    if (!shown || !this.bytes) return nothing;
    if (shown.binary && this.mode === 'changes') return this.renderChanges(shown);
    const { filename } = shown;
    if (!shown.binary && shown.kind !== 'sheet' && shown.kind !== 'mermaid')
      return html`<p class="note" role="note">${msg(str`${filename} was written as text, so it cannot be shown as ${WHAT[shown.kind] ?? msg('such a file')}; its text is under Code.`)}</p>`;
    const bytes = this.bytes;
    switch (shown.kind) {
      case 'pdf':
        return html`<easel-pdf-view .filename=${filename} .bytes=${bytes}></easel-pdf-view>`;
      case 'document':
        return html`<easel-document-view .filename=${filename} .bytes=${bytes}></easel-document-view>`;
      case 'sheet':
        return html`<easel-sheet-view .filename=${filename} .bytes=${bytes}></easel-sheet-view>`;
      case 'slides':
        return html`<easel-slides-view .filename=${filename} .bytes=${bytes}></easel-slides-view>`;
      case 'image':
      case 'audio':
      case 'video':
        return html`<easel-media-view
          .filename=${filename}
          .kind=${shown.kind}
          .bytes=${bytes}
          .mimeType=${this.mimeType}
        ></easel-media-view>`;
      case 'mermaid':
        // Mermaid's output is untrusted: drawn in the sandboxed preview (`mermaid-view.ts`, which loads the page).
        if (!mermaidRequested) {
          mermaidRequested = true;
          void import('./mermaid-view');
        }
        return html`<easel-mermaid-view
          .filename=${filename}
          .source=${new TextDecoder().decode(bytes)}
          .runtime=${this.runtime}
        ></easel-mermaid-view>`;
      default:
        return html`<p class="note">${msg(str`${filename} — ${this.mimeType || msg('binary')}, ${formatBytes(bytes.byteLength)}. Download it to open it.`)}</p>`;
    }
  }

  private renderChanges(shown: ShownFile) {
    const from = shown.previous;
    const to = shown.version;
    const summary = (bytes: Uint8Array | undefined, content: string, type: string | undefined) =>
      bytes
        ? `${type ?? 'binary'}, ${formatBytes(bytes.byteLength)}`
        : `text, ${formatBytes(new TextEncoder().encode(content).byteLength)}`;
    const after = summary(this.bytes, '', this.mimeType);
    return html`<p class="note" role="note">
      ${from && to ? msg(str`Version ${from.version}: ${summary(from.bytes, from.content, from.mimeType)}. Version ${to.version}: ${after}.`) : msg(str`New file: ${after}.`)} ${msg('A binary file has no lines to compare.')}
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-file-view': EaselFileView;
  }
}
