/** The artifacts tool, store, stream tracker and convertToLlm working together in the real agent loop. */
import { describe, expect, it } from 'vitest';
import { Agent, type AgentMessage, type ToolCall } from '../agent';
import { createScriptedStream, type ScriptStep } from '../agent/test-support';
import { createConvertToLlm } from '../messages/convert';
import { createArtifactActions } from './person-changes';
import { EMPTY_LOG, type PreviewLog } from './preview-log';
import { ArtifactStore } from './store';
import { createArtifactStreamTracker } from './stream-tracker';
import { createArtifactsTool } from './tool';

const artifactsCall = (id: string, args: Record<string, unknown>): ToolCall => ({
  type: 'toolCall',
  id,
  name: 'artifacts',
  arguments: args,
});

function setup(
  steps: readonly ScriptStep[],
  runPreview?: (filename: string, content: string, signal: AbortSignal) => Promise<PreviewLog>,
) {
  const scripted = createScriptedStream(steps);
  const store = new ArtifactStore();
  const agent = new Agent({
    streamFn: scripted.streamFn,
    convertToLlm: createConvertToLlm({ resolveAttachment: async () => [] }),
    initialState: { model: 'test-model' },
  });
  const appendRecord = (record: AgentMessage) => agent.appendMessage(record);
  agent.setTools([createArtifactsTool({ store, appendRecord, ...(runPreview ? { runPreview } : {}) })]);
  // As main.ts wires it.
  agent.subscribeState((state) => store.sync(state.messages, state.isStreaming));
  agent.subscribe(createArtifactStreamTracker(store));
  const actions = createArtifactActions({ store, appendRecord });
  return { agent, store, actions, calls: scripted.calls };
}

describe('artifacts in the agent loop', () => {
  it('records each change right after the tool results and hides the records from the model', async () => {
    const { agent, store, calls } = setup([
      {
        content: [
          artifactsCall('c1', { command: 'create', filename: 'index.html', content: '<p>one</p>' }),
          artifactsCall('c2', { command: 'update', filename: 'index.html', old_str: 'one', new_str: 'two' }),
        ],
      },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    await agent.prompt('Make a page');
    expect(agent.state.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
      'artifact',
      'artifact',
      'assistant',
    ]);
    expect(store.get('index.html')?.current).toMatchObject({ version: 2, content: '<p>two</p>' });
    expect(calls[1]?.context.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
    ]);
  });

  it('keeps the file a stopped call was writing as incomplete, with no moment without it, until it is written', async () => {
    const half = { command: 'create', filename: 'live.html', content: '<h1>Hal' };
    const { agent, store } = setup([
      { content: [artifactsCall('c1', half)], untilAborted: true },
      { content: [artifactsCall('c2', { ...half, content: '<h1>Hello</h1>' })] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    const shown: string[] = [];
    store.subscribe((s) => {
      const stream = s.streaming.find((f) => f.filename === 'live.html');
      const left = s.incomplete.find((f) => f.filename === 'live.html');
      shown.push(stream ? 'writing' : left ? 'incomplete' : s.files.length > 0 ? 'file' : 'nothing');
      if (stream?.content === '<h1>Hal') agent.abort();
    });
    await agent.prompt('Make a page');
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'live.html', content: '<h1>Hal', reason: 'stopped' },
    ]);
    expect(store.list()).toEqual([]);
    expect(new Set(shown)).toEqual(new Set(['writing', 'incomplete']));
    expect(shown.indexOf('incomplete')).toBeGreaterThan(shown.lastIndexOf('writing'));

    const reloaded = new ArtifactStore();
    reloaded.rebuild(structuredClone(agent.state.messages));
    expect(reloaded.snapshot.incomplete).toEqual(store.snapshot.incomplete);

    await agent.prompt('Again, in full');
    expect(store.snapshot.incomplete).toEqual([]);
    expect(store.get('live.html')?.current).toMatchObject({ version: 1, content: '<h1>Hello</h1>' });
  });

  it('rebuilds the same panel state from the saved history alone', async () => {
    const { agent, store } = setup([
      { content: [artifactsCall('c1', { command: 'create', filename: 'a.svg', content: '<svg/>' })] },
      { content: [artifactsCall('c2', { command: 'create', filename: 'b.md', content: '# B' })] },
      { content: [artifactsCall('c3', { command: 'delete', filename: 'a.svg' })] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    await agent.prompt('Go');
    const reloaded = new ArtifactStore();
    reloaded.rebuild(structuredClone(agent.state.messages));
    expect(reloaded.snapshot.files).toEqual(store.snapshot.files);
    expect(reloaded.list().map((f) => f.filename)).toEqual(['b.md']);
  });

  it("tells the model about the person's edit on the next turn", async () => {
    const { agent, actions, calls } = setup([
      { content: [artifactsCall('c1', { command: 'create', filename: 'index.html', content: '<p>x</p>' })] },
      { content: [{ type: 'text', text: 'Here it is.' }] },
      { content: [{ type: 'text', text: 'Nice edit.' }] },
    ]);
    await agent.prompt('Make a page');
    expect(actions.edit('index.html', '<p>mine</p>').ok).toBe(true);
    await agent.prompt('What do you think?');
    const last = calls[2]?.context.messages.at(-1);
    expect(last?.role).toBe('user');
    expect(last?.content).toEqual([
      {
        type: 'text',
        text: 'The user edited index.html (now version 2); its content is now:\n\n```html\n<p>mine</p>\n```',
      },
      { type: 'text', text: 'What do you think?' },
    ]);
  });

  it('shows the file while the call streams, then the recorded version', async () => {
    const { agent, store } = setup([
      { content: [artifactsCall('c1', { command: 'create', filename: 'index.html', content: '<p>x</p>' })] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    const seen: string[] = [];
    store.subscribe((s) => {
      const change = s.change;
      seen.push(change.kind === 'stream' ? `stream ${change.phase}` : change.kind);
    });
    await agent.prompt('Go');
    expect(seen.slice(0, 3)).toEqual(['stream begin', 'stream update', 'record']);
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('keeps a file whose call was running when the page closed as incomplete, and none while it runs', async () => {
    const page = '<p>whole</p>';
    let settle = (_log: PreviewLog) => {};
    const previewing = new Promise<PreviewLog>((resolve) => {
      settle = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { agent, store } = setup(
      [
        { content: [artifactsCall('c1', { command: 'create', filename: 'live.html', content: page })] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
      () => {
        started();
        return previewing;
      },
    );
    const done = agent.prompt('Make a page');
    await running;
    // What a reload now finds saved: the answer, with neither the call's result nor its record.
    const saved = structuredClone(agent.state.messages);
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(store.snapshot.incomplete).toEqual([]);
    expect(store.get('live.html')?.current.content).toBe(page);
    settle(EMPTY_LOG);
    await done;
    expect(store.snapshot.incomplete).toEqual([]);

    const reloaded = new ArtifactStore();
    reloaded.sync(saved);
    expect(reloaded.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'live.html', content: page, reason: 'closed' },
    ]);
    expect(reloaded.get('live.html')).toBeUndefined();
  });

  it('forgets artifacts made after the point a regenerate cuts the history back to', async () => {
    const { agent, store } = setup([
      { content: [artifactsCall('c1', { command: 'create', filename: 'a.md', content: 'x' })] },
      { content: [{ type: 'text', text: 'Done.' }] },
    ]);
    await agent.prompt('Go');
    expect(store.get('a.md')).toBeDefined();
    agent.replaceMessages(agent.state.messages.slice(0, 1));
    expect(store.get('a.md')).toBeUndefined();
  });
});
