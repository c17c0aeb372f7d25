import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../code/server-code-card';
import { msg, str } from '../l10n';
import { serverCardStyles } from '../styles/server-card';

/** A block of the API's own tools, as the provider kept it (`opaque.value`): `unknown` until read here. */
export type ServerBlock = Readonly<Record<string, unknown>>;

/** The code execution tool's calls and results (`bash_code_execution`, `text_editor_code_execution_tool_result`…). */
const CODE_EXECUTION = /^(bash_|text_editor_)?code_execution(_tool_result)?$/;

// Getters: each sentence is read in the active language when shown.
const SEARCH_ERRORS: Readonly<Record<string, string>> = {
  get too_many_requests() {
    return msg('too many searches at once; try again in a moment');
  },
  get invalid_input() {
    return msg('the search query was not valid');
  },
  get max_uses_exceeded() {
    return msg('the limit of searches for one answer was reached (Settings → Web)');
  },
  get query_too_long() {
    return msg('the search query was too long');
  },
  get unavailable() {
    return msg('the search service was unavailable');
  },
};

// Getters: each sentence is read in the active language when shown.
const FETCH_ERRORS: Readonly<Record<string, string>> = {
  get invalid_input() {
    return msg('the address was not valid');
  },
  get url_too_long() {
    return msg('the address was too long');
  },
  get url_not_allowed() {
    return msg('the address is outside the allowed domains, or blocked (Settings → Web)');
  },
  get url_not_accessible() {
    return msg('the page could not be reached');
  },
  get too_many_requests() {
    return msg('too many fetches at once; try again in a moment');
  },
  get unsupported_content_type() {
    return msg('the page is of a kind that cannot be read');
  },
  get max_uses_exceeded() {
    return msg('the limit of page reads for one answer was reached (Settings → Web)');
  },
  get unavailable() {
    return msg('the fetch service was unavailable');
  },
};

/**
 * A compact card for a call of the API's own tools and its result: a web search (its query and the titles of
 * what it found), a page fetch (its address and title), or an MCP tool call through a connector (its input and
 * result). Every value is shown as text, never as markup; links to sources are in the answer's source list,
 * which goes through the sanitiser.
 */
@customElement('easel-server-tool-card')
export class EaselServerToolCard extends LitElement {
  static override styles = serverCardStyles;

  /** The call (`server_tool_use` or `mcp_tool_use`); absent for a result whose call is not in the message. */
  @property({ attribute: false }) use: ServerBlock | undefined;
  /** Its result block, once it arrived. */
  @property({ attribute: false }) result: ServerBlock | undefined;
  /** Whether the call is still streaming. */
  @property({ type: Boolean }) streaming = false;

  override render() {
    const type = text(this.use?.type) ?? text(this.result?.type);
    const name = text(this.use?.name);
    if (type === 'mcp_tool_use' || type === 'mcp_tool_result') return this.renderMcp();
    if (CODE_EXECUTION.test(name ?? type ?? '')) {
      return html`<easel-server-code-card
        .use=${this.use}
        .result=${this.result}
        ?streaming=${this.streaming}
      ></easel-server-code-card>`;
    }
    if (name === 'web_search' || type === 'web_search_tool_result') return this.renderSearch();
    if (name === 'web_fetch' || type === 'web_fetch_tool_result') return this.renderFetch();
    return html`<section role="group" aria-label=${msg(str`Server tool ${name ?? type ?? ''}`)}>
      <span class="title">${msg(str`Server tool ${name ?? type ?? ''}`)}</span>${this.renderPending()}
    </section>`;
  }

  private renderSearch() {
    const query = text(input(this.use).query) ?? '';
    const content = this.result?.content;
    const label = query ? msg(str`Web search: ${query}`) : msg('Web search');
    return html`<section role="group" aria-label=${label}>
      <span class="title">${msg('Searched the web')}</span>${query ? html`: “${query}”` : nothing}
      ${
        Array.isArray(content)
          ? html`<ul aria-label=${msg('Search results')}>
              ${content.map((r: unknown) => (isRecord(r) ? html`<li>${text(r.title) ?? text(r.url) ?? ''} <span class="muted">${host(r.url)}</span></li>` : nothing))}
            </ul>`
          : this.renderError(content, SEARCH_ERRORS, 'The search failed')
      }
    </section>`;
  }

  private renderFetch() {
    const url = text(input(this.use).url) ?? '';
    const content = this.result?.content;
    const page = isRecord(content) && content.type === 'web_fetch_result' ? content : undefined;
    const title = page && isRecord(page.content) ? text(page.content.title) : undefined;
    return html`<section role="group" aria-label=${url ? msg(str`Page fetch: ${url}`) : msg('Page fetch')}>
      <span class="title">${msg('Read a page')}</span>${url ? html`: ${url}` : nothing}
      ${page ? html`<div>${title ?? text(page.url) ?? ''}</div>` : this.renderError(content, FETCH_ERRORS, 'The page could not be read')}
    </section>`;
  }

  private renderMcp() {
    const name = text(this.use?.name) ?? 'tool';
    const server = text(this.use?.server_name) ?? 'MCP server';
    const failed = this.result?.is_error === true;
    const output = resultText(this.result?.content);
    return html`<section role="group" aria-label=${msg(str`MCP tool ${name} on ${server}`)}>
      <span class="title">${name}</span> <span class="muted">${msg(str`on ${server}`)}</span>
      ${failed ? html`<span class="error"> ${msg('· failed')}</span>` : nothing}
      ${this.use ? html`<details><summary>${msg('Input')}</summary><pre>${JSON.stringify(this.use.input ?? {}, null, 2)}</pre></details>` : nothing}
      ${
        this.result
          ? html`<details ?open=${failed}><summary>${failed ? msg('Error') : msg('Result')}</summary><pre>${output}</pre></details>`
          : this.renderPending()
      }
    </section>`;
  }

  private renderError(content: unknown, sentences: Readonly<Record<string, string>>, lead: string) {
    if (!this.result) return this.renderPending();
    const code = isRecord(content) ? text(content.error_code) : undefined;
    const reason =
      (code && sentences[code]) ?? (code ? msg(str`error ${code}`) : msg('no results came back'));
    return html`<div class="error" role="note">${lead}: ${reason}.</div>`;
  }

  private renderPending() {
    return this.streaming || !this.result ? html`<span class="muted"> ${msg('· working…')}</span>` : nothing;
  }
}

function isRecord(x: unknown): x is Readonly<Record<string, unknown>> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function text(x: unknown): string | undefined {
  return typeof x === 'string' && x !== '' ? x : undefined;
}

function input(use: ServerBlock | undefined): Readonly<Record<string, unknown>> {
  return isRecord(use?.input) ? use.input : {};
}

function host(url: unknown): string {
  if (typeof url !== 'string') return '';
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c: unknown) => (isRecord(c) && typeof c.text === 'string' ? c.text : '')).join('\n');
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-server-tool-card': EaselServerToolCard;
  }
}
