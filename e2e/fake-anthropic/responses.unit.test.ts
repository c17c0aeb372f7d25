import { APIError } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drop,
  errorFixture,
  fixture,
  httpError,
  parseResponseSpec,
  type SseEvent,
  sse,
} from './responses.mjs';
import { type FakeAnthropic, startFakeAnthropic } from './server.mjs';
import { fixtureBytes, params, sdk } from './test-helpers.js';

let server: FakeAnthropic;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());

/** The `data:` JSON of every event of a transcript. */
function events(body: string): SseEvent[] {
  return [...body.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1] ?? 'null') as SseEvent);
}

/** Field names, recursively, in order: the shape a JSON text shows. */
function shape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeof value;
  return Object.entries(value).map(([key, inner]) => [key, shape(inner)]);
}

describe('generated transcripts', () => {
  it('frame every event as the API does, with a ping after the first block start', () => {
    const { body } = sse.text('Hello **world**', { deltaSize: 10 });
    expect(body).toMatch(/^(event: [a-z_]+\ndata: [^\n]+\n\n)+$/);
    for (const match of body.matchAll(/event: ([a-z_]+)\ndata: ([^\n]+)/g)) {
      expect((JSON.parse(match[2] ?? '') as SseEvent).type).toBe(match[1]);
    }
    expect(events(body).map((event) => event.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(body).toContain('event: ping\ndata: {"type": "ping"}\n\n');
  });

  it('order message_start, message_delta and tool_use fields like a recorded real stream', () => {
    const recorded = events(fixtureBytes('tool_use_recorded_py_sdk').toString('utf8'));
    const modern = events(fixtureBytes('text_long_multi_delta_ts_sdk').toString('utf8'));
    const generated = events(sse.toolUse({ name: 'get_weather', input: { location: 'Paris' } }).body);
    expect(shape(generated[0])).toEqual(shape(modern[0]));
    expect(shape(generated[1])).toEqual(shape(recorded[1]));
    const delta = (list: SseEvent[]) => list.find((event) => event.type === 'message_delta');
    expect(shape(delta(generated)?.usage)).toEqual(shape(delta(recorded)?.usage));
  });

  it('stream 40 KB of Markdown in 4,000 text deltas that the SDK joins back exactly', async () => {
    const markdown = Array.from({ length: 800 }, (_, i) => `- item **${String(i).padStart(3, '0')}** 🎨\n`)
      .join('')
      .padEnd(40_000, '.');
    const spec = sse.text(markdown, { deltaSize: 10 });
    expect(
      events(spec.body).filter((event) => event.type === 'content_block_delta').length,
    ).toBeGreaterThanOrEqual(4000);
    const ns = server.ns('gen-text');
    await ns.reply(spec);
    expect(await sdk(ns.baseUrl).messages.stream(params).finalText()).toBe(markdown);
  });

  it('stream a 150 KB artifacts content argument in small input_json_delta pieces that arrives intact', async () => {
    const content = `<!doctype html>\n<p>"quoted" \\ ünïcode 🎨</p>\n${'<div class="row">x</div>\n'.repeat(6000)}`;
    expect(content.length).toBeGreaterThan(150_000);
    const input = { command: 'create', filename: 'index.html', content };
    const ns = server.ns('gen-tool');
    await ns.reply(
      sse.toolUse({ name: 'artifacts', input, id: 'toolu_fake_1', text: 'Creating it.', deltaSize: 200 }),
    );
    const stream = sdk(ns.baseUrl).messages.stream(params);
    let pieces = 0;
    stream.on('inputJson', () => {
      pieces++;
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toMatchObject([
      { type: 'text', text: 'Creating it.' },
      { type: 'tool_use', id: 'toolu_fake_1', name: 'artifacts', input },
    ]);
    expect(pieces).toBeGreaterThan(700);
  });

  it('stream thinking with its signature before the answer', async () => {
    const ns = server.ns('gen-thinking');
    await ns.reply(
      sse.thinking({ thinking: 'Let me think about cats.', text: 'Cats purr.', signature: 'c2ln' }),
    );
    const message = await sdk(ns.baseUrl).messages.stream(params).finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think about cats.', signature: 'c2ln' },
      { type: 'text', text: 'Cats purr.' },
    ]);
  });

  it('cut a tool call at the token limit: no block stop, stop_reason max_tokens', async () => {
    const spec = sse.toolUse({ name: 'artifacts', input: { content: 'x'.repeat(500) }, cutAfter: 100 });
    const types = events(spec.body).map((event) => event.type);
    expect(types).not.toContain('content_block_stop');
    const ns = server.ns('gen-cut');
    await ns.reply(spec);
    expect((await sdk(ns.baseUrl).messages.stream(params).finalMessage()).stop_reason).toBe('max_tokens');
  });

  it('compose any events, e.g. an overloaded error mid-answer that the SDK raises', async () => {
    const start = sse.messageEvents({ blocks: [{ type: 'text', text: 'Half an answer' }] }).slice(0, 4);
    const ns = server.ns('gen-error');
    await ns.reply(sse.events([...start, sse.errorEvent()]));
    const stream = sdk(ns.baseUrl).messages.stream(params);
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(APIError);
  });
});

describe('response builders', () => {
  it('resolve a fixture by its unique prefix and list candidates otherwise', () => {
    expect(fixture('text_long_multi_delta').body).toBe(
      fixtureBytes('text_long_multi_delta_ts_sdk').toString('utf8'),
    );
    expect(() => fixture('text_basic')).toThrow(/ambiguous.*text_basic_docs, text_basic_ts_sdk/);
  });

  it('read error fixtures: plain bodies, recorded cassettes and HTTP texts', () => {
    expect(httpError(403, '403_permission_error')).toMatchObject({ status: 403, headers: {} });
    const cassette = errorFixture('400_invalid_request_error.recorded');
    expect(cassette.status).toBe(400);
    expect(cassette.headers).toMatchObject({ 'x-should-retry': 'false', 'content-type': 'application/json' });
    expect(cassette.headers).not.toHaveProperty('content-length');
    const http = errorFixture('429_rate_limit_error.headers.constructed', { 'retry-after': '1' });
    expect(http).toMatchObject({
      status: 429,
      headers: { 'retry-after': '1', 'anthropic-ratelimit-requests-limit': '50' },
    });
    expect(JSON.parse(http.body)).toMatchObject({ error: { type: 'rate_limit_error' } });
    expect(JSON.parse(httpError(529).body)).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });
    expect(httpError(418, 'I am a teapot').body).toBe('I am a teapot');
  });

  it('build plain-data specs that survive JSON and pass the guard', () => {
    const specs = [
      sse.text('hi', { chunk: 3, delayMs: 1, holdAfter: 2 }),
      httpError(500),
      drop(10),
      fixture('text_basic_docs'),
    ];
    for (const spec of specs) {
      expect(parseResponseSpec(JSON.parse(JSON.stringify(spec)))).toEqual({ ok: true, spec });
    }
    expect(parseResponseSpec({ kind: 'drop', body: 'x' })).toEqual({
      ok: false,
      error: 'drop response: afterBytes must be a non-negative integer',
    });
    expect(parseResponseSpec({ kind: 'wait' })).toMatchObject({ ok: false });
  });
});
