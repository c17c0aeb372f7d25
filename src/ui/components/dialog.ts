/** `<easel-dialog>`: a dialog named `label`, modal or a popover beside what opened it, its content slotted. */
import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { ComposedEvent } from '../events';
import { focusRing } from '../styles/controls';

/** The dialog closed (Escape, a click outside, or `close()`). */
export class DialogCloseEvent extends ComposedEvent {
  static readonly type = 'dialog-close';
  constructor() {
    super(DialogCloseEvent.type);
  }
}

/**
 * A native `<dialog>` named `label`. Modal, it covers the page (`showModal`); otherwise it is a popover placed
 * under the element that holds it (whose box is `position: relative`), at its end edge. Either way it closes on
 * Escape and on a click outside it (not on its opener, which toggles it), fires `dialog-close`, and gives the
 * focus back to the element that had it when it opened if the focus was inside.
 */
@customElement('easel-dialog')
export class EaselDialog extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
    dialog {
      box-sizing: border-box;
      padding: var(--easel-space-4);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      background: var(--easel-surface);
      color: var(--easel-text);
      box-shadow: var(--easel-shadow-3);
      font-size: var(--easel-text-sm);
      max-width: calc(100vw - 16px);
      width: var(--easel-dialog-width, auto);
    }
    dialog:not(:modal) {
      position: absolute;
      inset: calc(100% + var(--easel-space-1)) 0 auto auto;
      margin: 0;
      z-index: 30;
      box-shadow: var(--easel-shadow-2);
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.4);
    }
    dialog:focus-visible {
      ${focusRing}
    }
  `;

  /** The dialog's accessible name. */
  @property() label = '';
  /** Whether it covers the page (a modal dialog) rather than opening as a popover. */
  @property({ type: Boolean }) modal = false;

  @query('dialog') private dialog!: HTMLDialogElement;

  private opener: HTMLElement | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopListening();
  }

  override render() {
    return html`<dialog aria-label=${this.label} tabindex="-1" @close=${this.handleClose} @cancel=${this.handleCancel}>
      <slot></slot>
    </dialog>`;
  }

  /** Whether it is open. */
  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  /** Opens it and focuses it (the person then tabs into its content). */
  async show(): Promise<void> {
    await this.updateComplete;
    if (this.dialog.open) return;
    this.opener = deepActiveElement();
    if (this.modal) this.dialog.showModal();
    else this.dialog.show();
    this.dialog.focus();
    document.addEventListener('keydown', this.handleDocumentKeydown, true);
    document.addEventListener('pointerdown', this.handleDocumentPointerdown, true);
  }

  /** Closes it. */
  close(): void {
    if (this.dialog?.open) this.dialog.close();
  }

  /** Opens it when closed, closes it when open. */
  toggle(): void {
    if (this.open) this.close();
    else void this.show();
  }

  private handleClose() {
    this.stopListening();
    const active = deepActiveElement();
    const focusWasInside =
      !active || active === document.body || this.contains(active) || this.dialog.contains(active);
    if (focusWasInside && this.opener?.isConnected) this.opener.focus();
    this.opener = undefined;
    this.dispatchEvent(new DialogCloseEvent());
  }

  private handleCancel(e: Event) {
    e.preventDefault();
    this.close();
  }

  private readonly handleDocumentKeydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !this.open) return;
    e.preventDefault();
    e.stopPropagation();
    this.close();
  };

  private readonly handleDocumentPointerdown = (e: PointerEvent) => {
    const path = e.composedPath();
    if (path.includes(this.dialog) || (this.opener && path.includes(this.opener))) return;
    this.close();
  };

  private stopListening() {
    document.removeEventListener('keydown', this.handleDocumentKeydown, true);
    document.removeEventListener('pointerdown', this.handleDocumentPointerdown, true);
  }
}

/** The focused element, looked for inside shadow roots. */
function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-dialog': EaselDialog;
  }
  interface HTMLElementEventMap {
    'dialog-close': DialogCloseEvent;
  }
}
