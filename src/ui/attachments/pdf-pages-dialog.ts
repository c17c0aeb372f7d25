import { css, html, LitElement, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { parsePageRanges, planPdfParts } from '../../attachments/pdf-pages';
import type { AttachmentRecord } from '../../messages';
import { msg, str } from '../l10n';
import { focusRing } from '../styles/controls';
import { ChoosePdfPagesEvent, SendPdfAsTextEvent, SendPdfInPartsEvent } from './events';

/** Pages the API reads in one request. */
const MAX_PAGES = 100;

/**
 * The modal `dialog` `Choose pages of <filename>` for a PDF longer than the API reads: a `Pages` text box
 * ("1-20, 45") holding the pages sent now, `Use these pages` and `Cancel`. A selection it cannot read stays
 * open with the reason (role `alert`); a good one fires `ChoosePdfPagesEvent(id, pages)`.
 */
@customElement('easel-pdf-pages-dialog')
export class EaselPdfPagesDialog extends LitElement {
  static override styles = css`
    dialog {
      max-width: min(32rem, 90vw);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface);
      color: var(--easel-text);
    }
    h2 {
      margin: 0 0 var(--easel-space-2);
      font-size: 1rem;
    }
    label {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
    }
    input {
      flex: 1;
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface-2);
      color: var(--easel-text);
    }
    [role='alert'] {
      color: var(--easel-danger);
      min-height: 1.2em;
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
    input:focus-visible {
      ${focusRing}
    }
  `;

  @state() private record: AttachmentRecord | undefined;
  @state() private problem = '';

  @query('dialog') private dialog!: HTMLDialogElement;
  @query('input') private input!: HTMLInputElement;

  /** Opens the dialog for `record` (a PDF with `sourcePages`). */
  async show(record: AttachmentRecord): Promise<void> {
    this.record = record;
    this.problem = '';
    await this.updateComplete;
    this.input.value = (record.pageRanges ?? '').replace(/–/g, '-');
    if (!this.dialog.open) this.dialog.showModal();
    this.input.select();
  }

  override render() {
    const r = this.record;
    return html`<dialog aria-label=${r ? msg(str`Choose pages of ${r.name}`) : msg('Choose pages')} @close=${this.handleClose}>
      ${
        r
          ? html`<form @submit=${this.handleSubmit}>
              <h2>${r.name}</h2>
              <p>
                ${msg(str`It has ${r.sourcePages} pages; the API reads at most ${MAX_PAGES} in one request. Give the pages to send, as pages and ranges.`)}
              </p>
              <label>${msg('Pages')} <input name="pages" autocomplete="off" placeholder="1-20, 45" /></label>
              <p role="alert">${this.problem || nothing}</p>
              <button type="submit">${msg('Use these pages')}</button>
              <button type="button" @click=${() => this.dialog.close()}>${msg('Cancel')}</button>
              ${this.renderParts(r.sourcePages ?? 0)}
            </form>`
          : nothing
      }
    </dialog>`;
  }

  /** What `Send in parts` will do, said before it is chosen. */
  private renderParts(total: number) {
    const parts = planPdfParts(total, MAX_PAGES);
    const ranges = parts.map((p) => `${p.from}–${p.to}`).join(', ');
    return html`<p id="parts-plan">
        ${msg(str`Or send all ${total} pages in ${parts.length} parts (pages ${ranges}; a part too large for one request is halved): part 1 with your message, each next part as a message of its own once Claude has answered the one before. A request holds at most ${MAX_PAGES} PDF pages, so parts Claude has read are not sent again.`)}
      </p>
      <button type="button" aria-describedby="parts-plan" @click=${this.handleParts}>${msg('Send in parts')}</button>
      <p id="text-plan">
        ${msg(str`Or send the text of all ${total} pages in this message: far fewer tokens than pages, but without pictures, charts or layout (a scanned page has no text).`)}
      </p>
      <button type="button" aria-describedby="text-plan" @click=${this.handleText}>${msg('Send as text')}</button>`;
  }

  private handleText() {
    const r = this.record;
    if (!r) return;
    this.dispatchEvent(new SendPdfAsTextEvent(r.id));
    this.dialog.close();
  }

  private handleParts() {
    const r = this.record;
    if (!r) return;
    this.dispatchEvent(new SendPdfInPartsEvent(r.id));
    this.dialog.close();
  }

  private handleSubmit(event: Event) {
    event.preventDefault();
    const r = this.record;
    if (!r || r.sourcePages === undefined) return;
    const choice = parsePageRanges(this.input.value, r.sourcePages, MAX_PAGES);
    if (!choice.ok) {
      this.problem = choice.reason;
      return;
    }
    this.dispatchEvent(new ChoosePdfPagesEvent(r.id, choice.pages));
    this.dialog.close();
  }

  private handleClose() {
    this.record = undefined;
    this.problem = '';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-pdf-pages-dialog': EaselPdfPagesDialog;
  }
}
