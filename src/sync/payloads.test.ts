import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, MAX_MEMORY_BYTES, parsePayload } from './payloads';

const stamp = { at: 1_700_000_000_000, device: 'dev-a' };

describe('payloads from the server', () => {
  it('reads each kind with its fields', () => {
    expect(parsePayload({ kind: 'session', session: { id: 's1' }, device: 'd' })).toEqual({
      kind: 'session',
      session: { id: 's1' },
      device: 'd',
    });
    expect(parsePayload({ kind: 'message', sessionId: 's1', key: 'k-1', message: { role: 'user' } })).toEqual(
      {
        kind: 'message',
        sessionId: 's1',
        key: 'k-1',
        message: { role: 'user' },
      },
    );
    expect(parsePayload({ kind: 'title', sessionId: 's1', title: '  Trip  ', ...stamp })).toEqual({
      kind: 'title',
      sessionId: 's1',
      title: 'Trip',
      ...stamp,
    });
    expect(parsePayload({ kind: 'state', sessionId: 's1', deleted: true, ...stamp, extra: 1 })).toEqual({
      kind: 'state',
      sessionId: 's1',
      deleted: true,
      ...stamp,
    });
    expect(
      parsePayload({ kind: 'attachment', sessionId: 's1', id: 'a-1', mimeType: 'image/png', size: 10 }),
    ).toEqual({ kind: 'attachment', sessionId: 's1', id: 'a-1', mimeType: 'image/png', size: 10 });
  });

  it('refuses ids that are not short printable names', () => {
    for (const sessionId of ['', '../x', 'a b', 'x'.repeat(101), 7, undefined])
      expect(parsePayload({ kind: 'message', sessionId, key: 'k', message: {} })).toBeUndefined();
    expect(parsePayload({ kind: 'message', sessionId: 's', key: '_design/x', message: {} })).toBeUndefined();
  });

  it('refuses stamps that are not finite times from a named device', () => {
    const title = { kind: 'title', sessionId: 's1', title: 'T' };
    expect(parsePayload({ ...title, at: Number.NaN, device: 'd' })).toBeUndefined();
    expect(parsePayload({ ...title, at: '5', device: 'd' })).toBeUndefined();
    expect(parsePayload({ ...title, at: 5, device: '' })).toBeUndefined();
    expect(parsePayload({ kind: 'state', sessionId: 's1', deleted: 'yes', ...stamp })).toBeUndefined();
  });

  it('refuses attachments of a strange type or size', () => {
    const file = { kind: 'attachment', sessionId: 's1', id: 'a-1', mimeType: 'image/png', size: 10 };
    expect(parsePayload({ ...file, mimeType: 'text/html<script>' })).toBeUndefined();
    expect(parsePayload({ ...file, size: -1 })).toBeUndefined();
    expect(parsePayload({ ...file, size: 1.5 })).toBeUndefined();
    expect(parsePayload({ ...file, size: MAX_ATTACHMENT_BYTES + 1 })).toBeUndefined();
  });

  it("reads an artifact's stored value and its deletion, stamped", () => {
    const value = { kind: 'appData', sessionId: 's1', file: 'notes.html', scope: 1, key: 'todo:1', ...stamp };
    expect(parsePayload({ ...value, value: 'milk', extra: true })).toEqual({ ...value, value: 'milk' });
    expect(parsePayload({ ...value, value: null })).toEqual({ ...value, value: null });
  });

  it('refuses stored values that window.storage would not keep, or without a stamp', () => {
    const value = {
      kind: 'appData',
      sessionId: 's1',
      file: 'notes.html',
      scope: 0,
      key: 'k',
      value: 'v',
      ...stamp,
    };
    for (const bad of [
      { value: undefined },
      { value: 5 },
      { value: { text: 'v' } },
      { key: 'two words' },
      { key: 'a/b' },
      { key: "it's" },
      { key: '' },
      { file: '' },
      { file: 7 },
      { scope: 2 },
      { scope: '0' },
      { sessionId: '../s' },
      { at: Number.POSITIVE_INFINITY },
      { device: '' },
    ])
      expect(parsePayload({ ...value, ...bad })).toBeUndefined();
  });

  it('reads a memory file and its deletion, and refuses one the memory tool would not keep', () => {
    const file = { kind: 'memory', space: 'project:p1', path: 'notes/plan.md', ...stamp };
    expect(parsePayload({ ...file, text: 'Lisbon', extra: 1 })).toEqual({ ...file, text: 'Lisbon' });
    expect(parsePayload({ ...file, text: null })).toEqual({ ...file, text: null });
    // The limit is in bytes of UTF-8: 50,000 two-byte letters fit, one more does not.
    expect(parsePayload({ ...file, text: 'é'.repeat(MAX_MEMORY_BYTES / 2) })).toBeDefined();
    for (const bad of [
      { text: undefined },
      { text: 5 },
      { text: 'é'.repeat(MAX_MEMORY_BYTES / 2 + 1) },
      { space: 'someone' },
      { space: 'project:' },
      { path: '../etc/passwd' },
      { path: 'a/../../b' },
      { path: '/abs' },
      { path: 'back\\slash' },
      { path: '' },
      { at: Number.NaN },
      { device: 7 },
    ])
      expect(parsePayload({ ...file, text: 'x', ...bad })).toBeUndefined();
  });

  it('refuses what is not a payload at all', () => {
    for (const value of [
      null,
      'text',
      42,
      [],
      {},
      { kind: 'other' },
      { kind: 'session', session: null, device: 'd' },
    ])
      expect(parsePayload(value)).toBeUndefined();
  });
});
