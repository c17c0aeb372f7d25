/** The settings table: every entry read back, checked and defaulted the same way by the store. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openEaselDb } from './db';
import { SettingsRepository } from './settings-repo';
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA, type SettingKey, STORED_KEYS } from './settings-schema';
import { SettingsStore } from './settings-store';
import { uniqueDbName } from './test-support';

const KEYS = Object.keys(SETTINGS_SCHEMA) as SettingKey[];

describe('settings schema', () => {
  it('gives every setting a default its own parse keeps, and a place it is shown', () => {
    for (const key of KEYS) {
      const spec = SETTINGS_SCHEMA[key];
      expect(spec.parse(spec.default), key).toEqual(spec.default);
      expect(spec.shown, key).not.toBe('');
      expect(DEFAULT_SETTINGS[key], key).toEqual(spec.default);
    }
  });

  it('keeps the key and the connectors out of the settings record', () => {
    expect(STORED_KEYS).not.toContain('apiKey');
    expect(STORED_KEYS).not.toContain('connectors');
    expect(STORED_KEYS.length).toBe(KEYS.length - 2);
  });

  it('loads the default for every stored value of the wrong shape', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    for (const key of STORED_KEYS) await repo.set(key, [[null]]);
    await repo.set('connectors', 'nonsense');
    expect(await new SettingsStore(repo).load()).toEqual(DEFAULT_SETTINGS);
    db.close();
  });

  it('refuses numbers out of range, and keeps one in range across a reload', async () => {
    expect(SETTINGS_SCHEMA.codeTimeLimitSec.parse(0)).toBe(30);
    expect(SETTINGS_SCHEMA.codeTimeLimitSec.parse(1.5)).toBe(30);
    expect(SETTINGS_SCHEMA.codeTimeLimitSec.parse(601)).toBe(30);
    expect(SETTINGS_SCHEMA.artifactCallCap.parse(Number.NaN)).toBe(0.5);
    expect(SETTINGS_SCHEMA.artifactCallCap.parse(0.25)).toBe(0.25);
    const db = await openEaselDb({ name: uniqueDbName() });
    const store = new SettingsStore(new SettingsRepository(db));
    await store.load();
    await store.update({ codeTimeLimitSec: 120, theme: 'dark', memory: true, server: 'compatible' });
    const again = await new SettingsStore(new SettingsRepository(db)).load();
    expect(again).toMatchObject({ codeTimeLimitSec: 120, theme: 'dark', memory: true, server: 'compatible' });
    db.close();
  });

  it('sends with Enter unless the person turned it off, and keeps the choice across a reload', async () => {
    expect(DEFAULT_SETTINGS.sendWithEnter).toBe(true);
    expect(SETTINGS_SCHEMA.sendWithEnter.parse('no')).toBe(true);
    const db = await openEaselDb({ name: uniqueDbName() });
    const store = new SettingsStore(new SettingsRepository(db));
    await store.load();
    await store.update({ sendWithEnter: false });
    expect((await new SettingsStore(new SettingsRepository(db)).load()).sendWithEnter).toBe(false);
    db.close();
  });

  it('writes each stored setting under its own key and the key nowhere in the record', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    const store = new SettingsStore(repo);
    await store.load();
    await store.update({ ...DEFAULT_SETTINGS, apiKey: 'sk-ant-secret', autoCompact: true });
    for (const key of STORED_KEYS) expect(await repo.get(key), key).toEqual(store.snapshot[key]);
    for (const key of STORED_KEYS)
      expect(JSON.stringify((await repo.get(key)) ?? null)).not.toContain('sk-ant');
    db.close();
  });
});
