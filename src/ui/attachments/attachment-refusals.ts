import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Refusal } from '../../attachments';
import { msg, str } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';
import { DismissRefusalEvent, SendPdfAsTextEvent } from './events';

/**
 * Files that were not attached, each with its name and the reason, in a region with role `alert` (announced
 * as it fills; present but empty when there is nothing to say, so the first refusal is announced too). Each
 * notice has a `Dismiss` button, and a PDF Claude cannot read as a document an `Attach as text` button (its text is
 * taken out and attached instead). The typed text and the other attachments are untouched by a refusal.
 */
@customElement('easel-attachment-refusals')
export class EaselAttachmentRefusals extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-1);
    }
    li {
      display: flex;
      align-items: baseline;
      gap: var(--easel-space-2);
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      border-left: 3px solid var(--easel-danger);
      background: var(--easel-danger-bg);
      color: var(--easel-text);
      font-size: 0.9rem;
    }
    .text {
      flex: 1;
      overflow-wrap: anywhere;
    }
    button {
      ${buttonLook}
      font-size: 0.8rem;
      padding: 2px var(--easel-space-2);
    }
    button:focus-visible {
      ${focusRing}
    }
  `;

  /** The refusals to show, oldest first. */
  @property({ attribute: false }) refusals: readonly Refusal[] = [];

  override render() {
    return html`<div role="alert">
      ${
        this.refusals.length === 0
          ? ''
          : html`<ul aria-label=${msg('Files not attached')}>
              ${this.refusals.map(
                (r) => html`<li>
                  <span class="text"><strong>${r.file}</strong> ${msg(str`was not attached. ${r.reason}`)}${r.pdf ? msg(' Its text can be sent instead.') : ''}</span>
                  ${
                    r.pdf
                      ? html`<button type="button" aria-label=${msg(str`Attach the text of ${r.file}`)} @click=${() => this.dispatchEvent(new SendPdfAsTextEvent(r))}>
                          ${msg('Attach as text')}
                        </button>`
                      : ''
                  }
                  <button type="button" aria-label=${msg(str`Dismiss notice about ${r.file}`)} @click=${() => this.handleDismiss(r)}>
                    ${msg('Dismiss')}
                  </button>
                </li>`,
              )}
            </ul>`
      }
    </div>`;
  }

  private handleDismiss(refusal: Refusal) {
    this.dispatchEvent(new DismissRefusalEvent(refusal));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-attachment-refusals': EaselAttachmentRefusals;
  }
}
