/** Settings → Files API: off unless turned on, its threshold kept across a reload, stored values checked. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openEaselDb } from './db';
import { SettingsRepository } from './settings-repo';
import { DEFAULT_SETTINGS } from './settings-schema';
import { SettingsStore } from './settings-store';
import { uniqueDbName } from './test-support';

describe('Files API settings', () => {
  it('are off by default, and kept across a reload once changed', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const store = new SettingsStore(new SettingsRepository(db));
    expect((await store.load()).filesApi).toEqual({ enabled: false, minKb: 256 });
    await store.update({ filesApi: { enabled: true, minKb: 64 } });
    const again = await new SettingsStore(new SettingsRepository(db)).load();
    expect(again.filesApi).toEqual({ enabled: true, minKb: 64 });
    db.close();
  });

  it('read a stored value of the wrong shape as off, and a threshold out of range as the default', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    for (const [stored, read] of [
      ['yes', DEFAULT_SETTINGS.filesApi],
      [
        { enabled: 'true', minKb: 64 },
        { enabled: false, minKb: 64 },
      ],
      [
        { enabled: true, minKb: 0 },
        { enabled: true, minKb: 256 },
      ],
      [
        { enabled: true, minKb: 1.5 },
        { enabled: true, minKb: 256 },
      ],
      [
        { enabled: true, minKb: 40_000 },
        { enabled: true, minKb: 256 },
      ],
    ] as const) {
      await repo.set('filesApi', stored);
      expect((await new SettingsStore(repo).load()).filesApi).toEqual(read);
    }
    db.close();
  });
});
