/** Tests for how the loop ends when the model, a tool or a hook fails. */
import { describe, expect, it } from 'vitest';
import { runAgentLoopContinue } from './loop';
import { isLlmMessage } from './messages';
import {
  createScriptedStream,
  deferred,
  loopConfig,
  loopContext,
  makeTool,
  ok,
  recorder,
  resultText,
  runPrompt,
  sequence,
  text,
  toolCall,
  toolResults,
  user,
} from './test-support';
import { SKIPPED_FOR_ABORT } from './tools';
import type { AgentMessage, AssistantMessage, Message } from './types';

function lastAssistant(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  return messages.filter(isLlmMessage).findLast((m): m is AssistantMessage => m.role === 'assistant');
}

describe('agent loop: cut-off responses', () => {
  it('runs none of the tool calls of a message cut off by the token limit and reports each', async () => {
    let executed = 0;
    const write = makeTool('write', async () => {
      executed += 1;
      return ok('written');
    });
    const stream = createScriptedStream([
      {
        content: [
          text('Writing two files'),
          toolCall('c1', 'write', { path: 'a' }),
          toolCall('c2', 'write', {}),
        ],
        stopReason: 'length',
      },
      { content: [text('never requested')] },
    ]);
    const { events, messages } = await runPrompt('Write', loopContext([write]), loopConfig(stream));

    expect(executed).toBe(0);
    expect(stream.calls).toHaveLength(1);
    const results = toolResults(messages);
    expect(results.map((r) => r.toolCallId)).toEqual(['c1', 'c2']);
    for (const result of results) {
      expect(result.isError).toBe(true);
      expect(resultText(result)).toMatch(
        /^Tool call "write" was not run: the output was cut off by the token limit/,
      );
      expect(resultText(result)).toContain('Retry with smaller output');
    }
    expect(sequence(events).slice(-3)).toEqual(['message_end:toolResult', 'turn_end', 'agent_end']);
  });
});

describe('agent loop: stream failures', () => {
  it('ends the run with the error message of a failed stream, then turn_end and agent_end', async () => {
    const stream = createScriptedStream([
      {
        content: [text('Partial ans')],
        stopReason: 'error',
        errorMessage: 'Overloaded.',
        errorKind: 'overloaded',
      },
    ]);
    const { events, messages } = await runPrompt('Hi', loopContext(), loopConfig(stream));

    expect(sequence(events).slice(-4)).toEqual([
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    const failed = lastAssistant(messages);
    expect(failed).toMatchObject({
      stopReason: 'error',
      errorMessage: 'Overloaded.',
      errorKind: 'overloaded',
    });
    expect(failed?.content).toEqual([text('Partial ans')]);
    const end = events.at(-1);
    expect(end?.type === 'agent_end' && end.messages.at(-1)).toBe(failed);
  });

  it('ends the run with an aborted message when aborted while streaming', async () => {
    const controller = new AbortController();
    const stream = createScriptedStream([{ content: [text('Once upon')], untilAborted: true }]);
    const { events, messages } = await runPrompt('Story', loopContext(), loopConfig(stream), {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'message_update') controller.abort();
      },
    });

    expect(stream.calls).toHaveLength(1);
    expect(lastAssistant(messages)).toMatchObject({ stopReason: 'aborted', content: [text('Once upon')] });
    expect(sequence(events).slice(-3)).toEqual(['message_end:assistant', 'turn_end', 'agent_end']);
  });

  it('turns a StreamFn that throws (breaking its contract) into an error message', async () => {
    const stream = createScriptedStream([
      // biome-ignore lint/correctness/useYield: a stream that fails before its first event
      async function* () {
        throw new Error('socket closed');
      },
    ]);
    const { events, messages } = await runPrompt('Hi', loopContext(), loopConfig(stream));

    expect(lastAssistant(messages)).toMatchObject({ stopReason: 'error', errorMessage: 'socket closed' });
    expect(sequence(events).slice(-4)).toEqual([
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
  });
});

describe('agent loop: abort during tools', () => {
  it('passes the abort signal to a running tool and ends the run', async () => {
    const controller = new AbortController();
    const started = deferred();
    let sawAbort = false;
    const wait = makeTool('wait', async (_args, signal) => {
      started.resolve();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      sawAbort = signal.aborted;
      throw new Error('Wait cancelled.');
    });
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'wait')] },
      { content: [text('never')] },
    ]);
    const running = runPrompt('Wait', loopContext([wait]), loopConfig(stream), { signal: controller.signal });
    await started.promise;
    controller.abort();
    const { events, messages } = await running;

    expect(sawAbort).toBe(true);
    expect(stream.calls).toHaveLength(1);
    expect(resultText(toolResults(messages)[0])).toBe('Wait cancelled.');
    expect(sequence(events).slice(-4)).toEqual([
      'message_start:toolResult',
      'message_end:toolResult',
      'turn_end',
      'agent_end',
    ]);
  });

  it('skips the rest of a sequential batch after an abort so every call still gets a result', async () => {
    const controller = new AbortController();
    const first = makeTool('first', async () => {
      controller.abort();
      return ok('first done');
    });
    const stream = createScriptedStream([{ content: [toolCall('c1', 'first'), toolCall('c2', 'first')] }]);
    const { messages } = await runPrompt(
      'Go',
      loopContext([first]),
      loopConfig(stream, { toolExecution: 'sequential' }),
      { signal: controller.signal },
    );

    expect(toolResults(messages).map(resultText)).toEqual(['first done', SKIPPED_FOR_ABORT]);
  });
});

