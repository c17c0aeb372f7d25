import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AssistantMessage } from '../../agent';
import { RetryEvent } from '../events';
import { buttonLook, focusRing } from '../styles/controls';

/**
 * A failed answer: the reason in words, the request id, and `Retry` (counting down while the API asked us to
 * wait). Role `alert`, so it is announced.
 */
@customElement('easel-error-notice')
export class EaselErrorNotice extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin-top: var(--easel-space-2);
    }
    div {
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      color: var(--easel-text);
      border-left: 3px solid var(--easel-danger);
    }
    .id {
      color: var(--easel-text-muted);
      font-size: 0.8rem;
    }
    button {
      ${buttonLook}
      margin-top: var(--easel-space-2);
      padding: var(--easel-space-1) var(--easel-space-3);
    }
    button:focus-visible {
      ${focusRing}
    }
  `;

  /** The failed assistant message. */
  @property({ attribute: false }) message: AssistantMessage | undefined;
  /** Whether `Retry` is offered (the last message, and the agent is idle). */
  @property({ type: Boolean }) retryable = false;

  @state() private now = Date.now();
  private timer: ReturnType<typeof setInterval> | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  override render() {
    const m = this.message;
    if (!m) return nothing;
    const wait = this.secondsToWait();
    if (wait > 0 && !this.timer) this.timer = setInterval(() => this.tick(), 1000);
    const text = m.errorMessage ?? (m.stopReason === 'aborted' ? 'Stopped.' : 'Something went wrong.');
    return html`<div role="alert">
      <span>${text}</span>
      ${m.requestId ? html`<div class="id">Request ID: ${m.requestId}</div>` : nothing}
      ${wait > 0 ? html`<div>You can retry in ${wait} s.</div>` : nothing}
      ${this.retryable ? html`<button type="button" @click=${this.handleRetry}>Retry</button>` : nothing}
    </div>`;
  }

  private secondsToWait(): number {
    const m = this.message;
    if (!m?.retryAfter) return 0;
    return Math.max(0, Math.ceil((m.timestamp + m.retryAfter * 1000 - this.now) / 1000));
  }

  private tick() {
    this.now = Date.now();
    if (this.secondsToWait() === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private handleRetry() {
    this.dispatchEvent(new RetryEvent());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-error-notice': EaselErrorNotice;
  }
}
