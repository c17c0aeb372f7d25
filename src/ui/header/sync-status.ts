/** The header's sync status: `Synced`, `Syncing 3`, `Offline: …`, `Sync error: …`; nothing while sync is off. */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { describeSyncStatus, type SyncHandle, type SyncStatus } from '../../sync';
import { SubscriptionController } from '../controllers/subscriptions';
import { msg } from '../l10n';
import { syncContext } from '../settings/sync-context';

/**
 * Follows the tab's sync (from `syncContext`) without loading it: the handle keeps the status. Shown as a
 * `status` named `Sync`, its full reason in its title; offline and error are marked for attention.
 */
@customElement('easel-sync-status')
export class EaselSyncStatus extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
    span {
      font-size: 0.8125rem;
      color: var(--easel-text-muted);
      max-width: 16rem;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .attention {
      color: var(--easel-danger);
    }
  `;

  @consume({ context: syncContext, subscribe: true })
  @state()
  private sync: SyncHandle | undefined;
  @state() private status: SyncStatus = { state: 'off' };

  private readonly subscriptions = new SubscriptionController(this, () => {
    const sync = this.sync;
    if (!sync) return [];
    this.status = sync.status;
    return [
      sync.subscribe((status) => {
        this.status = status;
      }),
    ];
  });

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('sync')) this.subscriptions.refresh();
  }

  override render() {
    if (this.status.state === 'off') return nothing;
    const text = describeSyncStatus(this.status);
    const attention = this.status.state === 'offline' || this.status.state === 'error';
    return html`<span role="status" aria-label=${msg('Sync')} title=${text} class=${attention ? 'attention' : ''}
      >${text}</span
    >`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-sync-status': EaselSyncStatus;
  }
}
