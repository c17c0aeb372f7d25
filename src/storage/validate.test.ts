import { describe, expect, it } from 'vitest';
import { assistant, user } from './test-fixtures';
import { parseMessageRecord, parseSessionRecord } from './validate';
import { parseAgentMessage } from './validate-message';

describe('parseAgentMessage', () => {
  it('accepts every message kind the app keeps and keeps unknown extra fields', () => {
    const kinds = [
      user('hi'),
      { ...assistant('hello'), futureField: 1 },
      {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'artifacts',
        content: [{ type: 'text', text: 'ok' }],
        isError: false,
        timestamp: 1,
      },
      {
        role: 'user-with-attachments',
        text: 'see',
        attachments: [{ id: 'a', name: 'a.txt', mimeType: 'text/plain', size: 1, kind: 'text' }],
        timestamp: 1,
      },
      {
        role: 'artifact',
        action: 'create',
        filename: 'a.html',
        content: '<p>',
        version: 1,
        author: 'model',
        timestamp: 1,
      },
    ];
    for (const message of kinds) expect(parseAgentMessage(message)).toEqual({ ok: true, value: message });
  });

  it('names what is wrong', () => {
    expect(parseAgentMessage(null)).toEqual({ ok: false, problem: 'the message is not an object' });
    expect(parseAgentMessage({ ...assistant('x'), usage: { input: 'many' } })).toEqual({
      ok: false,
      problem: 'the assistant message has a missing or invalid usage',
    });
    expect(parseAgentMessage({ ...assistant('x'), content: [{ type: 'toolCall', id: 'c' }] })).toMatchObject({
      ok: false,
      problem: 'the assistant message has a missing or invalid content',
    });
  });
});

describe('record guards', () => {
  it('rejects a message record whose message is broken, naming its session', () => {
    expect(
      parseMessageRecord({ sessionId: 's', key: 'k', message: { role: 'user', content: 3, timestamp: 1 } }),
    ).toEqual({
      ok: false,
      problem: 'A message of session "s" was skipped: the user message has a missing or invalid content.',
    });
    expect(
      parseMessageRecord({ sessionId: 's', key: 'k', message: user('x'), partial: false }),
    ).toMatchObject({ ok: false });
  });

  it('rejects a session record with an unknown effort level', () => {
    const session = {
      id: 's',
      title: '',
      created: 1,
      updated: 1,
      model: '',
      thinkingLevel: 'extreme',
      messageCount: 0,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: '',
    };
    expect(parseSessionRecord(session)).toEqual({
      ok: false,
      problem: 'Session "s" has a missing or invalid thinkingLevel.',
    });
    expect(parseSessionRecord({ ...session, thinkingLevel: 'max' }).ok).toBe(true);
  });
});
