import { describe, expect, it } from 'vitest';
import type { AppDataOwner, AppDataUsage } from '../storage';
import { type AppDataStore, ArtifactApps, MAX_PENDING_CALLS } from './artifact-apps';
import { type AppCall, type AppRequest, PREVIEW_SOURCE } from './protocol';

/** An in-memory store with the real one's behaviour for what these tests need. */
function memoryStore(): AppDataStore & { readonly values: Map<string, string> } {
  const values = new Map<string, string>();
  const id = (o: AppDataOwner, scope: number, key: string) => `${o.sessionId}|${o.file}|${scope}|${key}`;
  return {
    values,
    get: async (o, scope, key) => values.get(id(o, scope, key)),
    set: async (o, scope, key, value) => void values.set(id(o, scope, key), value),
    delete: async (o, scope, key) => values.delete(id(o, scope, key)),
    list: async (o, scope, prefix) =>
      [...values.keys()]
        .filter((k) => k.startsWith(id(o, scope, prefix)))
        .map((k) => k.split('|')[3] ?? '')
        .sort(),
    usage: async (o): Promise<AppDataUsage> => {
      const mine = [...values.keys()].filter((k) => k.startsWith(`${o.sessionId}|${o.file}|`));
      return { keys: mine.length, bytes: mine.length };
    },
    clear: async (o) => {
      for (const k of [...values.keys()]) if (k.startsWith(`${o.sessionId}|${o.file}|`)) values.delete(k);
    },
  };
}

let nextId = 0;
const request = (call: AppCall): AppRequest =>
  ({ ...call, source: PREVIEW_SOURCE, channel: 'c', kind: 'call', id: nextId++ }) as AppRequest;

function setup(options: { session?: string; files?: Record<string, string> } = {}) {
  const data = memoryStore();
  let session: string | undefined = options.session ?? 's1';
  const apps = new ArtifactApps({
    data,
    session: () => session,
    files: () =>
      Object.entries(options.files ?? {}).map(([name, text]) => ({
        name,
        load: async () => new Blob([text]),
      })),
  });
  const context = { log: () => {}, ask: undefined, version: async () => 'v1', background: false };
  return {
    data,
    apps,
    port: (file = 'app.html') => apps.open(file, context),
    switchSession: (id: string | undefined) => {
      session = id;
    },
  };
}

