/** Tests for steering and follow-up messages in the loop. */
import { describe, expect, it } from 'vitest';
import {
  ANSWERED_TURN,
  createScriptedStream,
  loopConfig,
  loopContext,
  makeTool,
  ok,
  resultText,
  runPrompt,
  type ScriptedStream,
  sequence,
  text,
  toolCall,
  toolResults,
  user,
} from './test-support';
import { SKIPPED_FOR_STEERING } from './tools';
import type { AgentMessage, Message } from './types';

/** A queue the loop drains through a `getSteeringMessages`/`getFollowUpMessages` hook. */
function queue() {
  const items: AgentMessage[] = [];
  return { push: (message: AgentMessage) => items.push(message), take: () => items.splice(0) };
}

function roles(messages: readonly Message[] | undefined): string[] {
  return (messages ?? []).map((m) => m.role);
}

describe('agent loop: steering', () => {
  it('skips remaining tool calls when a steering message arrives', async () => {
    const steering = queue();
    const executed: string[] = [];
    const tool = makeTool(
      'step',
      async (_args, _signal, id) => {
        executed.push(id);
        if (id === 'c1') steering.push(user('Stop, do something else.'));
        return ok(`ran ${id}`);
      },
      { executionMode: 'sequential' },
    );
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'step'), toolCall('c2', 'step'), toolCall('c3', 'step')] },
      { content: [text('Switching.')] },
    ]);
    const { events, messages } = await runPrompt(
      'Do three steps',
      loopContext([tool]),
      loopConfig(stream, { getSteeringMessages: steering.take }),
    );

    expect(executed).toEqual(['c1']);
    const results = toolResults(messages);
    expect(results.map(resultText)).toEqual(['ran c1', SKIPPED_FOR_STEERING, SKIPPED_FOR_STEERING]);
    expect(results.map((r) => r.isError)).toEqual([false, true, true]);
    expect(SKIPPED_FOR_STEERING).toBe('Skipped due to queued user message.');
    const secondCall = stream.calls[1]?.context.messages;
    expect(roles(secondCall)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
      'toolResult',
      'user',
    ]);
    expect(secondCall?.at(-1)).toMatchObject({ content: 'Stop, do something else.' });
    expect(sequence(events).slice(-9)).toEqual([
      'message_end:toolResult',
      'turn_end',
      ...ANSWERED_TURN,
      'agent_end',
    ]);
  });

  it('checks steering after the whole batch when tools run in parallel', async () => {
    const steering = queue();
    const executed: string[] = [];
    const tool = makeTool('step', async (_args, _signal, id) => {
      executed.push(id);
      if (id === 'c1') steering.push(user('By the way…'));
      return ok(`ran ${id}`);
    });
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'step'), toolCall('c2', 'step')] },
      { content: [text('Noted.')] },
    ]);
    const { messages } = await runPrompt(
      'Go',
      loopContext([tool]),
      loopConfig(stream, { getSteeringMessages: steering.take }),
    );

    expect(executed).toEqual(['c1', 'c2']);
    expect(toolResults(messages).map(resultText)).toEqual(['ran c1', 'ran c2']);
    expect(roles(stream.calls[1]?.context.messages)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
      'user',
    ]);
  });

  it('injects a steering message typed during streaming before the next call', async () => {
    const steering = queue();
    const stream = createScriptedStream([
      {
        content: [text('A long answer')],
        whileStreaming: () => void steering.push(user('Shorter, please.')),
      },
      { content: [text('Short answer.')] },
    ]);
    const { events } = await runPrompt(
      'Explain',
      loopContext(),
      loopConfig(stream, { getSteeringMessages: steering.take }),
    );

    expect(stream.calls).toHaveLength(2);
    expect(roles(stream.calls[1]?.context.messages)).toEqual(['user', 'assistant', 'user']);
    expect(stream.calls[1]?.context.messages.at(-1)).toMatchObject({ content: 'Shorter, please.' });
    expect(sequence(events).filter((e) => e === 'turn_start')).toHaveLength(2);
  });

  it('sends tool results back when a steering message after a text-only answer gets a tool call', async () => {
    // A message sent while the answer's run is still ending is steered into that run; if Claude answers it
    // with a tool call, the run must go on to give Claude the tool's result.
    const steering = queue();
    const tool = makeTool('look', async () => ok('seen'));
    const stream = createScriptedStream([
      { content: [text('First answer.')], whileStreaming: () => void steering.push(user('Now look.')) },
      { content: [toolCall('c1', 'look')] },
      { content: [text('I looked.')] },
    ]);
    const { messages } = await runPrompt(
      'Hello',
      loopContext([tool]),
      loopConfig(stream, { getSteeringMessages: steering.take }),
    );

    expect(stream.calls).toHaveLength(3);
    expect(roles(stream.calls[2]?.context.messages)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'toolResult',
    ]);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'stop' });
  });
});

