import { describe, expect, it, onTestFinished } from 'vitest';
import { createScriptedStream, type ScriptStep, text } from '../agent/test-support';
import type { AnthropicProvider, ProviderSettings } from '../llm';
import { DEFAULT_SETTINGS, NEW_CHAT, withCode, withWeb } from '../storage';
import { type AppServices, createServices } from './create-services';

let databases = 0;

/** `createServices` over a database of its own, with a scripted stream for the API. */
async function build(steps: readonly ScriptStep[] = []) {
  const name = `easel-services-test-${++databases}-${crypto.randomUUID()}`;
  const scripted = createScriptedStream(steps);
  const asked: ProviderSettings[] = [];
  let getSettings: () => ProviderSettings = () => ({ baseUrl: '' });
  const provider: AnthropicProvider = {
    // Each request records the settings the provider would read for it.
    streamFn: (context, options) => {
      asked.push(getSettings());
      return scripted.streamFn(context, options);
    },
    plainStreamFn: scripted.streamFn,
    listModels: async () => [],
    prepare: () => undefined,
    compactNext: () => false,
    uploadedFiles: async () => [],
    deleteUploadedFiles: async () => ({ deleted: 0, failed: 0 }),
    downloadFile: async () => ({ ok: false, problem: 'no files here' }),
  };
  const holder = document.createElement('div');
  document.body.append(holder);
  let reads = 0;
  const services = await createServices({
    database: name,
    channel: name,
    previewRoot: holder,
    provider: (settings) => {
      getSettings = () => {
        reads++;
        return settings();
      };
      return provider;
    },
  });
  onTestFinished(async () => {
    holder.remove();
    await services.settingsStore.update({ apiKey: undefined });
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = resolve;
    });
  });
  return { services, calls: scripted.calls, asked, reads: () => reads };
}

const toolNames = (s: AppServices) => s.agent.state.tools.map((t) => t.name);

describe('createServices', () => {
  it('builds every service the app and its settings sections use, asking nothing of a request', async () => {
    const { services, reads } = await build();
    for (const key of [
      'agent',
      'settingsStore',
      'provider',
      'library',
      'projects',
      'saver',
      'backup',
      'attachments',
      'blobSource',
      'imageProcessor',
      'runtime',
      'toolRenderers',
      'sync',
      'memory',
      'uploads',
      'modelFinder',
    ] as const)
      expect(services[key], key).toBeDefined();
    expect([...services.toolRenderers.keys()]).toEqual(['artifacts', 'run_code', 'memory']);
    // Building reads no request's settings and writes no setting.
    expect(reads()).toBe(0);
    expect(services.settingsStore.snapshot.webSessions).toEqual(DEFAULT_SETTINGS.webSessions);
    expect(services.settingsStore.snapshot.codeOffSessions).toEqual(DEFAULT_SETTINGS.codeOffSessions);
  });

  it('builds the session runtime only when it is asked for, and once', async () => {
    const { services } = await build();
    expect(services.runtime.loaded).toBeUndefined();
    expect(toolNames(services)).toEqual([]);
    let heard = 0;
    services.runtime.subscribe(() => heard++);
    const [first, second] = await Promise.all([services.runtime.load(), services.runtime.load()]);
    expect(first).toBe(second);
    expect(services.runtime.loaded).toBe(first);
    expect(heard).toBe(1);
    for (const key of ['artifacts', 'previewHost', 'artifactActions'] as const)
      expect(first[key], key).toBeDefined();
  });

  it('a message sent before the runtime has loaded waits for it and goes with its tools', async () => {
    const { services, calls } = await build([{ content: [text('Hello there.')] }]);
    await services.settingsStore.update({ apiKey: 'sk-ant-test' });
    expect(services.runtime.loaded).toBeUndefined();
    await services.agent.prompt('Hi');
    expect(calls[0]?.context.tools?.map((t) => t.name)).toEqual(['artifacts', 'run_code']);
    expect(services.agent.state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('rebuilds the panel from the history the agent holds when the runtime loads after it', async () => {
    const { services } = await build();
    services.agent.replaceMessages([
      { role: 'user', content: 'Make a page', timestamp: 1 },
      {
        role: 'artifact',
        action: 'create',
        filename: 'index.html',
        content: '<p>Hi</p>',
        version: 1,
        author: 'model',
        timestamp: 2,
      },
    ]);
    const runtime = await services.runtime.load();
    expect(runtime.artifacts.snapshot.files.map((f) => f.filename)).toEqual(['index.html']);
  });

  it('gives the agent its tools once the runtime has loaded, and follows the Code and Memory settings', async () => {
    const { services } = await build();
    await services.runtime.load();
    expect(toolNames(services)).toEqual(['artifacts', 'run_code']);
    const store = services.settingsStore;
    await store.update({ codeOffSessions: withCode(store.snapshot, services.saver.sessionId, false) });
    expect(toolNames(services)).toEqual(['artifacts']);
    await store.update({ memory: true });
    expect(toolNames(services)).toEqual(['artifacts', 'memory']);
  });

  it("sends the web tools with a new chat's requests when Web was on, and keeps Web on once it is saved", async () => {
    const { services, asked } = await build([
      { content: [text('Found it.')] },
      { content: [text('Again.')] },
    ]);
    const store = services.settingsStore;
    await store.update({ apiKey: 'sk-ant-test', webSessions: withWeb(store.snapshot, undefined, true) });
    expect(store.snapshot.webSessions).toEqual([NEW_CHAT]);
    const id = await services.saver.startNew();
    await services.agent.prompt('Search the news');
    expect(asked[0]?.web).toEqual(store.snapshot.web);
    await expect.poll(() => store.snapshot.webSessions).toEqual([id]);
    await services.agent.prompt('And again');
    expect(asked[1]?.web).toEqual(store.snapshot.web);
  });

  it('sends no web tools where Web is off', async () => {
    const { services, asked } = await build([{ content: [text('Hello.')] }]);
    await services.settingsStore.update({ apiKey: 'sk-ant-test' });
    await services.agent.prompt('Hi');
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toHaveProperty('web');
  });

  it('sends with the system prompt and the tools, and saves the conversation', async () => {
    const { services, calls } = await build([{ content: [text('Hello there.')] }]);
    await services.settingsStore.update({ apiKey: 'sk-ant-test' });
    await services.saver.startNew();
    await services.agent.prompt('Hi');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.context.systemPrompt).toContain('Easel');
    expect(calls[0]?.context.tools?.map((t) => t.name)).toEqual(['artifacts', 'run_code']);
    await expect.poll(async () => (await services.library.list()).sessions.length).toBe(1);
  });
});