describe('ArtifactApps', () => {
  it("answers storage calls in Claude.ai's shapes, for the port's own artifact only", async () => {
    const { port } = setup();
    const mine = port('app.html');
    const other = port('other.html');
    expect(
      await mine.handle(request({ api: 'storage.set', key: 'a:1', value: 'x', shared: false })),
    ).toMatchObject({
      ok: true,
      value: { key: 'a:1', value: 'x', shared: false },
    });
    expect(await mine.handle(request({ api: 'storage.get', key: 'a:1', shared: false }))).toMatchObject({
      ok: true,
      value: { key: 'a:1', value: 'x', shared: false },
    });
    expect(await mine.handle(request({ api: 'storage.list', prefix: 'a:', shared: false }))).toMatchObject({
      ok: true,
      value: { keys: ['a:1'], prefix: 'a:', shared: false },
    });
    expect(await other.handle(request({ api: 'storage.get', key: 'a:1', shared: false }))).toMatchObject({
      ok: false,
      error: 'There is no stored value for the key "a:1".',
    });
    expect(await mine.handle(request({ api: 'storage.get', key: 'a:1', shared: true }))).toMatchObject({
      ok: false,
    });
    expect(await mine.handle(request({ api: 'storage.delete', key: 'a:1', shared: false }))).toMatchObject({
      ok: true,
      value: { key: 'a:1', deleted: true, shared: false },
    });
  });

  it('refuses keys Claude.ai refuses, with the reason', async () => {
    const { port } = setup();
    for (const key of ['', 'has space', 'a/b', 'quote"', 'x'.repeat(200)]) {
      const reply = await port().handle(request({ api: 'storage.set', key, value: 'v', shared: false }));
      expect(reply).toMatchObject({ ok: false, name: 'TypeError' });
    }
  });

  it('refuses calls once the session that started the document is no longer open', async () => {
    const { port, switchSession } = setup();
    const p = port();
    switchSession('s2');
    expect(await p.handle(request({ api: 'storage.get', key: 'k', shared: false }))).toMatchObject({
      ok: false,
      error: 'Another conversation was opened; this preview belongs to the one before.',
    });
  });

  it('reads an attached file as bytes or as text, and names the files there are when one is missing', async () => {
    const { port } = setup({ files: { 'data.csv': 'a,b\n1,2\n' } });
    const bytes = await port().handle(request({ api: 'fs.readFile', name: 'data.csv', utf8: false }));
    expect(bytes.ok && bytes.value).toEqual(new TextEncoder().encode('a,b\n1,2\n'));
    const text = await port().handle(request({ api: 'fs.readFile', name: 'data.csv', utf8: true }));
    expect(text).toMatchObject({ ok: true, value: 'a,b\n1,2\n' });
    expect(await port().handle(request({ api: 'fs.readFile', name: 'other.csv', utf8: true }))).toMatchObject(
      {
        ok: false,
        error: 'There is no file "other.csv" in this conversation. Its files: data.csv.',
      },
    );
  });

  it('reads text without its byte-order mark, and says when a file was too large to keep as attached', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]);
    const apps = new ArtifactApps({
      data: memoryStore(),
      session: () => 's1',
      files: () => [
        { name: 'bom.csv', load: async () => new Blob([withBom]) },
        { name: 'huge.xlsx', load: async () => new Blob(['# Markdown']), notKept: 52_428_800 },
      ],
    });
    const port = apps.open('app.html', {
      log: () => {},
      ask: undefined,
      version: async () => 'v1',
      background: false,
    });
    const bytes = await port.handle(request({ api: 'fs.readFile', name: 'bom.csv', utf8: false }));
    expect(bytes.ok && bytes.value).toEqual(withBom);
    expect(await port.handle(request({ api: 'fs.readFile', name: 'bom.csv', utf8: true }))).toMatchObject({
      ok: true,
      value: 'a,b',
    });
    expect(await port.handle(request({ api: 'fs.readFile', name: 'huge.xlsx', utf8: false }))).toMatchObject({
      ok: false,
      error:
        'The file "huge.xlsx" (50.0 MB) was too large to keep as attached: only what Claude read of it is stored.',
    });
  });

  it(`refuses more than ${MAX_PENDING_CALLS} waiting calls at once, and answers the rest`, async () => {
    const data = memoryStore();
    const waiting: (() => void)[] = [];
    const slow: AppDataStore = {
      ...data,
      get: (o, scope, key) => new Promise((resolve) => waiting.push(() => resolve(data.get(o, scope, key)))),
    };
    const apps = new ArtifactApps({ data: slow, session: () => 's1', files: () => [] });
    const port = apps.open('app.html', {
      log: () => {},
      ask: undefined,
      version: async () => 'v1',
      background: false,
    });
    const replies = Array.from({ length: MAX_PENDING_CALLS + 4 }, () =>
      port.handle(request({ api: 'storage.get', key: 'k', shared: false })),
    );
    const refused = await Promise.all(replies.slice(MAX_PENDING_CALLS));
    expect(refused.every((r) => !r.ok && r.error.startsWith('Too many requests at once'))).toBe(true);
    for (const release of waiting) release();
    const answered = await Promise.all(replies.slice(0, MAX_PENDING_CALLS));
    expect(answered).toHaveLength(MAX_PENDING_CALLS);
    expect(answered.every((r) => !r.ok && r.error.startsWith('There is no stored value'))).toBe(true);
  });

  it('Claude calls are refused without a Claude bridge, and after the document went', async () => {
    const { port } = setup();
    const p = port();
    expect(await p.handle(request({ api: 'claude.complete', body: 'hi' }))).toMatchObject({
      ok: false,
      error: 'Claude calls are not available here.',
    });
    p.dispose();
    expect(await p.handle(request({ api: 'storage.get', key: 'k', shared: false }))).toMatchObject({
      ok: false,
      error: 'The preview was closed.',
    });
  });
});