describe('agent loop: follow-up', () => {
  it('restarts the loop with follow-up messages only after the point where it would stop', async () => {
    const followUps = queue();
    followUps.push(user('And then?'));
    const tool = makeTool('look', async () => ok('seen'));
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'look')] },
      { content: [text('First answer.')] },
      { content: [text('Second answer.')] },
    ]);
    const { events } = await runPrompt(
      'Look',
      loopContext([tool]),
      loopConfig(stream, { getFollowUpMessages: followUps.take }),
    );

    expect(stream.calls).toHaveLength(3);
    expect(roles(stream.calls[1]?.context.messages)).toEqual(['user', 'assistant', 'toolResult']);
    expect(roles(stream.calls[2]?.context.messages)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'assistant',
      'user',
    ]);
    expect(sequence(events).slice(-8)).toEqual(['turn_end', ...ANSWERED_TURN, 'agent_end']);
    expect(events.filter((e) => e.type === 'agent_start')).toHaveLength(1);
  });
});

describe('agent loop: tool hooks', () => {
  it('blocks a call when beforeToolCall says so, with its reason as the error result', async () => {
    let executed = false;
    const tool = makeTool('rm', async () => {
      executed = true;
      return ok('removed');
    });
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'rm', { path: '/' })] },
      { content: [text('OK.')] },
    ]);
    const { messages } = await runPrompt(
      'Clean up',
      loopContext([tool]),
      loopConfig(stream, {
        beforeToolCall: async ({ toolCall: call, args }) =>
          call.name === 'rm' && args.path === '/'
            ? { block: true, reason: 'Refusing to remove /.' }
            : undefined,
      }),
    );

    const [result] = toolResults(messages);
    expect(executed).toBe(false);
    expect(result?.isError).toBe(true);
    expect(resultText(result)).toBe('Refusing to remove /.');
  });

  it('lets afterToolCall replace the content, details and error flag of a result', async () => {
    const tool = makeTool('fetch', async () => ({ ...ok('raw page'), details: { bytes: 10 } }));
    const stream = createScriptedStream([{ content: [toolCall('c1', 'fetch')] }, { content: [text('OK.')] }]);
    const { events, messages } = await runPrompt(
      'Fetch',
      loopContext([tool]),
      loopConfig(stream, {
        afterToolCall: async ({ result }) => {
          expect(result.details).toEqual({ bytes: 10 });
          return { content: [text('redacted')], details: { redacted: true }, isError: true };
        },
      }),
    );

    const [result] = toolResults(messages);
    expect(resultText(result)).toBe('redacted');
    expect(result?.details).toEqual({ redacted: true });
    expect(result?.isError).toBe(true);
    const end = events.find((e) => e.type === 'tool_execution_end');
    expect(end?.type === 'tool_execution_end' && end.isError).toBe(true);
  });
});

describe('agent loop: queued messages survive a stop', () => {
  /**
   * Runs `Go` with `hook` handing over `taken` as the run is stopped (after `emptyPolls` calls that found
   * nothing): what the run ended with and what the loop gave back through `requeueMessages`.
   */
  async function stopWhileTaking(
    hook: 'getSteeringMessages' | 'getFollowUpMessages',
    taken: AgentMessage[],
    stream: ScriptedStream,
    { tools = [], emptyPolls = 0 }: { tools?: Parameters<typeof loopContext>[0]; emptyPolls?: number } = {},
  ) {
    const controller = new AbortController();
    const requeued: { kind: string; messages: readonly AgentMessage[] }[] = [];
    let polls = 0;
    const { messages } = await runPrompt(
      'Go',
      loopContext(tools),
      loopConfig(stream, {
        [hook]: async () => {
          polls += 1;
          if (polls <= emptyPolls) return [];
          controller.abort();
          return taken;
        },
        requeueMessages: (kind, given) => requeued.push({ kind, messages: given }),
      }),
      { signal: controller.signal },
    );
    return { messages, requeued };
  }

  it.each(['parallel', 'sequential'] as const)(
    'gives back steering taken after a %s tool batch when the stop lands before it is sent',
    async (executionMode) => {
      const steer = user('Make it blue instead.');
      const tool = makeTool('step', async () => ok('done'), { executionMode });
      const stream = createScriptedStream([
        { content: [toolCall('c1', 'step')] },
        { content: [text('Never.')] },
      ]);
      // The stop lands while the loop is taking the queue: after it took the message, before it used it (the
      // first poll, before the tool batch, finds nothing).
      const { messages, requeued } = await stopWhileTaking('getSteeringMessages', [steer], stream, {
        tools: [tool],
        emptyPolls: 1,
      });

      expect(stream.calls).toHaveLength(1);
      expect(messages).not.toContain(steer);
      expect(requeued).toEqual([{ kind: 'steer', messages: [steer] }]);
    },
  );

  it('gives back follow-ups taken when the stop lands before they are sent', async () => {
    const later = user('Then summarise.');
    const stream = createScriptedStream([{ content: [text('Done.')] }, { content: [text('Never.')] }]);
    const { messages, requeued } = await stopWhileTaking('getFollowUpMessages', [later], stream);
    expect(stream.calls).toHaveLength(1);
    expect(messages).not.toContain(later);
    expect(requeued).toEqual([{ kind: 'followUp', messages: [later] }]);
  });
});
