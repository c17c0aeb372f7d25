import { describe, expect, it } from 'vitest';
import { STOP_REASONS } from '../agent';
import { ARTIFACT_ACTIONS, ATTACHMENT_KINDS } from '../messages';
import { assistant, user } from './test-support';
import { parseMessageRecord, parseSessionRecord } from './validate';
import { parseImportedMessage } from './validate-import';
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

  it('accepts every attachment kind, artifact action and stop reason the types list, and nothing else', () => {
    const withKind = (kind: string) => ({
      role: 'user-with-attachments',
      text: 'see',
      attachments: [{ id: 'a', name: 'a', mimeType: 'application/octet-stream', size: 1, kind }],
      timestamp: 1,
    });
    for (const kind of ATTACHMENT_KINDS) expect(parseAgentMessage(withKind(kind)).ok, kind).toBe(true);
    expect(parseAgentMessage(withKind('video')).ok).toBe(false);
    const artifact = (action: string) => ({
      role: 'artifact',
      action,
      filename: 'a.html',
      content: '',
      version: 1,
      author: 'model',
      timestamp: 1,
    });
    for (const action of ARTIFACT_ACTIONS) expect(parseAgentMessage(artifact(action)).ok, action).toBe(true);
    expect(parseAgentMessage(artifact('rename')).ok).toBe(false);
    for (const stopReason of STOP_REASONS) {
      expect(parseAgentMessage({ ...assistant('x'), stopReason }).ok, stopReason).toBe(true);
    }
    expect(parseAgentMessage({ ...assistant('x'), stopReason: 'sleepy' }).ok).toBe(false);
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

describe('parseImportedMessage', () => {
  const record = (filename: string) => ({
    role: 'artifact',
    action: 'create',
    filename,
    content: '<p>',
    version: 1,
    author: 'model',
    timestamp: 1,
  });
  const withAttachment = (name: string) => ({
    role: 'user-with-attachments',
    text: 'see',
    attachments: [
      { id: 'a', name: 'fine.txt', mimeType: 'text/plain', size: 1, kind: 'text' },
      { id: 'b', name, mimeType: 'text/plain', size: 1, kind: 'text' },
    ],
    timestamp: 1,
  });

  it('accepts the names the app itself would make, in any script', () => {
    for (const name of ['index.html', 'отчёт.md', 'تقرير.txt', 'cat (2).png']) {
      expect(parseImportedMessage(record(name)).ok).toBe(true);
      expect(parseImportedMessage(withAttachment(name)).ok).toBe(true);
    }
    expect(parseImportedMessage(user('text with \u202E in it'))).toEqual({
      ok: true,
      value: user('text with \u202E in it'),
    });
  });

  it('refuses an artifact name with a bidi override, quoting it with the code point written out', () => {
    expect(parseImportedMessage(record('invoice\u202Elmth.txt'))).toEqual({
      ok: false,
      problem:
        'the artifact file name "invoice<U+202E>lmth.txt" contains U+202E, an invisible formatting character ' +
        'that can make a name look like another',
    });
  });

  it('refuses attachment names with format, control or line-separator characters', () => {
    expect(parseImportedMessage(withAttachment('a\u2066b.pdf'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(
        /^the attachment name "a<U\+2066>b\.pdf" contains U\+2066, an invisible/,
      ),
    });
    expect(parseImportedMessage(withAttachment('a\u200Bb.pdf'))).toMatchObject({ ok: false });
    expect(parseImportedMessage(withAttachment('a\u0007b.pdf'))).toMatchObject({
      problem: 'the attachment name "a<U+0007>b.pdf" contains U+0007, a control character',
    });
    expect(parseImportedMessage(withAttachment('a\u2028b.pdf'))).toMatchObject({
      problem: 'the attachment name "a<U+2028>b.pdf" contains U+2028, a line break',
    });
  });

  it('reports a malformed message as parseAgentMessage does', () => {
    expect(parseImportedMessage({ role: 'robot', timestamp: 1 })).toEqual(
      parseAgentMessage({ role: 'robot', timestamp: 1 }),
    );
  });

  it('leaves messages read back from the database alone, so nothing saved earlier is lost', () => {
    expect(parseAgentMessage(record('invoice\u202Elmth.txt')).ok).toBe(true);
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
