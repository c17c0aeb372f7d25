import { html, LitElement, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { QueuedMessage } from '../../agent';
import { RemoveQueuedEvent, SendMessageEvent, StopEvent } from '../events';
import { composerStyles } from './composer-styles';

/**
 * The message box. Enter sends and Shift+Enter adds a line. While the agent works, Enter queues a steering
 * message (injected before Claude's next step) and Alt+Enter a follow-up (sent when Claude is done); queued
 * messages are listed above the box and can be removed. `Stop` or Esc stops the answer and keeps what streamed.
 */
@customElement('easel-composer')
export class EaselComposer extends LitElement {
  static override styles = composerStyles;

  /** Whether the agent is working: shows `Stop`, and Enter queues instead of sending. */
  @property({ type: Boolean }) busy = false;
  /** Messages waiting for the agent. */
  @property({ attribute: false }) queue: readonly QueuedMessage[] = [];

  @state() private text = '';

  @query('textarea') private textarea!: HTMLTextAreaElement;

  override render() {
    return html`${this.queue.length > 0 ? this.renderQueue() : nothing}
      <form @submit=${this.handleSubmit}>
        <textarea
          aria-label="Message"
          aria-describedby="hint"
          rows="1"
          placeholder=${this.busy ? 'Steer Claude (Enter) or queue a follow-up (Alt+Enter)' : 'Message Claude'}
          .value=${this.text}
          @input=${this.handleInput}
          @keydown=${this.handleKeydown}
        ></textarea>
        <div class="buttons">
          ${this.busy ? html`<button type="button" class="stop" @click=${this.handleStop}>Stop</button>` : nothing}
          <button type="submit" class="send" ?disabled=${this.text.trim() === ''}>Send</button>
        </div>
      </form>
      <p id="hint" class="hint">
        ${
          this.busy
            ? 'Enter steers the current answer · Alt+Enter queues a follow-up · Esc stops'
            : 'Enter sends · Shift+Enter adds a line'
        }
      </p>`;
  }

  private renderQueue() {
    return html`<ul class="queue" aria-label="Queued messages">
      ${this.queue.map(
        (q) => html`<li>
          <span class="kind">${q.kind === 'steer' ? 'Steering' : 'Follow-up'}</span>
          <span class="text">${queuedText(q)}</span>
          <button type="button" aria-label=${`Remove queued message: ${queuedText(q)}`} @click=${() => this.handleRemove(q.id)}>
            Remove
          </button>
        </li>`,
      )}
    </ul>`;
  }

  /** Puts text back into the box (e.g. when sending had to wait for a key that never came). */
  restore(text: string): void {
    this.text = text;
  }

  override focus(): void {
    this.textarea?.focus();
  }

  private handleInput(e: InputEvent) {
    this.text = (e.target as HTMLTextAreaElement).value;
  }

  private handleKeydown(e: KeyboardEvent) {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      this.send(e.altKey ? 'followUp' : 'steer');
    } else if (e.key === 'Escape' && this.busy) {
      e.preventDefault();
      this.dispatchEvent(new StopEvent());
    }
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    this.send('steer');
  }

  private handleStop() {
    this.dispatchEvent(new StopEvent());
  }

  private handleRemove(id: string) {
    this.dispatchEvent(new RemoveQueuedEvent(id));
  }

  /** `whileBusy` says how a message typed while the agent works is queued. */
  private send(whileBusy: 'steer' | 'followUp') {
    const text = this.text.trim();
    if (!text) return;
    this.text = '';
    this.dispatchEvent(new SendMessageEvent(text, this.busy ? whileBusy : 'prompt'));
  }
}

function queuedText(q: QueuedMessage): string {
  const m = q.message;
  if (m.role !== 'user') return '';
  return typeof m.content === 'string'
    ? m.content
    : m.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-composer': EaselComposer;
  }
}