describe('agent loop: context hooks', () => {
  it('runs transformContext before convertToLlm and neither mutates the stored history', async () => {
    const calls: string[] = [];
    const history = Object.freeze([user('old question'), user('older context')]);
    const tool = makeTool('t', async () => ok('ok'));
    const stream = createScriptedStream([{ content: [toolCall('c1', 't')] }, { content: [text('Answer.')] }]);
    const { messages } = await runPrompt(
      'New question',
      loopContext([tool], history),
      loopConfig(stream, {
        transformContext: async (all) => {
          calls.push(`transform:${all.length}`);
          const last = all.slice(-1);
          (all as AgentMessage[]).length = 0; // a careless hook: must only hurt its own copy
          return last;
        },
        convertToLlm: (pruned) => {
          calls.push(`convert:${pruned.length}`);
          return pruned.filter(isLlmMessage);
        },
      }),
    );

    expect(calls).toEqual(['transform:3', 'convert:1', 'transform:5', 'convert:1']);
    expect(stream.calls[0]?.context.messages).toEqual([user('New question')]);
    expect(stream.calls[1]?.context.messages.map((m) => m.role)).toEqual(['toolResult']);
    expect(history).toEqual([user('old question'), user('older context')]);
    expect(messages.map((m) => (m as Message).role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'assistant',
    ]);
  });

  it('resolves the API key before every call', async () => {
    const keys = ['key-1', 'key-2'];
    const tool = makeTool('t', async () => ok('ok'));
    const stream = createScriptedStream([{ content: [toolCall('c1', 't')] }, { content: [text('Done.')] }]);
    await runPrompt('Go', loopContext([tool]), loopConfig(stream, { getApiKey: async () => keys.shift() }));

    expect(stream.calls.map((c) => c.options.apiKey)).toEqual(['key-1', 'key-2']);
  });

  it('ends the run with a max_turns error when it would need more calls than maxTurns', async () => {
    const tool = makeTool('again', async () => ok('again'));
    const loopForever = { content: [toolCall('c', 'again')] };
    const stream = createScriptedStream([loopForever, loopForever, loopForever]);
    const { events, messages } = await runPrompt(
      'Go',
      loopContext([tool]),
      loopConfig(stream, { maxTurns: 2 }),
    );

    expect(stream.calls).toHaveLength(2);
    const last = lastAssistant(messages);
    expect(last).toMatchObject({ stopReason: 'error', errorKind: 'max_turns' });
    expect(last?.errorMessage).toContain('limit of 2 turns');
    expect(sequence(events).slice(-4)).toEqual([
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
  });

  it('refuses to continue from an assistant message', async () => {
    const stream = createScriptedStream([]);
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: [text('Hi')],
      provider: 'x',
      model: 'm',
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'stop',
      timestamp: 1,
    };
    const { events, sink } = recorder();
    const context = loopContext([], [user('Hi'), assistant]);
    await expect(
      runAgentLoopContinue(context, loopConfig(stream), sink, new AbortController().signal),
    ).rejects.toThrow(/last message is already an assistant message/);
    expect(events).toEqual([]);
  });
});
