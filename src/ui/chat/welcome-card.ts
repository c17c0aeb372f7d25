/** `<easel-welcome-card>`: the empty chat of a first run, which says what Easel is and asks for the key in place. */
import { css, html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { SettingsSaveEvent } from '../events';
import { msg } from '../l10n';
import { checkBaseUrl } from '../settings/base-url';
import { buttons, focusRing } from '../styles/controls';

/** Where a person makes an API key. */
export const KEYS_URL = 'https://console.anthropic.com/settings/keys';

/**
 * What Easel is in two lines, then the key: `Anthropic API key`, a link to where keys are made, the base URL
 * under `Advanced`, and `Save key`, which fires `SettingsSaveEvent` (`apiKey`, `baseUrl`). A neutral card, not an
 * error; the app shows it while no key is saved and the chat is empty, so it goes once the key is saved.
 */
@customElement('easel-welcome-card')
export class EaselWelcomeCard extends LitElement {
  static override styles = [
    buttons,
    css`
      :host {
        display: block;
        max-width: 560px;
        margin: 12vh auto var(--easel-space-6);
        padding: 0 var(--easel-space-4);
      }
      h2 {
        margin: 0 0 var(--easel-space-2);
        font-size: var(--easel-text-xl);
        font-weight: 600;
      }
      p {
        margin: 0 0 var(--easel-space-2);
        color: var(--easel-text-muted);
      }
      form {
        margin-top: var(--easel-space-4);
        padding: var(--easel-space-4);
        border: 1px solid var(--easel-border);
        border-radius: var(--easel-radius-lg);
        background: var(--easel-surface);
        box-shadow: var(--easel-shadow-1);
        display: flex;
        flex-direction: column;
        gap: var(--easel-space-3);
      }
      label {
        font-weight: 500;
        font-size: var(--easel-text-sm);
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: var(--easel-space-1);
      }
      .row {
        display: flex;
        gap: var(--easel-space-2);
        flex-wrap: wrap;
      }
      input {
        flex: 1;
        min-width: 0;
        box-sizing: border-box;
        min-height: var(--easel-control);
        padding: 0 var(--easel-space-3);
        font: inherit;
        border-radius: var(--easel-radius-sm);
        border: 1px solid var(--easel-border);
        background: var(--easel-bg);
        color: var(--easel-text);
      }
      input:focus-visible,
      a:focus-visible,
      summary:focus-visible {
        ${focusRing}
      }
      .help {
        font-size: var(--easel-text-sm);
        margin: 0;
      }
      a {
        color: var(--easel-link);
      }
      details summary {
        cursor: pointer;
        font-size: var(--easel-text-sm);
        color: var(--easel-text-muted);
      }
      details .field {
        margin-top: var(--easel-space-2);
      }
      .problem {
        margin: 0;
        color: var(--easel-danger);
        font-size: var(--easel-text-sm);
      }
    `,
  ];

  /** The base URL saved now (empty: the official API). */
  @property() baseUrl = '';

  /** What is wrong with what was typed, in words. */
  @state() private problem = '';

  @query('#welcome-key') private keyInput!: HTMLInputElement;
  @query('#welcome-base-url') private baseUrlInput!: HTMLInputElement;

  override render() {
    return html`<section aria-labelledby="welcome-title">
      <h2 id="welcome-title">${msg('Welcome to Easel')}</h2>
      <p>${msg('Chat with Claude in your browser, with your own Anthropic API key.')}</p>
      <p>${msg('Pages, charts and documents Claude writes run live beside the chat. Your chats are kept in this browser.')}</p>
      <form @submit=${this.handleSubmit} novalidate>
        <div class="field">
          <label for="welcome-key">${msg('Anthropic API key')}</label>
          <div class="row">
            <input id="welcome-key" type="password" autocomplete="off" spellcheck="false" placeholder="sk-ant-…" />
            <button type="submit" class="btn primary">${msg('Save key')}</button>
          </div>
          <p class="help">
            ${msg('The key is sent only to the API.')}
            <a href=${KEYS_URL} target="_blank" rel="noopener noreferrer">${msg('Get a key from the Anthropic Console')}</a>
          </p>
        </div>
        <details>
          <summary>${msg('Advanced')}</summary>
          <div class="field">
            <label for="welcome-base-url">${msg('API base URL')}</label>
            <input id="welcome-base-url" type="url" placeholder="https://api.anthropic.com" .value=${this.baseUrl} />
          </div>
        </details>
        ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : ''}
      </form>
    </section>`;
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    const apiKey = this.keyInput.value.trim();
    const baseUrl = this.baseUrlInput.value.trim();
    if (!apiKey) {
      this.problem = msg('Paste your API key first: it starts with sk-ant-.');
      this.keyInput.focus();
      return;
    }
    const problem = checkBaseUrl(baseUrl);
    if (problem) {
      this.problem = problem;
      const details = this.renderRoot.querySelector('details');
      if (details) details.open = true;
      this.baseUrlInput.focus();
      return;
    }
    this.problem = '';
    this.dispatchEvent(new SettingsSaveEvent({ apiKey, baseUrl: baseUrl.replace(/\/+$/, '') }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-welcome-card': EaselWelcomeCard;
  }
}
