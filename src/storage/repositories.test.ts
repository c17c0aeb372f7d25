import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AttachmentsRepository } from './attachments-repo';
import type { EaselDatabase } from './db';
import { loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import type { MetadataChange } from './session-write';
import { SessionsRepository } from './sessions-repo';
import { assistant, freshDb, user } from './test-support';

const change = (at: number, extra: Partial<MetadataChange> = {}): MetadataChange => ({
  messageCount: 1,
  tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  cost: 0,
  model: 'm',
  thinkingLevel: 'off',
  at,
  ...extra,
});

async function saveSession(db: EaselDatabase, id: string, at: number, title = id): Promise<void> {
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: [{ sessionId: id, key: 'k1', message: user(title) }],
    deletes: [],
    ifMissing: 'create',
    change: change(at, { title, preview: title }),
  });
}

describe('MessagesRepository', () => {
  it('creates the session on its first commit and keeps totals by difference', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    const first = await repo.commit({
      sessionId: 's',
      puts: [{ sessionId: 's', key: 'a', message: user('Plan a trip') }],
      deletes: [],
      ifMissing: 'create',
      change: change(100, { title: 'Plan a trip', preview: 'Plan a trip' }),
    });
    expect(first).toMatchObject({
      id: 's',
      title: 'Plan a trip',
      created: 100,
      updated: 100,
      messageCount: 1,
    });

    const second = await repo.commit({
      sessionId: 's',
      puts: [{ sessionId: 's', key: 'b', message: assistant('Where to?') }],
      deletes: [],
      ifMissing: 'create',
      change: change(200, {
        tokens: { input: 10, output: 5, cacheRead: 1, cacheWrite: 2 },
        cost: 0.5,
        title: 'Not this one',
        preview: 'Where to?',
      }),
    });
    expect(second).toMatchObject({
      title: 'Plan a trip',
      created: 100,
      updated: 200,
      messageCount: 2,
      tokens: { input: 10, output: 5, cacheRead: 1, cacheWrite: 2 },
      cost: 0.5,
      preview: 'Where to?',
    });
    const { records } = await repo.load('s');
    expect(records.map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('applies deletions and puts of one commit together', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    await repo.commit({
      sessionId: 's',
      puts: [
        { sessionId: 's', key: 'a', message: user('one') },
        { sessionId: 's', key: 'b', message: user('two') },
      ],
      deletes: [],
      ifMissing: 'create',
      change: change(1, { messageCount: 2 }),
    });
    const after = await repo.commit({
      sessionId: 's',
      puts: [{ sessionId: 's', key: 'c', message: user('three') }],
      deletes: ['b'],
      ifMissing: 'create',
      change: change(2, { messageCount: 0 }),
    });
    expect(after?.messageCount).toBe(2);
    expect((await repo.load('s')).records.map((r) => r.key)).toEqual(['a', 'c']);
    const chunks = await db.getAll('texts');
    expect(chunks.flatMap((c) => c.entries.map((e) => e.text))).toEqual(['one', 'three']);
  });

  it('skips a corrupted message record with a notice and loads the rest', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    await repo.commit({
      sessionId: 's',
      puts: [
        { sessionId: 's', key: 'a', message: user('kept') },
        { sessionId: 's', key: 'c', message: assistant('also kept') },
      ],
      deletes: [],
      ifMissing: 'create',
      change: change(1, { messageCount: 2 }),
    });
    const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('messages', {
      sessionId: 's',
      key: 'b',
      message: { role: 'assistant', content: 'not a list' },
    });

    const loaded = await loadSession(db, 's');
    expect(loaded.kind).toBe('found');
    if (loaded.kind !== 'found') return;
    expect(loaded.messages).toEqual([user('kept'), assistant('also kept')]);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toContain('the assistant message has a missing or invalid content');
  });

  it('reads only the requested keys of a session, in key order', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    await repo.commit({
      sessionId: 's',
      puts: ['a', 'b', 'c'].map((key) => ({ sessionId: 's', key, message: user(key) })),
      deletes: [],
      ifMissing: 'create',
      change: change(1, { messageCount: 3 }),
    });
    const { records } = await repo.getMany('s', ['c', 'missing', 'a']);
    expect(records.map((r) => r.key)).toEqual(['a', 'c']);
  });
});

