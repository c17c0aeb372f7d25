import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AgentMessage, AssistantMessage, UserMessage } from '../../agent';
import { RetryEvent } from '../events';
import '../markdown/markdown-view';

/** The conversation: a `log` named `Conversation`, one `article` per message. */
@customElement('easel-message-list')
export class EaselMessageList extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    [role='log'] {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-4);
      padding: var(--easel-space-4);
      max-width: 780px;
      margin: 0 auto;
    }
    article {
      padding: var(--easel-space-3) var(--easel-space-4);
      border-radius: var(--easel-radius);
    }
    article.user {
      background: var(--easel-user-bg);
      align-self: flex-end;
      max-width: 85%;
      white-space: pre-wrap;
    }
    article.assistant {
      background: transparent;
    }
    .error {
      margin-top: var(--easel-space-2);
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      color: var(--easel-danger);
    }
    .error button {
      margin-left: var(--easel-space-2);
    }
    .empty {
      color: var(--easel-text-muted);
      text-align: center;
      padding: var(--easel-space-6);
    }
  `;

  /** The conversation's messages, oldest first. */
  @property({ attribute: false }) messages: readonly AgentMessage[] = [];
  /** The assistant message streaming now, if any. */
  @property({ attribute: false }) streamMessage: AssistantMessage | null = null;
  /** Whether the agent is working (hides Retry). */
  @property({ type: Boolean }) busy = false;

  override render() {
    const last = this.messages.at(-1);
    return html`<div role="log" aria-label="Conversation" aria-live="polite">
      ${
        this.messages.length === 0 && !this.streamMessage
          ? html`<p class="empty">Ask Claude anything. Files it writes appear beside the chat.</p>`
          : nothing
      }
      ${repeat(
        this.messages,
        (_m, i) => i,
        (m) => this.renderMessage(m, m === last),
      )}
      ${this.streamMessage ? this.renderAssistant(this.streamMessage, false) : nothing}
    </div>`;
  }

  private renderMessage(message: AgentMessage, isLast: boolean) {
    switch (message.role) {
      case 'user':
        return this.renderUser(message);
      case 'assistant':
        return this.renderAssistant(message, isLast);
      default:
        return nothing;
    }
  }

  private renderUser(message: UserMessage) {
    const text =
      typeof message.content === 'string'
        ? message.content
        : message.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    return html`<article class="user" aria-label="You">${text}</article>`;
  }

  private renderAssistant(message: AssistantMessage, isLast: boolean) {
    const text = message.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    const failed = message.stopReason === 'error' || message.stopReason === 'aborted';
    return html`<article class="assistant" aria-label="Claude">
      <easel-markdown .source=${text}></easel-markdown>
      ${failed && message.errorMessage ? this.renderError(message, isLast) : nothing}
    </article>`;
  }

  private renderError(message: AssistantMessage, isLast: boolean) {
    return html`<div class="error" role="alert">
      ${message.errorMessage}${message.requestId ? html` (request ${message.requestId})` : nothing}
      ${isLast && !this.busy ? html`<button @click=${this.handleRetry}>Retry</button>` : nothing}
    </div>`;
  }

  private handleRetry() {
    this.dispatchEvent(new RetryEvent());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-message-list': EaselMessageList;
  }
}
