import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './welcome-card';

describe('<easel-welcome-card>', () => {
  it('asks for the key in place, with where to get one, and saves what was typed', async () => {
    const { el, screen } = await mount('easel-welcome-card');
    const saved = recordEvents(el, 'settings-save');
    await expect.element(screen.getByRole('heading', { name: 'Welcome to Easel' })).toBeVisible();
    const link = screen.getByRole('link', { name: 'Get a key from the Anthropic Console' });
    expect(link.element().getAttribute('href')).toBe('https://console.anthropic.com/settings/keys');
    expect(link.element().getAttribute('rel')).toContain('noopener');
    await userEvent.fill(screen.getByLabelText('Anthropic API key'), '  sk-ant-test  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(saved.map((e) => e.change)).toEqual([{ apiKey: 'sk-ant-test', baseUrl: '' }]);
  });

  it('refuses an empty key and a bad base URL with words, opening Advanced, and saves nothing', async () => {
    const { el, screen } = await mount('easel-welcome-card');
    const saved = recordEvents(el, 'settings-save');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Paste your API key first');
    await userEvent.fill(screen.getByLabelText('Anthropic API key'), 'sk-ant-test');
    await userEvent.click(screen.getByText('Advanced'));
    await userEvent.fill(screen.getByLabelText('API base URL'), 'ftp://example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await expect.element(screen.getByRole('alert')).not.toHaveTextContent('Paste your API key first');
    expect(el.renderRoot.querySelector('details')?.open).toBe(true);
    expect(saved).toHaveLength(0);
  });
});
