import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ToolCall } from '../../agent';
import type { UserWithAttachmentsMessage } from '../../messages';
import {
  artifactRecord,
  assistantMessage,
  focusedElement,
  mount,
  recordEvents,
  userMessage,
} from '../test-support';
import './message-view';

const call: ToolCall = { type: 'toolCall', id: 'c1', name: 'search', arguments: { q: 'tides' } };

describe('<easel-message-view>', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the person's message as an article named You", async () => {
    const { screen } = await mount('easel-message-view', { message: userMessage('What is a tide?') });
    await expect.element(screen.getByRole('article', { name: 'You' })).toHaveTextContent('What is a tide?');
    await expect.element(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('edits a message in place and resends it with its index', async () => {
    const { screen, parent } = await mount('easel-message-view', {
      message: userMessage('Frist draft'),
      index: 4,
    });
    const edits = recordEvents(parent, 'edit-message');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await expect.element(box).toHaveValue('Frist draft');
    await userEvent.fill(box, '  First draft  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(edits.map((e) => [e.index, e.text])).toEqual([[4, 'First draft']]);
    await expect.element(screen.getByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('opens the edit box focused with its text selected, and Escape gives focus back to Edit', async () => {
    const { screen } = await mount('easel-message-view', { message: userMessage('Select me'), index: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await expect.poll(focusedElement).toBe(box.element());
    const area = box.element() as HTMLTextAreaElement;
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, 'Select me'.length]);
    await userEvent.keyboard('{Escape}');
    await expect.poll(focusedElement).toBe(screen.getByRole('button', { name: 'Edit' }).element());
  });

  it('keeps an edit with its message: handed another message, it shows that one, not an edit box', async () => {
    const { el, screen } = await mount('easel-message-view', {
      message: userMessage('In session A'),
      index: 0,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expect.element(screen.getByRole('textbox', { name: 'Edit message' })).toBeInTheDocument();
    el.message = userMessage('In session B');
    await expect.element(screen.getByRole('article', { name: 'You' })).toHaveTextContent('In session B');
    await expect.element(screen.getByRole('textbox', { name: 'Edit message' })).not.toBeInTheDocument();
  });

  it('cancels an edit without sending, and will not send an empty one', async () => {
    const { screen, parent } = await mount('easel-message-view', {
      message: userMessage('Keep me'),
      index: 0,
    });
    const edits = recordEvents(parent, 'edit-message');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.fill(screen.getByRole('textbox', { name: 'Edit message' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    await expect.element(screen.getByRole('textbox', { name: 'Edit message' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(screen.getByRole('article', { name: 'You' })).toHaveTextContent('Keep me');
    expect(edits).toHaveLength(0);
  });

  it('offers no Edit while the agent works', async () => {
    const { screen } = await mount('easel-message-view', { message: userMessage('Hi'), busy: true });
    await expect.element(screen.getByRole('article', { name: 'You' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' }).elements()).toHaveLength(0);
  });

  it('copies a message and says whether the browser took it', async () => {
    const writes: string[] = [];
    const write = vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      writes.push(text);
    });
    const { screen } = await mount('easel-message-view', { message: userMessage('Copy this') });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await expect.element(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writes).toEqual(['Copy this']);
    write.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await expect.element(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await expect.element(screen.getByRole('button', { name: 'Not copied' })).toBeInTheDocument();
  });

  it('shows the files of a message with attachments', async () => {
    const message: UserWithAttachmentsMessage = {
      role: 'user-with-attachments',
      text: 'Summarise this',
      attachments: [{ id: 'a1', name: 'paper.pdf', mimeType: 'application/pdf', size: 2048, kind: 'pdf' }],
      timestamp: 1,
    };
    const { screen } = await mount('easel-message-view', { message });
    const article = screen.getByRole('article', { name: 'You' });
    await expect.element(article.getByRole('list', { name: 'Attachments' })).toBeVisible();
    await expect.element(article.getByRole('button', { name: 'Preview paper.pdf' })).toBeVisible();
    await expect.element(article).toHaveTextContent('Summarise this');
  });

  it("shows Claude's answer as an article with its usage, and Regenerate on the latest", async () => {
    const { el, screen, parent } = await mount('easel-message-view', {
      message: assistantMessage('Tides come from **the Moon**.'),
      last: true,
    });
    const regenerations = recordEvents(parent, 'regenerate');
    const article = screen.getByRole('article', { name: 'Claude' });
    await expect.element(article.getByText('Tides come from the Moon.')).toBeVisible();
    await expect.element(article.getByText('the Moon', { exact: true })).toBeVisible();
    await expect.element(article).toHaveAttribute('aria-busy', 'false');
    await expect.element(article).toHaveTextContent('1,200 in · 340 out · $0.0087');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(regenerations).toHaveLength(1);
    el.busy = true;
    await expect.element(screen.getByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('marks a streaming answer busy and keeps its actions until it ends', async () => {
    const { screen } = await mount('easel-message-view', {
      message: assistantMessage('Half an ans'),
      streaming: true,
      last: true,
    });
    const article = screen.getByRole('article', { name: 'Claude' });
    await expect.element(article).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Copy' }).elements()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Regenerate' }).elements()).toHaveLength(0);
  });

  it('shows a failed answer with its error and Retry, only on the latest answer', async () => {
    const failed = assistantMessage([], { stopReason: 'error', errorMessage: 'Network down.' });
    const { el, screen } = await mount('easel-message-view', { message: failed, last: true });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Network down.');
    await expect.element(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    el.last = false;
    await expect.element(screen.getByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says why an answer ended early', async () => {
    const { el, screen } = await mount('easel-message-view', {
      message: assistantMessage('Once upon', { stopReason: 'length' }),
    });
    await expect
      .element(screen.getByText('The answer reached the output limit and was cut off.'))
      .toBeVisible();
    el.message = assistantMessage('', { stopReason: 'refusal', stopDetails: 'unsafe request' });
    await expect.element(screen.getByText('Claude declined to continue: unsafe request')).toBeVisible();
  });

  it('shows its tool calls with their results, a whole call left without one as closed, a stopped one as not run', async () => {
    const { el, screen } = await mount('easel-message-view', {
      message: assistantMessage([call], { stopReason: 'toolUse' }),
      toolResults: new Map([
        [
          'c1',
          {
            role: 'toolResult',
            toolCallId: 'c1',
            toolName: 'search',
            content: [{ type: 'text', text: '3 results' }],
            isError: false,
            timestamp: 3,
          },
        ],
      ]),
    });
    await expect.element(screen.getByRole('group', { name: 'Tool call: search' })).toHaveTextContent('done');
    el.toolResults = new Map();
    // The answer ended to run the call (its arguments were whole) and the page was closed before it finished.
    await expect
      .element(screen.getByRole('group', { name: 'Tool call: Page closed before search finished' }))
      .toHaveTextContent('no result');
    el.message = assistantMessage([call], { stopReason: 'aborted' });
    await expect
      .element(screen.getByRole('group', { name: 'Tool call: Stopped while writing a call to search' }))
      .toHaveTextContent('not run');
    el.message = assistantMessage([call], { stopReason: 'toolUse' });
    el.runningTools = new Set(['c1']);
    el.busy = true;
    await expect
      .element(screen.getByRole('group', { name: 'Tool call: search' }))
      .toHaveTextContent('running…');
  });

  it('shows a file change as a pill that opens the file', async () => {
    const { screen, parent } = await mount('easel-message-view', {
      message: artifactRecord('index.html', '<p>hi</p>', 2, { action: 'update' }),
    });
    const opened = recordEvents(document, 'open-artifact');
    const fromParent = recordEvents(parent, 'open-artifact');
    await userEvent.click(screen.getByRole('button', { name: 'Claude updated index.html (version 2)' }));
    expect(opened.map((e) => e.filename)).toEqual(['index.html']);
    expect(fromParent).toHaveLength(1);
  });

  it('shows a deletion, or an edit by the person, as text without a button', async () => {
    const { el, screen } = await mount('easel-message-view', {
      message: artifactRecord('old.css', '', 3, { action: 'delete' }),
    });
    await expect.element(screen.getByText('Claude deleted old.css')).toBeVisible();
    expect(screen.getByRole('button').elements()).toHaveLength(0);
    el.message = artifactRecord('app.js', 'x', 4, { action: 'edit', author: 'person' });
    await expect.element(screen.getByRole('button', { name: 'You edited app.js (version 4)' })).toBeVisible();
  });

  it('draws nothing for a tool result on its own', async () => {
    const { el } = await mount('easel-message-view', {
      message: {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'search',
        content: [{ type: 'text', text: 'hidden' }],
        isError: false,
        timestamp: 1,
      },
    });
    expect(el.shadowRoot?.textContent?.trim()).toBe('');
  });

  it('marks a compacted message, and folds a compaction summary until opened', async () => {
    const { screen } = await mount('easel-message-view', {
      message: userMessage('An old question'),
      compacted: true,
    });
    await expect.element(screen.getByText('Compacted', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('article', { name: 'You' })).toHaveTextContent('An old question');

    const summary = await mount('easel-message-view', {
      message: {
        role: 'compaction',
        summary: 'They planned a garden.',
        compacted: 1200,
        model: 'm',
        timestamp: 1,
      },
    });
    const fold = summary.screen.getByRole('group', { name: 'Compaction' });
    await expect.element(fold).toHaveTextContent('the 1,200 messages above are summarised');
    await expect.element(summary.screen.getByText('They planned a garden.')).not.toBeVisible();
    await userEvent.click(summary.screen.getByText(/Conversation compacted/));
    await expect.element(summary.screen.getByText('They planned a garden.')).toBeVisible();
  });

  it("folds the API's compaction block in an answer and says when compaction failed", async () => {
    const message = assistantMessage('After the summary');
    const { screen } = await mount('easel-message-view', {
      message: {
        ...message,
        content: [
          {
            type: 'opaque',
            provider: 'anthropic',
            value: { type: 'compaction', content: 'Summary by the API' },
          },
          ...message.content,
        ],
      },
    });
    await expect
      .element(screen.getByRole('group', { name: 'Compaction' }))
      .toHaveTextContent('Conversation compacted: the messages above are summarised');
    const failed = await mount('easel-message-view', {
      message: {
        ...message,
        content: [{ type: 'opaque', provider: 'anthropic', value: { type: 'compaction', content: null } }],
      },
    });
    await expect.element(failed.screen.getByText(/could not compact/)).toBeVisible();
  });
});
