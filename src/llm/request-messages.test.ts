import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantMessage, Message, ToolResultMessage } from '../agent/types';
import { buildMessages, MAX_IMAGES } from './request-messages';

const MODEL = 'claude-opus-5-5';
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

function assistant(
  content: AssistantMessage['content'],
  extra: Partial<AssistantMessage> = {},
): AssistantMessage {
  return {
    role: 'assistant',
    content,
    provider: 'anthropic',
    model: MODEL,
    usage,
    stopReason: 'toolUse',
    timestamp: 2,
    ...extra,
  };
}
const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const result = (id: string, text = 'ok'): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'artifacts',
  content: [{ type: 'text', text }],
  isError: false,
  timestamp: 3,
});
const writing = {
  type: 'toolCall' as const,
  id: 'toolu_live',
  name: 'artifacts',
  arguments: { command: 'create', filename: 'live.html', content: '<html><body><h1>Hal' },
};

function valid(messages: ReturnType<typeof buildMessages>) {
  return requestProblem({ model: MODEL, max_tokens: 100, messages });
}

describe('buildMessages makes every history a valid request', () => {
  it('answers a call the person stopped while Claude was writing it, and says it was not run', () => {
    const messages = buildMessages(
      [
        user('Make a page'),
        assistant([{ type: 'text', text: 'Writing it.' }, writing], {
          stopReason: 'aborted',
          errorMessage: 'Stopped.',
        }),
        user('Never mind, say hi'),
      ],
      { model: MODEL },
    );
    expect(valid(messages)).toBeUndefined();
    const next = messages[2]?.content as {
      type: string;
      text?: string;
      is_error?: boolean;
      content?: unknown;
    }[];
    expect(next[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_live', is_error: true });
    expect(JSON.stringify(next[0]?.content)).toMatch(
      /Not run: the answer was stopped.*arguments may be incomplete/,
    );
    expect(next[1]).toMatchObject({ type: 'text', text: 'Never mind, say hi' });
  });

  it('says the connection was lost when a stream failed inside a call', () => {
    const messages = buildMessages(
      [
        user('Make a page'),
        assistant([writing], { stopReason: 'error', errorMessage: 'The connection was lost.' }),
        user('Try again'),
      ],
      { model: MODEL },
    );
    expect(valid(messages)).toBeUndefined();
    expect(JSON.stringify(messages[2]?.content)).toContain('before it could run (The connection was lost.)');
  });

  it('moves results to the front in the order of the calls and drops results that answer no call', () => {
    const messages = buildMessages(
      [
        user('Go'),
        assistant([
          { type: 'toolCall', id: 'toolu_a', name: 'x', arguments: {} },
          { type: 'toolCall', id: 'toolu_b', name: 'x', arguments: {} },
        ]),
        user('steering first'),
        result('toolu_b'),
        result('toolu_a'),
        result('toolu_gone'),
      ],
      { model: MODEL },
    );
    expect(valid(messages)).toBeUndefined();
    const blocks = messages[2]?.content as { type: string; tool_use_id?: string }[];
    expect(blocks.map((b) => b.tool_use_id ?? b.type)).toEqual(['toolu_a', 'toolu_b', 'text']);
  });

  it('sends the latest images within the per-request limit and notes the ones left out', () => {
    const image = { type: 'image' as const, mimeType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    const history: Message[] = Array.from({ length: MAX_IMAGES + 3 }, (_, i) => [
      {
        role: 'user' as const,
        content: [image, { type: 'text' as const, text: `image ${i}` }],
        timestamp: i,
      },
      assistant([{ type: 'text', text: 'Seen.' }], { stopReason: 'stop' }),
    ]).flat();
    const messages = buildMessages([...history, user('Compare them')], { model: MODEL });
    expect(valid(messages)).toBeUndefined();
    const text = JSON.stringify(messages);
    expect(text.match(/"type":"image"/g)?.length).toBe(MAX_IMAGES);
    expect(text.match(/An earlier image was left out/g)?.length).toBe(3);
  });

  it('never ends a request with an answer when the person sent only whitespace', () => {
    const messages = buildMessages(
      [user('Hi'), assistant([{ type: 'text', text: 'Hello' }], { stopReason: 'stop' }), user('  ')],
      {
        model: MODEL,
      },
    );
    expect(valid(messages)).toBeUndefined();
    expect(messages[messages.length - 1]?.role).toBe('user');
  });
});
