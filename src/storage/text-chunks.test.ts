import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { EaselDatabase } from './db';
import { freshDb } from './test-support';
import { CHUNK_ENTRIES, readText, TextChunkWriter } from './text-chunks';

const key = (n: number) => String(n).padStart(6, '0');

async function write(db: EaselDatabase, change: (w: TextChunkWriter) => Promise<void>): Promise<void> {
  const tx = db.transaction('texts', 'readwrite');
  const writer = new TextChunkWriter(tx.store, 's');
  await change(writer);
  await Promise.all([writer.finish(), tx.done]);
}

async function layout(db: EaselDatabase): Promise<string[][]> {
  return (await db.getAll('texts')).map((c) => [c.firstKey, ...c.entries.map((e) => e.key)]);
}

describe('TextChunkWriter', () => {
  it('fills a chunk up to its limit, then starts the next one', async () => {
    const db = await freshDb();
    for (let n = 0; n <= CHUNK_ENTRIES; n++) await write(db, (w) => w.set(key(n), `text ${n}`));
    const chunks = await layout(db);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toHaveLength(CHUNK_ENTRIES + 1);
    expect(chunks[1]).toEqual([key(CHUNK_ENTRIES), key(CHUNK_ENTRIES)]);
  });

  it('puts a message that sorts into the middle (another tab’s) into the chunk that covers it', async () => {
    const db = await freshDb();
    await write(db, async (w) => {
      await w.set(key(10), 'ten');
      await w.set(key(30), 'thirty');
    });
    await write(db, (w) => w.set(key(20), 'twenty'));
    expect(await layout(db)).toEqual([[key(10), key(10), key(20), key(30)]]);
    const store = db.transaction('texts').store;
    expect(await readText(store, 's', key(20))).toBe('twenty');
    expect(await readText(store, 's', key(5))).toBeUndefined();
  });

  it('replaces a text, removes one, and deletes a chunk left empty', async () => {
    const db = await freshDb();
    await write(db, async (w) => {
      await w.set(key(1), 'old');
      await w.set(key(2), 'two');
    });
    await write(db, async (w) => {
      await w.set(key(1), 'new');
      await w.remove(key(2));
    });
    expect((await db.getAll('texts'))[0]?.entries).toEqual([{ key: key(1), text: 'new' }]);
    await write(db, (w) => w.set(key(1), ''));
    expect(await db.getAll('texts')).toEqual([]);
  });

  it('starts over a chunk that fails its check instead of failing the save', async () => {
    const db = await freshDb();
    const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('texts', { sessionId: 's', firstKey: key(1), entries: 'garbage' });
    await write(db, (w) => w.set(key(2), 'fine'));
    expect(await layout(db)).toEqual([[key(1), key(2)]]);
  });
});
