import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openEaselDb } from './db';
import { MemoriesRepository, parseMemoryRecord } from './memories-repo';
import { freshDb, uniqueDbName } from './test-support';

describe('MemoriesRepository', () => {
  it('writes, lists by space and deletes in one transaction, announcing the spaces changed', async () => {
    const repo = new MemoriesRepository(await freshDb(), () => 42);
    const heard: string[][] = [];
    const stop = repo.subscribe((spaces) => heard.push([...spaces]));
    await repo.write('person', [
      { path: 'prefs.md', text: 'metric' },
      { path: 'work/a.md', text: 'a' },
    ]);
    await repo.write('project:p1', [{ path: 'goals.md', text: 'ship' }]);
    expect(await repo.list('person')).toEqual([
      { space: 'person', path: 'prefs.md', text: 'metric', updated: 42 },
      { space: 'person', path: 'work/a.md', text: 'a', updated: 42 },
    ]);
    expect((await repo.list()).length).toBe(3);
    await repo.write('person', [{ path: 'prefs.md', text: null }]);
    expect((await repo.list('person')).map((r) => r.path)).toEqual(['work/a.md']);
    expect(heard).toEqual([['person'], ['project:p1'], ['person']]);
    stop();
    repo.dispose();
  });

  it('skips stored records that do not check', async () => {
    const db = await freshDb();
    await db.put('memories', { space: 'person', path: '../x', text: 'bad', updated: 1 });
    await db.put('memories', { space: 'person', path: 'ok.md', text: 'good', updated: 1 });
    expect((await new MemoriesRepository(db).list()).map((r) => r.path)).toEqual(['ok.md']);
  });

  it('refuses records with a bad space, path or text', () => {
    expect(parseMemoryRecord({ space: 'someone', path: 'a', text: '', updated: 0 })).toBeUndefined();
    expect(parseMemoryRecord({ space: 'person', path: 'a//b', text: '', updated: 0 })).toBeUndefined();
    expect(parseMemoryRecord({ space: 'person', path: 'a', text: 3, updated: 0 })).toBeUndefined();
    expect(parseMemoryRecord({ space: 'project:p', path: 'a/b.md', text: 't', updated: 0 })).toBeTruthy();
  });

  it('comes with the migration from version 4', async () => {
    const name = uniqueDbName();
    (await openEaselDb({ name, version: 4 })).close();
    const db = await openEaselDb({ name });
    expect([...db.objectStoreNames]).toContain('memories');
  });
});
