/**
 * Settings → Server: `Anthropic` or `Local or compatible server` (Ollama, LM Studio, llama.cpp, vLLM). For the
 * latter no key is needed; a server's button puts its usual address in the base URL field (the dialog's), and
 * `Find models` asks the server for its models (the Anthropic `/v1/models` shape or the OpenAI one) with what
 * is typed there. The dialog reads the choice with `value` on Save.
 */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ServerKind } from '../../storage';
import { msg } from '../l10n';
import { type ModelFinder, modelFinderContext } from './model-finder-context';
import { sectionStyles } from './section-styles';

/** The servers a person is likely to run, with the address each listens on by default. */
export const LOCAL_SERVERS: readonly { readonly name: string; readonly url: string }[] = [
  { name: 'Ollama', url: 'http://localhost:11434' },
  { name: 'LM Studio', url: 'http://localhost:1234' },
  { name: 'llama.cpp', url: 'http://localhost:8080' },
  { name: 'vLLM', url: 'http://localhost:8000' },
];

/** Asks the dialog to put `url` in its base URL field. */
export class ServerAddressEvent extends Event {
  static readonly type = 'server-address';
  constructor(readonly url: string) {
    super(ServerAddressEvent.type, { bubbles: true, composed: true });
  }
}

@customElement('easel-server-settings')
export class EaselServerSettings extends LitElement {
  static override styles = [
    sectionStyles,
    css`
    label {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: var(--easel-space-2);
    }
    button {
      font: inherit;
      font-size: 0.8rem;
      padding: var(--easel-space-1) var(--easel-space-2);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      cursor: pointer;
    }
    .problem {
      margin: 0;
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      color: var(--easel-danger);
    }
  `,
  ];

  /** The kind of server chosen (what the dialog saves). */
  @property() value: ServerKind = 'anthropic';
  /** Reads the base URL typed in the dialog, for `Find models`. */
  @property({ attribute: false }) baseUrl: () => string = () => '';

  @consume({ context: modelFinderContext, subscribe: true })
  @state()
  private finder: ModelFinder | undefined;

  @state() private found = '';
  @state() private problem = '';

  override render() {
    const local = this.value === 'compatible';
    return html`<fieldset>
      <legend>${msg('Server')}</legend>
      <div class="row" role="radiogroup" aria-label=${msg('Server')}>
        <label
          ><input type="radio" name="server" value="anthropic" .checked=${!local} @change=${this.handleKind} />
          ${msg('Anthropic')}</label
        >
        <label
          ><input type="radio" name="server" value="compatible" .checked=${local} @change=${this.handleKind} />
          ${msg('Local or compatible server')}</label
        >
      </div>
      ${
        local
          ? html`<p class="hint">
                ${msg('Ollama, LM Studio, llama.cpp or vLLM on this computer or your network, speaking the Messages API. No key is needed. Thinking, prompt caching, web search, connectors, memory and the Files API are off for it.')}
              </p>
              <div class="row">
                ${LOCAL_SERVERS.map(
                  (s) =>
                    html`<button type="button" @click=${() => this.dispatchEvent(new ServerAddressEvent(s.url))}>
                      ${s.name}
                    </button>`,
                )}
                <button type="button" ?disabled=${!this.finder} @click=${this.handleFind}>${msg('Find models')}</button>
              </div>
              <p class="hint" role="status">${this.found}</p>
              ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}`
          : nothing
      }
    </fieldset>`;
  }

  private handleKind(e: Event) {
    this.value = (e.target as HTMLInputElement).value === 'compatible' ? 'compatible' : 'anthropic';
    this.found = '';
    this.problem = '';
  }

  private async handleFind() {
    const finder = this.finder;
    const url = this.baseUrl().trim().replace(/\/+$/, '');
    this.found = '';
    this.problem = '';
    if (!finder) return;
    if (!url) {
      this.problem = msg(
        'Enter the server’s address in API base URL first, such as http://localhost:11434 for Ollama.',
      );
      return;
    }
    this.found = msg('Asking the server…');
    const outcome = await finder.find(url);
    if (typeof outcome === 'string') {
      this.found = '';
      this.problem = outcome;
      return;
    }
    this.found =
      outcome.length === 0
        ? msg('The server answered but lists no models.')
        : `${outcome.length === 1 ? '1 model' : `${outcome.length} models`}: ${outcome.join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-server-settings': EaselServerSettings;
  }
  interface HTMLElementEventMap {
    'server-address': ServerAddressEvent;
  }
}
