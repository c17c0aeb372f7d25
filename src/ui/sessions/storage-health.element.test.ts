import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { StorageHealth } from '../../storage';
import { mount, recordEvents } from '../test-support';
import './storage-health';

const NOW = Date.UTC(2026, 0, 15, 12);
const health: StorageHealth = {
  persisted: false,
  usage: 5 * 1024 * 1024,
  quota: 2 * 1024 * 1024 * 1024,
  lastExportAt: NOW - 5 * 60_000,
};

describe('<easel-storage-health>', () => {
  it('is a region named Storage that says it is checking until health arrives', async () => {
    const { el, screen } = await mount('easel-storage-health');
    const region = screen.getByRole('region', { name: 'Storage' });
    await expect.element(region).toHaveTextContent('Checking storage…');
    el.health = { persisted: true, usage: undefined, quota: undefined, lastExportAt: undefined };
    await expect.element(region).toHaveTextContent('Storage is persistent');
    await expect.element(region).toHaveTextContent('This browser does not say how much space is used.');
    await expect.element(region).toHaveTextContent('No export made yet.');
    expect(screen.getByRole('button', { name: 'Keep my data' }).elements()).toHaveLength(0);
  });

  it('shows space used, the last export, and Keep my data when storage is not persistent', async () => {
    const { screen, parent } = await mount('easel-storage-health', { health, now: NOW });
    const persist = recordEvents(parent, 'storage-persist');
    await expect
      .element(screen.getByRole('meter', { name: 'Storage used' }))
      .toHaveAttribute('value', String(health.usage));
    await expect.element(screen.getByText('5 MB of 2 GB used (less than 1%).')).toBeVisible();
    await expect.element(screen.getByText('Last export: 5 minutes ago.')).toBeVisible();
    await expect.element(screen.getByText(/Storage is not persistent/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my data' }));
    expect(persist).toHaveLength(1);
  });

  it('fires sessions-export-all, and sessions-import with the chosen file', async () => {
    const { el, screen, parent } = await mount('easel-storage-health', { health, now: NOW });
    const exports = recordEvents(parent, 'sessions-export-all');
    const imports = recordEvents(parent, 'sessions-import');
    await userEvent.click(screen.getByRole('button', { name: 'Export all' }));
    expect(exports).toHaveLength(1);
    const input = el.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
    let pickerOpened = 0;
    input.addEventListener('click', (e) => {
      pickerOpened++;
      e.preventDefault();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(pickerOpened).toBe(1);
    const file = new File(['{}'], 'easel-export.json', { type: 'application/json' });
    await userEvent.upload(input, file);
    expect(imports.map((e) => e.file.name)).toEqual(['easel-export.json']);
  });

  it('makes the buttons wait while busy', async () => {
    const { screen } = await mount('easel-storage-health', { health, busy: true });
    await expect.element(screen.getByRole('button', { name: 'Export all' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('announces a failure as an alert and an import report as a status', async () => {
    const { el, screen } = await mount('easel-storage-health', {
      health,
      problem: 'Export failed: the disk is full.',
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Export failed: the disk is full.');
    el.importReport = {
      imported: [
        { id: 'a', title: 'One', messageCount: 4 },
        { id: 'b', title: 'Two', messageCount: 2 },
      ],
      problems: ['Session "Three" had no messages and was skipped.'],
    };
    const status = screen.getByRole('status');
    await expect.element(status).toHaveTextContent('Imported 2 sessions.');
    await expect
      .element(status.getByRole('listitem'))
      .toHaveTextContent('Session "Three" had no messages and was skipped.');
    el.importReport = { imported: [], problems: [] };
    await expect.element(status).toHaveTextContent('Nothing was imported.');
  });
});
