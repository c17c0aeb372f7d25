import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ConnectorSetting, WebPreferences } from '../../storage';
import { buttonLook, focusRing } from '../styles/controls';

/** What the section holds when it is valid. */
export interface PlatformChoices {
  readonly web: WebPreferences;
  readonly connectors: readonly ConnectorSetting[];
}

/** A connector as it is being edited: every field as typed. */
interface Row {
  readonly id: string;
  name: string;
  url: string;
  token: string;
  tools: string;
  enabled: boolean;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const DOMAIN = /^[a-z0-9*]([a-z0-9.*-]*[a-z0-9])?(\/\S*)?$/i;

/**
 * Settings → Web and Connectors: limits on the API's web tools (allowed or blocked domains, most uses per
 * answer), and remote MCP servers the API calls for Claude (name, `https://` address, optional token, which
 * tools). `read()` checks what was typed and says what is wrong, or returns the choices.
 */
@customElement('easel-platform-settings')
export class EaselPlatformSettings extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    fieldset {
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      margin: 0 0 var(--easel-space-3);
      padding: var(--easel-space-2) var(--easel-space-3);
      display: grid;
      gap: var(--easel-space-2);
    }
    legend {
      font-weight: 600;
    }
    label {
      display: grid;
      gap: 2px;
      font-size: 0.875rem;
    }
    label.check {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
    }
    input,
    textarea {
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-bg);
      color: inherit;
    }
    .connector {
      border-top: 1px solid var(--easel-border);
      padding-top: var(--easel-space-2);
      display: grid;
      gap: var(--easel-space-2);
    }
    .hint {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
      margin: 0;
    }
    button {
      ${buttonLook}
      justify-self: start;
    }
    :focus-visible {
      ${focusRing}
    }
  `;

  /** Stored web limits. */
  @property({ attribute: false }) web: WebPreferences = { allowedDomains: [], blockedDomains: [] };
  /** Stored connectors (with their tokens, in memory). */
  @property({ attribute: false }) connectors: readonly ConnectorSetting[] = [];

  @state() private rows: Row[] = [];
  @state() private allowed = '';
  @state() private blocked = '';
  @state() private maxUses = '';

  override connectedCallback(): void {
    super.connectedCallback();
    this.reset();
  }

  override render() {
    return html`<fieldset>
        <legend>Web</legend>
        <p class="hint">
          With Web on in the message box, Claude can search the web ($0.01 a search, plus the tokens of what it
          reads) and read pages. Your question goes to Anthropic's search; pages are fetched by Anthropic, not
          your browser.
        </p>
        <label>Allowed domains
          <textarea rows="2" .value=${this.allowed} @input=${(e: Event) => (this.allowed = value(e))}
            placeholder="one per line, e.g. wikipedia.org (empty: any)"></textarea>
        </label>
        <label>Blocked domains
          <textarea rows="2" .value=${this.blocked} @input=${(e: Event) => (this.blocked = value(e))}
            placeholder="one per line (only when no domain is allowed)"></textarea>
        </label>
        <label>Most searches per answer
          <input type="number" min="1" step="1" .value=${this.maxUses}
            @input=${(e: Event) => (this.maxUses = value(e))} placeholder="no limit" />
        </label>
      </fieldset>
      <fieldset>
        <legend>Connectors</legend>
        <p class="hint">
          Remote MCP servers that the API calls for Claude. The address, token and tool calls go from Anthropic to
          the server; the token is kept like your API key and never exported.
        </p>
        ${this.rows.map((row, i) => this.renderRow(row, i))}
        <button type="button" @click=${this.handleAdd}>Add connector</button>
      </fieldset>`;
  }

  private renderRow(row: Row, i: number) {
    const n = i + 1;
    const set = (change: Partial<Row>) => {
      this.rows = this.rows.map((r) => (r.id === row.id ? { ...r, ...change } : r));
    };
    return html`<div class="connector" role="group" aria-label=${`Connector ${n}`}>
      <label>Name <input .value=${row.name} @input=${(e: Event) => set({ name: value(e) })} /></label>
      <label>Server URL
        <input type="url" placeholder="https://" .value=${row.url} @input=${(e: Event) => set({ url: value(e) })} />
      </label>
      <label>Token (optional)
        <input type="password" autocomplete="off" .value=${row.token} @input=${(e: Event) => set({ token: value(e) })} />
      </label>
      <label>Allowed tools
        <input placeholder="comma-separated (empty: all)" .value=${row.tools} @input=${(e: Event) => set({ tools: value(e) })} />
      </label>
      <label class="check">
        <input type="checkbox" .checked=${row.enabled} @change=${(e: Event) => set({ enabled: (e.target as HTMLInputElement).checked })} />
        Enabled
      </label>
      <button type="button" @click=${() => this.handleRemove(row.id)}>Remove connector ${row.name || n}</button>
    </div>`;
  }

  /** Puts the stored values back into the fields (the dialog calls it when it opens). */
  reset(): void {
    this.allowed = this.web.allowedDomains.join('\n');
    this.blocked = this.web.blockedDomains.join('\n');
    this.maxUses = this.web.maxUses ? String(this.web.maxUses) : '';
    this.rows = this.connectors.map((c) => ({
      id: c.id,
      name: c.name,
      url: c.url,
      token: c.token ?? '',
      tools: c.tools.join(', '),
      enabled: c.enabled,
    }));
  }

  /** The choices, or a sentence saying what to fix. */
  read(): PlatformChoices | string {
    const allowedDomains = list(this.allowed);
    const blockedDomains = list(this.blocked);
    const bad = [...allowedDomains, ...blockedDomains].find((d) => !DOMAIN.test(d) || d.includes('://'));
    if (bad) return `"${bad}" is not a domain. Write domains without https://, such as wikipedia.org.`;
    if (allowedDomains.length > 0 && blockedDomains.length > 0)
      return 'Give allowed domains or blocked domains, not both: the API takes one list.';
    const uses = this.maxUses.trim();
    const maxUses = uses === '' ? undefined : Number(uses);
    if (maxUses !== undefined && (!Number.isInteger(maxUses) || maxUses < 1))
      return 'Most searches per answer must be a whole number of at least 1, or empty for no limit.';
    const connectors: ConnectorSetting[] = [];
    const names = new Set<string>();
    for (const row of this.rows) {
      const name = row.name.trim();
      if (!NAME.test(name))
        return `Connector name "${name}" may use only letters, digits, - and _ (at most 64 characters).`;
      if (names.has(name)) return `Two connectors are named "${name}": give each its own name.`;
      names.add(name);
      const url = row.url.trim();
      if (!isHttps(url)) return `The server URL of ${name} must be an https:// address.`;
      const token = row.token.trim();
      connectors.push({
        id: row.id,
        name,
        url,
        tools: row.tools
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        enabled: row.enabled,
        ...(token ? { token } : {}),
      });
    }
    return {
      web: { allowedDomains, blockedDomains, ...(maxUses !== undefined ? { maxUses } : {}) },
      connectors,
    };
  }

  private handleAdd() {
    const id = globalThis.crypto.randomUUID().replace(/-/g, '');
    this.rows = [...this.rows, { id, name: '', url: '', token: '', tools: '', enabled: true }];
  }

  private handleRemove(id: string) {
    this.rows = this.rows.filter((r) => r.id !== id);
  }
}

function value(e: Event): string {
  return (e.target as HTMLInputElement | HTMLTextAreaElement).value;
}

function list(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

function isHttps(raw: string): boolean {
  try {
    return new URL(raw).protocol === 'https:';
  } catch {
    return false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-platform-settings': EaselPlatformSettings;
  }
}
