import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlClient } from './client.mjs';
import { fixture, sse } from './responses.mjs';
import { type FakeAnthropic, startFakeAnthropic } from './server.mjs';
import { params, postMessages, sdk } from './test-helpers.js';

let server: FakeAnthropic;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());

/** A raw preflight (fetch may not set the access-control-request-* headers itself). */
function preflight(
  url: string,
  asked: string,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': asked,
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CORS', () => {
  it('answers a preflight with 204 and allows the headers the browser SDK asks for', async () => {
    const asked =
      'anthropic-dangerous-direct-browser-access,anthropic-version,authorization,content-type,x-stainless-retry-count';
    const { status, headers } = await preflight(`${server.ns('cors').baseUrl}/v1/messages`, asked);
    expect(status).toBe(204);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['access-control-allow-headers']).toBe(asked);
    expect(headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    expect(Number(headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(await server.ns('cors').requests()).toEqual([]);
  });

  it('lets every API response be read cross-origin', async () => {
    const ns = server.ns('cors-read');
    await ns.reply('text_basic_docs');
    for (const response of [await postMessages(ns.baseUrl), await postMessages(ns.baseUrl)]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'request-id, retry-after, retry-after-ms, x-should-retry',
      );
      await response.arrayBuffer();
    }
  });
});

describe('namespaces', () => {
  it('keeps queues and request logs apart', async () => {
    const [a, b] = [server.ns('alpha'), server.ns('beta')];
    await a.reply(sse.text('for alpha'));
    await b.reply(sse.text('for beta'));
    expect(
      await sdk(b.baseUrl)
        .messages.stream({ ...params, system: 'b' })
        .finalText(),
    ).toBe('for beta');
    expect(
      await sdk(a.baseUrl)
        .messages.stream({ ...params, system: 'a' })
        .finalText(),
    ).toBe('for alpha');
    expect(
      (await a.requests()).map((r) => [r.method, r.path, (r.body as { system: string }).system]),
    ).toEqual([['POST', '/v1/messages', 'a']]);
    expect((await b.requests()).map((r) => (r.body as { system: string }).system)).toEqual(['b']);
    await a.reset();
    expect(await a.requests()).toEqual([]);
    expect(await b.requests()).toHaveLength(1);
  });

  it('records lower-cased headers, the query and the parsed body', async () => {
    const ns = server.ns('record');
    await ns.reply(sse.text('ok'));
    await sdk(ns.baseUrl).messages.stream(params).finalText();
    const [recorded] = await ns.requests();
    expect(recorded?.headers.authorization).toBe('Bearer test-key');
    expect(recorded?.headers['anthropic-version']).toBeTruthy();
    expect(recorded?.body).toMatchObject({ ...params, stream: true });
  });

  it('serves the default namespace at the server root', async () => {
    const root = server.ns();
    expect(root.baseUrl).toBe(server.url);
    await root.reply(sse.text('from the root'));
    expect(await sdk(server.url).messages.stream(params).finalText()).toBe('from the root');
    await root.reset();
  });

  it('lists default models, then the models a test sets, and retrieves one', async () => {
    const ns = server.ns('models');
    const client = sdk(ns.baseUrl);
    const listed = await client.models.list();
    expect(listed.data.map((model) => model.id)).toContain('claude-opus-4-8');
    expect(listed.data[0]).toMatchObject({
      type: 'model',
      display_name: 'Claude Opus 4.8',
      max_tokens: 128000,
    });
    await ns.setModels([{ id: 'claude-test-1', display_name: 'Test One' }, { id: 'claude-test-2' }]);
    const page = await client.models.list({ limit: 1 });
    expect(page.data.map((model) => model.id)).toEqual(['claude-test-1']);
    expect(page.has_more).toBe(true);
    expect((await client.models.retrieve('claude-test-2')).display_name).toBe('claude-test-2');
  });

  it('counts tokens roughly', async () => {
    const counted = await sdk(server.ns('count').baseUrl).messages.countTokens(params);
    expect(counted.input_tokens).toBeGreaterThan(0);
  });
});

describe('control endpoint', () => {
  it('scripts, reads back and resets a namespace from another process', async () => {
    const ns = controlClient(`${server.url}/`, 'remote test');
    expect(ns.baseUrl).toBe(`${server.url}/ns/remote%20test`);
    await ns.reply(sse.text('via control'), 'text_basic_ts_sdk');
    const client = sdk(ns.baseUrl);
    expect(await client.messages.stream(params).finalText()).toBe('via control');
    expect(await client.messages.stream(params).finalText()).toBe('Hello there!');
    expect((await ns.requests()).map((r) => r.path)).toEqual(['/v1/messages', '/v1/messages']);
    expect(await server.ns('remote test').requests()).toHaveLength(2);
    await ns.reset();
    expect(await ns.requests()).toEqual([]);
    await expect(client.messages.create(params)).rejects.toThrow('no scripted response');
  });

  it('holds and releases a stream, and sets models, over HTTP', async () => {
    const ns = controlClient(server.url, 'remote-hold');
    await ns.reply(fixture('text_basic_ts_sdk', { holdAfter: 3 }));
    const response = await postMessages(ns.baseUrl);
    await expect.poll(() => ns.held()).toBe(1);
    await ns.release();
    expect((await response.text()).endsWith('data: {"type":"message_stop"}\n\n')).toBe(true);
    await ns.setModels([{ id: 'claude-remote' }]);
    expect((await sdk(ns.baseUrl).models.list()).data.map((model) => model.id)).toEqual(['claude-remote']);
  });

  it('refuses a malformed response spec with the reason, over HTTP and in-process', async () => {
    const ns = controlClient(server.url, 'remote-bad');
    const bad = { kind: 'sse', body: 42 } as unknown as Parameters<typeof ns.reply>[0];
    await expect(ns.reply(bad)).rejects.toThrow('body must be a string');
    await expect(server.ns('local-bad').reply(bad)).rejects.toThrow('body must be a string');
    await expect(ns.reply('no_such_fixture')).rejects.toThrow('no SSE fixture named "no_such_fixture"');
  });
});

describe('manual mode', () => {
  it('streams a generated echo on the default namespace, but not on named ones', async () => {
    const manual = await startFakeAnthropic({ manual: true });
    try {
      const text = await sdk(manual.url)
        .messages.stream({ ...params, messages: [{ role: 'user', content: 'Draw a cat' }] })
        .finalText();
      expect(text).toContain('> Draw a cat');
      const response = await postMessages(manual.ns('named').baseUrl);
      expect(response.status).toBe(500);
      await response.arrayBuffer();
      const played = sdk(manual.url).messages.stream({
        ...params,
        messages: [{ role: 'user', content: '/fixture text_basic_ts_sdk' }],
      });
      expect(await played.finalText()).toBe('Hello there!');
    } finally {
      await manual.close();
    }
  });
});
