/** Tests for the run/turn loop's event sequences and tool batches. */
import { describe, expect, it } from 'vitest';
import {
  ANSWERED_TURN,
  createScriptedStream,
  deferred,
  loopConfig,
  loopContext,
  makeTool,
  ok,
  resultText,
  runPrompt,
  sequence,
  text,
  toolCall,
  toolResults,
} from './test-support';

describe('agent loop: event order', () => {
  it('emits the run, turn and message events of a prompt without tools in order', async () => {
    const stream = createScriptedStream([{ content: [text('Hello!')] }]);
    const { events, messages } = await runPrompt('Hi', loopContext(), loopConfig(stream));

    expect(sequence(events)).toEqual(['agent_start', ...ANSWERED_TURN, 'agent_end']);
    const updates = events.filter((e) => e.type === 'message_update');
    expect(updates.map((e) => e.type === 'message_update' && e.assistantMessageEvent.type)).toEqual([
      'text_start',
      'text_delta',
      'text_end',
    ]);
    expect(messages.map((m) => (m as { role: string }).role)).toEqual(['user', 'assistant']);
    expect(stream.calls[0]?.context.systemPrompt).toBe('Be brief.');
  });

  it('asks the standing context first and gives it to convertToLlm with the messages', async () => {
    const stream = createScriptedStream([{ content: [text('Hello!')] }]);
    const order: string[] = [];
    const standing = { instructions: 'Project notes.', reservedPdf: { pages: 3, bytes: 30 } };
    const base = loopConfig(stream);
    await runPrompt('Hi', loopContext(), {
      ...base,
      getStandingContext: () => {
        order.push('standing');
        return standing;
      },
      convertToLlm: (messages, given) => {
        order.push('convert');
        expect(given).toBe(standing);
        return base.convertToLlm(messages);
      },
    });
    expect(order).toEqual(['standing', 'convert']);
    expect(stream.calls[0]?.context.instructions).toBe('Project notes.');
  });

  it('emits a tool round between two turns and sends the results with the next call', async () => {
    const echo = makeTool('echo', async (args) => ok(String(args.text)));
    const stream = createScriptedStream([
      { content: [toolCall('c1', 'echo', { text: 'ping' })] },
      { content: [text('Done.')] },
    ]);
    const { events } = await runPrompt('Echo ping', loopContext([echo]), loopConfig(stream));

    expect(sequence(events)).toEqual([
      'agent_start',
      'turn_start',
      'message_start:user',
      'message_end:user',
      'message_start:assistant',
      'message_end:assistant',
      'tool_execution_start:c1',
      'tool_execution_end:c1',
      'message_start:toolResult',
      'message_end:toolResult',
      'turn_end',
      'turn_start',
      'message_start:assistant',
      'message_end:assistant',
      'turn_end',
      'agent_end',
    ]);
    const firstTurnEnd = events.find((e) => e.type === 'turn_end');
    expect(firstTurnEnd?.type === 'turn_end' && resultText(firstTurnEnd.toolResults[0])).toBe('ping');
    expect(stream.calls[1]?.context.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult']);
    expect(stream.calls[0]?.context.tools?.map((t) => t.name)).toEqual(['echo']);
  });
});

describe('agent loop: tool execution', () => {
  it('runs a parallel batch concurrently and appends the results in the order the model asked', async () => {
    const bStarted = deferred();
    const slow = makeTool('slow', async () => {
      await bStarted.promise; // only resolves if `fast` starts while `slow` is still running
      return ok('slow result');
    });
    const fast = makeTool('fast', async () => {
      bStarted.resolve();
      return ok('fast result');
    });
    const stream = createScriptedStream([
      { content: [toolCall('a', 'slow'), toolCall('b', 'fast')] },
      { content: [text('Both done.')] },
    ]);
    const { events, messages } = await runPrompt('Go', loopContext([slow, fast]), loopConfig(stream));

    const ends = events.filter((e) => e.type === 'tool_execution_end');
    expect(ends.map((e) => e.type === 'tool_execution_end' && e.toolCallId)).toEqual(['b', 'a']);
    expect(toolResults(messages).map((m) => m.toolCallId)).toEqual(['a', 'b']);
    expect(toolResults(messages).map(resultText)).toEqual(['slow result', 'fast result']);
  });

  it('runs the whole batch one call at a time when one of its tools is sequential', async () => {
    const log: string[] = [];
    const firstStarted = deferred();
    const gate = deferred();
    const first = makeTool(
      'first',
      async () => {
        log.push('first:start');
        firstStarted.resolve();
        await gate.promise;
        log.push('first:end');
        return ok('1');
      },
      { executionMode: 'sequential' },
    );
    const second = makeTool('second', async () => {
      log.push('second:start');
      log.push('second:end');
      return ok('2');
    });
    const stream = createScriptedStream([
      { content: [toolCall('a', 'first'), toolCall('b', 'second')] },
      { content: [text('ok')] },
    ]);
    const running = runPrompt('Go', loopContext([first, second]), loopConfig(stream));
    await firstStarted.promise;
    expect(log).toEqual(['first:start']);
    gate.resolve();
    const { messages } = await running;

    expect(log).toEqual(['first:start', 'first:end', 'second:start', 'second:end']);
    expect(toolResults(messages).map((m) => m.toolCallId)).toEqual(['a', 'b']);
  });

  it('runs tools one at a time when the config says sequential', async () => {
    const log: string[] = [];
    const tool = makeTool('t', async (_args, _signal, id) => {
      log.push(`${id}:start`);
      await Promise.resolve();
      log.push(`${id}:end`);
      return ok(id);
    });
    const stream = createScriptedStream([
      { content: [toolCall('a', 't'), toolCall('b', 't')] },
      { content: [text('ok')] },
    ]);
    await runPrompt('Go', loopContext([tool]), loopConfig(stream, { toolExecution: 'sequential' }));

    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('reports tool progress as tool_execution_update events', async () => {
    const partial = ok('50%');
    const tool = makeTool('progress', async (_args, _signal, _id, onUpdate) => {
      onUpdate(partial);
      return ok('done');
    });
    const stream = createScriptedStream([
      { content: [toolCall('p', 'progress')] },
      { content: [text('ok')] },
    ]);
    const { events } = await runPrompt('Go', loopContext([tool]), loopConfig(stream));

    const update = events.find((e) => e.type === 'tool_execution_update');
    expect(update?.type === 'tool_execution_update' && update.partialResult).toEqual(partial);
    expect(sequence(events)).toContain('tool_execution_update:p');
  });

  /** Runs a prompt whose one tool call throws `thrown`: the result the model got, and how many calls it had. */
  async function resultOfThrowing(thrown: unknown) {
    const broken = makeTool('broken', async () => {
      throw thrown;
    });
    const stream = createScriptedStream([
      { content: [toolCall('x', 'broken')] },
      { content: [text('Sorry.')] },
    ]);
    const { messages } = await runPrompt('Go', loopContext([broken]), loopConfig(stream));
    return { result: toolResults(messages)[0], modelCalls: stream.calls.length };
  }

  it('turns a thrown tool error into an error result and goes on', async () => {
    const { result, modelCalls } = await resultOfThrowing(new Error('Disk full'));

    expect(result?.isError).toBe(true);
    expect(resultText(result)).toBe('Disk full');
    expect(modelCalls).toBe(2);
  });

  it.each([
    [null, 'Tool "broken" failed with no error details (the thrown value was null)'],
    [undefined, 'Tool "broken" failed with no error details (the thrown value was undefined)'],
    [
      { code: 7, reason: 'quota' },
      'Tool "broken" failed with a non-Error value: {"code":7,"reason":"quota"}',
    ],
    [{ message: 'Permission denied' }, 'Tool "broken" failed with Permission denied'],
    [42, 'Tool "broken" failed with a non-Error value: 42'],
  ])('describes a thrown non-Error value %j in words the model can use', async (thrown, expected) => {
    const { result } = await resultOfThrowing(thrown);
    expect(result?.isError).toBe(true);
    expect(resultText(result)).toBe(expected);
    expect(resultText(result)).not.toMatch(/\[object Object\]|^null$|^undefined$/);
  });

  it('answers a call to an unknown tool with an error naming the available tools', async () => {
    const a = makeTool('a', async () => ok('a'));
    const b = makeTool('b', async () => ok('b'));
    const stream = createScriptedStream([{ content: [toolCall('x', 'nope')] }, { content: [text('Oops.')] }]);
    const { messages } = await runPrompt('Go', loopContext([a, b]), loopConfig(stream));

    const [result] = toolResults(messages);
    expect(result?.isError).toBe(true);
    expect(resultText(result)).toBe('Tool "nope" not found. Available tools: a, b');
  });

  it('rejects invalid arguments with the problems listed and does not execute the tool', async () => {
    let executed = false;
    const counter = makeTool(
      'counter',
      async () => {
        executed = true;
        return ok('counted');
      },
      {
        parameters: {
          type: 'object',
          properties: { count: { type: 'integer', minimum: 1 } },
          required: ['count'],
        },
      },
    );
    const stream = createScriptedStream([
      { content: [toolCall('x', 'counter', { count: 'three' })] },
      { content: [text('Let me fix that.')] },
    ]);
    const { messages } = await runPrompt('Count', loopContext([counter]), loopConfig(stream));

    const [result] = toolResults(messages);
    expect(executed).toBe(false);
    expect(result?.isError).toBe(true);
    expect(resultText(result)).toContain('Invalid arguments for tool "counter":\n- ');
    expect(resultText(result)).toContain('- /count: Instance type "string" is invalid. Expected "integer".');
  });
});
