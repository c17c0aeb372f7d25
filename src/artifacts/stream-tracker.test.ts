import { describe, expect, it } from 'vitest';
import type { AgentEvent, AssistantMessage, StopReason, ToolCall } from '../agent';
import { ArtifactStore } from './store';
import { createArtifactStreamTracker } from './stream-tracker';
import { record } from './test-support';

function assistant(calls: readonly ToolCall[], stopReason: StopReason = 'toolUse'): AssistantMessage {
  return {
    role: 'assistant',
    content: calls,
    provider: 'test',
    model: 'm',
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason,
    timestamp: 1,
  };
}

const call = (args: Record<string, unknown>, id = 'c1', name = 'artifacts'): ToolCall => ({
  type: 'toolCall',
  id,
  name,
  arguments: args,
});

function delta(args: Record<string, unknown>, id = 'c1', name = 'artifacts'): AgentEvent {
  const partial = assistant([call(args, id, name)]);
  return {
    type: 'message_update',
    message: partial,
    assistantMessageEvent: { type: 'toolcall_delta', contentIndex: 0, delta: '', partial },
  };
}

function end(args: Record<string, unknown>, id = 'c1'): AgentEvent {
  const partial = assistant([call(args, id)]);
  return {
    type: 'message_update',
    message: partial,
    assistantMessageEvent: { type: 'toolcall_end', contentIndex: 0, toolCall: call(args, id), partial },
  };
}

function setup() {
  const store = new ArtifactStore();
  return { store, track: createArtifactStreamTracker(store) };
}

describe('the artifact stream tracker', () => {
  it('opens the file once its name is complete and shows the content as it grows', () => {
    const { store, track } = setup();
    track(delta({ command: 'create', filename: 'ind' }));
    expect(store.snapshot.streaming).toEqual([]);
    track(delta({ command: 'create', filename: 'index.html', content: '' }));
    expect(store.snapshot.streaming).toEqual([{ toolCallId: 'c1', filename: 'index.html', content: '' }]);
    track(delta({ command: 'create', filename: 'index.html', content: '<h1>He' }));
    expect(store.snapshot.streaming[0]?.content).toBe('<h1>He');
    track(end({ command: 'create', filename: 'index.html', content: '<h1>Hello</h1>' }));
    expect(store.snapshot.streaming[0]?.content).toBe('<h1>Hello</h1>');
  });

  it('keeps showing the streamed content until the record replaces it', () => {
    const { store, track } = setup();
    track(end({ command: 'create', filename: 'a.md', content: '# A' }));
    track({ type: 'tool_execution_start', toolCallId: 'c1', toolName: 'artifacts', args: {} });
    expect(store.snapshot.streaming).toHaveLength(1);
    store.apply(record('a.md', 1, '# A', { toolCallId: 'c1' }));
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('shows an update applied to the file while new_str streams', () => {
    const { store, track } = setup();
    store.apply(record('a.txt', 1, 'one two three'));
    track(delta({ command: 'update', filename: 'a.txt', old_str: 'two' }));
    expect(store.snapshot.streaming[0]?.content).toBeUndefined();
    track(delta({ command: 'update', filename: 'a.txt', old_str: 'two', new_str: 'TW' }));
    expect(store.snapshot.streaming[0]?.content).toBe('one TW three');
    track(delta({ command: 'update', filename: 'a.txt', old_str: 'two', new_str: 'TWO!' }));
    expect(store.snapshot.streaming[0]?.content).toBe('one TWO! three');
  });

  it('shows no content for an update whose old_str does not match once', () => {
    const { store, track } = setup();
    store.apply(record('a.txt', 1, 'x x'));
    track(delta({ command: 'update', filename: 'a.txt', old_str: 'x', new_str: 'y' }));
    expect(store.snapshot.streaming).toEqual([{ toolCallId: 'c1', filename: 'a.txt', content: undefined }]);
  });

  it('ignores other tools and commands that do not write', () => {
    const { store, track } = setup();
    track(delta({ command: 'create', filename: 'a.md', content: 'x' }, 'c1', 'other'));
    track(delta({ command: 'get', filename: 'a.md', x: 1 }));
    track(delta({ command: 'delete', filename: 'a.md', x: 1 }));
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('ends the stream when the call fails', () => {
    const { store, track } = setup();
    track(end({ command: 'create', filename: 'a.md', content: 'x' }));
    track({
      type: 'tool_execution_end',
      toolCallId: 'c1',
      toolName: 'artifacts',
      result: { content: [] },
      isError: true,
    });
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('ends the streams of a message cut off before its tools could run', () => {
    const { store, track } = setup();
    track(delta({ command: 'create', filename: 'a.md', content: 'half' }));
    track({
      type: 'message_end',
      message: assistant([call({ command: 'create', filename: 'a.md' })], 'length'),
    });
    expect(store.snapshot.streaming).toEqual([]);
  });

  it('leaves the file of a stopped call incomplete when the store has seen its answer join the history', () => {
    const { store, track } = setup();
    track(delta({ command: 'create', filename: 'a.md', content: '# Ha' }));
    const stopped = assistant([call({ command: 'create', filename: 'a.md', content: '# Ha' })], 'aborted');
    // The agent updates its state (the store follows it) before it reports the event.
    store.sync([stopped]);
    track({ type: 'message_end', message: stopped });
    track({ type: 'agent_end', messages: [stopped] });
    expect(store.snapshot.streaming).toEqual([]);
    expect(store.snapshot.incomplete).toEqual([
      { toolCallId: 'c1', filename: 'a.md', content: '# Ha', reason: 'stopped' },
    ]);
  });

  it('ends every stream when the run ends', () => {
    const { store, track } = setup();
    track(delta({ command: 'create', filename: 'a.md', content: 'x' }, 'c1'));
    track(delta({ command: 'create', filename: 'b.md', content: 'y' }, 'c2'));
    track({ type: 'agent_end', messages: [] });
    expect(store.snapshot.streaming).toEqual([]);
  });
});
