/** Settings → Web and Connectors: what is stored, and where a connector's token goes. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openEaselDb } from './db';
import { SettingsRepository } from './settings-repo';
import { SettingsStore } from './settings-store';
import { uniqueDbName } from './test-support';

const CONNECTOR = {
  id: 'c1',
  name: 'example-mcp',
  url: 'https://mcp.example.com/mcp',
  tools: ['echo'],
  enabled: true,
  token: 'mcp-secret',
};

describe('web and connector settings', () => {
  it('keep web limits, the sessions with Web on and the connectors across a reload', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const store = new SettingsStore(new SettingsRepository(db));
    await store.load();
    await store.update({
      web: { allowedDomains: ['wikipedia.org'], blockedDomains: [], maxUses: 3 },
      webSessions: ['s1'],
      connectors: [CONNECTOR],
    });
    const again = await new SettingsStore(new SettingsRepository(db)).load();
    expect(again.web).toEqual({ allowedDomains: ['wikipedia.org'], blockedDomains: [], maxUses: 3 });
    expect(again.webSessions).toEqual(['s1']);
    expect(again.connectors).toEqual([CONNECTOR]);
    db.close();
  });

  it('never writes a token into the settings record, and deletes it with its connector', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    const store = new SettingsStore(repo);
    await store.load();
    await store.update({ connectors: [CONNECTOR] });
    expect(JSON.stringify(await repo.get('connectors'))).not.toContain('mcp-secret');
    expect(await repo.getKey('connector-c1')).toBe('mcp-secret');
    await store.update({ connectors: [] });
    expect(await repo.getKey('connector-c1')).toBeUndefined();
    db.close();
  });

  it('keeps a token only in memory when the key is not remembered', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    const store = new SettingsStore(repo);
    await store.load();
    await store.update({ rememberKey: false, connectors: [CONNECTOR] });
    expect(store.snapshot.connectors[0]?.token).toBe('mcp-secret');
    expect(await repo.getKey('connector-c1')).toBeUndefined();
    db.close();
  });

  it('leaves out stored connectors of the wrong shape or without an https address', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    await repo.set('connectors', [
      { id: 'a', name: 'ok', url: 'https://a.example', tools: ['x', 3], enabled: true },
      { id: 'b', name: 'plain', url: 'http://b.example', tools: [], enabled: true },
      'junk',
    ]);
    await repo.set('web', { allowedDomains: 'nope', maxUses: -1 });
    const loaded = await new SettingsStore(repo).load();
    expect(loaded.connectors).toEqual([
      { id: 'a', name: 'ok', url: 'https://a.example', tools: ['x'], enabled: true },
    ]);
    expect(loaded.web).toEqual({ allowedDomains: [], blockedDomains: [] });
    db.close();
  });
});

describe('the spending cap of artifacts’ Claude calls', () => {
  it('is 0.50 USD until set, kept across a reload, and a stored value of the wrong kind is ignored', async () => {
    const db = await openEaselDb({ name: uniqueDbName() });
    const repo = new SettingsRepository(db);
    const store = new SettingsStore(repo);
    expect((await store.load()).artifactCallCap).toBe(0.5);
    await store.update({ artifactCallCap: 2.5 });
    expect((await new SettingsStore(repo).load()).artifactCallCap).toBe(2.5);
    for (const bad of ['3', -1, 1000, Number.NaN, null]) {
      await repo.set('artifactCallCap', bad);
      expect((await new SettingsStore(repo).load()).artifactCallCap).toBe(0.5);
    }
    db.close();
  });
});
