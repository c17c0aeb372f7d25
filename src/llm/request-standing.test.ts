/** A project's instructions and knowledge in the request: where they go, and their prompt-cache breakpoints. */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantContent, AssistantMessage, LlmContext, Message, UserContent } from '../agent';
import { BUILTIN_MODELS } from './catalog';
import { buildRequest, requestBetas } from './request';
import type { ModelInfo } from './types';

const MODEL = 'claude-sonnet-4-6';
const INFO = BUILTIN_MODELS.find((m) => m.id === MODEL) as ModelInfo;
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const assistant = (content: readonly AssistantContent[]): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'anthropic',
  model: MODEL,
  usage,
  stopReason: 'stop',
  timestamp: 2,
});
const answer = (text: string) => assistant([{ type: 'text', text }]);
const TOOL = {
  name: 'artifacts',
  description: 'Writes files.',
  parameters: { type: 'object', properties: {} },
};
const PDF =
  'JVBERi0xLjQKJcOkw7zDtsOfCjEgMCBvYmo8PC9UeXBlL0NhdGFsb2c+PmVuZG9iagp0cmFpbGVyPDwvUm9vdCAxIDAgUj4+';
const KNOWLEDGE: UserContent[] = [
  { type: 'text', text: '[The files of the project "Garden":]' },
  { type: 'text', text: '<file name="beds.md">\nRaised beds, 1.2 m wide.\n</file>' },
  { type: 'document', mimeType: 'application/pdf', data: PDF, title: 'soil.pdf' },
];

function build(messages: readonly Message[], extra: Partial<LlmContext> = {}) {
  const context: LlmContext = { systemPrompt: 'You are Easel.', messages, tools: [TOOL], ...extra };
  const body = buildRequest(context, { model: MODEL, thinkingLevel: 'off', modelInfo: INFO });
  const betas = requestBetas(body);
  const headers = betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : {};
  return { body, problem: requestProblem(JSON.parse(JSON.stringify(body)), headers) };
}

/** Every block of the request that carries a cache breakpoint, as `where:type`. */
function breakpoints(body: ReturnType<typeof build>['body']): string[] {
  const marked = (where: string, blocks: readonly unknown[]) =>
    blocks.flatMap((b) => {
      const block = b as { type?: string; cache_control?: unknown };
      return block.cache_control ? [`${where}:${block.type ?? 'tool'}`] : [];
    });
  return [
    ...marked('tools', body.tools ?? []),
    ...marked('system', Array.isArray(body.system) ? body.system : []),
    ...body.messages.flatMap((m, i) => (Array.isArray(m.content) ? marked(`messages[${i}]`, m.content) : [])),
  ];
}

describe('standing instructions and knowledge in the request', () => {
  it('adds the instructions to the system prompt, the breakpoint on the last of them', () => {
    const { body, problem } = build([ask('Hi')], { instructions: 'Answer in French.' });
    expect(problem).toBeUndefined();
    expect(body.system).toEqual([
      { type: 'text', text: 'You are Easel.' },
      { type: 'text', text: 'Answer in French.', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('sends blank instructions as nothing', () => {
    const { body } = build([ask('Hi')], { instructions: '  \n' });
    expect(body.system).toEqual([
      { type: 'text', text: 'You are Easel.', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('puts the knowledge first in the first user turn, with a breakpoint on its last block', () => {
    const { body, problem } = build([ask('Plan my beds'), answer('Sure.'), ask('And the soil?')], {
      knowledge: KNOWLEDGE,
    });
    expect(problem).toBeUndefined();
    const first = body.messages[0]?.content as { type: string; text?: string; cache_control?: unknown }[];
    expect(first.map((b) => b.type)).toEqual(['text', 'text', 'document', 'text']);
    expect(first[2]).toMatchObject({
      type: 'document',
      title: 'soil.pdf',
      cache_control: { type: 'ephemeral' },
    });
    expect(first[3]).toEqual({ type: 'text', text: 'Plan my beds' });
    // System (which caches the tools before it), knowledge, latest turn: the tools need none of their own.
    expect(breakpoints(body)).toEqual(['system:text', 'messages[0]:document', 'messages[2]:text']);
  });

  it('stays within four breakpoints with a compaction summary as well', () => {
    const history: Message[] = [
      ask('First'),
      assistant([
        { type: 'opaque', provider: 'anthropic', value: { type: 'compaction', content: 'A summary.' } },
        { type: 'text', text: 'Answer after the summary' },
      ]),
      ask('Next'),
    ];
    const { body, problem } = build(history, { knowledge: KNOWLEDGE, instructions: 'Be brief.' });
    expect(problem).toBeUndefined();
    expect(breakpoints(body).length).toBeLessThanOrEqual(4);
    // The API drops what comes before a compaction block: the knowledge goes after it.
    const compactedAt = body.messages.findIndex(
      (m) => Array.isArray(m.content) && m.content.some((b) => (b.type as string) === 'compaction'),
    );
    const withKnowledge = body.messages.findIndex(
      (m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'document'),
    );
    expect(withKnowledge).toBeGreaterThan(compactedAt);
  });

  it('puts the knowledge after the tool results of a turn that answers tool calls, after a compaction', () => {
    const history: Message[] = [
      ask('Chart my beds'),
      assistant([
        { type: 'opaque', provider: 'anthropic', value: { type: 'compaction', content: 'A summary.' } },
        { type: 'toolCall', id: 'toolu_01', name: 'artifacts', arguments: {} },
      ]),
      {
        role: 'toolResult',
        toolCallId: 'toolu_01',
        toolName: 'artifacts',
        content: [{ type: 'text', text: 'Created beds.html' }],
        isError: false,
        timestamp: 3,
      },
    ];
    const { body, problem } = build(history, { knowledge: KNOWLEDGE });
    expect(problem).toBeUndefined();
    const turn = body.messages.findLast((m) => m.role === 'user')?.content as { type: string }[];
    expect(turn[0]?.type).toBe('tool_result');
    expect(turn.some((b) => b.type === 'document')).toBe(true);
  });

  it('keeps the request the same without knowledge (the tools keep their breakpoint)', () => {
    const { body } = build([ask('Hi')]);
    expect(breakpoints(body)).toEqual(['tools:tool', 'system:text', 'messages[0]:text']);
  });

  it('sends the same knowledge blocks on every request of the conversation, so the cache prefix holds', () => {
    const one = build([ask('Plan my beds')], { knowledge: KNOWLEDGE });
    const two = build([ask('Plan my beds'), answer('Sure.'), ask('And the soil?')], { knowledge: KNOWLEDGE });
    const prefix = (b: typeof one.body) =>
      JSON.stringify(((b.messages[0]?.content ?? []) as unknown[]).slice(0, 3));
    expect(prefix(two.body)).toBe(prefix(one.body));
  });
});
