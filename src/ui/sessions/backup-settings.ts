import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { BackupFacts, BackupFolder, BackupState, FolderBackup } from '../../storage';
import { msg, str } from '../l10n';
import { backupContext } from './backup-context';
import { formatAgo } from './format';

type DirectoryPicker = (options: { mode: 'readwrite'; id: string }) => Promise<BackupFolder>;

/**
 * The folder backup in the storage settings (loaded with that panel): `Back up to a folder…`, then the
 * folder's name, the last backup and what waits, `Stop backup`; `Resume backup` when the browser wants the
 * person's permission again, `Retry backup` or another folder after a failure, with the reason. Where the
 * browser has no folder picker it says so. It works the tab's `FolderBackup` (from `backupContext`) itself:
 * the picker and the permission prompt must be asked for inside the click.
 */
@customElement('easel-backup-settings')
export class EaselBackupSettings extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-2);
    }
    p {
      margin: 0;
    }
    .muted {
      color: var(--easel-text-muted);
      font-size: 0.85rem;
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
    .problem {
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      border-left: 3px solid var(--easel-danger);
    }
    /* The focus ring of styles/controls.ts, written out: importing it would split it from the first screen. */
    :focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: 2px;
    }
  `;

  /** The time ages are computed against (tests may pin it). */
  @property({ attribute: false }) now: number | undefined;

  @consume({ context: backupContext, subscribe: true })
  @state()
  private backup: FolderBackup | undefined;
  @state() private backupState: BackupState = { kind: 'off' };
  /** Why the last thing the person asked for failed (a folder that could not be chosen, say). */
  @state() private problem = '';
  @state() private busy = false;

  /** Ends following the backup (set while connected). Written here rather than with the shared
   * `SubscriptionController`: a module shared with the first screen would split into a chunk of its own. */
  private unsubscribe: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('backup') && this.isConnected) this.follow();
  }

  override render() {
    const s = this.backupState;
    if (!directoryPicker() && s.kind === 'off') {
      return html`<p class="muted">${msg('This browser cannot back up to a folder; use Export all.')}</p>`;
    }
    return html`${this.renderState(s)}
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}`;
  }

  private renderState(s: BackupState) {
    switch (s.kind) {
      case 'off':
        return html`<p class="muted">
            ${msg('Easel can write each session you change to a folder on this computer, as a file Import reads back.')}
          </p>
          <div class="actions">${this.renderChoose(msg('Back up to a folder…'))}</div>`;
      case 'on':
        return html`<p>${msg(str`Backing up to “${s.folder}”.`)}</p>
          ${this.renderFacts(s, true)}
          <div class="actions">${this.renderStop()}</div>`;
      case 'elsewhere':
        return html`<p>${msg(str`Another Easel tab is backing up to “${s.folder}”; this tab takes over when it closes.`)}</p>
          ${this.renderFacts(s, true)}
          <div class="actions">${this.renderStop()}</div>`;
      case 'permission':
        return html`<p class="problem" role="status">${msg(str`Backup to “${s.folder}” is paused. ${waiting(s)}`)}</p>
          ${this.renderFacts(s)}
          <div class="actions">
            <button type="button" ?disabled=${this.busy} @click=${this.handleResume}>${msg('Resume backup')}</button>
            ${this.renderStop()}
          </div>`;
      case 'failed':
        return html`<p class="problem" role="alert">${s.reason} ${waiting(s)}</p>
          ${this.renderFacts(s)}
          <div class="actions">
            ${
              s.fix === 'retry'
                ? html`<button type="button" ?disabled=${this.busy} @click=${this.handleRetry}>${msg('Retry backup')}</button>`
                : this.renderChoose(msg('Back up to another folder…'))
            }
            ${this.renderStop()}
          </div>`;
    }
  }

  /** The last backup, and (`withPending`) how many sessions wait. */
  private renderFacts(s: BackupFacts, withPending = false) {
    const last =
      s.lastBackupAt === undefined
        ? msg('No backup written yet.')
        : msg(str`Last backup: ${formatAgo(s.lastBackupAt, this.now ?? Date.now())}.`);
    const pending =
      withPending && s.pending > 0 ? ` ${s.pending} session${s.pending === 1 ? '' : 's'} waiting.` : '';
    return html`<p class="muted">${last}${pending}</p>`;
  }

  private renderChoose(label: string) {
    return html`<button type="button" ?disabled=${this.busy || !directoryPicker()} @click=${this.handleChoose}>
      ${label}
    </button>`;
  }

  private renderStop() {
    return html`<button type="button" ?disabled=${this.busy} @click=${this.handleStop}>${msg('Stop backup')}</button>`;
  }

  private handleChoose() {
    const pick = directoryPicker();
    const backup = this.backup;
    if (!pick || !backup) return;
    // Asked for inside the click: the browser shows its picker only then.
    const picked = pick({ mode: 'readwrite', id: 'easel-backup' });
    void this.work(msg('The folder could not be chosen'), async () => {
      let folder: BackupFolder;
      try {
        folder = await picked;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        throw error;
      }
      await (await backup.load()).choose(folder);
    });
  }

  private handleResume() {
    const backup = this.backup;
    if (backup) void this.work(msg('Backup could not resume'), async () => (await backup.load()).resume());
  }

  private handleRetry() {
    const backup = this.backup;
    if (backup) void this.work(msg('Backup could not resume'), async () => (await backup.load()).retry());
  }

  private handleStop() {
    const backup = this.backup;
    if (backup) void this.work(msg('Backup could not stop'), async () => (await backup.load()).stop());
  }

  private follow(): void {
    this.unsubscribe?.();
    this.unsubscribe = this.backup?.subscribe((s) => {
      this.backupState = s;
    });
  }

  private async work(what: string, task: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.problem = '';
    try {
      await task();
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.name : String(error);
      this.problem = `${what}: ${reason.replace(/[.\s]+$/, '')}.`;
    } finally {
      this.busy = false;
    }
  }
}

/** "Nothing is lost: 3 sessions wait." */
function waiting(s: BackupFacts): string {
  if (s.pending === 0) return msg('Nothing is lost.');
  return msg(str`Nothing is lost: ${s.pending} session${s.pending === 1 ? ' waits' : 's wait'}.`);
}

/** `window.showDirectoryPicker` (Chromium's), or `undefined` where the browser has none. */
function directoryPicker(): DirectoryPicker | undefined {
  const picker: unknown = Reflect.get(window, 'showDirectoryPicker');
  return typeof picker === 'function'
    ? (options) => Reflect.apply(picker, window, [options]) as Promise<BackupFolder>
    : undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-backup-settings': EaselBackupSettings;
  }
}