describe('SessionsRepository', () => {
  it('lists live sessions newest first and reports a corrupted record instead of failing', async () => {
    const db = await freshDb();
    await saveSession(db, 'older', 100);
    await saveSession(db, 'newer', 300);
    await saveSession(db, 'middle', 200);
    const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('sessions', { id: 'broken', title: 42 });

    const { sessions, problems } = await new SessionsRepository(db).list();
    expect(sessions.map((s) => s.id)).toEqual(['newer', 'middle', 'older']);
    expect(problems).toEqual([
      'Session "broken" has a missing or invalid title, created, updated, model, thinkingLevel, messageCount, tokens, cost, preview.',
    ]);
  });

  it('renames a session and trims the title', async () => {
    const db = await freshDb();
    await saveSession(db, 's', 1, 'First words');
    const repo = new SessionsRepository(db);
    expect(await repo.rename('s', '  Trip to Lisbon ')).toMatchObject({ title: 'Trip to Lisbon' });
    expect(await repo.rename('nope', 'x')).toBeUndefined();
    expect((await repo.list()).sessions[0]?.title).toBe('Trip to Lisbon');
  });

  it('hides a deleted session until it is restored, and a restored one keeps everything', async () => {
    const db = await freshDb();
    await saveSession(db, 's', 1);
    const repo = new SessionsRepository(db);
    await repo.markDeleted('s', 50);
    expect((await repo.list()).sessions).toEqual([]);
    expect((await loadSession(db, 's')).kind).toBe('not-found');

    const restored = await repo.restore('s');
    expect(restored).not.toHaveProperty('deletedAt');
    const loaded = await loadSession(db, 's');
    expect(loaded.kind === 'found' && loaded.messages).toEqual([user('s')]);
  });

  it('purges sessions deleted long enough ago, with their messages, texts and files', async () => {
    const db = await freshDb();
    await saveSession(db, 'gone', 1);
    await saveSession(db, 'recent', 1);
    await saveSession(db, 'kept', 1);
    const attachments = new AttachmentsRepository(db);
    await attachments.put({
      id: 'f1',
      sessionId: 'gone',
      blob: new Blob(['x']),
      mimeType: 'text/plain',
      size: 1,
    });
    await attachments.put({
      id: 'f2',
      sessionId: 'kept',
      blob: new Blob(['y']),
      mimeType: 'text/plain',
      size: 1,
    });
    const repo = new SessionsRepository(db);
    await repo.markDeleted('gone', 100);
    await repo.markDeleted('recent', 900);

    expect(await repo.purgeDeleted(500)).toEqual(['gone']);
    expect(await repo.exists('gone')).toBe(false);
    expect(await repo.exists('recent')).toBe(true);
    expect((await db.getAll('messages')).map((m) => m.sessionId).sort()).toEqual(['kept', 'recent']);
    expect((await db.getAll('texts')).map((m) => m.sessionId).sort()).toEqual(['kept', 'recent']);
    expect(await attachments.exists('f1')).toBe(false);
    expect(await attachments.exists('f2')).toBe(true);
  });
});

describe('AttachmentsRepository', () => {
  it('stores bytes as a Blob and lists them by session', async () => {
    const db = await freshDb();
    const repo = new AttachmentsRepository(db);
    await repo.put({
      id: 'a',
      sessionId: 's',
      blob: new Blob(['hello'], { type: 'text/plain' }),
      mimeType: 'text/plain',
      size: 5,
    });
    await repo.put({ id: 'b', sessionId: 'other', blob: new Blob(['x']), mimeType: 'text/plain', size: 1 });

    const found = await repo.get('a');
    expect(found.kind).toBe('found');
    if (found.kind === 'found') expect(await found.record.blob.text()).toBe('hello');
    expect((await repo.listForSession('s')).records.map((r) => r.id)).toEqual(['a']);
    await repo.delete('a');
    expect((await repo.get('a')).kind).toBe('missing');
  });

  it('reports an attachment record without bytes', async () => {
    const db = await freshDb();
    const raw = db as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('attachments', { id: 'bad', sessionId: 's', mimeType: 'image/png', size: 3 });
    const repo = new AttachmentsRepository(db);
    expect(await repo.get('bad')).toEqual({
      kind: 'invalid',
      problem: 'Attachment "bad" has a missing or invalid blob.',
    });
    expect((await repo.listForSession('s')).problems).toHaveLength(1);
  });
});
