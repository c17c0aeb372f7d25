/** The sync status, its words, and where the config is kept: what the first load needs of sync. */

/**
 * - `off`: not set up (or stopped);
 * - `connecting`: deriving the key and opening the server's database;
 * - `syncing` / `synced`: replicating (`pending`: documents known to be waiting, 0 when not known) / nothing
 *   left to send or receive;
 * - `offline`: the server cannot be reached; it is tried again with back-off, and on `Sync now`;
 * - `elsewhere`: another tab of this browser syncs (one tab does, for all of them);
 * - `error`: with the reason (a refused passphrase or password, a document that could not be read).
 */
export type SyncStatus =
  | { readonly state: 'off' }
  | { readonly state: 'connecting' }
  | { readonly state: 'syncing'; readonly pending: number }
  | { readonly state: 'synced' }
  | { readonly state: 'offline'; readonly reason: string }
  | { readonly state: 'elsewhere' }
  | { readonly state: 'error'; readonly reason: string };

/** The vault entry the config is kept under (like `connector-<id>` for a connector's token). */
export const VAULT_ENTRY = 'sync';

/** The status in words, as the header and Settings show it. */
export function describeSyncStatus(status: SyncStatus): string {
  switch (status.state) {
    case 'off':
      return 'Not syncing';
    case 'connecting':
      return 'Connecting';
    case 'syncing':
      return status.pending > 0 ? `Syncing ${status.pending}` : 'Syncing';
    case 'synced':
      return 'Synced';
    case 'offline':
      return `Offline: ${status.reason}`;
    case 'elsewhere':
      return 'Syncing in another tab';
    case 'error':
      return `Sync error: ${status.reason}`;
  }
}
