/** `<easel-toast>`: a short message in a live region, which the person may dismiss. */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ComposedEvent } from '../events';
import { msg } from '../l10n';
import { buttons } from '../styles/controls';
import { icon } from '../styles/icons';

/** The person dismissed the message. */
export class ToastDismissEvent extends ComposedEvent {
  static readonly type = 'toast-dismiss';
  constructor() {
    super(ToastDismissEvent.type);
  }
}

/**
 * `message` in a `status` live region (an `alert` when `tone` is `error`), with `Dismiss` when `dismissible`.
 * The region is always there, empty and out of the layout while there is no message, so that assistive
 * technology hears a message as it arrives. It never hides by itself: whoever set the message clears it.
 */
@customElement('easel-toast')
export class EaselToast extends LitElement {
  static override styles = [
    buttons,
    css`
      :host {
        display: block;
      }
      .toast {
        display: flex;
        align-items: center;
        gap: var(--easel-space-2);
        padding: var(--easel-space-1) var(--easel-space-1) var(--easel-space-1) var(--easel-space-3);
        border-radius: var(--easel-radius);
        background: var(--easel-info-bg);
        color: var(--easel-text);
        font-size: var(--easel-text-sm);
      }
      .toast.error {
        background: var(--easel-danger-bg);
        color: var(--easel-danger);
      }
      .toast:empty {
        display: none;
      }
      .text {
        flex: 1;
        min-width: 0;
      }
    `,
  ];

  /** What to say; `''` for nothing. */
  @property() message = '';
  /** `info` (a `status`) or `error` (an `alert`). */
  @property() tone: 'info' | 'error' = 'info';
  /** Whether a `Dismiss` button is offered. */
  @property({ type: Boolean }) dismissible = false;

  override render() {
    return html`<div class="toast ${this.tone}" role=${this.tone === 'error' ? 'alert' : 'status'}>${
      this.message
        ? html`<span class="text">${this.message}</span>${
            this.dismissible
              ? html`<button type="button" class="btn ghost icon sm" aria-label=${msg('Dismiss')} title=${msg('Dismiss')} @click=${this.handleDismiss}>${icon('close', 16)}</button>`
              : nothing
          }`
        : nothing
    }</div>`;
  }

  private handleDismiss() {
    this.dispatchEvent(new ToastDismissEvent());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-toast': EaselToast;
  }
  interface HTMLElementEventMap {
    'toast-dismiss': ToastDismissEvent;
  }
}
