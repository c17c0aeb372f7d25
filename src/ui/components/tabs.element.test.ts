import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import './tabs';

function panels(): HTMLElement[] {
  return ['one', 'two', 'three'].map((id) => {
    const p = document.createElement('p');
    p.slot = id;
    p.textContent = `Content ${id}`;
    return p;
  });
}

const tabs = [
  { id: 'one', label: 'First' },
  { id: 'two', label: 'Second' },
  { id: 'three', label: 'Third' },
];

describe('<easel-tabs>', () => {
  it('shows the first tab and its panel, named by the tab', async () => {
    const { screen } = await mount('easel-tabs', { tabs, label: 'Sections' }, { children: panels() });
    await expect.element(screen.getByRole('tablist', { name: 'Sections' })).toBeVisible();
    await expect.element(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByRole('tabpanel', { name: 'First' })).toBeVisible();
    await expect.element(screen.getByText('Content one')).toBeVisible();
    await expect.element(screen.getByText('Content two')).not.toBeVisible();
  });

  it('is one Tab stop; arrow keys, Home and End move and show at once', async () => {
    const { screen, parent } = await mount('easel-tabs', { tabs, label: 'Sections' }, { children: panels() });
    const selects = recordEvents(parent, 'tab-select');
    const first = screen.getByRole('tab', { name: 'First' });
    await expect.element(first).toHaveAttribute('tabindex', '0');
    await expect.element(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('tabindex', '-1');
    (first.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(screen.getByRole('tab', { name: 'Second' }))
      .toHaveAttribute('aria-selected', 'true');
    expect(focusedElement()?.textContent).toBe('Second');
    await expect.element(screen.getByText('Content two')).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByText('Content three')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByText('Content one')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(screen.getByText('Content three')).toBeVisible();
    await userEvent.keyboard('{Home}');
    expect(focusedElement()?.textContent).toBe('First');
    expect(selects.map((e) => e.id)).toEqual(['two', 'three', 'one', 'three', 'one']);
  });

  it('shows a tab on click, and the tab holding an element on reveal', async () => {
    const children = panels();
    const { el, screen } = await mount('easel-tabs', { tabs, label: 'Sections' }, { children });
    await userEvent.click(screen.getByRole('tab', { name: 'Third' }));
    await expect.element(screen.getByText('Content three')).toBeVisible();
    const inner = document.createElement('span');
    children[1]?.append(inner);
    el.reveal(inner);
    await expect.element(screen.getByText('Content two')).toBeVisible();
    await expect.element(screen.getByText('Content three')).not.toBeVisible();
  });
});
