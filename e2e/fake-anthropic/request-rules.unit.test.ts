import { describe, expect, it } from 'vitest';
import { requestProblem } from './request-rules.mjs';
import { startFakeAnthropic } from './server.mjs';

const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const call = (id: string) => ({ type: 'tool_use', id, name: 'artifacts', input: { command: 'create' } });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'done' });
const body = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: 'claude-opus-5-5',
  max_tokens: 1024,
  messages,
  ...extra,
});

describe('the Messages API request rules', () => {
  it('accepts a tool loop answered in order, with text after the results', () => {
    const ok = body([
      user('Make a page'),
      assistant([{ type: 'text', text: 'Sure.' }, call('toolu_1'), call('toolu_2')]),
      user([result('toolu_2'), result('toolu_1'), { type: 'text', text: 'Thanks' }]),
    ]);
    expect(requestProblem(ok)).toBeUndefined();
  });

  it.each([
    [
      'a tool call without a result (the stop-while-writing bug)',
      [user('Make a page'), assistant([call('toolu_1')]), user('Anything')],
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    ],
    [
      'a result that answers no call of the previous message',
      [user('Hi'), assistant('Hello'), user([result('toolu_9')])],
      'messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    ],
    [
      'results behind text',
      [user('Go'), assistant([call('toolu_1')]), user([{ type: 'text', text: 'first' }, result('toolu_1')])],
      'messages.2: Did not find 1 tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.',
    ],
    [
      'an empty text block',
      [user([{ type: 'text', text: '' }])],
      'messages: text content blocks must be non-empty',
    ],
    [
      'a whitespace-only text block',
      [user([{ type: 'text', text: ' \n' }])],
      'messages: text content blocks must contain non-whitespace text',
    ],
    [
      'an empty message',
      [user([]), assistant('x'), user('y')],
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    ],
    [
      'thinking without its signature',
      [
        user('Q'),
        assistant([
          { type: 'thinking', thinking: 'hmm' },
          { type: 'text', text: 'A' },
        ]),
        user('Q2'),
      ],
      'messages.1.content.0.thinking.signature: Field required',
    ],
    [
      'a final assistant turn ending in whitespace',
      [user('Q'), assistant([{ type: 'text', text: 'Partial ' }])],
      'messages: final assistant content cannot end with trailing whitespace',
    ],
    [
      'an image over 5 MB of base64',
      [
        user([
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(5 * 1024 * 1024 + 1) },
          },
        ]),
      ],
      'messages.0.content.0.image.source.base64: image exceeds 5 MB maximum: 5242881 bytes > 5242880 bytes',
    ],
    [
      'a server tool call cut before its result, in a finished turn',
      [
        user('Q'),
        assistant([{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }]),
        user('Q2'),
      ],
      'messages.1.content.0: `server_tool_use` block with id srvtoolu_1 has no corresponding result block after it.',
    ],
  ])('refuses %s, in the API’s words', (_, messages, expected) => {
    expect(requestProblem(body(messages))).toBe(expected);
  });

  it('counts cache breakpoints across tools, system and messages', () => {
    const cached = { type: 'ephemeral' };
    const problem = requestProblem(
      body(
        [
          user([
            { type: 'text', text: 'a', cache_control: cached },
            { type: 'text', text: 'b', cache_control: cached },
            { type: 'text', text: 'c', cache_control: cached },
          ]),
        ],
        {
          system: [{ type: 'text', text: 'sys', cache_control: cached }],
          tools: [{ name: 't', input_schema: { type: 'object' }, cache_control: cached }],
        },
      ),
    );
    expect(problem).toBe('A maximum of 4 blocks with cache_control may be provided. Found 5.');
  });

  it('refuses the sampling parameters API version 2026-10-21 removed', () => {
    expect(requestProblem(body([user('Hi')], { temperature: 1 }))).toBe(
      'temperature: Extra inputs are not permitted',
    );
  });
});

describe('the fake server enforces them', () => {
  it('answers an invalid request with the API’s own 400 body', async () => {
    const server = await startFakeAnthropic({ port: 0 });
    try {
      const lane = server.ns('rules');
      const response = await fetch(`${lane.baseUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body([user('Make a page'), assistant([call('toolu_1')]), user('Anything')])),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-should-retry')).toBe('false');
      const json = (await response.json()) as Record<string, unknown>;
      expect(json).toMatchObject({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: expect.stringMatching(
            /^messages\.1: `tool_use` ids were found without `tool_result` blocks/,
          ),
        },
        request_id: expect.stringMatching(/^req_/),
      });
    } finally {
      await server.close();
    }
  });
});
