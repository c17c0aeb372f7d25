/**
 * Sync across devices through CouchDB replication, end-to-end encrypted. Only this handle is in the first load:
 * the service loads with Settings → Sync or at start-up when sync is on, and PouchDB with the engine only once
 * this tab syncs. See README.md.
 */

import type { SyncService, SyncServiceOptions } from './service';
import { type SyncStatus, VAULT_ENTRY } from './status';

export type { SyncService, SyncServiceOptions } from './service';
export { describeSyncStatus, type SyncStatus } from './status';
export type { RenamedSession, SyncConfig, SyncTarget } from './types';

/** The tab's sync: its status at all times, and the service, loaded at first use. */
export interface SyncHandle {
  /** The latest status (`off` until the service has loaded and started). */
  readonly status: SyncStatus;
  /** Calls `listener` with each new status; returns the unsubscribe. */
  subscribe(listener: (status: SyncStatus) => void): () => void;
  load(): Promise<SyncService>;
}

/** A handle whose service loads at first use; `resume()` starts syncing at start-up if sync is on. */
export function lazySync(options: SyncServiceOptions): SyncHandle & { resume(): void } {
  let service: Promise<SyncService> | undefined;
  let status: SyncStatus = { state: 'off' };
  const listeners = new Set<(status: SyncStatus) => void>();
  const load = () => {
    service ??= import('./service').then(({ SyncService }) => {
      const loaded = new SyncService(options);
      loaded.subscribe((next) => {
        status = next;
        for (const listener of [...listeners]) listener(next);
      });
      return loaded;
    });
    return service;
  };
  return {
    get status() {
      return status;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    resume: () => {
      void options.settings.getKey(VAULT_ENTRY).then((saved) => {
        if (saved) void load().then((s) => s.resume());
      });
    },
  };
}
