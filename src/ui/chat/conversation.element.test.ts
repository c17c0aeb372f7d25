import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { assistantMessage, exchanges, mount, recordEvents, userMessage } from '../test-support';
import './conversation';

describe('<easel-conversation>', () => {
  it('is a log named Conversation that invites a first message when empty', async () => {
    const { el, screen } = await mount('easel-conversation');
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log).toHaveTextContent('Ask Claude anything.');
    el.messages = exchanges(1);
    await expect.element(log).not.toHaveTextContent('Ask Claude anything.');
    await expect.element(log.getByRole('article', { name: 'You' })).toHaveTextContent('Question 1');
    await expect.element(log.getByRole('article', { name: 'Claude' }).getByText('Answer 1')).toBeVisible();
  });

  it('shows the answer streaming now after the finished messages, busy until it ends', async () => {
    const { el, screen } = await mount('easel-conversation', {
      messages: [userMessage('Count to three')],
      streamMessage: assistantMessage('One, two'),
      busy: true,
    });
    const answer = screen.getByRole('article', { name: 'Claude' });
    await expect.element(answer).toHaveAttribute('aria-busy', 'true');
    await expect.element(answer.getByText('One, two')).toBeVisible();
    el.messages = [userMessage('Count to three'), assistantMessage('One, two, three.')];
    el.streamMessage = null;
    el.busy = false;
    await expect.element(answer).toHaveAttribute('aria-busy', 'false');
    await expect.element(answer.getByText('One, two, three.')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Claude' }).elements()).toHaveLength(1);
  });

  it("holds the answer's place with Claude is thinking…, the retry countdown inside, until content arrives", async () => {
    const { el, screen } = await mount('easel-conversation', {
      messages: [userMessage('Hello?')],
      busy: true,
    });
    const waiting = screen.getByRole('status').filter({ hasText: 'Claude is thinking…' });
    await expect.element(waiting).toBeVisible();
    // It comes after the person's message, where the answer will be.
    const you = screen.getByRole('article', { name: 'You' }).element().getBoundingClientRect();
    expect(waiting.element().getBoundingClientRect().top).toBeGreaterThanOrEqual(you.bottom);
    el.retryNote = 'The API is overloaded. Retrying in 2 s (attempt 1).';
    el.streamMessage = assistantMessage([]);
    await expect.element(waiting).toHaveTextContent('Retrying in 2 s (attempt 1).');
    el.retryNote = '';
    el.streamMessage = assistantMessage('Hi');
    await expect.element(waiting).not.toBeInTheDocument();
    await expect.element(screen.getByRole('article', { name: 'Claude' }).getByText('Hi')).toBeVisible();
  });

  it('shows no placeholder while a tool runs or when Claude is idle', async () => {
    const { el, screen } = await mount('easel-conversation', {
      messages: [userMessage('Look it up')],
      busy: true,
    });
    const waiting = screen.getByRole('status').filter({ hasText: 'Claude is thinking…' });
    await expect.element(waiting).toBeVisible();
    el.runningTools = new Set(['t1']);
    await expect.element(waiting).not.toBeInTheDocument();
    el.runningTools = new Set();
    el.busy = false;
    await expect.element(waiting).not.toBeInTheDocument();
  });

  it('offers Retry for a message left without an answer', async () => {
    const { el, screen, parent } = await mount('easel-conversation', { messages: [userMessage('Hello?')] });
    const retries = recordEvents(parent, 'retry-agent');
    const status = screen.getByRole('status').filter({ hasText: 'This message has no answer yet.' });
    await expect.element(status).toBeVisible();
    await userEvent.click(status.getByRole('button', { name: 'Retry' }));
    expect(retries).toHaveLength(1);
    el.busy = true;
    await expect.element(status).not.toBeInTheDocument();
  });

  it('says when an answer stopped after a tool ran', async () => {
    const { screen } = await mount('easel-conversation', {
      messages: [
        userMessage('Look it up'),
        assistantMessage([{ type: 'toolCall', id: 't1', name: 'search', arguments: {} }], {
          stopReason: 'toolUse',
        }),
        {
          role: 'toolResult',
          toolCallId: 't1',
          toolName: 'search',
          content: [{ type: 'text', text: 'found' }],
          isError: false,
          timestamp: 3,
        },
      ],
    });
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Claude had not finished this answer.');
  });

  it('offers Regenerate on the latest answer only', async () => {
    const { screen } = await mount('easel-conversation', { messages: exchanges(3) });
    const regenerate = screen.getByRole('button', { name: 'Regenerate' });
    await expect.element(regenerate).toBeInTheDocument();
    expect(regenerate.elements()).toHaveLength(1);
  });

  it('shows Jump to latest once the person scrolls up, and follows again when pressed', async () => {
    const { el, screen } = await mount(
      'easel-conversation',
      { messages: exchanges(30) },
      { style: 'height: 300px; display: flex; flex-direction: column' },
    );
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    expect(screen.getByRole('button', { name: 'Jump to latest' }).elements()).toHaveLength(0);
    await userEvent.wheel(log, { delta: { y: -3000 } });
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    await expect.element(jump).toBeVisible();
    await expect.element(log.getByText('Answer 30')).not.toBeInViewport();
    await userEvent.click(jump);
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    await expect.element(jump).not.toBeInTheDocument();
    el.follow();
    await expect.element(jump).not.toBeInTheDocument();
  });

  it('follows the end while the person is at it, without scroll anchoring, and stops once they scroll up', async () => {
    const history = exchanges(30);
    const { el, screen } = await mount(
      'easel-conversation',
      { messages: history },
      { style: 'height: 300px; display: flex; flex-direction: column' },
    );
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    const longer = (label: string) => `${label}\n\n${'More of it. '.repeat(20).trim()}\n\n`.repeat(6);
    // Following: an earlier answer grows, then a new answer streams in, and the end stays in view.
    el.messages = history.map((m, i) => (i === 1 ? assistantMessage(longer('Answer 1')) : m));
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    el.messages = [...el.messages, userMessage('Question 31', 60)];
    el.streamMessage = assistantMessage(longer('Streaming 31'));
    await expect.element(log.getByText('Streaming 31').last()).toBeInViewport();
    // Following, scroll anchoring is off (the end is scrolled to anyway); scrolled up, it is on again.
    const scroller = el.shadowRoot?.querySelector('.scroller');
    if (!scroller) throw new Error('no scrolled box');
    expect(getComputedStyle(scroller).overflowAnchor).toBe('none');

    await userEvent.wheel(log, { delta: { y: -1500 } });
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    await expect.element(jump).toBeVisible();
    expect(getComputedStyle(scroller).overflowAnchor).toBe('auto');
    // Scrolled up: the streaming answer grows below, and the view is not pulled to its end.
    el.streamMessage = assistantMessage(`${longer('Streaming 31')}${longer('Still streaming')}`);
    await expect.element(log.getByText('Still streaming').first()).toBeInTheDocument();
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    await expect.element(log.getByText('Still streaming').last()).not.toBeInViewport();
    await userEvent.click(jump);
    await expect.element(log.getByText('Still streaming').last()).toBeInViewport();
    expect(getComputedStyle(scroller).overflowAnchor).toBe('none');
  });
});
