import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AssistantMessage } from '../../agent';
import { INTERRUPTED_MESSAGE } from '../../storage';
import { RetryEvent } from '../events';
import { msg, str } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';

/**
 * A failed answer: its first sentence in plain words, the rest and the request id behind `More`, and one `Retry`
 * (counting down while the API asked us to wait). Role `alert`, so it is announced. An answer the person
 * stopped is a quiet `Stopped` note (a `status`, with `Retry`), not an error.
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
    .details {
      margin-top: var(--easel-space-1);
      padding: 0;
      background: none;
      border: 0;
      color: var(--easel-text-muted);
      font-size: var(--easel-text-sm, 0.875rem);
    }
    .details p {
      margin: 0 0 var(--easel-space-1);
    }
    .row {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
      padding: 0;
      background: none;
      border: 0;
    }
    .stopped {
      padding: 0;
      background: none;
      border: 0;
      color: var(--easel-text-muted);
      font-size: var(--easel-text-sm, 0.875rem);
    }
    .more {
      background: none;
      border: 0;
      color: var(--easel-text-muted);
      text-decoration: underline;
      cursor: pointer;
      padding: var(--easel-space-1);
      font: inherit;
    }
    .more:focus-visible {
      ${focusRing}
    }
    .retry {
      ${buttonLook}
      padding: var(--easel-space-1) var(--easel-space-3);
    }
    .retry:focus-visible {
      ${focusRing}
    }
  `;

  /** The failed assistant message. */
  @property({ attribute: false }) message: AssistantMessage | undefined;
  /** Whether `Retry` is offered (the last message, and the agent is idle). */
  @property({ type: Boolean }) retryable = false;

  @state() private now = Date.now();
  @state() private expanded = false;
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
    // The person's own Stop is a quiet note; an answer a reload or a closed page cut short is said as one.
    if (
      m.stopReason === 'aborted' &&
      (!m.errorKind || m.errorKind === 'aborted') &&
      m.errorMessage !== INTERRUPTED_MESSAGE
    ) {
      return html`<div class="row stopped">
        <span role="status">${msg('Stopped')}</span>${this.renderRetry()}
      </div>`;
    }
    const [first, rest] = splitFirstSentence(m.errorMessage ?? msg('Something went wrong.'));
    const hasDetails = rest !== '' || m.requestId !== undefined;
    return html`<div role="alert">
      <span>${first}</span>
      ${wait > 0 ? html`<div>${msg(str`You can retry in ${wait} s.`)}</div>` : nothing}
      ${
        this.expanded && hasDetails
          ? html`<div class="details" id="details">
            ${rest ? html`<p>${rest}</p>` : nothing}
            ${m.requestId ? html`<p>${msg(str`Request ID: ${m.requestId}`)}</p>` : nothing}
          </div>`
          : nothing
      }
      <div class="row">
        ${this.renderRetry()}
        ${
          hasDetails
            ? html`<button class="more" type="button" aria-expanded=${this.expanded ? 'true' : 'false'}
              aria-controls="details" @click=${this.handleMore}>${this.expanded ? msg('Less') : msg('More')}</button>`
            : nothing
        }
      </div>
    </div>`;
  }

  private renderRetry() {
    return this.retryable
      ? html`<button class="retry" type="button" @click=${this.handleRetry}>${msg('Retry')}</button>`
      : nothing;
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

  private handleMore() {
    this.expanded = !this.expanded;
  }

  private handleRetry() {
    this.dispatchEvent(new RetryEvent());
  }
}

/**
 * The first sentence of `text` and the rest: the first `.`, `?` or `!` followed by a space, outside parentheses
 * (an API reason quoted in brackets stays whole).
 */
export function splitFirstSentence(text: string): [string, string] {
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === '.' || c === '?' || c === '!') && text[i + 1] === ' ') {
      return [text.slice(0, i + 1), text.slice(i + 2).trim()];
    }
  }
  return [text, ''];
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-error-notice': EaselErrorNotice;
  }
}
