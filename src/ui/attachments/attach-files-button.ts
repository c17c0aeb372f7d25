import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg } from '../l10n';
import { focusRing } from '../styles/controls';
import { FilesChosenEvent } from './events';

const paperclip = html`<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2">
  <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.9-8.9a3.7 3.7 0 0 1 5.2 5.2l-8.9 8.9a1.8 1.8 0 0 1-2.6-2.6l8.2-8.2" />
</svg>`;

/**
 * The `Attach files` button with its `<input type="file" multiple>`: opens the browser's picker and dispatches
 * `FilesChosenEvent` (source `picker`) with the chosen files. Any file may be chosen; what cannot be attached
 * is refused afterwards with its reason, which says more than a greyed-out file in the picker would.
 */
@customElement('easel-attach-files-button')
export class EaselAttachFilesButton extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
    }
    button {
      font: inherit;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      padding: var(--easel-space-2) var(--easel-space-3);
      background: var(--easel-surface-2);
      color: var(--easel-text);
      cursor: pointer;
    }
    button:disabled {
      opacity: 0.5;
      cursor: default;
    }
    button:focus-visible {
      ${focusRing}
    }
    button {
      display: inline-flex;
      align-items: center;
      gap: var(--easel-space-1);
    }
    svg {
      width: 1em;
      height: 1em;
    }
    input {
      display: none;
    }
    :host([compact]) button {
      box-sizing: border-box;
      width: var(--easel-control);
      height: var(--easel-control);
      padding: 0;
      justify-content: center;
      border-color: transparent;
      background: transparent;
      color: var(--easel-text-muted);
    }
    :host([compact]) button:hover:not(:disabled) {
      background: var(--easel-hover);
      color: var(--easel-text);
    }
    :host([compact]) svg {
      width: 18px;
      height: 18px;
    }
  `;

  /** Whether the button is disabled. */
  @property({ type: Boolean }) disabled = false;
  /** Shows the paperclip only (the name stays `Attach files`), as in the message box's button row. */
  @property({ type: Boolean, reflect: true }) compact = false;

  @query('input') private input!: HTMLInputElement;

  override render() {
    return html`<button
        type="button"
        title=${msg('Attach files')}
        aria-label=${this.compact ? msg('Attach files') : nothing}
        ?disabled=${this.disabled}
        @click=${this.handleClick}
      >
        ${paperclip}${this.compact ? nothing : msg(' Attach files')}
      </button>
      <input type="file" multiple tabindex="-1" aria-hidden="true" @change=${this.handleChange} />`;
  }

  private handleClick() {
    this.input.click();
  }

  private handleChange() {
    const files = Array.from(this.input.files ?? []);
    this.input.value = ''; // choosing the same file again fires `change` again
    if (files.length > 0) this.dispatchEvent(new FilesChosenEvent(files, 'picker'));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-attach-files-button': EaselAttachFilesButton;
  }
}
