import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { exchanges, mount } from '../test-support';
import './message-list';

describe('<easel-message-list>', () => {
  it('shows every message of a short conversation, in order', async () => {
    const { screen } = await mount('easel-message-list', { messages: exchanges(2) });
    await expect.element(screen.getByRole('article', { name: 'You' }).nth(1)).toHaveTextContent('Question 2');
    await expect
      .element(screen.getByRole('article', { name: 'Claude' }).nth(0).getByText('Answer 1'))
      .toBeVisible();
    expect(screen.getByRole('article').elements()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show earlier messages' }).elements()).toHaveLength(0);
  });

  it('opens a long conversation at its latest 60 messages; Show earlier messages adds 200 at a time', async () => {
    const { screen } = await mount('easel-message-list', { messages: exchanges(150) });
    await expect.element(screen.getByRole('article').last().getByText('Answer 150')).toBeVisible();
    expect(screen.getByRole('article').elements()).toHaveLength(60);
    expect(screen.getByText('Question 1', { exact: true }).elements()).toHaveLength(0);
    const earlier = screen.getByRole('button', { name: 'Show earlier messages' });
    await userEvent.click(earlier);
    await expect.element(screen.getByText('Question 21', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('article').elements()).toHaveLength(260);
    await userEvent.click(earlier);
    await expect.element(screen.getByText('Question 1', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('article').elements()).toHaveLength(300);
    expect(screen.getByRole('button', { name: 'Show earlier messages' }).elements()).toHaveLength(0);
  });

  it('keeps what is drawn when the same conversation grows, and starts over for another one', async () => {
    const messages = exchanges(40);
    const { el, screen } = await mount('easel-message-list', { messages });
    expect(screen.getByRole('article').elements()).toHaveLength(60);
    el.messages = [...messages, ...exchanges(1).map((m) => ({ ...m, timestamp: 999 }))];
    await el.updateComplete;
    expect(screen.getByRole('article').elements()).toHaveLength(62);
    el.messages = exchanges(40);
    await el.updateComplete;
    await expect.element(screen.getByRole('button', { name: 'Show earlier messages' })).toBeVisible();
  });

  it('offers Regenerate only on the last answer, and only when it holds the latest', async () => {
    const { el, screen } = await mount('easel-message-list', { messages: exchanges(3), holdsLatest: true });
    const regenerate = screen.getByRole('button', { name: 'Regenerate' });
    await expect.element(regenerate).toBeInTheDocument();
    expect(regenerate.elements()).toHaveLength(1);
    await expect
      .element(screen.getByRole('article', { name: 'Claude' }).last())
      .toContainElement(regenerate.element() as HTMLElement);
    el.holdsLatest = false;
    await expect.element(regenerate).not.toBeInTheDocument();
  });
});
