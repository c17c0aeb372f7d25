import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import type { EaselDatabase } from './db';
import { MessagesRepository } from './messages-repo';
import { BroadcastNoticeChannel } from './notices';
import { SearchIndex } from './search';
import { SessionsRepository } from './sessions-repo';
import { assistant, freshDb, user } from './test-support';

const channels: BroadcastNoticeChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

async function seed(
  db: EaselDatabase,
  id: string,
  title: string,
  messages: readonly AgentMessage[],
  at: number,
) {
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: messages.map((message, i) => ({ sessionId: id, key: String(i).padStart(6, '0'), message })),
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: messages.length,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      title,
      model: 'm',
      thinkingLevel: 'off',
      at,
    },
  });
}

describe('SearchIndex', () => {
  it('finds sessions by title or message text, every word, newest first, with a snippet', async () => {
    const db = await freshDb();
    await seed(
      db,
      'trip',
      'Weekend in Lisbon',
      [user('Where should we eat?'), assistant('Try the pastéis de nata in Belém.')],
      100,
    );
    await seed(
      db,
      'code',
      'Fix the parser',
      [user('The JSON parser fails on nested arrays'), assistant('Use a stack.')],
      200,
    );
    await seed(db, 'other', 'Lisbon again', [user('Trams or walking?')], 300);
    const index = new SearchIndex(db);

    expect((await index.search('lisbon')).hits.map((h) => h.session.id)).toEqual(['other', 'trip']);
    const nata = await index.search('NATA belém');
    expect(nata.hits.map((h) => h.session.id)).toEqual(['trip']);
    expect(nata.hits[0]?.snippet).toBe('Try the pastéis de nata in Belém.');
    expect((await index.search('lisbon pastéis')).hits.map((h) => h.session.id)).toEqual(['trip']);
    expect((await index.search('nested stack')).hits.map((h) => h.session.id)).toEqual(['code']);
    expect((await index.search('parser arrays')).hits[0]?.snippet).toBe(
      'The JSON parser fails on nested arrays',
    );
    expect((await index.search('  ')).hits).toEqual([]);
    expect((await index.search('submarine')).hits).toEqual([]);
  });

  it('leaves out deleted sessions', async () => {
    const db = await freshDb();
    await seed(db, 'a', 'Alpha', [user('shared word')], 1);
    await seed(db, 'b', 'Beta', [user('shared word')], 2);
    const index = new SearchIndex(db);
    await new SessionsRepository(db).markDeleted('b', 3);
    expect((await index.search('shared')).hits.map((h) => h.session.id)).toEqual(['a']);
  });

  it('stays current with messages saved after the first search', async () => {
    const db = await freshDb();
    await seed(db, 'a', 'Alpha', [user('first'), assistant('second')], 1);
    const index = new SearchIndex(db);
    expect((await index.search('zebra')).hits).toEqual([]);

    await seed(db, 'a', 'Alpha', [user('first'), assistant('a zebra appears')], 2);
    await index.apply({ type: 'messages', writer: 'w', sessionId: 'a', put: ['000001'], deleted: [] });
    expect((await index.search('zebra')).hits.map((h) => h.session.id)).toEqual(['a']);

    await index.apply({ type: 'messages', writer: 'w', sessionId: 'a', put: [], deleted: ['000001'] });
    expect((await index.search('zebra')).hits).toEqual([]);
  });

  it('hears saves through the channel', async () => {
    const db = await freshDb();
    const name = `search-${Math.random()}`;
    const channel = new BroadcastNoticeChannel(name);
    channels.push(channel);
    await seed(db, 'a', 'Alpha', [user('first')], 1);
    const index = new SearchIndex(db, channel);
    await index.search('anything');
    await seed(db, 'b', 'Beta', [user('a quokka')], 2);
    channel.post({ type: 'session', writer: 'w', sessionId: 'b', change: 'imported' });
    await expect.poll(async () => (await index.search('quokka')).hits.length).toBe(1);
  });

  it('reads the texts in chunks and finds a word in any of them', async () => {
    const db = await freshDb();
    const words = ['apple', 'river', 'cloud', 'stone', 'lantern', 'meadow', 'copper', 'violet'];
    const tx = db.transaction(['sessions', 'texts'], 'readwrite');
    const writes: Promise<unknown>[] = [];
    for (let s = 0; s < 40; s++) {
      const id = `s${s}`;
      writes.push(
        tx.objectStore('sessions').put({
          id,
          title: `Session ${s}`,
          created: s,
          updated: s,
          model: 'm',
          thinkingLevel: 'off',
          messageCount: 30,
          tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          cost: 0,
          preview: '',
        }),
      );
      for (let chunk = 0; chunk < 3; chunk++) {
        const entries = Array.from({ length: 10 }, (_, i) => {
          const m = chunk * 10 + i;
          const text = `${words[(s + m) % words.length]} message ${m} of session ${s}${s === 23 && m === 17 ? ' unicorn' : ''}`;
          return { key: String(m).padStart(4, '0'), text };
        });
        writes.push(tx.objectStore('texts').put({ sessionId: id, firstKey: entries[0]?.key ?? '', entries }));
      }
    }
    await Promise.all([...writes, tx.done]);
    const index = new SearchIndex(db, undefined, 7);

    const found = await index.search('unicorn');
    expect(found.hits.map((h) => h.session.id)).toEqual(['s23']);
    expect(found.hits[0]?.snippet).toContain('message 17 of session 23 unicorn');
    const many = await index.search('message 21 of session 5');
    expect(many.hits.find((h) => h.session.id === 's5')?.snippet).toContain('message 21 of session 5');
    expect((await index.search('session 39 copper')).hits.map((h) => h.session.id)).toContain('s39');
    expect((await index.search('of session')).hits).toHaveLength(40);
  });
});
