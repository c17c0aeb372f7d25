import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './toast';

describe('<easel-toast>', () => {
  it('keeps an empty status region until there is a message', async () => {
    const { el, screen } = await mount('easel-toast');
    const live = el.shadowRoot?.querySelector('[role="status"]');
    expect(live?.textContent).toBe('');
    el.message = 'Saved.';
    const region = screen.getByRole('status');
    await expect.element(region).toHaveTextContent('Saved.');
    await expect.element(region).toBeVisible();
  });

  it('says an error as an alert, with Dismiss when dismissible', async () => {
    const { screen, parent } = await mount('easel-toast', {
      message: 'Could not save.',
      tone: 'error',
      dismissible: true,
    });
    const dismissed = recordEvents(parent, 'toast-dismiss');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Could not save.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismissed).toHaveLength(1);
  });
});
