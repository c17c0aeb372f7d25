import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openEaselDb } from './db';
import { loadSession } from './load';
import { DB_VERSION } from './schema';
import { SettingsRepository } from './settings-repo';
import { SettingsStore } from './settings-store';
import { assistant, uniqueDbName, user } from './test-support';

describe('openEaselDb', () => {
  it('creates the current schema in an empty database', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([
      'appData',
      'appDataTotals',
      'attachments',
      'keys',
      'memories',
      'messages',
      'projects',
      'sessions',
      'settings',
      'texts',
    ]);
    const tx = db.transaction(['sessions', 'attachments', 'messages']);
    expect([...tx.objectStore('sessions').indexNames]).toEqual(['byUpdated']);
    expect([...tx.objectStore('attachments').indexNames]).toEqual(['bySession']);
    expect(tx.objectStore('messages').keyPath).toEqual(['sessionId', 'key']);
    db.close();
  });

  it('migrates a version-1 database to the current version and keeps its data', async () => {
    const name = uniqueDbName();
    const v1 = await openEaselDb({ name, version: 1 });
    expect(v1.version).toBe(1);
    expect(v1.objectStoreNames.contains('texts')).toBe(false);
    const store = new SettingsStore(new SettingsRepository(v1));
    await store.load();
    await store.update({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9999',
      theme: 'dark',
      model: 'claude-x',
    });
    // Version 1 never wrote sessions, but its stores accepted these shapes; the migration must carry them over.
    const raw = v1 as unknown as { put(store: string, value: unknown): Promise<unknown> };
    await raw.put('sessions', {
      id: 's1',
      title: 'Old chat',
      created: 1,
      updated: 2,
      model: 'claude-x',
      thinkingLevel: 'off',
      messageCount: 2,
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: 'Hello',
    });
    await raw.put('messages', { sessionId: 's1', position: 1, message: assistant('Hi there') });
    await raw.put('messages', { sessionId: 's1', position: 0, message: user('Hello') });
    v1.close();

    const v2 = await openEaselDb({ name });
    expect(v2.version).toBe(DB_VERSION);
    const settings = new SettingsStore(new SettingsRepository(v2));
    expect(await settings.load()).toMatchObject({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9999',
      theme: 'dark',
      model: 'claude-x',
    });
    const loaded = await loadSession(v2, 's1');
    expect(loaded.kind).toBe('found');
    if (loaded.kind !== 'found') return;
    expect(loaded.messages).toEqual([user('Hello'), assistant('Hi there')]);
    expect(loaded.problems).toEqual([]);
    const chunks = await v2.getAll('texts');
    expect(chunks.flatMap((c) => c.entries.map((e) => e.text))).toEqual(['Hello', 'Hi there']);
    v2.close();
  });
});
