import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AppDataLimitError,
  type AppDataNotice,
  AppDataRepository,
  MAX_APP_ARTIFACT_BYTES,
  MAX_APP_SESSION_BYTES,
  MAX_APP_TOTAL_BYTES,
  MAX_APP_VALUE_BYTES,
  utf8Size,
} from './app-data-repo';
import type { EaselDatabase } from './db';
import { openEaselDb } from './db';
import { importSessions } from './import';
import { parseAppDataNotice } from './remote-write';
import { SessionsRepository } from './sessions-repo';
import { freshDb, uniqueDbName } from './test-support';
import { exportSessions, serializeExport } from './transfer';

const page = { sessionId: 's1', file: 'app.html' } as const;
const other = { sessionId: 's1', file: 'other.html' } as const;

describe('AppDataRepository', () => {
  it('says which keys changed once they are written (never their values), and nothing for what was refused', async () => {
    const notices: AppDataNotice[] = [];
    const repo = new AppDataRepository(await freshDb(), (n) => notices.push(n));
    await repo.set(page, 0, 'todo:1', 'milk');
    await repo.set(page, 1, 'theme', 'dark');
    expect(await repo.delete(page, 0, 'todo:1')).toBe(true);
    expect(await repo.delete(page, 0, 'todo:1')).toBe(false);
    await expect(repo.set(page, 0, 'big', 'a'.repeat(MAX_APP_VALUE_BYTES + 1))).rejects.toThrow(
      AppDataLimitError,
    );
    await repo.set(page, 0, 'todo:2', 'eggs');
    await repo.clear(page);
    const base = { type: 'appData', sessionId: 's1', file: 'app.html' } as const;
    expect(notices).toEqual([
      { ...base, keys: [[0, 'todo:1']] },
      { ...base, keys: [[1, 'theme']] },
      { ...base, keys: [[0, 'todo:1']] },
      { ...base, keys: [[0, 'todo:2']] },
      {
        ...base,
        keys: [
          [0, 'todo:2'],
          [1, 'theme'],
        ],
      },
    ]);
    expect(JSON.stringify(notices)).not.toContain('milk');
  });

  it('reads notices from other tabs only when they are well formed', () => {
    const notice = {
      type: 'appData',
      sessionId: 's1',
      file: 'app.html',
      keys: [
        [0, 'k'],
        [1, 'j'],
      ],
    };
    expect(parseAppDataNotice(notice)).toEqual(notice);
    for (const bad of [
      null,
      { ...notice, type: 'messages' },
      { ...notice, sessionId: 5 },
      { ...notice, file: undefined },
      { ...notice, keys: 'k' },
      { ...notice, keys: [[2, 'k']] },
      { ...notice, keys: [[0, 5]] },
      { ...notice, keys: [[0]] },
      { ...notice, keys: Array.from({ length: 1001 }, (_, i) => [0, `k${i}`]) },
    ])
      expect(parseAppDataNotice(bad)).toBeUndefined();
  });

  it('keeps values per artifact and scope, and lists keys by prefix', async () => {
    const repo = new AppDataRepository(await freshDb());
    await repo.set(page, 0, 'todos:1', 'milk');
    await repo.set(page, 0, 'todos:2', 'eggs');
    await repo.set(page, 0, 'theme', 'dark');
    await repo.set(page, 1, 'todos:1', 'shared milk');
    await repo.set(other, 0, 'todos:1', 'not mine');
    expect(await repo.get(page, 0, 'todos:1')).toBe('milk');
    expect(await repo.get(page, 1, 'todos:1')).toBe('shared milk');
    expect(await repo.get(page, 0, 'missing')).toBeUndefined();
    expect(await repo.list(page, 0, 'todos:')).toEqual(['todos:1', 'todos:2']);
    expect(await repo.list(page, 0, '')).toEqual(['theme', 'todos:1', 'todos:2']);
    expect(await repo.delete(page, 0, 'todos:1')).toBe(true);
    expect(await repo.delete(page, 0, 'todos:1')).toBe(false);
    expect(await repo.list(page, 0, 'todos:')).toEqual(['todos:2']);
    expect(await repo.get(other, 0, 'todos:1')).toBe('not mine');
  });

  it('measures usage from keys and values in UTF-8, and clears one artifact only', async () => {
    const repo = new AppDataRepository(await freshDb());
    await repo.set(page, 0, 'k', 'é€😀');
    await repo.set(page, 1, 'k', 'ab');
    await repo.set(other, 0, 'k', 'x');
    expect(utf8Size('é€😀')).toBe(2 + 3 + 4);
    expect(await repo.usage(page)).toEqual({ keys: 2, bytes: 1 + 9 + 1 + 2 });
    await repo.clear(page);
    expect(await repo.usage(page)).toEqual({ keys: 0, bytes: 0 });
    expect(await repo.get(other, 0, 'k')).toBe('x');
  });

  it('refuses a value over 5 MB and an artifact over 20 MB, storing nothing', async () => {
    const repo = new AppDataRepository(await freshDb());
    const big = 'a'.repeat(MAX_APP_VALUE_BYTES + 1);
    await expect(repo.set(page, 0, 'big', big)).rejects.toThrow(AppDataLimitError);
    await expect(repo.set(page, 0, 'big', big)).rejects.toThrow(/at most 5,242,880 bytes \(5 MB\)/);
    const four = 'b'.repeat(MAX_APP_VALUE_BYTES - 10);
    for (const key of ['a', 'b', 'c', 'd']) await repo.set(page, 0, key, four);
    await expect(repo.set(page, 0, 'e', four)).rejects.toThrow(/at most 20,971,520 bytes \(20 MB\)/);
    expect(await repo.get(page, 0, 'e')).toBeUndefined();
    // Replacing a value counts only the difference.
    await repo.set(page, 0, 'a', four);
    const { bytes } = await repo.usage(page);
    expect(bytes).toBeLessThanOrEqual(MAX_APP_ARTIFACT_BYTES);
  }, 30_000); // 20 MB through fake-indexeddb: seconds on a busy machine

  it('goes with its session when the session is purged', async () => {
    const db = await freshDb();
    const repo = new AppDataRepository(db);
    await repo.set(page, 0, 'k', 'v');
    await repo.set({ sessionId: 's2', file: 'app.html' }, 0, 'k', 'kept');
    await new SessionsRepository(db).purge('s1');
    expect(await repo.get(page, 0, 'k')).toBeUndefined();
    expect(await repo.get({ sessionId: 's2', file: 'app.html' }, 0, 'k')).toBe('kept');
  });

  it('travels in an export file and comes back on import', async () => {
    const db = await freshDb();
    const session = {
      id: 's1',
      title: 'Notes',
      created: 1,
      updated: 2,
      model: '',
      thinkingLevel: 'off' as const,
      messageCount: 0,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: '',
    };
    await db.put('sessions', session);
    const repo = new AppDataRepository(db);
    await repo.set(page, 0, 'notes', 'one');
    await repo.set(page, 1, 'board', 'two');
    const { file } = await exportSessions(db, ['s1']);
    expect(file.sessions[0]?.appData).toEqual([
      { file: 'app.html', shared: false, key: 'notes', value: 'one' },
      { file: 'app.html', shared: true, key: 'board', value: 'two' },
    ]);
    const target = await openEaselDb({ name: uniqueDbName() });
    const report = await importSessions(target, serializeExport(file));
    expect(report.problems).toEqual([]);
    const back = new AppDataRepository(target);
    expect(await back.get(page, 0, 'notes')).toBe('one');
    expect(await back.get(page, 1, 'board')).toBe('two');
    expect(await back.usage(page)).toEqual(await repo.usage(page));
  });
});

