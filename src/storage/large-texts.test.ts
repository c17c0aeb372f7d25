import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LARGE_TEXT_CHARS, withLargeTextsApart, withLargeTextsRead } from './large-texts';
import { MessagesRepository } from './messages-repo';
import type { MessageRecord } from './schema';
import type { MetadataChange } from './session-write';
import { artifact, assistant, freshDb, user } from './test-support';

const change: MetadataChange = {
  messageCount: 1,
  tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  cost: 0,
  model: 'm',
  thinkingLevel: 'off',
  at: 1,
};

describe('long texts kept apart from their message record', () => {
  it('stores every string past the limit as a Blob and reads the message back the same', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    const long = 'x'.repeat(LARGE_TEXT_CHARS + 1);
    const records: MessageRecord[] = [
      { sessionId: 's', key: 'a', message: user(long) },
      { sessionId: 's', key: 'b', message: assistant(`${long}!`) },
      { sessionId: 's', key: 'c', message: artifact('big.html', `<p>${long}</p>`) },
      { sessionId: 's', key: 'd', message: assistant('short') },
    ];
    await repo.commit({ sessionId: 's', puts: records, deletes: [], ifMissing: 'create', change });

    const stored: unknown[] = await db.getAll('messages');
    const apart = stored.map((r) => ((r as { largeTexts?: { blob: unknown }[] }).largeTexts ?? []).length);
    expect(apart).toEqual([1, 1, 1, 0]);
    expect(JSON.stringify(stored[0]).length).toBeLessThan(1000);

    const loaded = await repo.load('s');
    expect(loaded.problems).toEqual([]);
    expect(loaded.records.map((r) => r.message)).toEqual(records.map((r) => r.message));
  });

  it('leaves a record without long strings as it is', () => {
    const record: MessageRecord = { sessionId: 's', key: 'a', message: user('hello') };
    expect(withLargeTextsApart(record)).toBe(record);
  });

  it('reports a record whose long texts point outside its message, and reads the others', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    const good = { sessionId: 's', key: 'a', message: user('fine') };
    const outside = {
      sessionId: 's',
      key: 'b',
      message: user(''),
      largeTexts: [{ path: ['content', 'nowhere', 3], blob: new Blob(['x']) }],
    };
    const noBlob = { sessionId: 's', key: 'c', message: user(''), largeTexts: [{ path: ['content'] }] };
    const prototype = {
      sessionId: 's',
      key: 'd',
      message: user(''),
      largeTexts: [{ path: ['__proto__', 'polluted'], blob: new Blob(['x']) }],
    };
    await db.put('messages', good);
    await db.put('messages', outside as unknown as MessageRecord);
    await db.put('messages', noBlob as unknown as MessageRecord);
    await db.put('messages', prototype as unknown as MessageRecord);
    const loaded = await repo.load('s');
    expect(loaded.records.map((r) => r.key)).toEqual(['a']);
    expect(loaded.problems).toEqual([
      'A message could not be read: a long text points outside its message.',
      'A message could not be read: a long text has no place or no text.',
      'A message could not be read: a long text points outside its message.',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses long texts that are not a list', async () => {
    await expect(
      withLargeTextsRead({ sessionId: 's', key: 'a', message: user(''), largeTexts: 3 }),
    ).rejects.toThrow('its long texts are not a list');
  });
});
