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

  it('stays at the end while the answer grows, without scrolling, and starts a short conversation at the top', async () => {
    const history = exchanges(30);
    const { el, screen } = await mount(
      'easel-conversation',
      { messages: history },
      { style: 'height: 300px; display: flex; flex-direction: column' },
    );
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    const scroller = scrollerOf(el);
    let scrolls = 0;
    scroller.addEventListener('scroll', () => scrolls++);
    // Following: an earlier answer grows, then a new answer streams in, update by update, and the end stays in
    // view with no scroll event (the layout keeps it there, nothing scrolls to it).
    el.messages = history.map((m, i) => (i === 1 ? assistantMessage(longer('Answer 1')) : m));
    await expect.element(log.getByText('Answer 30')).toBeInViewport();
    el.messages = [...el.messages, userMessage('Question 31', 60)];
    let text = '';
    for (let part = 1; part <= 5; part++) {
      text += longer(`Part ${part}`);
      el.streamMessage = assistantMessage(text);
      await expect.element(log.getByText(`Part ${part}`).last()).toBeInViewport();
      await frames(2);
    }
    expect(scrolls).toBe(0);
    // Following, scroll anchoring is off: the layout keeps the end in view.
    expect(getComputedStyle(scroller).overflowAnchor).toBe('none');
    expect(screen.getByRole('button', { name: 'Jump to latest' }).elements()).toHaveLength(0);

    // A conversation shorter than the box starts at its top, as a page does.
    el.messages = exchanges(1);
    el.streamMessage = null;
    await expect.element(log.getByText('Answer 1')).toBeInViewport();
    const you = screen.getByRole('article', { name: 'You' }).element().getBoundingClientRect();
    expect(you.top - scroller.getBoundingClientRect().top).toBeLessThan(40);
  });

  it('keeps what the person reads in place while the answer grows below, and follows again at the end', async () => {
    const history = [...exchanges(30), userMessage('Question 31', 60)];
    const { el, screen } = await mount(
      'easel-conversation',
      { messages: history, streamMessage: assistantMessage(longer('Streaming 31')), busy: true },
      { style: 'height: 300px; display: flex; flex-direction: column' },
    );
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log.getByText('Streaming 31').last()).toBeInViewport();
    await userEvent.wheel(log, { delta: { y: -1500 } });
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    await expect.element(jump).toBeVisible();
    // What is in view now, and where.
    const scroller = scrollerOf(el);
    const box = scroller.getBoundingClientRect();
    expect(getComputedStyle(scroller).overflowAnchor).toBe('auto');
    const target = screen
      .getByRole('article')
      .elements()
      .find((article) => {
        const r = article.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
    if (!target) throw new Error('nothing in view');
    const top = target.getBoundingClientRect().top;
    // The streaming answer grows below: the view is not pulled to its end, nor does what is read move.
    el.streamMessage = assistantMessage(`${longer('Streaming 31')}${longer('Still streaming')}`);
    await expect.element(log.getByText('Still streaming').first()).toBeInTheDocument();
    await frames(2);
    await expect.element(log.getByText('Still streaming').last()).not.toBeInViewport();
    expect(Math.abs(target.getBoundingClientRect().top - top)).toBeLessThanOrEqual(1);
    await expect.element(jump).toBeVisible();
    // Scrolling back down to the end follows again.
    await userEvent.wheel(log, { delta: { y: 20000 } });
    await expect.element(jump).not.toBeInTheDocument();
    el.streamMessage = assistantMessage(
      `${longer('Streaming 31')}${longer('Still streaming')}${longer('The end')}`,
    );
    await expect.element(log.getByText('The end').last()).toBeInViewport();
    // So does Jump to latest.
    await userEvent.wheel(log, { delta: { y: -1500 } });
    await userEvent.click(jump);
    await expect.element(jump).not.toBeInTheDocument();
    el.streamMessage = assistantMessage(
      `${longer('Streaming 31')}${longer('Still streaming')}${longer('After the jump')}`,
    );
    await expect.element(log.getByText('After the jump').last()).toBeInViewport();
  });
});

/** An answer of six paragraphs, each a few lines long, that begin with `label`. */
function longer(label: string): string {
  return `${label}\n\n${'More of it. '.repeat(20).trim()}\n\n`.repeat(6);
}

function scrollerOf(el: HTMLElement): HTMLElement {
  const scroller = el.shadowRoot?.querySelector<HTMLElement>('.scroller');
  if (!scroller) throw new Error('no scrolled box');
  return scroller;
}

async function frames(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise(requestAnimationFrame);
}
