import { describe, expect, it } from 'vitest';
import { type AppDataStore, ArtifactApps } from '../../artifacts';
import type { AppDataOwner } from '../../storage';
import { readStoredData } from './app-file';

/** An in-memory store keyed as the real one is: session, file, scope, key. */
function memoryStore(entries: readonly [AppDataOwner, 0 | 1, string, string][]): AppDataStore {
  const id = (o: AppDataOwner, scope: number, key: string) =>
    JSON.stringify([o.sessionId, o.file, scope, key]);
  const values = new Map(entries.map(([o, scope, key, value]) => [id(o, scope, key), value]));
  return {
    get: async (o, scope, key) => values.get(id(o, scope, key)),
    set: async (o, scope, key, value) => void values.set(id(o, scope, key), value),
    delete: async (o, scope, key) => values.delete(id(o, scope, key)),
    list: async (o, scope, prefix) =>
      [...values.keys()]
        .map((k) => JSON.parse(k) as [string, string, number, string])
        .filter(
          ([s, f, sc, key]) => s === o.sessionId && f === o.file && sc === scope && key.startsWith(prefix),
        )
        .map(([, , , key]) => key)
        .sort(),
    // Not read here.
    usage: async () => ({ keys: 0, bytes: 0 }),
    clear: async () => {},
  };
}

describe('readStoredData', () => {
  it("reads every value the artifact stored, in both scopes, and no other artifact's", async () => {
    const data = memoryStore([
      [{ sessionId: 's1', file: 'app.html' }, 0, 'note', '</script> ünï'],
      [{ sessionId: 's1', file: 'app.html' }, 1, 'team', 'blue'],
      [{ sessionId: 's1', file: 'other.html' }, 0, 'secret', 'no'],
      [{ sessionId: 's2', file: 'app.html' }, 0, 'elsewhere', 'no'],
    ]);
    const apps = new ArtifactApps({ data, session: () => 's1', files: () => [] });
    expect(await readStoredData(apps, 'app.html')).toEqual([
      { key: 'note', value: '</script> ünï', shared: false },
      { key: 'team', value: 'blue', shared: true },
    ]);
  });

  it('says why when the conversation is not saved yet', async () => {
    const apps = new ArtifactApps({ data: memoryStore([]), session: () => undefined, files: () => [] });
    await expect(readStoredData(apps, 'app.html')).rejects.toThrow(
      'This conversation is not saved yet, so its artifacts cannot store or read anything.',
    );
  });
});
