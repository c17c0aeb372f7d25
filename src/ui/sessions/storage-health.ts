import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { ImportReport, StorageHealth } from '../../storage';
import { formatBytes, formatPercent } from '../format';
import { msg, str } from '../l10n';
import { focusRing } from '../styles/controls';
import { ExportAllEvent, ImportSessionsEvent, PersistStorageEvent } from './events';
import { formatAgo } from './format';

/**
 * Storage in the Settings dialog: whether the browser keeps Easel's data (persistent storage), how much
 * of the quota is used, when the last export was made, `Export all` and `Import`, what the last import
 * did, and the folder backup (`<easel-backup-settings>`, loaded with this panel). It shows what it is
 * given and reports what the person asks for through events.
 */
@customElement('easel-storage-health')
export class EaselStorageHealth extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    section {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-2);
    }
    h3 {
      margin: 0;
      font-size: 1rem;
    }
    p {
      margin: 0;
    }
    .muted {
      color: var(--easel-text-muted);
      font-size: 0.85rem;
    }
    meter {
      width: 100%;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--easel-space-2);
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
    .report {
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface-2);
    }
    .problem {
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      border-left: 3px solid var(--easel-danger);
    }
    .report ul {
      margin: var(--easel-space-1) 0 0;
      padding-left: var(--easel-space-4);
    }
    input[type='file'] {
      display: none;
    }
    :focus-visible {
      ${focusRing}
    }
  `;

  /** What the storage service reported; `undefined` while it is being read. */
  @property({ attribute: false }) health: StorageHealth | undefined;
  /** The result of the last import, shown until replaced. */
  @property({ attribute: false }) importReport: ImportReport | undefined;
  /** Why the last export or import failed ("Export failed: …"), shown as an alert; `''` for none. */
  @property({ attribute: false }) problem = '';
  /** Whether an export or import is running (buttons wait). */
  @property({ type: Boolean }) busy = false;
  /** The time ages are computed against (tests may pin it). */
  @property({ attribute: false }) now: number | undefined;

  @query('input[type=file]') private fileInput!: HTMLInputElement;

  override firstUpdated(): void {
    // The folder backup's part loads with this panel, not with the first screen.
    void import('./backup-settings');
  }

  override render() {
    const h = this.health;
    return html`<section aria-labelledby="storage-title">
      <h3 id="storage-title">${msg('Storage')}</h3>
      ${h ? this.renderHealth(h) : html`<p class="muted">${msg('Checking storage…')}</p>`}
      <div class="actions">
        <button type="button" ?disabled=${this.busy} @click=${this.handleExportAll}>${msg('Export all')}</button>
        <button type="button" ?disabled=${this.busy} @click=${this.handleImportClick}>${msg('Import')}</button>
        <input type="file" accept=".json,application/json,.zip,application/zip" tabindex="-1" aria-hidden="true" @change=${this.handleFile} />
      </div>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      ${this.importReport ? this.renderReport(this.importReport) : nothing}
      <easel-backup-settings .now=${this.now}></easel-backup-settings>
    </section>`;
  }

  private renderHealth(h: StorageHealth) {
    const now = this.now ?? Date.now();
    return html`
      <p>${this.persistenceText(h.persisted)}</p>
      ${
        h.persisted === false
          ? html`<div class="actions"><button type="button" @click=${this.handlePersist}>${msg('Keep my data')}</button></div>`
          : nothing
      }
      ${
        h.usage !== undefined && h.quota !== undefined && h.quota > 0
          ? html`<meter aria-label=${msg('Storage used')} min="0" max=${h.quota} value=${h.usage}></meter>
              <p class="muted">${msg(str`${formatBytes(h.usage)} of ${formatBytes(h.quota)} used (${percent(h.usage, h.quota)}).`)}</p>`
          : html`<p class="muted">${msg('This browser does not say how much space is used.')}</p>`
      }
      <p class="muted">
        ${h.lastExportAt === undefined ? msg('No export made yet.') : msg(str`Last export: ${formatAgo(h.lastExportAt, now)}.`)}
      </p>
    `;
  }

  private renderReport(report: ImportReport) {
    const n = report.imported.length;
    const m = report.memories ?? 0;
    const memories = m === 0 ? '' : msg(str`${m} memory file${m === 1 ? '' : 's'}`);
    const sessions = n === 0 && m > 0 ? '' : msg(str`${n} session${n === 1 ? '' : 's'}`);
    const what = sessions && memories ? msg(str`${sessions} and ${memories}`) : sessions || memories;
    return html`<div class="report" role="status">
      <p>${n === 0 && m === 0 ? msg('Nothing was imported.') : msg(str`Imported ${what}.`)}</p>
      ${report.problems.length > 0 ? html`<ul>${report.problems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}
    </div>`;
  }

  private persistenceText(persisted: boolean | undefined): string {
    if (persisted === true)
      return msg('Storage is persistent: the browser will not clear your sessions to free space.');
    if (persisted === false) {
      return msg(
        'Storage is not persistent: the browser may clear your sessions when space runs low. Export to keep a copy.',
      );
    }
    return msg('This browser does not say whether your sessions are kept. Export to keep a copy.');
  }

  private handleExportAll() {
    this.dispatchEvent(new ExportAllEvent());
  }

  private handleImportClick() {
    this.fileInput.value = '';
    this.fileInput.click();
  }

  private handleFile() {
    const file = this.fileInput.files?.[0];
    if (file) this.dispatchEvent(new ImportSessionsEvent(file));
  }

  private handlePersist() {
    this.dispatchEvent(new PersistStorageEvent());
  }
}

function percent(usage: number, quota: number): string {
  const p = (usage / quota) * 100;
  return p > 0 && p < 1 ? msg('less than 1%') : formatPercent(p / 100);
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-storage-health': EaselStorageHealth;
  }
}
