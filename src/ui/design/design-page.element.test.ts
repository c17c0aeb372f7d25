import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { focusedElement, mount } from '../test-support';
import '../styles/tokens.css';
import './design-page';

/** The page in `theme`, inside an element of that `data-theme` as design.html puts it. */
const page = (theme: 'light' | 'dark') =>
  mount('easel-design-page', { theme }, { setup: (parent) => parent.setAttribute('data-theme', theme) });

describe('<easel-design-page>', () => {
  it('is a region named after its theme, drawn with that theme’s tokens', async () => {
    const light = await page('light');
    const dark = await page('dark');
    const lightRegion = light.screen.getByRole('region', { name: 'Easel design system · Light' });
    const darkRegion = dark.screen.getByRole('region', { name: 'Easel design system · Dark' });
    await expect.element(lightRegion).toBeVisible();
    await expect.element(darkRegion).toBeVisible();
    const background = (region: typeof lightRegion) => getComputedStyle(region.element()).backgroundColor;
    expect(background(darkRegion)).not.toBe(background(lightRegion));
    // Controls shown twice carry the theme in their names, so each is found once on the page.
    await expect.element(dark.screen.getByRole('button', { name: 'Settings (Dark)' })).toBeVisible();
    await expect
      .element(light.screen.getByRole('button', { name: 'Settings (Dark)' }))
      .not.toBeInTheDocument();
  });

  it('shows every colour token as a swatch, and each kind of button', async () => {
    const { screen } = await page('light');
    await expect.element(screen.getByRole('listitem')).toHaveLength(16);
    await expect.element(screen.getByRole('listitem').filter({ hasText: 'danger-bg' })).toBeVisible();
    for (const name of ['Primary', 'Secondary', 'Ghost', 'Small'])
      await expect.element(screen.getByRole('button', { name, exact: true })).toBeEnabled();
    await expect
      .element(screen.getByRole('button', { name: 'Pressed' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByRole('button', { name: 'Disabled' })).toBeDisabled();
  });

  it('turns its switch on and off by click and by keyboard', async () => {
    const { screen } = await page('light');
    const toggle = screen.getByRole('switch', { name: 'Switch (Light)' });
    await expect.element(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect.element(toggle).not.toBeChecked();
    (toggle.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toBeChecked();
  });

  it('opens its example dialog, which Escape closes with the focus back on the button', async () => {
    const { screen } = await page('dark');
    const open = screen.getByRole('button', { name: 'Open a dialog' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Example (Dark)' });
    await expect.element(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focusedElement()).toBe(open.element());
    await userEvent.click(open);
    await expect.element(dialog).toBeVisible();
    await userEvent.click(open);
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('shows a menu, tabs that switch their panel, and a status and an alert toast', async () => {
    const { screen } = await page('light');
    const menu = screen.getByRole('menu', { name: 'Session actions (Light)' });
    await expect.element(menu.getByRole('menuitem')).toHaveLength(3);
    await expect.element(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Sections (Light)' });
    await expect.element(tabs.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('Theme, limits and how Claude answers.')).toBeVisible();
    await userEvent.click(tabs.getByRole('tab', { name: 'Files' }));
    await expect.element(tabs.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('Files Claude reads, and where they are kept.')).toBeVisible();
    await expect.element(screen.getByText('Theme, limits and how Claude answers.')).not.toBeVisible();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Saved.');
    await expect.element(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect.element(screen.getByRole('alert')).toHaveTextContent("Couldn't reach 127.0.0.1:4010");
  });
});
