import { describe, expect, it } from 'vitest';
import type { SyncHandle, SyncService, SyncStatus } from '../../sync';
import { provideSync } from '../settings/sync-context';
import { mount } from '../test-support';
import './sync-status';

function handle(): SyncHandle & { set(status: SyncStatus): void } {
  let status: SyncStatus = { state: 'off' };
  const listeners = new Set<(status: SyncStatus) => void>();
  return {
    get status() {
      return status;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => Promise.reject(new Error('the header never loads the service')) as Promise<SyncService>,
    set(next) {
      status = next;
      for (const listener of listeners) listener(next);
    },
  };
}

describe('<easel-sync-status>', () => {
  it('shows nothing while sync is off, then each status in words', async () => {
    const sync = handle();
    const { screen } = await mount('easel-sync-status', {}, { setup: (parent) => provideSync(parent, sync) });
    const status = screen.getByRole('status', { name: 'Sync' });
    await expect.element(status).not.toBeInTheDocument();
    sync.set({ state: 'syncing', pending: 3 });
    await expect.element(status).toHaveTextContent('Syncing 3');
    sync.set({ state: 'synced' });
    await expect.element(status).toHaveTextContent('Synced');
    sync.set({ state: 'offline', reason: 'Failed to fetch' });
    await expect.element(status).toHaveTextContent('Offline: Failed to fetch');
    sync.set({ state: 'error', reason: 'The server refused the user name or password (401).' });
    await expect
      .element(status)
      .toHaveTextContent('Sync error: The server refused the user name or password (401).');
    sync.set({ state: 'off' });
    await expect.element(status).not.toBeInTheDocument();
  });
});
