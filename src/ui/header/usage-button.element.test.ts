import { describe, expect, it } from 'vitest';
import { type Locator, userEvent } from 'vitest/browser';
import { focusedElement, mount } from '../test-support';
import { sessionUsage } from './usage-button';

// The popover's figures are slotted into `<easel-dialog>` (a `dl` in the button's own shadow root): they are found
// from the element, as terms (`dt`) that hold both the name and the figure. A closed dialog has no role at all.

const session = { input: 41_000, output: 2_500, cacheRead: 8_000, cacheWrite: 1_000 };

/** The popover's line whose name is exactly `name`. */
const term = (screen: Locator, name: string) =>
  screen.getByRole('term').filter({ hasText: new RegExp(`^${name}`) });

describe('<easel-usage-button>', () => {
  it('names the cost and the context in its label, and shows them', async () => {
    const { screen } = await mount('easel-usage-button', { cost: 1.5, used: 50_000, window: 200_000 });
    const button = screen.getByRole('button', { name: 'Usage: $1.50, context 50,000 / 200K' });
    await expect.element(button).toHaveTextContent('$1.50');
    await expect.element(button).toHaveTextContent('50,000 / 200K');
    await expect.element(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a dash, and no context, before anything is known', async () => {
    const { screen } = await mount('easel-usage-button');
    const button = screen.getByRole('button', { name: 'Usage: —' });
    await expect.element(button).toHaveTextContent(/^\s*—\s*$/);
  });

  it('opens a Usage popover that explains each figure, and Escape closes it with the focus back', async () => {
    const { screen } = await mount('easel-usage-button', {
      cost: 0.0042,
      session,
      used: 180_000,
      window: 200_000,
      warnAt: 0.8,
      cacheRatio: 0.4,
    });
    const button = screen.getByRole('button', { name: /^Usage: \$0\.0042/ });
    await userEvent.click(button);
    const popover = screen.getByRole('dialog', { name: 'Usage' });
    await expect.element(popover).toBeVisible();
    await expect.element(button).toHaveAttribute('aria-expanded', 'true');
    await expect.element(term(screen, 'Cost of this session')).toHaveTextContent('$0.0042');
    await expect.element(term(screen, 'Tokens')).toHaveTextContent('50,000 in · 2,500 out');
    await expect.element(term(screen, 'Context')).toHaveTextContent('180,000 / 200K');
    await expect.element(term(screen, 'Prompt cache')).toHaveTextContent('Cache 40%');
    const meter = screen.getByRole('meter', { name: 'Context used' });
    const { value, low } = meter.element() as HTMLMeterElement;
    expect({ value, low }).toEqual({ value: 180_000, low: 160_000 });
    await userEvent.keyboard('{Escape}');
    await expect.element(popover).not.toBeInTheDocument();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    expect(focusedElement()).toBe(button.element());
  });

  it('closes the popover on a second click of the button', async () => {
    const { screen } = await mount('easel-usage-button', { cost: 0 });
    const button = screen.getByRole('button', { name: 'Usage: $0' });
    await userEvent.click(button);
    const popover = screen.getByRole('dialog', { name: 'Usage' });
    await expect.element(popover).toBeVisible();
    await userEvent.click(button);
    await expect.element(popover).not.toBeInTheDocument();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('says what is not known yet in the popover, with no context meter without a window', async () => {
    const { screen } = await mount('easel-usage-button');
    await userEvent.click(screen.getByRole('button', { name: 'Usage: —' }));
    await expect.element(screen.getByRole('dialog', { name: 'Usage' })).toBeVisible();
    await expect.element(term(screen, 'Cost of this session')).toHaveTextContent('Unknown');
    await expect.element(term(screen, 'Tokens')).toHaveTextContent('None yet');
    await expect.element(term(screen, 'Prompt cache')).toHaveTextContent('Not used yet');
    await expect.element(term(screen, 'Context')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('meter')).not.toBeInTheDocument();
  });

  it('follows new figures while it is open', async () => {
    const { el, screen } = await mount('easel-usage-button', { cost: 0.5, used: 1_000, window: 200_000 });
    await userEvent.click(screen.getByRole('button', { name: /^Usage: \$0\.50/ }));
    el.cost = 0.75;
    el.used = 3_000;
    await expect
      .element(screen.getByRole('button', { name: 'Usage: $0.75, context 3,000 / 200K' }))
      .toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'Context used' });
    await expect.poll(() => (meter.element() as HTMLMeterElement).value).toBe(3_000);
  });
});

describe('sessionUsage', () => {
  it('adds up the tokens of every answer, and is undefined before the first', () => {
    expect(sessionUsage([])).toBeUndefined();
    expect(sessionUsage([session, { input: 1, output: 2, cacheRead: 3, cacheWrite: 4 }])).toEqual({
      input: 41_001,
      output: 2_502,
      cacheRead: 8_003,
      cacheWrite: 1_004,
    });
  });
});
