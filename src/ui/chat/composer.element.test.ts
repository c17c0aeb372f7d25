import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { QueuedMessage } from '../../agent';
import { focusedElement, mount, recordEvents, settled, userMessage } from '../test-support';
import './composer';

const textFile = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

describe('<easel-composer>', () => {
  it('sends the trimmed text with Enter and empties the box', async () => {
    const { screen, parent } = await mount('easel-composer');
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box, '  Hello Claude  ');
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: 'Hello Claude', mode: 'prompt', attachments: [] });
    await expect.element(box).toHaveValue('');
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('never sends with the Enter that confirms an input method composition, and sends with the next one', async () => {
    const { screen, parent } = await mount('easel-composer');
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'ni hao');
    const textarea = box.element() as HTMLTextAreaElement;
    const enter = (init: KeyboardEventInit) =>
      textarea.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: 'Enter',
          bubbles: true,
          cancelable: true,
          composed: true,
          ...init,
        }),
      );
    // Pinyin typed, the candidate 你好 chosen with Enter: the keydown comes while composing (Chrome, Firefox)…
    textarea.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }));
    textarea.dispatchEvent(new CompositionEvent('compositionupdate', { bubbles: true, data: 'ni hao' }));
    const confirmed = enter({ isComposing: true, keyCode: 229 });
    textarea.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '你好' }));
    // …or just after compositionend with keyCode 229 (Safari).
    const late = enter({ keyCode: 229 });
    expect(sent).toHaveLength(0);
    expect([confirmed, late]).toEqual([true, true]); // not prevented: the IME's Enter does what it does
    await expect.element(box).toHaveValue('ni hao');
    enter({ keyCode: 13 });
    expect(sent.map((e) => e.text)).toEqual(['ni hao']);
  });

  it('adds a line with Shift+Enter instead of sending', async () => {
    const { screen, parent } = await mount('easel-composer');
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two');
    expect(sent).toHaveLength(0);
    await expect.element(box).toHaveValue('one\ntwo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent.map((e) => e.text)).toEqual(['one\ntwo']);
  });

  it('with Send with Enter off, adds a line with Enter and sends with Ctrl+Enter or ⌘+Enter', async () => {
    const { screen, parent } = await mount('easel-composer', { sendWithEnter: false });
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(box).toHaveAccessibleDescription('Ctrl+Enter sends · Enter adds a line');
    await expect
      .element(screen.getByRole('button', { name: 'Send' }))
      .toHaveAttribute('title', 'Send (Ctrl+Enter)');
    await userEvent.type(box, 'one{Enter}two{Shift>}{Enter}{/Shift}three');
    expect(sent).toHaveLength(0);
    await expect.element(box).toHaveValue('one\ntwo\nthree');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await userEvent.type(box, 'again{Meta>}{Enter}{/Meta}');
    expect(sent.map((e) => e.text)).toEqual(['one\ntwo\nthree', 'again']);
  });

  it('with Send with Enter off, while busy, steers with Ctrl+Enter and queues a follow-up with Ctrl+Alt+Enter', async () => {
    const { screen, parent } = await mount('easel-composer', { busy: true, sendWithEnter: false });
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(box).toHaveAccessibleDescription(/^Ctrl\+Enter steers the current answer/);
    await userEvent.type(box, 'Use metric units{Enter}');
    expect(sent).toHaveLength(0);
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await userEvent.type(box, 'Then summarise{Control>}{Alt>}{Enter}{/Alt}{/Control}');
    expect(sent.map((e) => [e.text, e.mode])).toEqual([
      ['Use metric units', 'steer'],
      ['Then summarise', 'followUp'],
    ]);
  });

  it('sends with Enter again once Send with Enter is turned back on', async () => {
    const { el, screen, parent } = await mount('easel-composer', { sendWithEnter: false });
    const sent = recordEvents(parent, 'send-message');
    el.sendWithEnter = true;
    await el.updateComplete;
    const box = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(box).toHaveAccessibleDescription('Enter sends · Shift+Enter adds a line');
    await userEvent.type(box, 'Hello{Enter}');
    expect(sent.map((e) => e.text)).toEqual(['Hello']);
  });

  it('does not send whitespace alone', async () => {
    const { screen, parent } = await mount('easel-composer');
    const sent = recordEvents(parent, 'send-message');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(sent).toHaveLength(0);
  });

  it('while busy, steers with Enter and queues a follow-up with Alt+Enter', async () => {
    const { screen, parent } = await mount('easel-composer', { busy: true });
    const sent = recordEvents(parent, 'send-message');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(box).toHaveAccessibleDescription(/Enter steers the current answer/);
    await userEvent.type(box, 'Use metric units{Enter}');
    await userEvent.type(box, 'Then summarise{Alt>}{Enter}{/Alt}');
    expect(sent.map((e) => [e.text, e.mode])).toEqual([
      ['Use metric units', 'steer'],
      ['Then summarise', 'followUp'],
    ]);
  });

  it('stops the answer with Stop or Esc while busy, and only then', async () => {
    const { el, screen, parent } = await mount('easel-composer', { busy: true });
    const stops = recordEvents(document, 'stop-agent');
    const fromParent = recordEvents(parent, 'stop-agent');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('{Escape}');
    expect(stops).toHaveLength(2);
    expect(fromParent).toHaveLength(2);
    el.busy = false;
    await el.updateComplete;
    expect(screen.getByRole('button', { name: 'Stop' }).elements()).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect(stops).toHaveLength(2);
  });

  it('gives focus to the message box when the answer stops while Stop has it', async () => {
    const { el, screen, parent } = await mount('easel-composer', { busy: true });
    const stops = recordEvents(parent, 'stop-agent');
    screen.getByRole('button', { name: 'Stop' }).element().focus();
    await userEvent.keyboard('{Enter}');
    expect(stops).toHaveLength(1);
    el.busy = false;
    await settled(el);
    expect(focusedElement()).toBe(screen.getByRole('textbox', { name: 'Message' }).element());
  });

  it('leaves focus alone when the answer ends while something else has it', async () => {
    const { el, screen } = await mount('easel-composer', { busy: true });
    const web = screen.getByRole('button', { name: 'Web' }).element();
    web.focus();
    el.busy = false;
    await settled(el);
    expect(focusedElement()).toBe(web);
  });

  it('when a queued message goes with the focus on its Remove, focuses the next Remove, else the one before, else the box', async () => {
    const [q1, q2, q3]: QueuedMessage[] = [
      { id: 'q1', kind: 'steer', message: userMessage('First') },
      { id: 'q2', kind: 'followUp', message: userMessage('Second') },
      { id: 'q3', kind: 'followUp', message: userMessage('Third') },
    ];
    const { el, screen, parent } = await mount('easel-composer', { busy: true, queue: [q1!, q2!, q3!] });
    const removed = recordEvents(parent, 'remove-queued');
    const remove = (text: string) => screen.getByRole('button', { name: `Remove queued message: ${text}` });
    remove('Second').element().focus();
    await userEvent.keyboard('{Enter}');
    el.queue = [q1!, q3!];
    await settled(el);
    expect(focusedElement()).toBe(remove('Third').element());
    await userEvent.keyboard('{Enter}');
    el.queue = [q1!];
    await settled(el);
    expect(focusedElement()).toBe(remove('First').element());
    await userEvent.keyboard('{Enter}');
    el.queue = [];
    await settled(el);
    expect(removed.map((e) => e.id)).toEqual(['q2', 'q3', 'q1']);
    expect(focusedElement()).toBe(screen.getByRole('textbox', { name: 'Message' }).element());
  });

  it('lists queued messages by kind, each with its own Remove', async () => {
    const queue: QueuedMessage[] = [
      { id: 'q1', kind: 'steer', message: userMessage('Shorter please') },
      { id: 'q2', kind: 'followUp', message: userMessage('Now in French') },
    ];
    const { screen, parent } = await mount('easel-composer', { busy: true, queue });
    const removed = recordEvents(parent, 'remove-queued');
    const list = screen.getByRole('list', { name: 'Queued messages' });
    await expect.element(list.getByRole('listitem').nth(0)).toHaveTextContent(/Steering\s+Shorter please/);
    await expect.element(list.getByRole('listitem').nth(1)).toHaveTextContent(/Follow-up\s+Now in French/);
    await userEvent.click(screen.getByRole('button', { name: 'Remove queued message: Now in French' }));
    expect(removed.map((e) => e.id)).toEqual(['q2']);
  });

  it('puts a message back with restore()', async () => {
    const { el, screen } = await mount('easel-composer');
    el.restore('Where was I?');
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Where was I?');
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('puts each message handed back through `returned` into the box', async () => {
    const { el, screen } = await mount('easel-composer');
    const box = screen.getByRole('textbox', { name: 'Message' });
    el.returned = { text: 'Not sent yet', attachments: [] };
    await expect.element(box).toHaveValue('Not sent yet');
    await userEvent.clear(box);
    el.returned = { text: 'Not sent yet', attachments: [] };
    await expect.element(box).toHaveValue('Not sent yet');
  });

  it('sends attached files with the message and empties the tray', async () => {
    const { el, screen, parent } = await mount('easel-composer');
    const sent = recordEvents(parent, 'send-message');
    await el.addFiles([textFile('notes.txt', 'line one\nline two\n')]);
    const attachments = screen.getByRole('list', { name: 'Attachments' });
    await expect.element(attachments.getByRole('button', { name: 'Preview notes.txt' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe('');
    expect(sent[0]?.attachments.map((a) => [a.record.name, a.record.kind])).toEqual([['notes.txt', 'text']]);
    await expect.element(attachments).not.toBeInTheDocument();
  });

  it('removes an attachment with its Remove button', async () => {
    const { el, screen } = await mount('easel-composer');
    await el.addFiles([textFile('a.txt', 'alpha'), textFile('b.txt', 'beta')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.txt' }));
    await expect.element(screen.getByRole('button', { name: 'Preview a.txt' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Preview b.txt' })).toBeVisible();
  });

  it('when a file is removed with the focus on its Remove, focuses the next Remove, else the one before, else the box', async () => {
    const { el, screen } = await mount('easel-composer');
    await el.addFiles([textFile('a.txt', 'alpha'), textFile('b.txt', 'beta'), textFile('c.txt', 'gamma')]);
    await settled(el);
    const remove = (name: string) => screen.getByRole('button', { name: `Remove ${name}` });
    remove('b.txt').element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Preview b.txt' })).not.toBeInTheDocument();
    await settled(el);
    expect(focusedElement()).toBe(remove('c.txt').element());
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Preview c.txt' })).not.toBeInTheDocument();
    await settled(el);
    expect(focusedElement()).toBe(remove('a.txt').element());
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    await settled(el);
    expect(focusedElement()).toBe(screen.getByRole('textbox', { name: 'Message' }).element());
  });

  it('gives focus to the message box when a refusal notice is dismissed from the keyboard', async () => {
    const { el, screen } = await mount('easel-composer');
    await el.addFiles([new File([], 'empty.txt', { type: 'text/plain' }), new File([], 'blank.txt')]);
    await settled(el);
    screen.getByRole('button', { name: 'Dismiss notice about empty.txt' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('alert')).not.toHaveTextContent('empty.txt');
    await settled(el);
    expect(focusedElement()).toBe(screen.getByRole('textbox', { name: 'Message' }).element());
  });

  it('refuses a file it cannot send, with the reason, and keeps the typed text', async () => {
    const { el, screen } = await mount('easel-composer');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'See attached');
    await el.addFiles([new File([], 'empty.txt', { type: 'text/plain' })]);
    const alert = screen.getByRole('alert');
    await expect.element(alert).toHaveTextContent('empty.txt was not attached. The file is empty.');
    await expect.element(box).toHaveValue('See attached');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notice about empty.txt' }));
    await expect.element(alert).toHaveTextContent('');
  });

  it('takes files chosen with Attach files', async () => {
    const { el, screen } = await mount('easel-composer');
    const picker = el
      .shadowRoot!.querySelector('easel-attach-files-button')!
      .shadowRoot!.querySelector('input')!;
    await userEvent.upload(picker, [textFile('todo.md', '# To do\n')]);
    await expect.element(screen.getByRole('button', { name: 'Preview todo.md' })).toBeVisible();
  });
});
