import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AppSettings, ConnectorSetting, WebPreferences } from '../../storage';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { buttonLook, focusRing } from '../styles/controls';
import { sectionStyles } from './section-styles';
import { type UploadsHandle, uploadsContext } from './uploads-key';

type FilesApiChoice = AppSettings['filesApi'];

/** What the section holds when it is valid. */
export interface PlatformChoices {
  readonly web: WebPreferences;
  readonly connectors: readonly ConnectorSetting[];
  readonly filesApi: FilesApiChoice;
}

/** The largest threshold, in KB: no request holds a larger file (32 MB). */
const MAX_MIN_KB = 32 * 1024;

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
 * Settings → Web, Connectors and Files API: limits on the API's web tools (allowed or blocked domains, most uses per
 * answer), remote MCP servers the API calls for Claude (name, `https://` address, optional token, which tools), and
 * whether large attachments are uploaded once and sent by id (with the files uploaded so far and `Delete uploaded
 * files`). `read()` checks what was typed and says what is wrong, or returns the choices.
 */
@customElement('easel-platform-settings')
export class EaselPlatformSettings extends LitElement {
  static override styles = [
    sectionStyles,
    css`
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
    button {
      ${buttonLook}
      justify-self: start;
      font-size: var(--easel-text-sm);
      font-weight: 500;
      min-height: 32px;
      padding: 0 var(--easel-space-3);
    }
    :focus-visible {
      ${focusRing}
    }
    .problem {
      color: var(--easel-danger);
      font-size: 0.8125rem;
    }
    [aria-invalid='true'] {
      border-color: var(--easel-danger);
    }
  `,
  ];

  /** Stored web limits. */
  @property({ attribute: false }) web: WebPreferences = { allowedDomains: [], blockedDomains: [] };
  /** Stored connectors (with their tokens, in memory). */
  @property({ attribute: false }) connectors: readonly ConnectorSetting[] = [];
  /** Stored Files API choice. */
  @property({ attribute: false }) filesApi: FilesApiChoice = { enabled: false, minKb: 256 };

  @consume({ context: uploadsContext, subscribe: true })
  @state()
  private uploads: UploadsHandle | undefined;

