import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { msg, str } from '../l10n';
import { ArtifactEditEvent } from './events';
import { buttonStyles } from './styles';

/** The person cancelled an edit. Heard only by the element holding the editor. */
export class EditCancelEvent extends Event {
  static readonly type = 'edit-cancel';
  constructor() {
    super(EditCancelEvent.type, { bubbles: true });
  }
}

/** Editing a file in Code view: `Save` sends `artifact-edit` with the new content; `Cancel` drops it. */
@customElement('easel-artifact-editor')
export class EaselArtifactEditor extends LitElement {
  static override styles = [
    buttonStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      textarea {
        flex: 1;
        min-height: 0;
        resize: none;
        border: 0;
        padding: var(--easel-space-3);
        font: 0.8rem/1.5 var(--easel-font-mono);
        background: var(--easel-code-bg);
        color: var(--easel-text);
        tab-size: 2;
      }
      .actions {
        display: flex;
        gap: var(--easel-space-2);
        justify-content: flex-end;
        padding: var(--easel-space-2) var(--easel-space-3);
        border-top: 1px solid var(--easel-border);
      }
    `,
  ];

  /** The file being edited. */
  @property() filename = '';
  /** The content the edit starts from. */
  @property() content = '';

  @query('textarea') private textarea!: HTMLTextAreaElement;

  override render() {
    return html`<textarea
        aria-label=${msg(str`Edit ${this.filename}`)}
        spellcheck="false"
        .value=${this.content}
        @keydown=${this.handleKeydown}
      ></textarea>
      <div class="actions">
        <button type="button" @click=${this.handleCancel}>${msg('Cancel')}</button>
        <button type="button" class="primary" @click=${this.handleSave}>${msg('Save')}</button>
      </div>`;
  }

  override focus(): void {
    this.textarea?.focus();
  }

  private handleKeydown(e: KeyboardEvent) {
    if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.handleSave();
    } else if (e.key === 'Escape') {
      this.handleCancel();
    }
  }

  private handleSave() {
    this.dispatchEvent(new ArtifactEditEvent(this.filename, this.textarea.value));
  }

  private handleCancel() {
    this.dispatchEvent(new EditCancelEvent());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-editor': EaselArtifactEditor;
  }
  interface HTMLElementEventMap {
    'edit-cancel': EditCancelEvent;
  }
}
