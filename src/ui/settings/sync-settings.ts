/** Settings → Sync: the server, the credentials, the passphrase, `Sync now`, `Stop syncing` and the status. */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { RenamedSession, SyncHandle, SyncService, SyncStatus, SyncTarget } from '../../sync';
import { msg, str } from '../l10n';
import { sectionStyles } from './section-styles';
import { syncContext } from './sync-context';

/**
 * Settings → Sync (loaded with the dialog's lazy part): the CouchDB server, database, user name and password,
 * the passphrase that encrypts everything before it leaves, `Sync now`, `Stop syncing`, and the status. It works
 * the tab's sync service (from `syncContext`) itself; the dialog's `Save` does not touch it.
 */
@customElement('easel-sync-settings')
export class EaselSyncSettings extends LitElement {
  static override styles = [
    sectionStyles,
    css`
    label {
      display: grid;
      gap: 2px;
      font-size: 0.875rem;
    }
    input {
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-bg);
      color: inherit;
    }
    .status {
      margin: 0;
      font-size: 0.875rem;
    }
    .problem {
      margin: 0;
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      color: var(--easel-danger);
    }
    .actions {
      display: flex;
      gap: var(--easel-space-2);
    }
    ul {
      margin: 0;
      padding-left: var(--easel-space-4);
      display: grid;
      gap: var(--easel-space-1);
      font-size: 0.875rem;
    }
    li button {
      margin-left: var(--easel-space-1);
    }
    button {
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      cursor: pointer;
    }
    :focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: 2px;
    }
  `,
  ];

  @consume({ context: syncContext, subscribe: true })
  @state()
  private sync: SyncHandle | undefined;
  @state() private status: SyncStatus = { state: 'off' };
  @state() private target: SyncTarget | undefined;
  /** Why the last `Sync now` could not start; `''` for none. */
  @state() private problem = '';
  @state() private busy = false;
  @state() private url = '';
  @state() private database = 'easel';
  @state() private user = '';
  @state() private password = '';
  @state() private passphrase = '';
  /** Sessions renamed on more than one device: their other titles can be taken back. */
  @state() private renamed: readonly RenamedSession[] = [];

  private service: SyncService | undefined;
  private unsubscribe: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  override render() {
    const on = this.status.state !== 'off';
    return html`<fieldset>
      <legend>${msg('Sync')}</legend>
      <p class="hint">
        ${msg('Your sessions on every device, through a CouchDB server you run or rent. Everything is encrypted in this browser with your passphrase before it leaves: the server stores only ciphertext, attached files included.')}
      </p>
      <label>${msg('Server URL')}
        <input type="url" placeholder="https://couch.example.org" .value=${this.url}
          @input=${(e: Event) => (this.url = value(e))} />
      </label>
      <label>${msg('Database')} <input .value=${this.database} @input=${(e: Event) => (this.database = value(e))} /></label>
      <label>${msg('User name')}
        <input autocomplete="off" .value=${this.user} @input=${(e: Event) => (this.user = value(e))} />
      </label>
      <label>${msg('Password')}
        <input type="password" autocomplete="off" .value=${this.password}
          placeholder=${this.target ? msg('kept on this device') : ''}
          @input=${(e: Event) => (this.password = value(e))} />
      </label>
      <label>${msg('Passphrase')}
        <input type="password" autocomplete="off" .value=${this.passphrase}
          placeholder=${this.target ? msg('kept on this device') : msg('at least 8 characters')}
          @input=${(e: Event) => (this.passphrase = value(e))} />
      </label>
      <p class="hint">
        ${msg('Use the same passphrase on every device. It never leaves this browser, and without it nobody, Easel included, can read what is stored; kept like your API key, never exported.')}
      </p>
      <p class="status" role="status" aria-label=${msg('Sync status')}>${statusText(this.status)}</p>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      <div class="actions">
        <button type="button" ?disabled=${this.busy} @click=${this.handleSyncNow}>${msg('Sync now')}</button>
        ${on ? html`<button type="button" ?disabled=${this.busy} @click=${this.handleStop}>${msg('Stop syncing')}</button>` : nothing}
      </div>
      ${this.renderRenamed()}
    </fieldset>`;
  }

  private renderRenamed() {
    if (this.renamed.length === 0) return nothing;
    return html`<section aria-label=${msg('Renamed on more than one device')}>
      <p class="hint">
        ${msg('Renamed on more than one device: the latest rename won everywhere. The other titles are kept here.')}
      </p>
      <ul>
        ${this.renamed.map(
          (r) => html`<li>
            ${msg(str`“${r.title}”, also named`)}
            ${r.others.map(
              (title) => html`<button type="button" ?disabled=${this.busy}
                @click=${() => this.handleRestoreTitle(r.sessionId, title)}>${msg(str`Use “${title}”`)}</button>`,
            )}
          </li>`,
        )}
      </ul>
    </section>`;
  }

  private async handleRestoreTitle(sessionId: string, title: string): Promise<void> {
    const service = this.service;
    if (!service) return;
    this.busy = true;
    try {
      await service.restoreTitle(sessionId, title);
      this.renamed = await service.renamed();
    } finally {
      this.busy = false;
    }
  }

  private async handleSyncNow(): Promise<void> {
    const service = this.service;
    if (!service) return;
    const t = this.target;
    const same =
      t !== undefined &&
      t.url === this.url.trim() &&
      t.database === this.database.trim() &&
      t.user === this.user.trim() &&
      !this.password &&
      !this.passphrase;
    this.problem = '';
    if (same && this.status.state !== 'off' && this.status.state !== 'error') {
      service.syncNow();
      return;
    }
    this.busy = true;
    try {
      const problem = await service.connect({
        url: this.url.trim(),
        database: this.database.trim(),
        user: this.user.trim(),
        password: this.password,
        passphrase: this.passphrase,
      });
      this.problem = problem ?? '';
      if (!problem) {
        this.password = '';
        this.passphrase = '';
        this.target = await service.target();
      }
    } finally {
      this.busy = false;
    }
  }

  private async handleStop(): Promise<void> {
    this.busy = true;
    try {
      await this.service?.stop();
      this.target = undefined;
      this.problem = '';
    } finally {
      this.busy = false;
    }
  }

  private async follow(): Promise<void> {
    const service = await this.sync?.load();
    if (!service || !this.isConnected) return;
    this.service = service;
    this.unsubscribe?.();
    this.unsubscribe = service.subscribe((status) => {
      this.status = status;
      if (status.state === 'synced') void service.renamed().then((renamed) => (this.renamed = renamed));
    });
    this.status = service.status;
    this.target = await service.target();
    this.renamed = await service.renamed();
    if (this.target) ({ url: this.url, database: this.database, user: this.user } = this.target);
  }
}

function statusText(status: SyncStatus): string {
  switch (status.state) {
    case 'off':
      return msg('Not syncing.');
    case 'connecting':
      return msg('Connecting…');
    case 'syncing':
      return status.pending > 0 ? msg(str`Syncing (${status.pending} to go)…`) : msg('Syncing…');
    case 'synced':
      return msg('Synced.');
    case 'offline':
      return msg(
        str`Offline: the server cannot be reached (${status.reason}). Easel tries again by itself; Sync now tries at once.`,
      );
    case 'elsewhere':
      return msg('Syncing in another tab of this browser.');
    case 'error':
      return msg(str`Error: ${status.reason}`);
  }
}

function value(e: Event): string {
  return (e.target as HTMLInputElement).value;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-sync-settings': EaselSyncSettings;
  }
}
