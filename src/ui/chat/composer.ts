import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { SendMessageEvent, StopEvent } from '../events';

/** The message box with `Send` and `Stop`. Enter sends; Shift+Enter adds a line. */
@customElement('easel-composer')
export class EaselComposer extends LitElement {
  static override styles = css`
    :host {
      display: block;
      padding: var(--easel-space-3) var(--easel-space-4) var(--easel-space-4);
    }
    form {
      display: flex;
      gap: var(--easel-space-2);
      align-items: flex-end;
      max-width: 780px;
      margin: 0 auto;
      background: var(--easel-surface);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-lg);
      padding: var(--easel-space-2);
    }
    textarea {
      flex: 1;
      resize: none;
      border: none;
      background: transparent;
      color: inherit;
      font: inherit;
      padding: var(--easel-space-2);
      max-height: 40vh;
      field-sizing: content;
      min-height: 1.5em;
    }
    textarea:focus-visible {
      outline: 2px solid var(--easel-focus);
      border-radius: var(--easel-radius-sm);
    }
    button {
      font: inherit;
      border: none;
      border-radius: var(--easel-radius);
      padding: var(--easel-space-2) var(--easel-space-4);
      background: var(--easel-accent);
      color: var(--easel-accent-text);
      cursor: pointer;
    }
    button:disabled {
      opacity: 0.5;
      cursor: default;
    }
    button:focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: 2px;
    }
  `;

  /** Whether the agent is working: shows `Stop`. */
  @property({ type: Boolean }) busy = false;

  @state() private text = '';

  @query('textarea') private textarea!: HTMLTextAreaElement;

  override render() {
    return html`<form @submit=${this.handleSubmit}>
      <textarea
        aria-label="Message"
        rows="1"
        placeholder="Message Claude"
        .value=${this.text}
        @input=${this.handleInput}
        @keydown=${this.handleKeydown}
      ></textarea>
      ${
        this.busy
          ? html`<button type="button" @click=${this.handleStop}>Stop</button>`
          : html`<button type="submit" ?disabled=${this.text.trim() === ''}>Send</button>`
      }
    </form>`;
  }

  /** Puts text back into the box (e.g. when sending had to wait for a key). */
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
      this.send();
    } else if (e.key === 'Escape' && this.busy) {
      this.dispatchEvent(new StopEvent());
    }
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    this.send();
  }

  private handleStop() {
    this.dispatchEvent(new StopEvent());
  }

  private send() {
    const text = this.text.trim();
    if (!text || this.busy) return;
    this.text = '';
    this.dispatchEvent(new SendMessageEvent(text));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-composer': EaselComposer;
  }
}
