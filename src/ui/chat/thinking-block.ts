import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { msg } from '../l10n';

/** Claude's thinking, collapsed by default, with a live state while it streams. */
@customElement('easel-thinking-block')
export class EaselThinkingBlock extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin: var(--easel-space-2) 0;
    }
    details {
      border-left: 3px solid var(--easel-border);
      padding-left: var(--easel-space-3);
    }
    summary {
      cursor: pointer;
      color: var(--easel-text-muted);
      font-size: 0.9rem;
    }
    summary:focus-visible {
      outline: 2px solid var(--easel-focus);
    }
    .live::after {
      content: '…';
      animation: pulse 1.2s ease-in-out infinite;
    }
    @keyframes pulse {
      50% {
        opacity: 0.2;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .live::after {
        animation: none;
      }
    }
    .text {
      white-space: pre-wrap;
      color: var(--easel-text-muted);
      font-size: 0.9rem;
      margin-top: var(--easel-space-2);
    }
  `;

  /** The thinking text (empty when the provider redacted it). */
  @property() text = '';
  /** Whether it is still streaming. */
  @property({ type: Boolean }) streaming = false;
  /** Whether the provider redacted it. */
  @property({ type: Boolean }) redacted = false;

  override render() {
    const label = this.redacted
      ? msg('Thinking (redacted)')
      : this.streaming
        ? msg('Thinking')
        : msg('Thought process');
    return html`<details>
      <summary><span class=${this.streaming ? 'live' : ''}>${label}</span></summary>
      <div class="text">
        ${this.redacted ? msg('Part of this reasoning was encrypted by the provider for safety.') : this.text}
      </div>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-thinking-block': EaselThinkingBlock;
  }
}
