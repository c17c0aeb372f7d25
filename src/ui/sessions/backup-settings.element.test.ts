import { ContextProvider } from '@lit/context';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { BackupState, FolderBackup } from '../../storage';
import { mount } from '../test-support';
import { backupContext } from './backup-context';
import './backup-settings';

const NOW = Date.UTC(2026, 11, 1, 12);

/** A tab's backup as the element sees it: a state to follow, and an engine whose calls are recorded. */
function fakeBackup(initial: BackupState, fail?: string) {
  const calls: string[] = [];
  let listener: ((state: BackupState) => void) | undefined;
  const engine = Object.fromEntries(
    ['resume', 'retry', 'stop', 'choose'].map((name) => [
      name,
      async () => {
        calls.push(name);
        if (fail) throw new Error(fail);
      },
    ]),
  );
  const backup = {
    subscribe(l: (state: BackupState) => void) {
      listener = l;
      l(initial);
      return () => {
        listener = undefined;
      };
    },
    load: async () => engine,
  } as unknown as FolderBackup;
  return { backup, calls, set: (state: BackupState) => listener?.(state) };
}

async function mountWith(backup: FolderBackup) {
  return mount(
    'easel-backup-settings',
    { now: NOW },
    { setup: (parent) => void new ContextProvider(parent, { context: backupContext, initialValue: backup }) },
  );
}

const facts = { folder: 'Backups', pending: 2, lastBackupAt: NOW - 3 * 60_000 };

describe('<easel-backup-settings>', () => {
  it('offers a folder while off, and follows the backup as it starts', async () => {
    const { backup, set } = fakeBackup({ kind: 'off' });
    const { screen } = await mountWith(backup);
    await expect
      .element(screen.getByText(/Easel can write each session you change to a folder/))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Back up to a folder…' })).toBeEnabled();
    set({ kind: 'on', ...facts });
    await expect.element(screen.getByText('Backing up to “Backups”.')).toBeVisible();
    await expect.element(screen.getByText('Last backup: 3 minutes ago. 2 sessions waiting.')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Stop backup' })).toBeVisible();
  });

  it('says when another tab writes the backup', async () => {
    const { backup } = fakeBackup({ kind: 'elsewhere', ...facts, lastBackupAt: undefined });
    const { screen } = await mountWith(backup);
    await expect
      .element(
        screen.getByText('Another Easel tab is backing up to “Backups”; this tab takes over when it closes.'),
      )
      .toBeVisible();
    await expect.element(screen.getByText('No backup written yet. 2 sessions waiting.')).toBeVisible();
  });

  it('asks to resume when the browser wants permission again, and resumes from the click', async () => {
    const { backup, calls } = fakeBackup({ kind: 'permission', ...facts, pending: 1 });
    const { screen } = await mountWith(backup);
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Backup to “Backups” is paused. Nothing is lost: 1 session waits.');
    await userEvent.click(screen.getByRole('button', { name: 'Resume backup' }));
    await expect.poll(() => calls).toEqual(['resume']);
  });

  it('shows a failed write with its reason and Retry backup, and what went wrong when retrying fails too', async () => {
    const { backup, calls } = fakeBackup(
      { kind: 'failed', reason: 'The disk is full.', fix: 'retry', ...facts },
      'The disk is still full.',
    );
    const { screen } = await mountWith(backup);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The disk is full. Nothing is lost: 2 sessions wait.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry backup' }));
    await expect.element(screen.getByText('Backup could not resume: The disk is still full.')).toBeVisible();
    expect(calls).toEqual(['retry']);
  });

  it('offers another folder when the folder is gone, and stops on Stop backup', async () => {
    const { backup, calls } = fakeBackup({
      kind: 'failed',
      reason: 'The folder is gone.',
      fix: 'choose',
      ...facts,
    });
    const { screen } = await mountWith(backup);
    await expect.element(screen.getByRole('button', { name: 'Back up to another folder…' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry backup' }).elements()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop backup' }));
    await expect.poll(() => calls).toEqual(['stop']);
  });
});
