import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import type { PaletteCommand } from './commands';
import { SHORTCUTS } from './shortcuts';
import './command-palette';

const commands: PaletteCommand[] = [
  { id: 'new-chat', label: 'New chat', keywords: 'start', shortcut: SHORTCUTS['new-chat'] },
  { id: 'settings', label: 'Open settings', keywords: 'key' },
  { id: 'export-all', label: 'Export all sessions' },
];

/** A palette with a button that had focus before it opened. */
async function opened(sessions = [{ id: 's1', title: 'Trip to Lisbon' }]) {
  const before = document.createElement('button');
  before.textContent = 'Before';
  const mounted = await mount(
    'easel-command-palette',
    { commands, sessions },
    {
      setup: (parent) => parent.append(before),
    },
  );
  before.focus();
  const queries = recordEvents(mounted.parent, 'palette-query');
  const chosen = recordEvents(mounted.parent, 'palette-choose');
  await mounted.el.show();
  return { ...mounted, before, queries, chosen };
}

const box = () => page.getByRole('combobox', { name: 'Search commands and sessions' });

describe('<easel-command-palette>', () => {
  it('opens as a dialog with a combobox that controls the list of commands and sessions', async () => {
    const { queries } = await opened();
    await expect.element(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    expect(focusedElement()?.getAttribute('role')).toBe('combobox');
    await expect.element(box()).toHaveAttribute('aria-expanded', 'true');
    await expect
      .element(page.getByRole('option', { name: 'New chat' }))
      .toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+N');
    await expect.element(page.getByRole('option', { name: 'Trip to Lisbon' })).toBeVisible();
    await expect
      .element(page.getByRole('option', { name: 'New chat' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(box()).toHaveAttribute('aria-activedescendant', 'option-0');
    expect(queries.map((e) => e.query)).toEqual(['']);
  });

  it('filters the commands as the person types, and reports each query', async () => {
    const { queries } = await opened();
    await userEvent.type(box(), 'exp');
    await expect
      .element(page.getByRole('option', { name: 'Export all sessions' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('option', { name: 'New chat' })).not.toBeInTheDocument();
    expect(queries.at(-1)?.query).toBe('exp');
  });

  it('moves with the arrow keys, wrapping, and runs the active option with Enter', async () => {
    const { chosen, before } = await opened();
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(page.getByRole('option', { name: 'Open settings' }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect
      .element(page.getByRole('option', { name: 'Trip to Lisbon' }))
      .toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(chosen.map((e) => e.choice)).toEqual([{ kind: 'session', id: 's1' }]);
    await expect.element(page.getByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    expect(focusedElement()).toBe(before);
  });

  it('closes with Esc, choosing nothing, and gives focus back', async () => {
    const { chosen, before, el } = await opened();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => el.open).toBe(false);
    expect(chosen).toEqual([]);
    expect(focusedElement()).toBe(before);
  });

  it('runs a clicked command', async () => {
    const { chosen } = await opened();
    await userEvent.click(page.getByRole('option', { name: 'Open settings' }));
    expect(chosen.map((e) => e.choice)).toEqual([{ kind: 'command', id: 'settings' }]);
  });

  it('says when nothing matches', async () => {
    await opened([]);
    await userEvent.type(box(), 'zebra');
    await expect.element(page.getByRole('status')).toHaveTextContent('Nothing matches “zebra”.');
  });
});
