import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AssistantMessage } from '../../agent';
import { createScriptedStream, type ScriptStep, text } from '../../agent/test-support';
import { createServices } from '../../app';
import type { PreparedAttachment } from '../../attachments';
import type { AnthropicProvider, ModelInfo } from '../../llm';
import type { AttachmentsRepository } from '../../storage';
import { SendMessageEvent } from '../events';
import { SHORTCUTS, type Shortcut, shortcutOf } from '../palette';
import { focusedElement, mount } from '../test-support';
import { COMMANDS, type CommandEntry, commandForKey } from './command-registry';
import './easel-app';

const model: ModelInfo = {
  id: 'claude-test',
  displayName: 'Claude Test',
  contextWindow: 200_000,
  supportsImages: true,
  supportsPdf: true,
  supportsThinking: false,
  effortLevels: ['off'],
};

let databases = 0;

/**
 * The app's own services (`createServices`, as `main.ts` builds them) over a fresh IndexedDB database, with a
 * scripted stream in place of the API and a provider whose catalog is one model.
 */
async function services(steps: readonly ScriptStep[], apiKey?: string) {
  const name = `easel-element-test-${++databases}-${crypto.randomUUID()}`;
  const scripted = createScriptedStream(steps);
  const provider: AnthropicProvider = {
    streamFn: scripted.streamFn,
    plainStreamFn: scripted.streamFn,
    listModels: async () => [model],
    prepare: () => undefined,
    compactNext: () => false,
    uploadedFiles: async () => [],
    downloadFile: async () => ({ ok: false, problem: 'no files here' }),
    deleteUploadedFiles: async () => ({ deleted: 0, failed: 0 }),
  };
  const holder = document.createElement('div');
  document.body.append(holder);
  const value = await createServices({
    database: name,
    channel: name,
    previewRoot: holder,
    provider: () => provider,
  });
  const { settingsStore } = value;
  // A remembered key outlives the database (it is a file of the origin's own): each test starts from its own.
  await settingsStore.update({ apiKey, model: model.id });
  onTestFinished(async () => {
    holder.remove();
    await settingsStore.update({ apiKey: undefined });
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = resolve;
    });
  });
  return { services: value, calls: scripted.calls };
}

/** An answer of `count` words, one every `everyMs` ms, as a scripted step. */
function words(count: number, everyMs: number): ScriptStep {
  return async function* (_context, options) {
    let partial: AssistantMessage = {
      role: 'assistant',
      content: [],
      provider: 'scripted',
      model: options.model,
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'stop',
      timestamp: Date.now(),
    };
    yield { type: 'start', partial };
    let said = '';
    partial = { ...partial, content: [{ type: 'text', text: said }] };
    yield { type: 'text_start', contentIndex: 0, partial };
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      said += `word${i} `;
      partial = { ...partial, content: [{ type: 'text', text: said }] };
      yield { type: 'text_delta', contentIndex: 0, delta: `word${i} `, partial };
    }
    yield { type: 'text_end', contentIndex: 0, partial };
    yield { type: 'done', message: partial };
  };
}

const APP_SIZE = 'width: 1280px; height: 720px; display: flex; flex-direction: column';

/** The key press `shortcut` is (not on a Mac), as the window hears it. */
function keyFor(shortcut: Shortcut): KeyboardEvent {
  return new KeyboardEvent('keydown', {
    key: shortcut.key ?? shortcut.code?.replace('Key', '').toLowerCase() ?? '',
    code: shortcut.code ?? '',
    ctrlKey: Boolean(shortcut.mod),
    altKey: Boolean(shortcut.alt),
    shiftKey: Boolean(shortcut.shift),
    bubbles: true,
    cancelable: true,
  });
}

