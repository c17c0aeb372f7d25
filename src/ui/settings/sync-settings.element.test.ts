import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { RenamedSession, SyncConfig, SyncHandle, SyncService, SyncStatus, SyncTarget } from '../../sync';
import { mount } from '../test-support';
import { provideSync } from './sync-context';
import './sync-settings';

/** A sync service that records what it is asked and answers `connect` with `answer`. */
function fakeSync(options: { target?: SyncTarget; answer?: string; renamed?: RenamedSession[] } = {}) {
  const calls: { connect: SyncConfig[]; stop: number; syncNow: number; restored: string[][] } = {
    connect: [],
    stop: 0,
    syncNow: 0,
    restored: [],
  };
  let renamed = options.renamed ?? [];
  const listeners = new Set<(status: SyncStatus) => void>();
  let target = options.target;
  let status: SyncStatus = target ? { state: 'synced' } : { state: 'off' };
  const set = (next: SyncStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };
  const service = {
    get status() {
      return status;
    },
    subscribe(listener: (s: SyncStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    target: async () => target,
    async connect(config: SyncConfig) {
      calls.connect.push(config);
      if (options.answer) return options.answer;
      target = { url: config.url, database: config.database, user: config.user };
      set({ state: 'synced' });
      return undefined;
    },
    syncNow() {
      calls.syncNow += 1;
    },
    renamed: async () => renamed,
    async restoreTitle(sessionId: string, title: string) {
      calls.restored.push([sessionId, title]);
      renamed = renamed.filter((r) => r.sessionId !== sessionId);
    },
    async stop() {
      calls.stop += 1;
      target = undefined;
      set({ state: 'off' });
    },
  };
  const handle: SyncHandle = {
    get status() {
      return status;
    },
    subscribe: service.subscribe,
    load: async () => service as unknown as SyncService,
  };
  return { handle, calls, set };
}

async function mountWith(sync: ReturnType<typeof fakeSync>) {
  return mount('easel-sync-settings', {}, { setup: (parent) => provideSync(parent, sync.handle) });
}

describe('<easel-sync-settings>', () => {
  it('connects with what was typed, then forgets the secrets from its fields and offers Stop syncing', async () => {
    const sync = fakeSync();
    const { screen } = await mountWith(sync);
    const group = screen.getByRole('group', { name: 'Sync' });
    await expect
      .element(group.getByRole('status', { name: 'Sync status' }))
      .toHaveTextContent('Not syncing.');
    await userEvent.fill(group.getByRole('textbox', { name: 'Server URL' }), ' https://couch.example.org ');
    await userEvent.fill(group.getByRole('textbox', { name: 'Database' }), 'family');
    await userEvent.fill(group.getByRole('textbox', { name: 'User name' }), 'ana');
    await userEvent.fill(group.getByLabelText('Password', { exact: true }), 'pw');
    await userEvent.fill(group.getByLabelText('Passphrase', { exact: true }), 'long passphrase');
    await userEvent.click(group.getByRole('button', { name: 'Sync now' }));
    await expect.element(group.getByRole('status', { name: 'Sync status' })).toHaveTextContent('Synced.');
    expect(sync.calls.connect).toEqual([
      {
        url: 'https://couch.example.org',
        database: 'family',
        user: 'ana',
        password: 'pw',
        passphrase: 'long passphrase',
      },
    ]);
    await expect.element(group.getByLabelText('Password', { exact: true })).toHaveValue('');
    await expect.element(group.getByLabelText('Passphrase', { exact: true })).toHaveValue('');
    await userEvent.click(group.getByRole('button', { name: 'Stop syncing' }));
    await expect
      .element(group.getByRole('status', { name: 'Sync status' }))
      .toHaveTextContent('Not syncing.');
    expect(sync.calls.stop).toBe(1);
    await expect.element(group.getByRole('button', { name: 'Stop syncing' })).not.toBeInTheDocument();
  });

  it('shows why it could not connect, and keeps what was typed', async () => {
    const sync = fakeSync({
      answer: 'Wrong passphrase: this sync database was set up with a different passphrase.',
    });
    const { screen } = await mountWith(sync);
    const group = screen.getByRole('group', { name: 'Sync' });
    await userEvent.fill(group.getByRole('textbox', { name: 'Server URL' }), 'https://couch.example.org');
    await userEvent.fill(group.getByLabelText('Passphrase', { exact: true }), 'not the one');
    await userEvent.click(group.getByRole('button', { name: 'Sync now' }));
    await expect.element(group.getByRole('alert')).toHaveTextContent(/^Wrong passphrase/);
    await expect.element(group.getByLabelText('Passphrase', { exact: true })).toHaveValue('not the one');
    await expect.element(group.getByRole('button', { name: 'Stop syncing' })).not.toBeInTheDocument();
  });

  it('shows a kept config without its secrets, and Sync now on it only tries again', async () => {
    const sync = fakeSync({ target: { url: 'https://couch.example.org', database: 'easel', user: 'ana' } });
    const { screen } = await mountWith(sync);
    const group = screen.getByRole('group', { name: 'Sync' });
    await expect
      .element(group.getByRole('textbox', { name: 'Server URL' }))
      .toHaveValue('https://couch.example.org');
    await expect.element(group.getByRole('textbox', { name: 'User name' })).toHaveValue('ana');
    await expect.element(group.getByLabelText('Password', { exact: true })).toHaveValue('');
    await expect
      .element(group.getByLabelText('Passphrase', { exact: true }))
      .toHaveAttribute('placeholder', 'kept on this device');
    await userEvent.click(group.getByRole('button', { name: 'Sync now' }));
    expect(sync.calls.syncNow).toBe(1);
    expect(sync.calls.connect).toEqual([]);
    sync.set({ state: 'offline', reason: 'Failed to fetch' });
    await expect
      .element(group.getByRole('status', { name: 'Sync status' }))
      .toHaveTextContent(/^Offline: the server cannot be reached \(Failed to fetch\)/);
  });

  it('lists sessions renamed on more than one device and takes an earlier title back', async () => {
    const sync = fakeSync({
      target: { url: 'https://couch.example.org', database: 'easel', user: 'ana' },
      renamed: [{ sessionId: 's1', title: 'Picnic in the park', others: ['Picnic at the lake'] }],
    });
    const { screen } = await mountWith(sync);
    const list = screen.getByRole('region', { name: 'Renamed on more than one device' });
    await expect.element(list).toHaveTextContent(/“Picnic in the park”, also named/);
    await userEvent.click(list.getByRole('button', { name: 'Use “Picnic at the lake”' }));
    expect(sync.calls.restored).toEqual([['s1', 'Picnic at the lake']]);
    await expect.element(list).not.toBeInTheDocument();
  });
});
