import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type AppSettings, DEFAULT_SETTINGS } from '../../storage';
import { mount } from '../test-support';
import './settings-dialog';

// The dialog's lazy part (Web and Connectors), slow to arrive as it may be on a loaded machine or network.
vi.mock(import('./platform-settings'), async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return importOriginal();
});

const settings: AppSettings = { ...DEFAULT_SETTINGS, apiKey: '', baseUrl: '' };

describe('<easel-settings-dialog> opening while its lazy part loads', () => {
  it('opens once that part is there, so typing started at once stays in the field it was typed in', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings });
    const shown = el.show();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await expect.element(dialog, { timeout: 5_000 }).toBeVisible();
    const baseUrl = dialog.getByRole('textbox', { name: 'API base URL' });
    await userEvent.click(baseUrl);
    await userEvent.keyboard('https://proxy.example');
    await shown;
    await userEvent.keyboard('/v1');
    await expect.element(baseUrl).toHaveValue('https://proxy.example/v1');
    await expect.element(dialog.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
    await userEvent.click(dialog.getByRole('tab', { name: 'Web, connectors & files' }));
    await expect.element(dialog.getByRole('group', { name: 'Web' })).toBeVisible();
  });
});
