import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AgentMessage } from '../../agent';
import { assistantMessage, exchanges, mount, recordEvents, userMessage } from '../test-support';
import './message-list';
import './message-view';
import './version-switcher';
import type { MessageVersions, VersionLookup } from './versions';

describe('<easel-version-switcher>', () => {
  it('shows which version of how many, and steps with Previous version and Next version', async () => {
    const message = userMessage('Second try');
    const { screen, parent } = await mount('easel-version-switcher', { message, index: 1, count: 3 });
    const steps = recordEvents(parent, 'switch-version');
    await expect.element(screen.getByRole('status', { name: 'Version 2 of 3' })).toHaveTextContent('2 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(steps.map((e) => [e.message, e.step])).toEqual([
      [message, -1],
      [message, 1],
    ]);
  });

  it('offers no step past the first or last version, none while Claude works, and nothing for one version', async () => {
    const { el, screen } = await mount('easel-version-switcher', {
      message: userMessage('Only'),
      index: 0,
      count: 2,
    });
    await expect.element(screen.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Next version' })).toBeEnabled();
    el.disabled = true;
    await expect.element(screen.getByRole('button', { name: 'Next version' })).toBeDisabled();
    el.count = 1;
    await expect.element(screen.getByRole('button', { name: 'Next version' })).not.toBeInTheDocument();
  });
});

describe('versions in the conversation', () => {
  it("shows `< 2 / 2 >` on the person's message and on an answer that have other versions", async () => {
    const question = userMessage('Edited question');
    const answer = assistantMessage('Regenerated answer');
    const known = new Map<AgentMessage, MessageVersions>([
      [question, { index: 1, count: 2 }],
      [answer, { index: 0, count: 3 }],
    ]);
    const versions: VersionLookup = { versionsOf: (m) => known.get(m) };
    const { screen } = await mount('easel-message-list', {
      messages: [...exchanges(1), question, answer],
      versions,
    });
    const you = screen.getByRole('article', { name: 'You' }).last();
    await expect.element(you.getByRole('status', { name: 'Version 2 of 2' })).toBeVisible();
    const claude = screen.getByRole('article', { name: 'Claude' }).last();
    await expect.element(claude.getByRole('status', { name: 'Version 1 of 3' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next version' }).elements()).toHaveLength(2);
    expect(screen.getByRole('article').first().getByRole('status').elements()).toHaveLength(0);
  });
});
