import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MessagesRepository } from './messages-repo';
import { freshDb, user } from './test-support';

describe('MessagesRepository.commit', () => {
  it('writes nothing when a request fails part-way (a full disk throwing on put)', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    const change = {
      messageCount: 1,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      model: 'm',
      thinkingLevel: 'off' as const,
      at: 1,
    };
    await repo.commit({
      sessionId: 's',
      puts: [{ sessionId: 's', key: 'a', message: user('kept') }],
      deletes: [],
      change,
      ifMissing: 'create',
    });
    const store = IDBObjectStore.prototype;
    const put = store.put;
    store.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'messages')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      await expect(
        repo.commit({
          sessionId: 's',
          puts: [{ sessionId: 's', key: 'b', message: user('lost') }],
          deletes: ['a'],
          change,
          ifMissing: 'skip',
        }),
      ).rejects.toMatchObject({ name: 'QuotaExceededError' });
    } finally {
      store.put = put;
    }
    expect((await repo.load('s')).records.map((r) => r.key)).toEqual(['a']);
    expect((await db.get('sessions', 's'))?.messageCount).toBe(1);
  });
});
