import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import './thinking-block';

describe('<easel-thinking-block>', () => {
  it('is collapsed under "Thought process" until the person opens it', async () => {
    const { screen } = await mount('easel-thinking-block', { text: 'Weighing two approaches' });
    const summary = screen.getByText('Thought process');
    await expect.element(screen.getByRole('group')).toBeInTheDocument();
    await expect.element(screen.getByText('Weighing two approaches')).not.toBeVisible();
    await userEvent.click(summary);
    await expect.element(screen.getByText('Weighing two approaches')).toBeVisible();
  });

  it('opens and closes from the keyboard', async () => {
    const { screen } = await mount('easel-thinking-block', { text: 'Step one' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Step one')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Step one')).not.toBeVisible();
  });

  it('says "Thinking" while it streams and follows the growing text', async () => {
    const { el, screen } = await mount('easel-thinking-block', { text: 'Fir', streaming: true });
    await expect.element(screen.getByText('Thinking', { exact: true })).toBeInTheDocument();
    el.text = 'First, the data';
    el.streaming = false;
    await expect.element(screen.getByText('Thought process')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Thought process'));
    await expect.element(screen.getByText('First, the data')).toBeVisible();
  });

  it('explains redacted thinking instead of showing text', async () => {
    const { screen } = await mount('easel-thinking-block', { redacted: true, text: 'secret' });
    await userEvent.click(screen.getByText('Thinking (redacted)'));
    await expect
      .element(screen.getByText('Part of this reasoning was encrypted by the provider for safety.'))
      .toBeVisible();
    expect(screen.getByText('secret').elements()).toHaveLength(0);
  });
});
