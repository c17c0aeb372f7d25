/** Tests for the Agent's steering and follow-up queues. */
import { describe, expect, it } from 'vitest';
import type { Agent } from './agent';
import { isLlmMessage } from './messages';
import { createAgent, deferred, makeTool, note, ok, roles, text, toolCall, user } from './test-support';

describe('Agent: queues and appended messages', () => {
  it('shows queued messages, lets one be removed, and injects the rest', async () => {
    const gate = deferred();
    const started = deferred();
    const tool = makeTool('wait', async () => {
      started.resolve();
      await gate.promise;
      return ok('waited');
    });
    const { agent, stream } = createAgent(
      [{ content: [toolCall('c1', 'wait')] }, { content: [text('Noted.')] }],
      {},
      [tool],
    );
    const queueSizes: number[] = [];
    agent.subscribeQueue((queues) => queueSizes.push(queues.steering.length + queues.followUp.length));
    const run = agent.prompt('Go');
    await started.promise;
    const keep = agent.steer(user('Keep this'));
    const drop = agent.steer(user('Drop this'));
    agent.followUp(user('Later'));

    expect(agent.steeringQueue.map((q) => q.id)).toEqual([keep, drop]);
    expect(agent.followUpQueue.map((q) => q.kind)).toEqual(['followUp']);
    expect(agent.removeQueued(drop)).toBe(true);
    expect(agent.removeQueued(drop)).toBe(false);
    gate.resolve();
    await run;

    expect(stream.calls[1]?.context.messages.at(-1)).toMatchObject({ content: 'Keep this' });
    expect(stream.calls[2]?.context.messages.at(-1)).toMatchObject({ content: 'Later' });
    expect(agent.queueSnapshot).toEqual({ steering: [], followUp: [] });
    expect(queueSizes).toEqual([1, 2, 3, 2, 1, 0]);
  });

  it('answers queued follow-ups one at a time, each in a model call of its own', async () => {
    const gate = deferred();
    const started = deferred();
    const tool = makeTool('wait', async () => {
      started.resolve();
      await gate.promise;
      return ok('waited');
    });
    const { agent, stream } = createAgent(
      [
        { content: [toolCall('c1', 'wait')] },
        { content: [text('Done.')] },
        { content: [text('Part 2 read.')] },
        { content: [text('Part 3 read.')] },
      ],
      {},
      [tool],
    );
    const run = agent.prompt('Part 1');
    await started.promise;
    agent.followUp(user('Part 2'));
    agent.followUp(user('Part 3'));
    gate.resolve();
    await run;

    const lastUser = (i: number) =>
      stream.calls[i]?.context.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(stream.calls).toHaveLength(4);
    expect(lastUser(2)).toEqual(['Part 1', 'Part 2']);
    expect(lastUser(3)).toEqual(['Part 1', 'Part 2', 'Part 3']);
    expect(stream.calls[3]?.context.messages.at(-2)).toMatchObject({ role: 'assistant' });
  });

  it('keeps messages appended during tool execution after the tool results, in state and context', async () => {
    let agent: Agent | undefined;
    const lastRoleAfterAppend: (string | undefined)[] = [];
    const tool = makeTool('make', async (_args, _signal, id) => {
      agent?.appendMessage(note(`made by ${id}`));
      lastRoleAfterAppend.push(roles(agent?.state.messages ?? []).at(-1));
      return ok(`ok ${id}`);
    });
    const created = createAgent(
      [{ content: [toolCall('c1', 'make'), toolCall('c2', 'make')] }, { content: [text('Made.')] }],
      {
        convertToLlm: (messages) =>
          messages.map((m) => (isLlmMessage(m) ? m : user(`[${(m as unknown as { body: string }).body}]`))),
      },
      [tool],
    );
    agent = created.agent;
    const ended: string[] = [];
    agent.subscribe((e) => {
      if (e.type === 'message_end') ended.push((e.message as { role: string }).role);
    });
    await agent.prompt('Make two');

    expect(lastRoleAfterAppend).toEqual(['assistant', 'assistant']);
    const expected = ['user', 'assistant', 'toolResult', 'toolResult', 'note', 'note', 'assistant'];
    expect(roles(agent.state.messages)).toEqual(expected);
    expect(ended).toEqual(expected);
    const sent = created.stream.calls[1]?.context.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'toolResult',
      'toolResult',
      'user',
      'user',
    ]);
  });

  it('appends a message when idle and reports it with message_start and message_end', () => {
    const { agent } = createAgent([]);
    const events: string[] = [];
    agent.subscribe((e) => events.push(e.type));
    const before = agent.state;
    agent.appendMessage(note('artifact changed'));

    expect(events).toEqual(['message_start', 'message_end']);
    expect(roles(agent.state.messages)).toEqual(['note']);
    expect(before.messages).toEqual([]);
  });

  it('drops app messages with the default convertToLlm', async () => {
    const { agent, stream } = createAgent([{ content: [text('ok')] }]);
    agent.appendMessage(note('not for the model'));
    await agent.prompt('Hi');

    expect(roles(stream.calls[0]?.context.messages ?? [])).toEqual(['user']);
    expect(roles(agent.state.messages)).toEqual(['note', 'user', 'assistant']);
  });
});
