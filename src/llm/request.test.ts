/** Tests for the Messages API request body. */
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, LlmContext, Message } from '../agent';
import { BUILTIN_MODELS } from './catalog';
import { buildRequest, DEFAULT_MAX_TOKENS, thinkingParams } from './request';
import type { ModelInfo } from './types';

const MODEL = 'claude-opus-5-5';
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

function assistant(content: AssistantMessage['content'], model = MODEL): AssistantMessage {
  return {
    role: 'assistant',
    content,
    provider: 'anthropic',
    model,
    usage,
    stopReason: 'toolUse',
    timestamp: 2,
  };
}

const conversation: Message[] = [
  {
    role: 'user',
    timestamp: 1,
    content: [
      { type: 'text', text: 'What is in these?' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'document', mimeType: 'application/pdf', data: 'JVBERi0xLjQ=', title: 'report.pdf' },
      { type: 'text', text: '' },
    ],
  },
  assistant([
    { type: 'thinking', thinking: 'Let me look.', signature: 'sig-1' },
    { type: 'redactedThinking', data: 'opaque-redacted' },
    { type: 'thinking', thinking: 'unsigned, cut off' },
    { type: 'text', text: 'Checking.', citations: [{ type: 'char_location', cited_text: 'x' }] },
    { type: 'text', text: '' },
    { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a.txt' } },
    { type: 'toolCall', id: 'toolu_2', name: 'shot', arguments: {} },
    {
      type: 'opaque',
      provider: 'anthropic',
      value: { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: {} },
    },
    {
      type: 'opaque',
      provider: 'anthropic',
      value: { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: [] },
    },
  ]),
  {
    role: 'toolResult',
    toolCallId: 'toolu_1',
    toolName: 'read',
    content: [{ type: 'text', text: 'file body' }],
    isError: false,
    timestamp: 3,
  },
  {
    role: 'toolResult',
    toolCallId: 'toolu_2',
    toolName: 'shot',
    content: [
      { type: 'text', text: 'failed halfway' },
      { type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ' },
    ],
    isError: true,
    timestamp: 4,
  },
  { role: 'user', content: 'Thanks, go on.', timestamp: 5 },
];

const context: LlmContext = {
  systemPrompt: 'You are Easel.',
  messages: conversation,
  tools: [
    {
      name: 'read',
      description: 'Read a file',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    },
    { name: 'shot', description: 'Screenshot', parameters: { type: 'object', properties: {} } },
  ],
};

function countCacheControl(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countCacheControl(v), 0);
  if (typeof value !== 'object' || value === null) return 0;
  return Object.entries(value).reduce(
    (n, [k, v]) => n + (k === 'cache_control' ? 1 : countCacheControl(v)),
    0,
  );
}

const info = (id: string): ModelInfo => BUILTIN_MODELS.find((m) => m.id === id) as ModelInfo;

describe('buildRequest', () => {
  const body = buildRequest(context, { model: MODEL, thinkingLevel: 'high', modelInfo: info(MODEL) });

  it('builds the Messages API shape for system, tools, images, a PDF, thinking and tool results', () => {
    expect(body).toMatchObject({ model: MODEL, stream: true, max_tokens: DEFAULT_MAX_TOKENS });
    expect(body.system).toEqual([
      { type: 'text', text: 'You are Easel.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.tools).toEqual([
      {
        name: 'read',
        description: 'Read a file',
        input_schema: { type: 'object', properties: { path: { type: 'string' } } },
      },
      {
        name: 'shot',
        description: 'Screenshot',
        input_schema: { type: 'object', properties: {} },
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQ=' },
            title: 'report.pdf',
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Let me look.', signature: 'sig-1' },
          { type: 'redacted_thinking', data: 'opaque-redacted' },
          { type: 'text', text: 'Checking.', citations: [{ type: 'char_location', cited_text: 'x' }] },
          { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a.txt' } },
          { type: 'tool_use', id: 'toolu_2', name: 'shot', input: {} },
          { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: {} },
          { type: 'web_search_tool_result', tool_use_id: 'srv_1', content: [] },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'file body' }] },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            is_error: true,
            content: [
              { type: 'text', text: 'failed halfway' },
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
            ],
          },
          { type: 'text', text: 'Thanks, go on.', cache_control: { type: 'ephemeral' } },
        ],
      },
    ]);
  });

  it('uses adaptive thinking with an effort level and never sends sampling parameters', () => {
    expect(body.thinking).toEqual({ type: 'adaptive' });
    expect(body.output_config).toEqual({ effort: 'high' });
    expect(JSON.stringify(body)).not.toMatch(/budget_tokens|"temperature"|"top_p"|"top_k"/);
  });

  it('puts at most four cache breakpoints: last tool, system prompt and latest user turn', () => {
    expect(countCacheControl(body)).toBe(3);
    const bare = buildRequest({ messages: conversation }, { model: MODEL, thinkingLevel: 'off' });
    expect(countCacheControl(bare)).toBe(1);
  });

  it('leaves out thinking written by another model', () => {
    const other = buildRequest(context, { model: 'claude-sonnet-5-5', thinkingLevel: 'off' });
    const assistantTurn = other.messages[1]?.content as { type: string }[];
    expect(assistantTurn.map((b) => b.type)).toEqual([
      'text',
      'tool_use',
      'tool_use',
      'server_tool_use',
      'web_search_tool_result',
    ]);
  });

  it('appends the paused content as the last assistant turn when continuing', () => {
    const continued = buildRequest(
      { messages: [{ role: 'user', content: 'Search', timestamp: 1 }] },
      {
        model: MODEL,
        thinkingLevel: 'off',
        continuation: [
          { type: 'opaque', provider: 'anthropic', value: { type: 'web_search_tool_result', content: [] } },
        ],
      },
    );
    expect(continued.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'web_search_tool_result', content: [] }],
    });
  });

  it("caps max_tokens at the model's limit and honours an explicit value", () => {
    expect(
      buildRequest(context, {
        model: 'claude-haiku-4-5',
        thinkingLevel: 'off',
        modelInfo: info('claude-haiku-4-5'),
      }).max_tokens,
    ).toBe(64_000);
    expect(buildRequest(context, { model: MODEL, thinkingLevel: 'off', maxTokens: 1234 }).max_tokens).toBe(
      1234,
    );
  });
});

describe('thinkingParams', () => {
  it('turns thinking off only where the model accepts that', () => {
    expect(thinkingParams('off', info('claude-opus-5'))).toEqual({ thinking: { type: 'disabled' } });
    expect(thinkingParams('off', info('claude-opus-5-5'))).toEqual({});
    expect(thinkingParams('off', undefined)).toEqual({});
    expect(thinkingParams('off', info('claude-haiku-4-5'))).toEqual({});
  });

  it('picks the nearest effort level the model offers, never above the one asked for when it can', () => {
    expect(thinkingParams('xhigh', info('claude-sonnet-4-6'))).toEqual({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
    });
    const lowOnly: ModelInfo = { ...info('claude-sonnet-4-6'), effortLevels: ['medium', 'high'] };
    expect(thinkingParams('low', lowOnly).output_config).toEqual({ effort: 'medium' });
  });

  it('sends adaptive thinking with the asked effort for an unknown model, nothing for a model without thinking', () => {
    expect(thinkingParams('max', undefined)).toEqual({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'max' },
    });
    expect(thinkingParams('high', info('claude-haiku-4-5'))).toEqual({});
  });
});
