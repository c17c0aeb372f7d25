/** `<easel-shortcuts-dialog>`: the `Keyboard shortcuts` dialog, listing every shortcut. */
import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';
import { describeShortcut, isMac, type Shortcut } from './shortcuts';

/** One row of the dialog: what the keys do. */
export interface ShortcutRow {
  readonly label: string;
  readonly shortcut: Shortcut;
}

/**
 * A modal dialog `Keyboard shortcuts` with a table of keys and what they do, and `Close` (Esc closes too);
 * focus goes back to where it was.
 */
@customElement('easel-shortcuts-dialog')
export class EaselShortcutsDialog extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
    dialog {
      width: min(480px, calc(100vw - 2 * var(--easel-space-4)));
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      background: var(--easel-surface);
      color: var(--easel-text);
      padding: var(--easel-space-4);
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.3);
    }
    h2 {
      margin: 0 0 var(--easel-space-3);
      font-size: 1.1rem;
    }
    table {
      width: 100%;
      border-collapse: collapse;
    }
    th,
    td {
      text-align: left;
      padding: var(--easel-space-1) var(--easel-space-2);
      border-bottom: 1px solid var(--easel-border);
    }
    kbd {
      font: inherit;
      font-family: var(--easel-font-mono, monospace);
      padding: 0 var(--easel-space-1);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface-2);
    }
    p {
      font-size: 0.85rem;
      color: var(--easel-text-muted);
    }
    button {
      ${buttonLook}
      padding: var(--easel-space-1) var(--easel-space-3);
    }
    button:focus-visible {
      ${focusRing}
    }
  `;

  /** The shortcuts, in the order listed. */
  @property({ attribute: false }) shortcuts: readonly ShortcutRow[] = [];

  @query('dialog') private dialog!: HTMLDialogElement;

  private returnTo: HTMLElement | undefined;
  private readonly mac = isMac();

  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  /** Opens the dialog, remembering where focus was. */
  async show(): Promise<void> {
    await this.updateComplete;
    if (this.dialog.open) return;
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    this.returnTo = active instanceof HTMLElement && active !== document.body ? active : undefined;
    this.dialog.showModal();
    this.renderRoot.querySelector('button')?.focus();
  }

  close(): void {
    this.dialog?.close();
  }

  override render() {
    return html`<dialog aria-labelledby="title" @close=${this.handleClose}>
      <h2 id="title">${msg('Keyboard shortcuts')}</h2>
      <table>
        <thead>
          <tr><th scope="col">${msg('Keys')}</th><th scope="col">${msg('Action')}</th></tr>
        </thead>
        <tbody>
          ${this.shortcuts.map(
            (row) =>
              html`<tr><td><kbd>${describeShortcut(row.shortcut, this.mac)}</kbd></td><td>${row.label}</td></tr>`,
          )}
        </tbody>
      </table>
      <p>
        ${msg('In a list or dialog, ↑ and ↓ move, Enter chooses and Esc closes. In the message box, Enter sends, Shift+Enter adds a line, Alt+Enter queues a follow-up while Claude works, and Esc stops the answer.')}
      </p>
      <button type="button" @click=${() => this.close()}>${msg('Close')}</button>
    </dialog>`;
  }

  private handleClose() {
    const back = this.returnTo;
    this.returnTo = undefined;
    if (back?.isConnected) back.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-shortcuts-dialog': EaselShortcutsDialog;
  }
}
