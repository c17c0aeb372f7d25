import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import './dialog';

async function popover(modal = false) {
  const button = document.createElement('button');
  button.textContent = 'Open';
  const outside = document.createElement('button');
  outside.textContent = 'Elsewhere';
  const content = document.createElement('p');
  content.textContent = 'What it says';
  const mounted = await mount('easel-dialog', { label: 'Details', modal }, { children: [content] });
  mounted.parent.style.position = 'relative';
  mounted.parent.prepend(button, outside);
  button.addEventListener('click', () => mounted.el.toggle());
  const closes = recordEvents(mounted.parent, 'dialog-close');
  return { ...mounted, button, outside, closes };
}

describe('<easel-dialog>', () => {
  it('opens as a dialog named by its label, and closes on Escape with focus back on its opener', async () => {
    const { screen, button, el, closes } = await popover();
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    await expect.element(dialog).toBeVisible();
    await expect.element(screen.getByText('What it says')).toBeVisible();
    expect(el.open).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(el.open).toBe(false);
    expect(focusedElement()).toBe(button);
    expect(closes).toHaveLength(1);
  });

  it('closes on a click outside, and its opener toggles it', async () => {
    const { screen, button, outside, closes } = await popover();
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(outside);
    await expect.element(dialog).not.toBeInTheDocument();
    await userEvent.click(button);
    await expect.element(dialog).toBeVisible();
    await userEvent.click(button);
    await expect.element(dialog).not.toBeInTheDocument();
    expect(closes).toHaveLength(2);
  });

  it('as a modal covers the page and closes on Escape', async () => {
    const { screen, el } = await popover(true);
    await el.show();
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    await expect.element(dialog).toBeVisible();
    expect((dialog.element() as HTMLDialogElement).matches(':modal')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
  });
});
