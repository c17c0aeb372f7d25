import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AssistantMessage } from '../../agent';
import { interrupted } from '../../storage';
import { assistantMessage, mount, recordEvents } from '../test-support';
import './error-notice';

const failed = assistantMessage([], {
  stopReason: 'error',
  errorMessage: 'The API is overloaded. Try again in a moment.',
  requestId: 'req_011',
});

describe('<easel-error-notice>', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces the first sentence as an alert and keeps the rest and the request id behind More', async () => {
    const { screen } = await mount('easel-error-notice', { message: failed });
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('The API is overloaded.');
    await expect.element(alert).not.toHaveTextContent('Try again in a moment.');
    await expect.element(alert).not.toHaveTextContent('req_011');
    expect(screen.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(0);
    const more = screen.getByRole('button', { name: 'More' });
    await expect.element(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    await expect.element(alert).toHaveTextContent('Try again in a moment.');
    await expect.element(alert).toHaveTextContent('Request ID: req_011');
    await expect
      .element(screen.getByRole('button', { name: 'Less' }))
      .toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a reason in brackets whole and offers no More when there is nothing else', async () => {
    const { screen } = await mount('easel-error-notice', {
      message: assistantMessage([], { stopReason: 'error', errorMessage: 'The API said no (see docs. v2).' }),
      retryable: true,
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The API said no (see docs. v2).');
    expect(screen.getByRole('button', { name: 'More' }).elements()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(1);
  });

  it('offers Retry when retryable, which fires retry-agent out of the element', async () => {
    const { screen, parent } = await mount('easel-error-notice', { message: failed, retryable: true });
    const retries = recordEvents(document, 'retry-agent');
    const fromParent = recordEvents(parent, 'retry-agent');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retries).toHaveLength(1);
    expect(fromParent).toHaveLength(1);
  });

  it('shows an answer the person stopped as a quiet Stopped note, not an alert, with Retry', async () => {
    const { screen } = await mount('easel-error-notice', {
      message: assistantMessage([], {
        stopReason: 'aborted',
        errorKind: 'aborted',
        errorMessage: 'Stopped.',
      }),
      retryable: true,
    });
    await expect.element(screen.getByRole('status')).toHaveTextContent('Stopped');
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(1);
  });

  it('says an answer a reload cut short was interrupted, as an alert with Retry', async () => {
    const { screen } = await mount('easel-error-notice', {
      message: interrupted(assistantMessage([{ type: 'text', text: 'The first part' }])) as AssistantMessage,
      retryable: true,
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('This answer was interrupted');
    expect(screen.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(1);
  });

  it('counts down the wait the API asked for, then stops saying it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(50_000);
    const { screen } = await mount('easel-error-notice', {
      message: { ...failed, timestamp: 50_000, retryAfter: 3 },
      retryable: true,
    });
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('You can retry in 3 s.');
    vi.advanceTimersByTime(2_000);
    await expect.element(alert).toHaveTextContent('You can retry in 1 s.');
    vi.advanceTimersByTime(1_000);
    await expect.element(alert).not.toHaveTextContent('You can retry in');
  });

  it('draws nothing without a message', async () => {
    const { screen } = await mount('easel-error-notice');
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
  });
});