describe('<easel-app>', () => {
  it('says it is starting, and offers nothing to type into, until its services arrive', async () => {
    const { screen } = await mount('easel-app');
    await expect.element(screen.getByRole('status')).toHaveTextContent('Starting Easel…');
    expect(screen.getByRole('textbox', { name: 'Message' }).elements()).toHaveLength(0);
  });

  it("sends the person's message to the agent and shows Claude's answer", async () => {
    const { services: s, calls } = await services(
      [{ content: [text('Hello! How can I help?')] }],
      'sk-ant-test',
    );
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hi Claude{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log.getByRole('article', { name: 'You' })).toHaveTextContent('Hi Claude');
    await expect
      .element(log.getByRole('article', { name: 'Claude' }).getByText('Hello! How can I help?'))
      .toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.context.messages.at(-1)).toMatchObject({ role: 'user', content: 'Hi Claude' });
    await expect.element(box).toHaveValue('');
  });

  it('asks for the key before the first message, then sends it once the key is saved', async () => {
    const { services: s, calls } = await services([{ content: [text('Got it.')] }]);
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent('Enter your Anthropic API key to send your message.');
    expect(calls).toHaveLength(0);
    await userEvent.fill(dialog.getByRole('textbox', { name: 'Anthropic API key' }), 'sk-ant-new');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect.element(screen.getByRole('article', { name: 'Claude' }).getByText('Got it.')).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(s.settingsStore.snapshot.apiKey).toBe('sk-ant-new');
  });

  it('puts the message back in the box when the key prompt is closed without a key', async () => {
    const { services: s, calls } = await services([]);
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Keep this{Enter}');
    await expect.element(screen.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(box).toHaveValue('Keep this');
    expect(calls).toHaveLength(0);
  });

  it('runs every shortcut of the command registry by its keys, and lists its commands in the palette', async () => {
    const { services: s } = await services([], 'sk-ant-test');
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
    const entries = COMMANDS as readonly CommandEntry[];
    const keyed = entries.filter((e) => e.shortcut);
    expect(keyed.length).toBeGreaterThan(0);
    for (const e of keyed) {
      expect(commandForKey(keyFor(e.shortcut as Shortcut), false, false)).toBe(e.id);
      // The first screen knows each key from the shortcut table alone: it names the same command.
      expect(shortcutOf(keyFor(e.shortcut as Shortcut), false, false)).toBe(e.id);
    }

    window.dispatchEvent(keyFor(SHORTCUTS.palette));
    const palette = screen.getByRole('dialog', { name: 'Command palette' });
    await expect.element(palette).toBeVisible();
    // In this state (sidebar open, no panel, nothing streaming, no project, nothing saved): what each says.
    const labels: Record<string, string> = { sessions: 'Hide sessions', artifacts: 'Show artifacts' };
    for (const e of entries) {
      if (e.when !== undefined) continue;
      // A label that reads the app's state is given above; the others read nothing of it.
      const label = labels[e.id] ?? e.label(undefined as never);
      expect(label, `the label of ${e.id} in this state`).toBeDefined();
      await expect.element(palette.getByRole('option', { name: label })).toBeVisible();
    }
    await expect.element(palette.getByRole('option', { name: 'Command palette' })).not.toBeInTheDocument();
    await expect.element(palette.getByRole('option', { name: 'Stop the answer' })).not.toBeInTheDocument();
  });

  it('shows every command of the registry that has a shortcut in the shortcuts dialog', async () => {
    const { services: s } = await services([], 'sk-ant-test');
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
    const keyed = (COMMANDS as readonly CommandEntry[]).filter((e) => e.shortcut);
    window.dispatchEvent(keyFor(SHORTCUTS.shortcuts));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.element(dialog).toBeVisible();
    for (const e of keyed) {
      const label = e.shortcutLabel?.() ?? e.label(undefined as never);
      await expect.element(dialog.getByRole('row', { name: label })).toBeVisible();
    }
  });

  it('opens Settings from the header and toggles the sessions sidebar', async () => {
    const { services: s } = await services([], 'sk-ant-test');
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const sessions = screen.getByRole('button', { name: 'Sessions', exact: true });
    await expect.element(sessions).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
    await userEvent.click(sessions);
    await expect.element(screen.getByRole('navigation', { name: 'Sessions' })).not.toBeInTheDocument();
    await expect.element(sessions).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await expect.element(screen.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'Anthropic API key' }))
      .toHaveValue('sk-ant-test');
  });

  it('keeps keyboard focus in the message box when Stop and then Retry go from under it', async () => {
    const { services: s } = await services(
      [{ content: [text('Partial answer')], untilAborted: true }, { content: [text('A complete answer.')] }],
      'sk-ant-test',
    );
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const box = screen.getByRole('textbox', { name: 'Message' });
    const claude = screen.getByRole('article', { name: 'Claude' });
    await userEvent.type(box, 'Go{Enter}');
    await expect.element(claude.getByText('Partial answer')).toBeVisible();
    screen.getByRole('button', { name: 'Stop' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    await expect.poll(focusedElement).toBe(box.element());
    claude.getByRole('button', { name: 'Retry' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(claude.getByText('A complete answer.')).toBeVisible();
    await expect.element(claude.getByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(focusedElement()).toBe(box.element());
  });

  it('hands the composer the same queue while an answer streams, and a new one when a message is queued', async () => {
    const { services: s } = await services(
      [{ content: [text('Partial answer')], untilAborted: true }, { content: [text('Done.')] }],
      'sk-ant-test',
    );
    const { el, screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Go{Enter}');
    await expect
      .element(screen.getByRole('article', { name: 'Claude' }).getByText('Partial answer'))
      .toBeVisible();
    const composer = (box.element().getRootNode() as ShadowRoot)
      .host as HTMLElementTagNameMap['easel-composer'];
    const queue = composer.queue;
    // The app renders again for every update of the stream: the composer's queue must not change with it.
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    expect(composer.queue).toBe(queue);
    await userEvent.type(box, 'Also this{Enter}');
    await expect
      .element(screen.getByRole('list', { name: 'Queued messages' }).getByText('Also this'))
      .toBeVisible();
    expect(composer.queue).not.toBe(queue);
    expect(composer.queue).toHaveLength(1);
    s.agent.abort();
  });

  it('shows the updates of a streaming answer in the conversation without rendering the app again', async () => {
    const { services: s } = await services([words(40, 50)], 'sk-ant-test');
    const { el, screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    const claude = screen.getByRole('article', { name: 'Claude' });
    await expect.element(claude.getByText(/word3 /)).toBeVisible();
    const render = vi.spyOn(el, 'render');
    // The streaming answer's element is in the conversation's own shadow root.
    const view = (claude.element().getRootNode() as ShadowRoot).host;
    const conversation = (view.getRootNode() as ShadowRoot)
      .host as HTMLElementTagNameMap['easel-conversation'];
    const conversationRender = vi.spyOn(conversation, 'render');
    await expect.element(claude.getByText(/word30 /)).toBeVisible();
    // The conversation showed the words as they came; the app around it stayed as it was.
    expect(conversationRender.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(render.mock.calls.length).toBeLessThanOrEqual(1);
    // Ended, the answer is shown once, whole, and no longer busy.
    await expect.element(claude.getByText(/word39 $/)).toBeVisible();
    await expect.element(claude).toHaveAttribute('aria-busy', 'false');
    await expect.element(screen.getByRole('article', { name: 'Claude' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('puts a message with files back in the box when another session opens while its files are stored', async () => {
    const { services: s, calls } = await services(
      [{ content: [text('Partial answer')], untilAborted: true }],
      'sk-ant-test',
    );
    let storeFiles = () => {};
    const stored = new Promise<void>((resolve) => {
      storeFiles = resolve;
    });
    const attachments = s.attachments as AttachmentsRepository;
    const put = attachments.put.bind(attachments);
    attachments.put = async (record) => {
      await stored;
      return put(record);
    };
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Go{Enter}');
    await expect
      .element(screen.getByRole('article', { name: 'Claude' }).getByText('Partial answer'))
      .toBeVisible();
    const file: PreparedAttachment = {
      record: { id: 'notes-1', name: 'notes.txt', mimeType: 'text/plain', size: 5, kind: 'text' },
      blob: new Blob(['notes']),
    };
    const composer = screen.getByRole('textbox', { name: 'Message' }).element().getRootNode() as ShadowRoot;
    composer.host.dispatchEvent(new SendMessageEvent('See the notes.', 'steer', [file]));
    await s.saver.startNew();
    storeFiles();
    await expect.element(box).toHaveValue('See the notes.');
    expect(s.agent.queueSnapshot.steering).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it("lists the provider's models in the header", async () => {
    const { services: s } = await services([], 'sk-ant-test');
    const { screen } = await mount('easel-app', { services: s }, { style: APP_SIZE });
    const select = screen.getByRole('combobox', { name: 'Model' });
    // The list shows the model's name; its window and price are in the option's title.
    const option = select.getByRole('option', { name: 'Claude Test', exact: true });
    await expect.element(option).toBeInTheDocument();
    expect(option.element().getAttribute('title')).toBe('Claude Test · 200K context · price unknown');
  });
});
