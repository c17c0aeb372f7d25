import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CallContext } from './artifact-apps';
import {
  ArtifactNetwork,
  FETCHES_PER_MINUTE,
  GRANTS_KEY,
  type LibraryCache,
  MAX_LIBRARY_BYTES,
  neverReachable,
  readGrants,
} from './artifact-network';
import { type AppCall, isAppRequest, MAX_NET_BODY, PREVIEW_SOURCE } from './protocol';

const OWN = ['easel.example', 'anthropic.com', 'proxy.example'];
const never = (url: string) => neverReachable(new URL(url), OWN);

describe('neverReachable', () => {
  it.each([
    'https://localhost/',
    'https://app.localhost/',
    'https://printer.local/',
    'https://nas/',
    'https://router.home.arpa/',
    'https://127.0.0.1/',
    'https://0x7f.1/', // the URL parser reads it as 127.0.0.1
    'https://2130706433/', // 127.0.0.1 as one number
    'https://10.1.2.3/',
    'https://172.20.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://224.0.0.1/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
  ])('refuses the local or private address %s', (url) => {
    expect(never(url)).toMatch(/local or private address/);
  });

  it.each([
    'https://easel.example/index.html',
    'https://api.anthropic.com/v1/models',
    'https://docs.anthropic.com/',
    'https://proxy.example/v1/messages',
    'https://sub.proxy.example/',
  ])("refuses the app's and the API's own hosts: %s", (url) => {
    expect(never(url)).toMatch(/own or the API's address/);
  });

  it('refuses what is not plain https on its standard port', () => {
    expect(never('http://api.weather.example/')).toMatch(/only https sites/);
    expect(never('ftp://files.example/')).toMatch(/only https sites/);
    expect(never('https://api.weather.example:8443/')).toMatch(/port 8443/);
    expect(never('https://user:pw@api.weather.example/')).toMatch(/user name or password/);
  });

  it('lets a grant decide for public https hosts', () => {
    expect(never('https://api.weather.example/forecast?city=Paris')).toBeUndefined();
    expect(never('https://api.weather.example:443/')).toBeUndefined();
    expect(never('https://8.8.8.8/')).toBeUndefined();
    expect(never('https://[2606:4700::1111]/')).toBeUndefined();
  });
});

describe('readGrants', () => {
  it('keeps well-formed grants and drops anything else', () => {
    const grants = readGrants({
      's1\napp.html': ['api.weather.example', 42, 'bad host!', 'x'.repeat(300)],
      's1\nother.html': 'api.weather.example',
      's2\nempty.html': [],
    });
    expect([...grants]).toEqual([['s1\napp.html', ['api.weather.example']]]);
    expect(readGrants(null).size).toBe(0);
    expect(readGrants(['s1']).size).toBe(0);
  });
});

function memory(initial?: unknown) {
  const records = new Map<string, unknown>(initial === undefined ? [] : [[GRANTS_KEY, initial]]);
  return {
    records,
    get: async (key: string) => records.get(key),
    set: async (key: string, value: unknown) => void records.set(key, structuredClone(value)),
  };
}

function context(version = 'v1', background = false): CallContext & { lines: string[]; offers: string[] } {
  const lines: string[] = [];
  const offers: string[] = [];
  return {
    lines,
    offers,
    log: (level, text) => lines.push(`${level}: ${text}`),
    ask: undefined,
    offer: (host) => offers.push(host),
    signal: new AbortController().signal,
    version: async () => version,
    background,
  };
}

const get = (url: string, more: Partial<Extract<AppCall, { api: 'net.fetch' }>> = {}) =>
  ({ api: 'net.fetch', url, method: 'GET', headers: [], body: undefined, ...more }) as const;
const owner = { sessionId: 's1', file: 'weather.html' };

function network(
  options: {
    stored?: unknown;
    respond?: (url: string, init: RequestInit) => Response;
    store?: ReturnType<typeof memory>;
    channel?: string;
  } = {},
) {
  const store = options.store ?? memory(options.stored);
  const sent: { url: string; init: RequestInit }[] = [];
  let now = 0;
  const net = new ArtifactNetwork({
    store,
    appOrigin: 'https://easel.example',
    apiHosts: () => ['proxy.example'],
    fetch: async (input, init = {}) => {
      sent.push({ url: String(input), init });
      return options.respond?.(String(input), init) ?? new Response('{"temp":21}', { status: 200 });
    },
    now: () => now,
    channel: options.channel ?? `grants-${Math.random()}`,
  });
  onTestFinished(() => net.close());
  const tick = (ms: number) => {
    now += ms;
  };
  return { net, store, sent, tick };
}

describe('ArtifactNetwork', () => {
  it('refuses a host until the person allows it, offering it once a document; then sends without credentials', async () => {
    const { net, store, sent } = network();
    const ctx = context();
    const url = 'https://api.weather.example/forecast?city=Paris';
    await expect(net.fetch(owner, get(url), ctx)).rejects.toThrow(
      /weather\.html is not allowed to reach api\.weather\.example.*Allow connections to api\.weather\.example/,
    );
    await expect(net.fetch(owner, get(url), ctx)).rejects.toThrow(/not allowed/);
    expect(ctx.offers).toEqual(['api.weather.example']);
    expect(ctx.lines.filter((l) => l.startsWith('error'))).toHaveLength(1);
    expect(sent).toEqual([]);

    await net.allow(owner, 'api.weather.example');
    expect(store.records.get(GRANTS_KEY)).toEqual({ 's1\nweather.html': ['api.weather.example'] });
    const result = await net.fetch(owner, get(url, { headers: [['accept', 'application/json']] }), ctx);
    expect(result.status).toBe(200);
    expect(new TextDecoder().decode(result.body)).toBe('{"temp":21}');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'error',
      mode: 'cors',
    });
    expect(ctx.lines.at(-1)).toMatch(/info: fetch GET https:\/\/api\.weather\.example\/forecast → 200/);

    // Another artifact, or another host of this one, is still refused.
    await expect(net.fetch({ sessionId: 's1', file: 'other.html' }, get(url), context())).rejects.toThrow(
      /not allowed/,
    );
    await expect(net.fetch(owner, get('https://tracker.example/p'), ctx)).rejects.toThrow(/not allowed/);
    expect(sent).toHaveLength(1);
  });

  it('never sends to a private address or the API, whatever is stored, and offers nothing', async () => {
    const { net, sent } = network({ stored: { 's1\nweather.html': ['127.0.0.1', 'api.anthropic.com'] } });
    const ctx = context();
    await expect(net.fetch(owner, get('https://127.0.0.1/'), ctx)).rejects.toThrow(/private address/);
    await expect(net.fetch(owner, get('https://api.anthropic.com/v1/messages'), ctx)).rejects.toThrow(
      /API's address/,
    );
    expect(ctx.offers).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("hears another tab's revocation at once: its documents can no longer reach the host", async () => {
    const channel = `grants-${Math.random()}`;
    const first = network({ channel });
    const second = network({ channel, store: first.store });
    await first.net.allow(owner, 'api.weather.example');
    await vi.waitFor(() => expect(second.net.hosts(owner)).toEqual(['api.weather.example']));
    expect(await second.net.fetch(owner, get('https://api.weather.example/now'), context())).toMatchObject({
      status: 200,
    });
    await first.net.revoke(owner, 'api.weather.example');
    await vi.waitFor(() => expect(second.net.hosts(owner)).toEqual([]));
    await expect(second.net.fetch(owner, get('https://api.weather.example/now'), context())).rejects.toThrow(
      'is not allowed to reach api.weather.example',
    );
  });

  it('keeps grants across instances and revokes them', async () => {
    const first = network();
    await first.net.allow(owner, 'api.weather.example');
    const stored = first.store.records.get(GRANTS_KEY);
    const second = network({ stored });
    expect(second.net.hosts(owner)).toBeUndefined(); // read on first use
    await second.net.load();
    expect(second.net.hosts(owner)).toEqual(['api.weather.example']);
    await second.net.revoke(owner, 'api.weather.example');
    expect(second.net.hosts(owner)).toEqual([]);
    expect(second.store.records.get(GRANTS_KEY)).toEqual({});
  });

  it(`sends at most ${FETCHES_PER_MINUTE} requests a minute for an artifact`, async () => {
    const { net, sent, tick } = network({ stored: { 's1\nweather.html': ['api.weather.example'] } });
    const ctx = context();
    for (let i = 0; i < FETCHES_PER_MINUTE; i++)
      await net.fetch(owner, get('https://api.weather.example/'), ctx);
    await expect(net.fetch(owner, get('https://api.weather.example/'), ctx)).rejects.toThrow(
      /Too many requests.*Try again in 60 s/,
    );
    tick(60_001);
    await net.fetch(owner, get('https://api.weather.example/'), ctx);
    expect(sent).toHaveLength(FETCHES_PER_MINUTE + 1);
  });

  it('fails a response over the size limit, and a refused or redirected request, with the reason', async () => {
    const big = network({
      stored: { 's1\nweather.html': ['api.weather.example'] },
      respond: () => new Response(new Uint8Array(MAX_NET_BODY + 1)),
    });
    await expect(big.net.fetch(owner, get('https://api.weather.example/'), context())).rejects.toThrow(
      /larger than 10 MB/,
    );
    const refused = network({ stored: { 's1\nweather.html': ['api.weather.example'] } });
    const failing = new ArtifactNetwork({
      store: refused.store,
      appOrigin: 'https://easel.example',
      apiHosts: () => [],
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const ctx = context();
    await expect(failing.fetch(owner, get('https://api.weather.example/'), ctx)).rejects.toThrow(
      /redirected it \(redirects are not followed\), or does not allow requests from other sites \(CORS\)/,
    );
    expect(ctx.lines.at(-1)).toMatch(/^error: fetch GET https:\/\/api\.weather\.example\/ failed/);
  });
});

describe('ArtifactNetwork.library: public CDN files by consent', () => {
  const LIB = 'https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js';

  function libraries(respond: (url: string) => Response = () => new Response('var _ = 1;')) {
    const kept = new Map<string, Response>();
    const cache: LibraryCache = {
      match: async (url) => kept.get(url)?.clone(),
      put: async (url, response) => void kept.set(url, response),
    };
    const sent: { url: string; init: RequestInit }[] = [];
    const net = new ArtifactNetwork({
      store: memory(),
      appOrigin: 'https://easel.example',
      apiHosts: () => [],
      fetch: async (input, init = {}) => {
        sent.push({ url: String(input), init });
        return respond(String(input));
      },
      cache: async () => cache,
    });
    return { net, sent, kept };
  }

  it('fetches nothing until the host is allowed, then GETs without credentials and keeps the file', async () => {
    const { net, sent, kept } = libraries();
    const refused = await net.library(owner, LIB, 'v1', false);
    expect(refused).toMatchObject({ ok: false, offer: true });
    expect(!refused.ok && refused.text).toMatch(/Allow libraries from cdnjs\.cloudflare\.com/);
    expect(sent).toEqual([]);

    await net.allow(owner, 'cdnjs.cloudflare.com', 'v1');
    const got = await net.library(owner, LIB, 'v1', false);
    expect(got).toMatchObject({ ok: true, cached: false, url: LIB });
    expect(got.ok && (await got.blob.text())).toBe('var _ = 1;');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      mode: 'cors',
    });
    expect(kept.has(LIB)).toBe(true);

    // Kept: the next load (offline, or a console check) is read from the cache, not sent again.
    expect(await net.library(owner, LIB, 'v1', true)).toMatchObject({ ok: true, cached: true });
    expect(sent).toHaveLength(1);
    // Another version of the file is asked about again, and a revoked host is not served from the cache.
    expect(await net.library(owner, LIB, 'v2', false)).toMatchObject({ ok: false, offer: true });
    await net.revoke(owner, 'cdnjs.cloudflare.com');
    expect(await net.library(owner, LIB, 'v1', false)).toMatchObject({ ok: false, offer: true });
  });

  it('refuses every other host and plain http, whatever is granted, and never offers them', async () => {
    const { net, sent } = libraries();
    for (const host of ['example.com', 'fastly.jsdelivr.net', 'cdn.skypack.dev'])
      await net.allow(owner, host);
    for (const url of [
      'https://example.com/lib.js',
      'https://cdn.skypack.dev/lodash',
      'http://unpkg.com/lodash',
      'https://unpkg.com:8443/lodash',
    ])
      expect(await net.library(owner, url, 'v1', false)).toMatchObject({ ok: false, offer: false });
    expect(sent).toEqual([]);
  });

  it('gives up on a redirect away from the CDNs, an error status, an oversized file, and a console check', async () => {
    const away = Object.defineProperty(new Response('x'), 'url', { value: 'https://evil.example/x.js' });
    const cases: [Response, RegExp][] = [
      [away, /redirected to https:\/\/evil\.example\/x\.js/],
      [new Response('no', { status: 404 }), /answered 404/],
      [
        new Response('x', { headers: { 'content-length': String(MAX_LIBRARY_BYTES + 1) } }),
        /larger than 25 MB/,
      ],
    ];
    for (const [response, why] of cases) {
      const { net } = libraries(() => response);
      await net.allow(owner, 'unpkg.com');
      const got = await net.library(owner, 'https://unpkg.com/lodash', 'v1', false);
      expect(got.ok).toBe(false);
      expect(!got.ok && got.text).toMatch(why);
    }
    const { net, sent } = libraries();
    await net.allow(owner, 'unpkg.com');
    expect(await net.library(owner, 'https://unpkg.com/lodash', 'v1', true)).toMatchObject({
      ok: false,
      offer: false,
    });
    expect(sent).toEqual([]);
  });
});

describe('isAppRequest for net.fetch', () => {
  const base = { source: PREVIEW_SOURCE, channel: 'c', kind: 'call', id: 1 };
  it('takes a well-formed request and refuses malformed ones', () => {
    const ok = { ...base, ...get('https://api.weather.example/') };
    expect(isAppRequest(ok, 'c')).toBe(true);
    expect(isAppRequest({ ...ok, body: new ArrayBuffer(8) }, 'c')).toBe(true);
    expect(isAppRequest({ ...ok, body: new ArrayBuffer(MAX_NET_BODY + 1) }, 'c')).toBe(false);
    expect(isAppRequest({ ...ok, body: 'text' }, 'c')).toBe(false);
    expect(isAppRequest({ ...ok, method: 'GET /x' }, 'c')).toBe(false);
    expect(isAppRequest({ ...ok, headers: [['a']] }, 'c')).toBe(false);
    expect(isAppRequest({ ...ok, headers: Array.from({ length: 65 }, () => ['a', 'b']) }, 'c')).toBe(false);
    expect(isAppRequest({ ...ok, url: 'x'.repeat(9000) }, 'c')).toBe(false);
  });
});
