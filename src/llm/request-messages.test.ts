/** Tests for the request's messages: valid for the API whatever the history holds. */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantMessage, Message, ToolResultMessage } from '../agent';
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
  it('answers a call the person stopped while Claude was writing a file, and says the file is partial', () => {
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
    expect(next[0]?.content).toEqual([
      {
        type: 'text',
        text:
          'Not run: the answer was stopped (by the person, or the page was closed or reloaded) while this call ' +
          'was writing live.html. The file is partial (19 characters were written) and was not saved: ' +
          'live.html is as it was before this call. Nothing else changed. The person was shown the partial ' +
          'text, marked incomplete.',
      },
    ]);
    expect(next[1]).toMatchObject({ type: 'text', text: 'Never mind, say hi' });
  });

  it('says a stopped call was not run and its arguments may be incomplete when it wrote no file', () => {
    const stopped = { ...writing, name: 'search', arguments: { query: 'pag' } };
    const messages = buildMessages(
      [user('Look it up'), assistant([stopped], { stopReason: 'aborted' }), user('Never mind')],
      { model: MODEL },
    );
    expect(valid(messages)).toBeUndefined();
    expect(JSON.stringify(messages[2]?.content)).toMatch(
      /Not run: the answer was stopped.*arguments may be incomplete; nothing it would have changed was changed/,
    );
  });

  it('tells what a stopped file call had written: a change not applied, or nothing before the content', () => {
    const text = (args: Record<string, unknown>, extra: Partial<AssistantMessage> = {}) => {
      const call = { ...writing, arguments: args };
      const messages = buildMessages([user('Go'), assistant([call], { stopReason: 'aborted', ...extra })], {
        model: MODEL,
      });
      expect(valid(messages)).toBeUndefined();
      return JSON.stringify(messages[2]?.content);
    };
    expect(text({ command: 'update', filename: 'a.md', old_str: 'x', new_str: 'y'.repeat(1234) })).toContain(
      'changing a.md. The change is partial (1,234 characters of its new text were written) and was not ' +
        'applied: a.md is as it was before this call.',
    );
    expect(text({ command: 'rewrite', filename: 'a.md', content: '' })).toContain(
      'The file is partial (0 characters were written)',
    );
    expect(text({ command: 'create', filename: 'a.md', extra: 1 })).toContain(
      'writing a.md, before any of its content: nothing was saved, and a.md is as it was before this call.',
    );
    // The file name may still have been arriving: say nothing about a file.
    expect(text({ command: 'create', filename: 'a.m' })).toContain('Its arguments may be incomplete');
    expect(text({ command: 'create', filename: 'a.md', content: 'x' }, { errorKind: 'timeout' })).toContain(
      'Not run: the answer was stopped when the connection went silent while this call was writing a.md.',
    );
    expect(text({ command: 'create', filename: 'a.md', content: 'x' }, { stopReason: 'length' })).toContain(
      'Not run: the answer was cut off at the output limit while this call was writing a.md.',
    );
  });

  it('says a whole file call with no result (the page was closed while it ran) saved nothing', () => {
    const whole = { ...writing, arguments: { ...writing.arguments, content: '<h1>Hello</h1>' } };
    const told = (call: AssistantMessage['content'][number], extra: Message[] = [user('Next')]) => {
      const messages = buildMessages([user('Make a page'), assistant([call]), ...extra], { model: MODEL });
      expect(valid(messages)).toBeUndefined();
      const next = (messages[2]?.content ?? []) as { type: string; content?: { text: string }[] }[];
      return next[0];
    };
    expect(told(whole)).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_live',
      is_error: true,
      content: [
        {
          type: 'text',
          text:
            'No result: the page was closed or reloaded before this call finished. Nothing it would have ' +
            'changed was saved: live.html is as it was before this call, and no other file changed. The ' +
            'person was shown the file as this call wrote it, marked incomplete and not saved.',
        },
      ],
    });
    // The page may also have been closed as the answer ended, with nothing after it.
    expect(told(whole, [])?.content?.[0]?.text).toContain('Nothing it would have changed was saved');
    const update = {
      ...writing,
      arguments: { command: 'update', filename: 'a.md', old_str: 'x', new_str: 'y' },
    };
    expect(told(update)?.content?.[0]?.text).toMatch(
      /a\.md is as it was before this call, and no other file changed\.$/,
    );
    // Another tool may have done what it does: Claude is told to check.
    const search = { ...writing, name: 'search', arguments: { query: 'pages' } };
    expect(told(search)?.content?.[0]?.text).toBe(
      'No result: the page was closed or reloaded before this call finished, so it may or may not have run. ' +
        'Check its effect before relying on it.',
    );
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
    expect(JSON.stringify(messages[2]?.content)).toContain(
      'Not run: the answer failed (The connection was lost.) while this call was writing live.html. The file is partial',
    );
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
