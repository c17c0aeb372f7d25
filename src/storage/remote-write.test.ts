import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type AppDataNotice, AppDataRepository, MAX_APP_VALUE_BYTES } from './app-data-repo';
import { loadSession } from './load';
import {
  allAppDataRefs,
  isRemoteAppDataRef,
  parseRemoteSession,
  writeRemoteAppData,
  writeRemoteMessages,
  writeRemoteSession,
} from './remote-write';
import { SessionsRepository } from './sessions-repo';
import { artifact, assistant, freshDb, user } from './test-support';

const description = { id: 's1', title: 'Plans', created: 10, model: 'claude-x', thinkingLevel: 'off' };

describe('writing what another device sent', () => {
  it('stores a described session once, never over one that exists', async () => {
    const db = await freshDb();
    const session = parseRemoteSession(description);
    if (!session) throw new Error('refused a valid description');
    expect(await writeRemoteSession(db, session)).toBe(true);
    expect(await writeRemoteSession(db, { ...session, title: 'Other' })).toBe(false);
    const found = await new SessionsRepository(db).get('s1');
    expect(found.kind === 'found' && found.session.title).toBe('Plans');
  });

  it('refuses descriptions that are not sessions', () => {
    expect(parseRemoteSession({ ...description, id: '../x' })).toBeUndefined();
    expect(parseRemoteSession({ ...description, created: 'yesterday' })).toBeUndefined();
    expect(parseRemoteSession({ ...description, thinkingLevel: 'extreme' })).toBeUndefined();
    expect(parseRemoteSession(null)).toBeUndefined();
  });

  it('writes checked messages in key order, creating the session, and each only once', async () => {
    const db = await freshDb();
    const items = [
      { key: 'k2', message: assistant('Lisbon in May.') },
      { key: 'k1', message: user('Where to go?', 5) },
      { key: 'k3', message: artifact('plan.md', '# Plan') },
    ];
    const first = await writeRemoteMessages(db, 's2', items);
    expect(first).toEqual({ written: ['k1', 'k2', 'k3'], created: true, problems: [] });
    const again = await writeRemoteMessages(db, 's2', items);
    expect(again.written).toEqual([]);
    const loaded = await loadSession(db, 's2');
    expect(loaded.kind === 'found' && loaded.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'artifact',
    ]);
    const found = await new SessionsRepository(db).get('s2');
    expect(found.kind === 'found' && found.session.messageCount).toBe(3);
  });

  it('refuses messages that do not check, writing the others, and says why', async () => {
    const db = await freshDb();
    const result = await writeRemoteMessages(db, 's3', [
      { key: 'k1', message: user('Fine', 5) },
      { key: 'k2', message: { role: 'assistant', content: 'not blocks' } },
      { key: 'bad key', message: user('Bad key') },
      { key: 'k1', message: user('Same key twice') },
    ]);
    expect(result.written).toEqual(['k1']);
    expect(result.problems).toHaveLength(3);
    for (const problem of result.problems)
      expect(problem).toMatch(/^A message from another device was refused/);
  });

  it('keeps the branch a message is on, and drops a parent that is not a key', async () => {
    const db = await freshDb();
    await writeRemoteMessages(db, 's4', [
      { key: 'k1', message: user('Question', 1) },
      { key: 'k2', message: assistant('First answer') },
      { key: 'k3', message: assistant('Second answer'), parent: 'k1' },
      { key: 'k4', message: user('Odd parent', 4), parent: '../k1' },
    ]);
    const stored = await db.getAll('messages');
    expect(stored.map((r) => [r.key, r.parent])).toEqual([
      ['k1', undefined],
      ['k2', undefined],
      ['k3', 'k1'],
      ['k4', undefined],
    ]);
  });
});

describe("writing an artifact's stored value from another device", () => {
  const note = { sessionId: 's1', file: 'notes.html', scope: 0, key: 'note' } as const;

  it('stores and deletes values without a notice, so sync does not send them back', async () => {
    const db = await freshDb();
    const notices: AppDataNotice[] = [];
    const local = new AppDataRepository(db, (n) => notices.push(n));
    expect(await writeRemoteAppData(db, { ...note, value: 'buy milk' })).toBeUndefined();
    expect(await local.get(note, 0, 'note')).toBe('buy milk');
    expect(await writeRemoteAppData(db, { ...note, scope: 1, value: 'shared' })).toBeUndefined();
    expect(await local.get(note, 1, 'note')).toBe('shared');
    expect(await writeRemoteAppData(db, { ...note, value: null })).toBeUndefined();
    expect(await local.get(note, 0, 'note')).toBeUndefined();
    // Deleting what is not there is fine too.
    expect(await writeRemoteAppData(db, { ...note, value: null })).toBeUndefined();
    expect(notices).toEqual([]);
    expect([...(await allAppDataRefs(db)).values()]).toEqual([
      { sessionId: 's1', file: 'notes.html', keys: [[1, 'note']] },
    ]);
  });

  it("keeps window.storage's limits: a value over 5 MB is refused with the reason and nothing is written", async () => {
    const db = await freshDb();
    const problem = await writeRemoteAppData(db, { ...note, value: 'x'.repeat(MAX_APP_VALUE_BYTES + 1) });
    expect(problem).toMatch(/^A value an artifact stored on another device was not kept here: .*at most/);
    expect(await new AppDataRepository(db, () => undefined).get(note, 0, 'note')).toBeUndefined();
  });

  it('refuses keys, files, scopes and sessions window.storage would not have', async () => {
    const db = await freshDb();
    for (const bad of [
      { key: 'a b' },
      { key: 'a/b' },
      { key: '' },
      { key: 'k'.repeat(200) },
      { file: '' },
      { file: 'f'.repeat(501) },
      { scope: 2 },
      { sessionId: '../s1' },
    ]) {
      expect(isRemoteAppDataRef({ ...note, ...bad })).toBe(false);
      expect(
        await writeRemoteAppData(db, { ...note, ...bad, value: 'v' } as Parameters<
          typeof writeRemoteAppData
        >[1]),
      ).toMatch(/refused: its key or value is not valid/);
    }
    expect(await allAppDataRefs(db)).toEqual(new Map());
  });
});
