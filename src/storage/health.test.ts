import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { recordExport, requestPersistence, type StorageManagerLike, storageHealth } from './health';
import { SettingsRepository } from './settings-repo';
import { freshDb } from './test-support';

describe('storage health', () => {
  it('asks for persistence once and reports usage, quota and the last export', async () => {
    let persisted = false;
    let asked = 0;
    const storage: StorageManagerLike = {
      persisted: async () => persisted,
      persist: async () => {
        asked += 1;
        persisted = true;
        return true;
      },
      estimate: async () => ({ usage: 1200, quota: 10_000 }),
    };
    const settings = new SettingsRepository(await freshDb());
    expect(await storageHealth(settings, storage)).toEqual({
      persisted: false,
      usage: 1200,
      quota: 10_000,
      lastExportAt: undefined,
    });

    expect(await requestPersistence(storage)).toBe(true);
    expect(await requestPersistence(storage)).toBe(true);
    expect(asked).toBe(1);
    await recordExport(settings, 42);
    expect(await storageHealth(settings, storage)).toEqual({
      persisted: true,
      usage: 1200,
      quota: 10_000,
      lastExportAt: 42,
    });
  });

  it('says nothing it does not know when the browser has no storage manager', async () => {
    const settings = new SettingsRepository(await freshDb());
    expect(await requestPersistence(undefined)).toBe(false);
    expect(await requestPersistence({ persist: () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await storageHealth(settings, undefined)).toEqual({
      persisted: undefined,
      usage: undefined,
      quota: undefined,
      lastExportAt: undefined,
    });
  });
});
