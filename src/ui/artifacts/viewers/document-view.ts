/**
 * `<easel-document-view>`: a Word document (`.docx`) as a document: mammoth turns it into HTML in a worker
 * (headings, lists, tables, pictures), and the page shows that HTML only after DOMPurify, with the policy
 * answers have (no scripts, styles or forms; remote images wait for consent). Its layout (fonts, margins,
 * columns) is not kept: it is read, not printed.
 */
import { css, html, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { msg, str } from '../../l10n';
import { sanitizedDocument } from '../document-html';
import { FileViewer } from './file-viewer';
import { runOfficeJob } from './office-protocol';

let jobs = 0;

@customElement('easel-document-view')
export class EaselDocumentView extends FileViewer {
  static override styles = [
    FileViewer.styles,
    css`
    :host {
      display: block;
      min-height: 0;
      height: 100%;
      overflow: auto;
      background: var(--easel-surface-2);
    }
    .page {
      box-sizing: border-box;
      max-width: 48rem;
      margin: var(--easel-space-4) auto;
      padding: var(--easel-space-6);
      background: var(--easel-surface);
      color: var(--easel-text);
      font: 1rem/1.55 var(--easel-font);
      box-shadow: 0 1px 3px rgb(0 0 0 / 0.2);
    }
    .page[hidden] {
      display: none;
    }
    table {
      border-collapse: collapse;
      margin: var(--easel-space-3) 0;
    }
    td,
    th {
      border: 1px solid var(--easel-border);
      padding: var(--easel-space-1) var(--easel-space-2);
      vertical-align: top;
    }
    img {
      max-width: 100%;
    }
  `,
  ];

  @state() private status: 'reading' | 'shown' | 'failed' = 'reading';
  @state() private problem = '';
  @query('.page') private page!: HTMLElement;

  private job = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('bytes')) void this.read();
  }

  override render() {
    return html`${this.status === 'reading' ? html`<p class="note" role="status">${msg(str`Reading ${this.filename}…`)}</p>` : ''}
      ${this.status === 'failed' ? html`<p class="error" role="alert">${this.problem}</p>` : ''}
      <article class="page" aria-label=${this.filename} ?hidden=${this.status !== 'shown'}></article>`;
  }

  private async read(): Promise<void> {
    const bytes = this.bytes;
    this.status = 'reading';
    if (!bytes) return;
    const id = ++jobs;
    this.job = id;
    const reply = await runOfficeJob({ kind: 'document', id, bytes });
    if (this.job !== id) return;
    if (reply.kind !== 'document') {
      this.problem = msg(
        str`${this.filename} could not be read as a Word document (${reply.kind === 'failed' ? reply.reason : 'unexpected answer'}).`,
      );
      this.status = 'failed';
      return;
    }
    const nodes = await sanitizedDocument(reply.html);
    if (this.job !== id) return;
    await this.updateComplete;
    this.page.replaceChildren(nodes);
    this.status = 'shown';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-document-view': EaselDocumentView;
  }
}
