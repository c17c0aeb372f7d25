import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { focusedElement, mount } from '../test-support';
import { SHORTCUTS } from './shortcuts';
import './shortcuts-dialog';

describe('<easel-shortcuts-dialog>', () => {
  it('lists each shortcut with its keys, closes with Close and gives focus back', async () => {
    const before = document.createElement('button');
    before.textContent = 'Before';
    const { el } = await mount(
      'easel-shortcuts-dialog',
      {
        shortcuts: [
          { label: 'Command palette', shortcut: SHORTCUTS.palette },
          { label: 'New chat', shortcut: SHORTCUTS['new-chat'] },
        ],
      },
      { setup: (parent) => parent.append(before) },
    );
    before.focus();
    await el.show();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('row', { name: 'Ctrl+K Command palette' })).toBeVisible();
    await expect.element(dialog.getByRole('row', { name: 'Alt+Shift+N New chat' })).toBeVisible();
    expect(focusedElement()?.textContent?.trim()).toBe('Close');
    await userEvent.keyboard('{Enter}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focusedElement()).toBe(before);
  });
});
