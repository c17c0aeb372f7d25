/**
 * `<easel-mermaid-diagram>`: a ```mermaid block of an answer drawn as a diagram. The diagram is drawn in a
 * sandboxed preview frame (Mermaid's output is untrusted); the block's own code (slotted, as the answer rendered
 * it, with its Copy button) is one click away under `Show source`. A source that does not parse shows Mermaid's
 * message in the frame, in place of the diagram.
 */
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { mermaidPage } from '../../artifacts/plan';
import './artifact-preview';
import { msg } from '../l10n';

@customElement('easel-mermaid-diagram')
export class EaselMermaidDiagram extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin: var(--easel-space-2) 0;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      overflow: hidden;
    }
    .head {
      display: flex;
      align-items: center;
      justify-content: space-between;
      padding: var(--easel-space-1) var(--easel-space-2);
      background: var(--easel-surface-2);
      font: 0.8rem var(--easel-font);
      color: var(--easel-text-muted);
    }
    button {
      font: inherit;
      color: var(--easel-text);
      background: var(--easel-surface);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      padding: 2px var(--easel-space-2);
      cursor: pointer;
    }
    easel-artifact-preview {
      display: block;
      height: 360px;
    }
    [hidden] {
      display: none !important;
    }
  `;

  /** The diagram's Mermaid source. */
  @property() source = '';

  @state() private showingSource = false;

  override render() {
    return html`<div class="head">
        <span>${msg('Mermaid diagram')}</span>
        <button type="button" aria-pressed=${this.showingSource ? 'true' : 'false'} @click=${this.handleToggle}>
          ${msg('Show source')}
        </button>
      </div>
      <easel-artifact-preview
        ?hidden=${this.showingSource}
        .filename=${msg('Mermaid diagram')}
        .content=${mermaidPage(this.source)}
        .kind=${'html'}
      ></easel-artifact-preview>
      <slot ?hidden=${!this.showingSource}></slot>`;
  }

  private handleToggle() {
    this.showingSource = !this.showingSource;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-mermaid-diagram': EaselMermaidDiagram;
  }
}