/** Every total as kept, keyed `session/file` (`''` for a session's and every artifact's). */
async function keptTotals(db: EaselDatabase): Promise<Record<string, { keys: number; bytes: number }>> {
  const records = await db.getAll('appDataTotals');
  return Object.fromEntries(
    records.map((r) => [`${r.sessionId}/${r.file}`, { keys: r.keys, bytes: r.bytes }]),
  );
}

describe('AppDataRepository totals', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the totals of each artifact, each session and every artifact in step with set, delete, clear and purge', async () => {
    const db = await freshDb();
    const repo = new AppDataRepository(db, () => undefined);
    const s2 = { sessionId: 's2', file: 'app.html' };
    await repo.set(page, 0, 'a', '12345'); // 6 bytes
    await repo.set(page, 1, 'b', '12'); // 3
    await repo.set(other, 0, 'c', '1234'); // 5
    await repo.set(s2, 0, 'd', '1'); // 2
    await repo.set(page, 0, 'a', '1'); // replaced: 6 -> 2
    expect(await keptTotals(db)).toEqual({
      '/': { keys: 4, bytes: 12 },
      's1/': { keys: 3, bytes: 10 },
      's1/app.html': { keys: 2, bytes: 5 },
      's1/other.html': { keys: 1, bytes: 5 },
      's2/': { keys: 1, bytes: 2 },
      's2/app.html': { keys: 1, bytes: 2 },
    });
    await repo.delete(page, 1, 'b');
    await repo.clear(other);
    expect(await keptTotals(db)).toMatchObject({
      '/': { keys: 2, bytes: 4 },
      's1/': { keys: 1, bytes: 2 },
      's1/app.html': { keys: 1, bytes: 2 },
      's1/other.html': { keys: 0, bytes: 0 },
    });
    // A purge drops the totals it changes; the next write counts every artifact's again, once.
    await new SessionsRepository(db).purge('s1');
    expect(await keptTotals(db)).toEqual({
      's2/': { keys: 1, bytes: 2 },
      's2/app.html': { keys: 1, bytes: 2 },
    });
    await repo.set(s2, 0, 'e', '1');
    expect(await keptTotals(db)).toEqual({
      '/': { keys: 2, bytes: 4 },
      's2/': { keys: 2, bytes: 4 },
      's2/app.html': { keys: 2, bytes: 4 },
    });
  });

  it('checks a write against the kept totals without walking the keys', async () => {
    const db = await freshDb();
    const repo = new AppDataRepository(db, () => undefined);
    for (let i = 0; i < 50; i++) await repo.set(page, 0, `k${i}`, 'v');
    const cursors = vi.spyOn(IDBIndex.prototype, 'openKeyCursor');
    const keyLists = vi.spyOn(IDBIndex.prototype, 'getAllKeys');
    await repo.set(page, 0, 'k50', 'v');
    await repo.delete(page, 0, 'k0');
    // k0…k9 are 3 bytes with their value, k10…k50 4: 10 * 3 + 41 * 4, less k0.
    expect(await repo.usage(page)).toEqual({ keys: 50, bytes: 10 * 3 + 41 * 4 - 3 });
    expect(cursors).not.toHaveBeenCalled();
    expect(keyLists).not.toHaveBeenCalled();
  });

  it('counts a missing or broken total again from the keys, and keeps it from then on', async () => {
    const db = await freshDb();
    const repo = new AppDataRepository(db, () => undefined);
    await repo.set(page, 0, 'a', 'xyz');
    await repo.set(other, 0, 'b', 'xy');
    await db.delete('appDataTotals', ['s1', 'app.html']);
    await db.put('appDataTotals', { sessionId: '', file: '', keys: -1, bytes: Number.NaN });
    expect(await repo.usage(page)).toEqual({ keys: 1, bytes: 4 });
    await repo.set(page, 0, 'c', 'z');
    expect(await keptTotals(db)).toMatchObject({
      '/': { keys: 3, bytes: 9 },
      's1/': { keys: 3, bytes: 9 },
      's1/app.html': { keys: 2, bytes: 6 },
    });
  });

  it('refuses past 30 MB a session and 200 MB in all, naming the limit and storing nothing', async () => {
    const db = await freshDb();
    const repo = new AppDataRepository(db, () => undefined);
    // The totals stand for data already stored elsewhere (what a write reads is the total, not the values).
    await db.put('appDataTotals', { sessionId: 's1', file: '', keys: 9, bytes: MAX_APP_SESSION_BYTES - 10 });
    await db.put('appDataTotals', { sessionId: '', file: '', keys: 9, bytes: MAX_APP_SESSION_BYTES - 10 });
    await repo.set(page, 0, 'k', '12345678'); // 9 bytes: fits
    await expect(repo.set(page, 0, 'j', '12')).rejects.toThrow(
      /the artifacts of one conversation can keep at most 31,457,280 bytes \(30 MB\)\. Clear another artifact's data with Clear stored data in its console/,
    );
    expect(await repo.get(page, 0, 'j')).toBeUndefined();
    // Shrinking a value is never refused, even over a limit.
    await repo.set(page, 0, 'k', '1');
    await db.put('appDataTotals', { sessionId: '', file: '', keys: 99, bytes: MAX_APP_TOTAL_BYTES });
    await expect(repo.set({ sessionId: 's3', file: 'new.html' }, 0, 'k', 'v')).rejects.toThrow(
      /all artifacts together can keep at most 209,715,200 bytes \(200 MB\)\. Delete conversations you no longer need/,
    );
    expect(await repo.get({ sessionId: 's3', file: 'new.html' }, 0, 'k')).toBeUndefined();
  });

  it('counts the totals of an older database with the first write after it is opened at version 6', async () => {
    const name = uniqueDbName();
    const v5 = await openEaselDb({ name, version: 5 });
    await v5.put('appData', { ...page, scope: 0, key: 'a', value: 'xyz', size: 4 });
    await v5.put('appData', { ...other, scope: 1, key: 'b', value: 'x', size: 2 });
    v5.close();
    const db = await openEaselDb({ name });
    expect(await keptTotals(db)).toEqual({});
    await new AppDataRepository(db, () => undefined).set(page, 0, 'c', 'z');
    expect(await keptTotals(db)).toEqual({
      '/': { keys: 3, bytes: 8 },
      's1/': { keys: 3, bytes: 8 },
      's1/app.html': { keys: 2, bytes: 6 },
    });
    db.close();
  });
});
