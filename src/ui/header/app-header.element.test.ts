import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ModelInfo } from '../../llm';
import { mount, recordEvents } from '../test-support';
import './app-header';

const models: ModelInfo[] = [
  {
    id: 'claude-big',
    displayName: 'Claude Big',
    contextWindow: 200_000,
    supportsImages: true,
    supportsPdf: true,
    supportsThinking: true,
    effortLevels: ['off', 'low', 'high', 'max'],
    price: {
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheRead: 0.3,
      source: 'https://example.com/pricing',
      asOf: '2026-01-01',
    },
  },
  {
    id: 'claude-small',
    displayName: 'Claude Small',
    contextWindow: 1_000_000,
    supportsImages: true,
    supportsPdf: false,
    supportsThinking: false,
    effortLevels: ['off'],
  },
];

describe('<easel-app-header>', () => {
  it('fires header-command for New chat, Sessions and Settings', async () => {
    const { screen, parent } = await mount('easel-app-header');
    const commands = recordEvents(parent, 'header-command');
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sessions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(commands.map((e) => e.command)).toEqual(['new-chat', 'sessions', 'settings']);
  });

  it('says whether the sessions sidebar is open', async () => {
    const { el, screen } = await mount('easel-app-header');
    const sessions = screen.getByRole('button', { name: 'Sessions' });
    await expect.element(sessions).toHaveAttribute('aria-expanded', 'false');
    el.sidebarOpen = true;
    await expect.element(sessions).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists the models by name, their window and price in the tooltip, and fires model-choice on a pick', async () => {
    const { screen, parent } = await mount('easel-app-header', { models, model: 'claude-big' });
    const choices = recordEvents(parent, 'model-choice');
    const select = screen.getByRole('combobox', { name: 'Model' });
    await expect.element(select).toHaveDisplayValue('Claude Big');
    await expect
      .element(select.getByRole('option', { name: 'Claude Small' }))
      .toHaveAttribute('title', 'Claude Small · 1M context · price unknown');
    await userEvent.selectOptions(select, 'claude-small');
    expect(choices.map((e) => e.change)).toEqual([{ model: 'claude-small' }]);
  });

  it('keeps showing a chosen model the catalog does not list', async () => {
    const { screen } = await mount('easel-app-header', { models, model: 'claude-retired' });
    await expect
      .element(screen.getByRole('combobox', { name: 'Model' }))
      .toHaveDisplayValue('claude-retired');
  });

  it("offers only the chosen model's effort levels under Thinking", async () => {
    const { el, screen, parent } = await mount('easel-app-header', {
      models,
      model: 'claude-big',
      thinkingLevel: 'high',
    });
    const choices = recordEvents(parent, 'model-choice');
    const thinking = screen.getByRole('combobox', { name: 'Thinking' });
    await expect.element(thinking).toHaveDisplayValue('Thinking: High');
    expect(
      thinking
        .getByRole('option')
        .elements()
        .map((o) => o.textContent),
    ).toEqual(['Thinking: Off', 'Thinking: Low', 'Thinking: High', 'Thinking: Max']);
    await userEvent.selectOptions(thinking, 'max');
    expect(choices.map((e) => e.change)).toEqual([{ thinkingLevel: 'max' }]);
    el.model = 'claude-small';
    await expect
      .poll(() =>
        thinking
          .getByRole('option')
          .elements()
          .map((o) => o.textContent),
      )
      .toEqual(['Thinking: Off']);
  });

  it('shows the session cost and a context meter that warns near the window', async () => {
    const usage = { input: 100_000, output: 10_000, cacheRead: 20_000, cacheWrite: 0 };
    const { el, screen } = await mount('easel-app-header', {
      models,
      model: 'claude-big',
      lastUsage: usage,
      sessionCost: 0.1234,
    });
    await expect.element(screen.getByTitle('Cost of this session')).toHaveTextContent('$0.12');
    const usageButton = screen.getByRole('button', { name: /^Usage/ });
    await expect.element(usageButton).toHaveAccessibleName('Usage: $0.12, context 130,000 / 200K');
    await userEvent.click(usageButton);
    await expect.element(usageButton).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('dialog', { name: 'Usage' })).toBeVisible();
    // The popover's content is slotted into the dialog: found from the header, not inside the dialog's tree.
    const meter = screen.getByRole('meter', { name: 'Context used' });
    await expect.element(meter).toHaveAttribute('max', '200000');
    expect((meter.element() as HTMLMeterElement).value).toBe(130_000);
    await expect.element(screen.getByText('130,000 / 200K').last()).toBeVisible();
    expect(screen.getByRole('status').elements()).toHaveLength(0);
    el.lastUsage = { ...usage, input: 150_000 };
    await expect.element(screen.getByRole('status')).toHaveTextContent('Context nearly full');
  });

  it('offers Compact once the next request may not fit, and shows what compacting did', async () => {
    const small = { input: 50_000, output: 2_000, cacheRead: 0, cacheWrite: 0 };
    const { el, screen, parent } = await mount('easel-app-header', {
      models,
      model: 'claude-big',
      lastUsage: small,
    });
    // 52,000 used + 4,000 for the next message + 64,000 for the answer: well inside 200,000.
    expect(screen.getByRole('button', { name: 'Compact' }).elements()).toHaveLength(0);
    el.lastUsage = { ...small, input: 110_000 };
    const compact = screen.getByRole('button', { name: 'Compact' });
    await expect.element(compact).toBeVisible();
    let finish: (note: string) => void = () => undefined;
    const requests = recordEvents(parent, 'compact-request');
    parent.addEventListener('compact-request', (e) =>
      e.respondWith(new Promise<string>((resolve) => (finish = resolve))),
    );
    await userEvent.click(compact);
    expect(requests).toHaveLength(1);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Compacting…');
    await expect.element(compact).toBeDisabled();
    finish('Compacted: Claude now reads a summary.');
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Compacted: Claude now reads a summary.');
  });

  it("shows the session's prompt-cache hit ratio", async () => {
    const { el, screen } = await mount('easel-app-header', {
      models,
      model: 'claude-big',
      cacheRatio: 0.834,
    });
    await userEvent.click(screen.getByRole('button', { name: /^Usage/ }));
    await expect.element(screen.getByText('Cache 83%')).toBeVisible();
    el.cacheRatio = undefined;
    await expect.element(screen.getByText(/^Cache/)).not.toBeInTheDocument();
    await expect.element(screen.getByText('Not used yet')).toBeVisible();
  });

  it('explains the usage in a popover that closes on Escape and on a click outside', async () => {
    const { screen } = await mount('easel-app-header', {
      models,
      model: 'claude-big',
      sessionCost: 0.5,
      sessionUsage: { input: 1_000, output: 200, cacheRead: 3_000, cacheWrite: 0 },
    });
    const button = screen.getByRole('button', { name: /^Usage/ });
    await userEvent.click(button);
    const popover = screen.getByRole('dialog', { name: 'Usage' });
    await expect.element(screen.getByText('4,000 in · 200 out')).toBeVisible();
    await expect.element(screen.getByText('Cost of this session')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(popover).not.toBeInTheDocument();
    await expect.element(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    await expect.element(popover).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Model' }));
    await expect.element(popover).not.toBeInTheDocument();
  });

  it('offers Show artifacts while the session has files and the panel is closed', async () => {
    const { el, screen, parent } = await mount('easel-app-header', { models, model: 'claude-big' });
    expect(screen.getByRole('button', { name: 'Show artifacts' }).elements()).toHaveLength(0);
    const commands = recordEvents(parent, 'header-command');
    el.artifactsAvailable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Show artifacts' }));
    expect(commands.map((c) => c.command)).toEqual(['artifacts']);
  });
});
