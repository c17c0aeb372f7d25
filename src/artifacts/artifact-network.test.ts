import { describe, expect, it } from 'vitest';
import type { CallContext } from './artifact-apps';
import {
  ArtifactNetwork,
  FETCHES_PER_MINUTE,
  GRANTS_KEY,
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

function network(options: { stored?: unknown; respond?: (url: string, init: RequestInit) => Response } = {}) {
  const store = memory(options.stored);
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
  });
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
