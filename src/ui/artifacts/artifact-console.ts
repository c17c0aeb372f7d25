import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { EMPTY_LOG, fixRequestText, type PreviewLog } from '../../artifacts';
import { ArtifactFixEvent } from './events';
import { buttonStyles } from './styles';

/**
 * A preview's console: its entries with their levels, the number of errors, and `Fix`, which asks the model
 * to fix the errors (`artifact-fix`).
 */
@customElement('easel-artifact-console')
export class EaselArtifactConsole extends LitElement {
  static override styles = [
    buttonStyles,
    css`
      :host {
        display: block;
        border-top: 1px solid var(--easel-border);
        background: var(--easel-surface);
        font-size: 0.8rem;
      }
      .bar {
        display: flex;
        align-items: center;
        gap: var(--easel-space-2);
        padding: var(--easel-space-1) var(--easel-space-3);
      }
      .toggle {
        border: 0;
        background: none;
        padding: 2px 0;
      }
      .errors {
        color: var(--easel-danger);
        font-weight: 600;
      }
      .bar button.fix {
        margin-left: auto;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0 var(--easel-space-3) var(--easel-space-2);
        max-height: 160px;
        overflow: auto;
        font-family: var(--easel-font-mono);
      }
      li {
        padding: 2px 0;
        border-bottom: 1px solid var(--easel-surface-2);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      li.error {
        color: var(--easel-danger);
      }
      li.warn {
        color: var(--easel-syntax-number);
      }
      .level {
        color: var(--easel-text-muted);
        margin-right: var(--easel-space-2);
      }
      .empty {
        color: var(--easel-text-muted);
        font-family: var(--easel-font);
      }
    `,
  ];

  /** The file whose preview this is. */
  @property() filename = '';
  /** What the preview printed. */
  @property({ attribute: false }) log: PreviewLog = EMPTY_LOG;
  /** Whether the entries are shown. */
  @property({ type: Boolean, reflect: true }) open = false;

  override render() {
    const { entries, errorCount, dropped } = this.log;
    const count = entries.length + dropped;
    return html`<section aria-label="Console">
      <div class="bar">
        <button type="button" class="toggle" aria-expanded=${this.open ? 'true' : 'false'} @click=${this.handleToggle}>
          ${this.open ? '▾' : '▸'} Console${count > 0 ? ` (${count})` : ''}
        </button>
        ${
          errorCount > 0
            ? html`<span class="errors">${errorCount === 1 ? '1 error' : `${errorCount} errors`}</span>
                <button type="button" class="fix" @click=${this.handleFix}>Fix</button>`
            : nothing
        }
      </div>
      ${this.open ? this.renderEntries() : nothing}
    </section>`;
  }

  private renderEntries() {
    const { entries, dropped } = this.log;
    if (entries.length === 0) return html`<ol><li class="empty">Nothing printed.</li></ol>`;
    return html`<ol aria-label="Console entries">
      ${entries.map((e) => html`<li class=${e.level}><span class="level">${e.level}</span>${e.text}</li>`)}
      ${dropped > 0 ? html`<li class="empty">… and ${dropped} more</li>` : nothing}
    </ol>`;
  }

  private handleToggle() {
    this.open = !this.open;
  }

  private handleFix() {
    this.dispatchEvent(new ArtifactFixEvent(this.filename, fixRequestText(this.filename, this.log)));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-console': EaselArtifactConsole;
  }
}
