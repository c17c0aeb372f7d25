/** Tests for the Agent class: state snapshots, prompt, continue, abort and listeners. */
import { describe, expect, it } from 'vitest';
import type { AgentState } from './state';
import {
  createAgent,
  deferred,
  makeTool,
  ok,
  resultText,
  roles,
  text,
  toolCall,
  toolResults,
  user,
} from './test-support';
import type { AgentEvent } from './types';

describe('Agent', () => {
  it('turns prompt(text) into a user message and resolves when the run ends', async () => {
    const { agent, stream } = createAgent([{ content: [text('Hello!')] }]);
    await agent.prompt('Hi');

    expect(agent.state.messages[0]).toMatchObject({ role: 'user', content: 'Hi' });
    expect(typeof (agent.state.messages[0] as { timestamp?: unknown }).timestamp).toBe('number');
    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
    expect(agent.state.isStreaming).toBe(false);
    expect(stream.calls[0]?.options.model).toBe('test-model');
  });

  it('hands out a new state object on every update and never changes an old one', async () => {
    const tool = makeTool('t', async () => ok('ok'));
    const { agent } = createAgent([{ content: [toolCall('c1', 't')] }, { content: [text('Done.')] }], {}, [
      tool,
    ]);
    const snapshots: AgentState[] = [agent.state];
    const frozenCopies: string[] = [JSON.stringify(agent.state)];
    agent.subscribeState((state) => {
      snapshots.push(state);
      frozenCopies.push(JSON.stringify({ ...state, pendingToolCalls: [...state.pendingToolCalls] }));
    });
    await agent.prompt('Go');

    expect(snapshots.length).toBeGreaterThan(10);
    expect(new Set(snapshots).size).toBe(snapshots.length);
    for (let i = 1; i < snapshots.length; i++) {
      const state = snapshots[i] as AgentState;
      expect(Object.isFrozen(state)).toBe(true);
      expect(JSON.stringify({ ...state, pendingToolCalls: [...state.pendingToolCalls] })).toBe(
        frozenCopies[i],
      );
    }
    expect(snapshots[0]?.messages).toEqual([]);
  });

  it('updates state before listeners hear the event', async () => {
    const { agent } = createAgent([{ content: [text('Hello!')] }]);
    const seen: string[] = [];
    agent.subscribe((event: AgentEvent) => {
      if (event.type === 'agent_start') seen.push(`start streaming=${agent.state.isStreaming}`);
      if (event.type === 'message_update')
        seen.push(`update stream=${agent.state.streamMessage === event.message}`);
      if (event.type === 'message_end')
        seen.push(`end last=${agent.state.messages.at(-1) === event.message}`);
      if (event.type === 'agent_end') seen.push(`end streaming=${agent.state.isStreaming}`);
    });
    await agent.prompt('Hi');

    expect(new Set(seen)).toEqual(
      new Set(['start streaming=true', 'update stream=true', 'end last=true', 'end streaming=false']),
    );
  });

  it('retries with continue() without duplicating messages', async () => {
    const { agent, stream } = createAgent([
      {
        content: [text('Half an ans')],
        stopReason: 'error',
        errorMessage: 'Connection lost.',
        errorKind: 'network',
      },
      { content: [text('A whole answer.')] },
    ]);
    await agent.prompt('Question');
    expect(agent.state.error).toBe('Connection lost.');
    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);

    await agent.continue();

    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
    expect(agent.state.messages[1]).toMatchObject({ stopReason: 'stop', content: [text('A whole answer.')] });
    expect(agent.state.error).toBeUndefined();
    expect(roles(stream.calls[1]?.context.messages ?? [])).toEqual(['user']);
  });

  it('continues from tool results by just running again', async () => {
    const { agent, stream } = createAgent([{ content: [text('Based on the result…')] }]);
    const assistant = {
      role: 'assistant',
      content: [toolCall('c1', 't')],
      provider: 'x',
      model: 'm',
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'toolUse',
      timestamp: 1,
    } as const;
    const result = {
      role: 'toolResult',
      toolCallId: 'c1',
      toolName: 't',
      content: [text('42')],
      isError: false,
      timestamp: 1,
    } as const;
    agent.replaceMessages([user('Compute'), assistant, result]);
    await agent.continue();

    expect(roles(agent.state.messages)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
    expect(roles(stream.calls[0]?.context.messages ?? [])).toEqual(['user', 'assistant', 'toolResult']);
  });

  it('rejects prompt() and continue() while a run is in progress', async () => {
    const gate = deferred();
    const { agent } = createAgent([{ content: [text('Slow')], whileStreaming: () => gate.promise }]);
    const first = agent.prompt('One');

    await expect(agent.prompt('Two')).rejects.toThrow(/already running/);
    await expect(agent.continue()).rejects.toThrow(/already running/);
    expect(() => agent.replaceMessages([])).toThrow(/while a run is in progress/);
    gate.resolve();
    await first;
    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
  });

  it('says in state.error that a cut-off response had its tool calls refused', async () => {
    const tool = makeTool('write', async () => ok('written'));
    const { agent } = createAgent([{ content: [toolCall('c1', 'write')], stopReason: 'length' }], {}, [tool]);
    await agent.prompt('Write a long file');

    expect(agent.state.error).toMatch(/cut off/);
    expect(toolResults(agent.state.messages)[0]?.isError).toBe(true);
  });

  it('waits for what the app prepares for a run before reading the tools it sends', async () => {
    const ready = deferred();
    const tool = makeTool('write', async () => ok('written'));
    const { agent, stream } = createAgent([{ content: [text('Hello.')] }], {
      prepareRun: async () => {
        await ready.promise;
        agent.setTools([tool]);
      },
    });
    const run = agent.prompt('Hi');
    expect(agent.isRunning).toBe(true);
    expect(agent.state.isStreaming).toBe(true);
    expect(() => agent.replaceMessages([])).toThrow(/in progress/);
    ready.resolve();
    await run;

    expect(stream.calls[0]?.context.tools?.map((t) => t.name)).toEqual(['write']);
    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
    expect(agent.isRunning).toBe(false);
  });

  it('rejects a prompt whose preparation failed, with nothing started, and prepares again next time', async () => {
    let attempts = 0;
    const { agent, stream } = createAgent([{ content: [text('Hello.')] }], {
      prepareRun: async () => {
        attempts++;
        if (attempts === 1) throw new Error('offline');
      },
    });
    const events: string[] = [];
    agent.subscribe((e) => events.push(e.type));
    await expect(agent.prompt('Hi')).rejects.toThrow('offline');
    expect(agent.state.messages).toEqual([]);
    expect(events).toEqual([]);
    expect(agent.isRunning).toBe(false);
    expect(agent.state.isStreaming).toBe(false);

    await agent.prompt('Hi again');
    expect(attempts).toBe(2);
    expect(stream.calls).toHaveLength(1);
    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
  });

  it('ends the run without calling the model when aborted before the call', async () => {
    const { agent, stream } = createAgent([{ content: [text('never')] }]);
    const run = agent.prompt('Hi');
    agent.abort();
    await run;

    expect(stream.calls).toHaveLength(0);
    expect(agent.state.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'aborted' });
    expect(agent.state.error).toBe('Request aborted.');
  });

  it('aborts a running tool, ends the run and becomes idle', async () => {
    const started = deferred();
    let signalSeen: AbortSignal | undefined;
    const tool = makeTool('wait', async (_args, signal) => {
      signalSeen = signal;
      started.resolve();
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw new Error('Stopped.');
    });
    const { agent, stream } = createAgent([{ content: [toolCall('c1', 'wait')] }], {}, [tool]);
    const run = agent.prompt('Wait');
    await started.promise;
    expect(agent.state.pendingToolCalls).toEqual(new Set(['c1']));
    agent.abort();
    await agent.waitForIdle();
    await run;

    expect(signalSeen?.aborted).toBe(true);
    expect(stream.calls).toHaveLength(1);
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(resultText(toolResults(agent.state.messages)[0])).toBe('Stopped.');
  });

  it('keeps running when a listener throws', async () => {
    const reported: unknown[] = [];
    const { agent } = createAgent([{ content: [text('Fine.')] }], {
      onListenerError: (e) => reported.push(e),
    });
    agent.subscribe(() => {
      throw new Error('listener bug');
    });
    await agent.prompt('Hi');

    expect(roles(agent.state.messages)).toEqual(['user', 'assistant']);
    expect(reported.length).toBeGreaterThan(0);
  });

  it('applies setters as new snapshots used by the next run', async () => {
    const { agent, stream } = createAgent([{ content: [text('ok')] }]);
    const before = agent.state;
    agent.setModel('other-model');
    agent.setThinkingLevel('high');
    agent.setSystemPrompt('Be verbose.');
    agent.setTools([makeTool('t', async () => ok('ok'))]);
    await agent.prompt('Hi');

    expect(before.model).toBe('test-model');
    expect(stream.calls[0]?.options).toMatchObject({ model: 'other-model', thinkingLevel: 'high' });
    expect(stream.calls[0]?.context.systemPrompt).toBe('Be verbose.');
    expect(stream.calls[0]?.context.tools?.map((t) => t.name)).toEqual(['t']);
  });

  it('makes no new snapshot when given the same tools in the same order', () => {
    const { agent } = createAgent([]);
    const a = makeTool('a', async () => ok('a'));
    const b = makeTool('b', async () => ok('b'));
    const heard: AgentState[] = [];
    agent.subscribeState((state) => heard.push(state));
    agent.setTools([a, b]);
    const state = agent.state;
    agent.setTools([a, b]);
    expect(agent.state).toBe(state);
    expect(heard).toHaveLength(1);
    agent.setTools([b, a]);
    expect(agent.state.tools).toEqual([b, a]);
    expect(heard).toHaveLength(2);
  });
});