  @state() private rows: Row[] = [];
  /** The field `read()` last refused (its `id`) and why: said under the field. */
  @state() private problem: Refusal | undefined;
  @state() private allowed = '';
  @state() private blocked = '';
  @state() private maxUses = '';
  @state() private filesOn = false;
  @state() private minKb = '';
  /** What the files uploaded so far are, or what deleting them did. */
  @state() private uploadsNote = '';
  @state() private uploadedCount = 0;
  @state() private deleting = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.reset();
  }

  override render() {
    return html`<fieldset>
        <legend>${msg('Web')}</legend>
        <p class="hint">
          ${msg("With Web on in the message box, Claude can search the web ($0.01 a search, plus the tokens of what it reads) and read pages. Your question goes to Anthropic's search; pages are fetched by Anthropic, not your browser.")}
        </p>
        <label>${msg('Allowed domains')}
          <textarea id="allowed" rows="2" .value=${this.allowed} @input=${(e: Event) => (this.allowed = value(e))}
            aria-invalid=${this.invalid('allowed')} aria-describedby=${this.describedBy('allowed')}
            placeholder=${msg('one per line, e.g. wikipedia.org (empty: any)')}></textarea>
        </label>
        ${this.renderProblem('allowed')}
        <label>${msg('Blocked domains')}
          <textarea id="blocked" rows="2" .value=${this.blocked} @input=${(e: Event) => (this.blocked = value(e))}
            aria-invalid=${this.invalid('blocked')} aria-describedby=${this.describedBy('blocked')}
            placeholder=${msg('one per line (only when no domain is allowed)')}></textarea>
        </label>
        ${this.renderProblem('blocked')}
        <label>${msg('Most searches per answer')}
          <input id="max-uses" type="number" min="1" step="1" .value=${this.maxUses}
            aria-invalid=${this.invalid('max-uses')} aria-describedby=${this.describedBy('max-uses')}
            @input=${(e: Event) => (this.maxUses = value(e))} placeholder=${msg('no limit')} />
        </label>
        ${this.renderProblem('max-uses')}
      </fieldset>
      <fieldset>
        <legend>${msg('Connectors')}</legend>
        <p class="hint">
          ${msg('Remote MCP servers that the API calls for Claude. The address, token and tool calls go from Anthropic to the server; the token is kept like your API key and never exported.')}
        </p>
        ${this.rows.map((row, i) => this.renderRow(row, i))}
        <button type="button" @click=${this.handleAdd}>${msg('Add connector')}</button>
      </fieldset>
      <fieldset>
        <legend>${msg('Files API')}</legend>
        <label class="check">
          <input id="files-api" type="checkbox" role="switch" .checked=${this.filesOn}
            @change=${(e: Event) => (this.filesOn = (e.target as HTMLInputElement).checked)} />
          ${msg('Upload large files once (Files API)')}
        </label>
        <p class="hint">
          ${msg("PDFs and images of at least the size below are uploaded, with their names, to Anthropic's file storage the first time they are sent, under your API key's workspace, and kept there until deleted; later requests name them by id instead of carrying them again. Storing and uploading cost nothing; the file's tokens count as input each time Claude reads it, as before.")}
        </p>
        <label>${msg('Upload files of at least (KB)')}
          <input id="files-api-min" type="number" min="1" max=${MAX_MIN_KB} step="1" .value=${this.minKb}
            aria-invalid=${this.invalid('files-api-min')} aria-describedby=${this.describedBy('files-api-min')}
            @input=${(e: Event) => (this.minKb = value(e))} />
        </label>
        ${this.renderProblem('files-api-min')}
        <p class="hint" role="status">${this.uploadsNote}</p>
        ${
          this.uploadedCount > 0
            ? html`<button type="button" ?disabled=${this.deleting} @click=${this.handleDeleteUploads}>
                ${msg('Delete uploaded files')}
              </button>`
            : nothing
        }
      </fieldset>`;
  }

  private renderRow(row: Row, i: number) {
    const n = i + 1;
    const set = (change: Partial<Row>) => {
      this.rows = this.rows.map((r) => (r.id === row.id ? { ...r, ...change } : r));
    };
    const nameId = `name-${row.id}`;
    const urlId = `url-${row.id}`;
    return html`<div class="connector" role="group" aria-label=${msg(str`Connector ${n}`)}>
      <label>${msg('Name')} <input id=${nameId} .value=${row.name} @input=${(e: Event) => set({ name: value(e) })}
        aria-invalid=${this.invalid(nameId)} aria-describedby=${this.describedBy(nameId)} /></label>
      ${this.renderProblem(nameId)}
      <label>${msg('Server URL')}
        <input id=${urlId} type="url" placeholder="https://" .value=${row.url} @input=${(e: Event) => set({ url: value(e) })}
          aria-invalid=${this.invalid(urlId)} aria-describedby=${this.describedBy(urlId)} />
      </label>
      ${this.renderProblem(urlId)}
      <label>${msg('Token (optional)')}
        <input type="password" autocomplete="off" .value=${row.token} @input=${(e: Event) => set({ token: value(e) })} />
      </label>
      <label>${msg('Allowed tools')}
        <input placeholder=${msg('comma-separated (empty: all)')} .value=${row.tools} @input=${(e: Event) => set({ tools: value(e) })} />
      </label>
      <label class="check">
        <input type="checkbox" .checked=${row.enabled} @change=${(e: Event) => set({ enabled: (e.target as HTMLInputElement).checked })} />
        ${msg('Enabled')}
      </label>
      <button type="button" @click=${() => this.handleRemove(row.id)}>${msg(str`Remove connector ${row.name || n}`)}</button>
    </div>`;
  }

  /** Why `read()` refused the field `at`, under it (an `alert`), or nothing. */
  private renderProblem(at: string) {
    return this.problem?.at === at
      ? html`<span class="problem" id=${`${at}-problem`} role="alert">${this.problem.message}</span>`
      : nothing;
  }

  private invalid(at: string): 'true' | 'false' {
    return this.problem?.at === at ? 'true' : 'false';
  }

  private describedBy(at: string) {
    return this.problem?.at === at ? `${at}-problem` : nothing;
  }

  /** Puts the focus in the field `read()` last refused. */
  async focusProblem(): Promise<void> {
    await this.updateComplete;
    const at = this.problem?.at;
    if (at) this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(at)}`)?.focus();
  }

  /** Puts the stored values back into the fields (the dialog calls it when it opens). */
  reset(): void {
    this.problem = undefined;
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
    this.filesOn = this.filesApi.enabled;
    this.minKb = String(this.filesApi.minKb);
    void this.refreshUploads();
  }

  /** Shows how many files this device uploaded with the current key. */
  private async refreshUploads(): Promise<void> {
    const key = this.uploads?.apiKey();
    const files = key && this.uploads ? await this.uploads.files.uploadedFiles(key).catch(() => []) : [];
    this.uploadedCount = files.length;
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    this.uploadsNote =
      files.length === 0
        ? ''
        : msg(
            str`${files.length} file${files.length === 1 ? '' : 's'} (${formatBytes(bytes)}) uploaded from this device with this key.`,
          );
  }

  private async handleDeleteUploads(): Promise<void> {
    const key = this.uploads?.apiKey();
    if (!this.uploads || !key) {
      this.uploadsNote = msg('No API key is set. Enter the key the files were uploaded with above.');
      return;
    }
    this.deleting = true;
    this.uploadsNote = msg('Deleting the uploaded files…');
    const outcome = await this.uploads.files.deleteUploadedFiles(key);
    this.deleting = false;
    const deleted = msg(
      str`Deleted ${outcome.deleted} file${outcome.deleted === 1 ? '' : 's'} from Anthropic's file storage.`,
    );
    this.uploadsNote =
      outcome.failed > 0
        ? `${outcome.deleted > 0 ? `${deleted} ` : ''}${outcome.failed} could not be deleted. ${outcome.problem ?? 'The API refused.'} Press Delete uploaded files to try again.`
        : deleted;
    this.uploadedCount = outcome.failed;
  }

  /** The choices, or a sentence saying what to fix. */
  read(): PlatformChoices | string {
    const checked = this.check();
    this.problem = 'at' in checked ? checked : undefined;
    return 'at' in checked ? checked.message : checked;
  }

  /** The choices, or the first field that is wrong (its `id`) and what to fix. */
  private check(): PlatformChoices | Refusal {
    const allowedDomains = list(this.allowed);
    const blockedDomains = list(this.blocked);
    const bad = [...allowedDomains, ...blockedDomains].find((d) => !DOMAIN.test(d) || d.includes('://'));
    if (bad)
      return {
        at: allowedDomains.includes(bad) ? 'allowed' : 'blocked',
        message: `"${bad}" is not a domain. Write domains without https://, such as wikipedia.org.`,
      };
    if (allowedDomains.length > 0 && blockedDomains.length > 0)
      return {
        at: 'blocked',
        message: msg('Give allowed domains or blocked domains, not both: the API takes one list.'),
      };
    const uses = this.maxUses.trim();
    const maxUses = uses === '' ? undefined : Number(uses);
    if (maxUses !== undefined && (!Number.isInteger(maxUses) || maxUses < 1))
      return {
        at: 'max-uses',
        message: msg('Most searches per answer must be a whole number of at least 1, or empty for no limit.'),
      };
    const connectors: ConnectorSetting[] = [];
    const names = new Set<string>();
    for (const row of this.rows) {
      const name = row.name.trim();
      if (!NAME.test(name))
        return {
          at: `name-${row.id}`,
          message: msg(
            str`Connector name "${name}" may use only letters, digits, - and _ (at most 64 characters).`,
          ),
        };
      if (names.has(name))
        return {
          at: `name-${row.id}`,
          message: msg(str`Two connectors are named "${name}": give each its own name.`),
        };
      names.add(name);
      const url = row.url.trim();
      if (!isHttps(url))
        return {
          at: `url-${row.id}`,
          message: msg(str`The server URL of ${name} must be an https:// address.`),
        };
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
    const minKb = Number(this.minKb.trim());
    if (!Number.isInteger(minKb) || minKb < 1 || minKb > MAX_MIN_KB)
      return {
        at: 'files-api-min',
        message: msg(
          str`The smallest file to upload must be a whole number of KB from 1 to ${MAX_MIN_KB}, such as 256.`,
        ),
      };
    return {
      web: { allowedDomains, blockedDomains, ...(maxUses !== undefined ? { maxUses } : {}) },
      connectors,
      filesApi: { enabled: this.filesOn, minKb },
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

/** A field `read()` refused (its `id`) and why. */
interface Refusal {
  readonly at: string;
  readonly message: string;
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
