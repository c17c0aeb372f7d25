import { readFileSync } from 'node:fs';
import {
  AnthropicError,
  APIConnectionError,
  AuthenticationError,
  InternalServerError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFixture, fixture, fixtureNames, hang, httpError, sse } from './responses.mjs';
import { type FakeAnthropic, startFakeAnthropic } from './server.mjs';
import { fixtureBytes, joined, params, postMessages, readAll, readAtLeast, sdk } from './test-helpers.js';

let server: FakeAnthropic;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());

describe('streaming recorded transcripts', () => {
  it('streams a fixture to the real SDK, which assembles the recorded answer', async () => {
    const ns = server.ns('sdk-fixture');
    await ns.reply('text_basic_ts_sdk');
    const stream = sdk(ns.baseUrl).messages.stream(params);
    expect(await stream.finalText()).toBe('Hello there!');
  });

  it('sends every fixture byte for byte, whole events or 7-byte pieces', async () => {
    const ns = server.ns('bytes');
    for (const name of fixtureNames()) {
      await ns.reply(fixture(name), fixture(name, { chunk: 7 }));
      for (let pass = 0; pass < 2; pass++) {
        const response = await postMessages(ns.baseUrl);
        expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(response.headers.get('request-id')).toMatch(/^req_fake_/);
        expect(Buffer.from(await response.arrayBuffer()).equals(fixtureBytes(name)), name).toBe(true);
      }
    }
    // 56 responses: more than the default 5 s on a loaded machine.
  }, 30_000);

  it('holds a stream after the first events until released', async () => {
    const ns = server.ns('hold');
    const file = fixtureBytes('text_basic_ts_sdk');
    const firstTwoEvents = file.toString('utf8').split('\n\n').slice(0, 2).join('\n\n').length + 2;
    await ns.reply(fixture('text_basic_ts_sdk', { holdAfter: 2 }));
    const reader = (await postMessages(ns.baseUrl)).body!.getReader();
    const before = joined(await readAtLeast(reader, firstTwoEvents));
    expect(before.equals(file.subarray(0, firstTwoEvents))).toBe(true);
    expect(await ns.held()).toBe(1);
    await ns.release();
    const after = joined(await readAll(reader));
    expect(Buffer.concat([before, after]).equals(file)).toBe(true);
    expect(await ns.held()).toBe(0);
  });

  it('writes fixed-size chunks as separate pieces', async () => {
    const ns = server.ns('bytes-hold');
    await ns.reply(fixture('text_basic_ts_sdk', { chunk: 5, holdAfter: 1 }));
    const reader = (await postMessages(ns.baseUrl)).body!.getReader();
    expect(joined(await readAtLeast(reader, 5)).toString()).toBe('event');
    await ns.release();
    await readAll(reader);
  });

  it('paces events so they arrive in separate reads, in order', async () => {
    const ns = server.ns('pacing');
    await ns.reply(fixture('text_basic_ts_sdk', { delayMs: 10 }));
    const reads = await readAll((await postMessages(ns.baseUrl)).body!.getReader());
    expect(reads.length).toBeGreaterThan(1);
    expect(joined(reads).equals(fixtureBytes('text_basic_ts_sdk'))).toBe(true);
  });

  it('answers a request without stream: true with the message the transcript accumulates to', async () => {
    const ns = server.ns('json');
    await ns.reply('tool_use_recorded_py_sdk');
    const message = await sdk(ns.baseUrl).messages.create(params);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toMatchObject([
      { type: 'tool_use', name: 'get_weather', input: { location: 'San Francisco, CA', units: 'f' } },
    ]);
  });
});

describe('errors, hangs and drops', () => {
  it('sends an error fixture with its status, exact body and headers, and the SDK raises RateLimitError', async () => {
    const ns = server.ns('error-429');
    await ns.reply(
      httpError(429, '429_rate_limit_error.recorded', { 'retry-after': '2' }),
      errorFixture('429_rate_limit_error.recorded'),
    );
    const response = await postMessages(ns.baseUrl);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.get('x-should-retry')).toBe('true');
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after');
    const recorded = JSON.parse(
      readFileSync(new URL('../fixtures/errors/429_rate_limit_error.recorded.json', import.meta.url), 'utf8'),
    );
    expect(await response.text()).toBe(JSON.stringify(recorded.body));
    await expect(sdk(ns.baseUrl).messages.create(params)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('maps 401 and an empty queue to the SDK error classes, with a clear message for the latter', async () => {
    const ns = server.ns('error-classes');
    await ns.reply(httpError(401, '401_authentication_error.invalid_x_api_key'));
    await expect(sdk(ns.baseUrl).messages.create(params)).rejects.toBeInstanceOf(AuthenticationError);
    const empty = sdk(ns.baseUrl).messages.create(params);
    await expect(empty).rejects.toBeInstanceOf(InternalServerError);
    await expect(empty).rejects.toThrow('fake server: no scripted response');
  });

  it('lets the SDK retry a 529 and stream the next scripted reply', async () => {
    const ns = server.ns('retry');
    await ns.reply(httpError(529, '529_overloaded_error', { 'retry-after-ms': '1' }), sse.text('Recovered'));
    expect(await sdk(ns.baseUrl, 1).messages.stream(params).finalText()).toBe('Recovered');
    const requests = await ns.requests();
    expect(requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('hangs after the headers and the first bytes until the namespace is reset', async () => {
    const ns = server.ns('hang');
    await ns.reply(hang('event: ping\ndata: {"type": "ping"}\n\n'));
    const response = await postMessages(ns.baseUrl);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect(joined(await readAtLeast(reader, 1)).toString()).toContain('ping');
    await ns.reset();
    await expect(readAll(reader)).rejects.toThrow();
  });

  it('drops the connection after the given number of bytes', async () => {
    const ns = server.ns('drop');
    const body = fixtureBytes('text_long_multi_delta_ts_sdk').toString('utf8');
    await ns.reply(
      { kind: 'drop', body, afterBytes: 1000, chunk: 100 },
      { kind: 'drop', body, afterBytes: 1000 },
    );
    const reader = (await postMessages(ns.baseUrl)).body!.getReader();
    const received = await readAtLeast(reader, 1000);
    expect(joined(received).equals(Buffer.from(body).subarray(0, 1000))).toBe(true);
    await expect(reader.read()).rejects.toThrow();
    await expect(sdk(ns.baseUrl).messages.stream(params).finalMessage()).rejects.toBeInstanceOf(
      AnthropicError,
    );
  });

  it('refuses a messages body that is not JSON, without using the queue', async () => {
    const ns = server.ns('bad-json');
    const response = await fetch(`${ns.baseUrl}/v1/messages`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('reports a connection failure to the SDK when the server is gone', async () => {
    const other = await startFakeAnthropic();
    const baseUrl = other.ns('gone').baseUrl;
    await other.close();
    await expect(sdk(baseUrl).messages.create(params)).rejects.toBeInstanceOf(APIConnectionError);
  });
});
