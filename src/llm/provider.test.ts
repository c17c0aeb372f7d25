/** Tests for the provider: the request it sends, the events it emits, and how answers end. */
import { describe, expect, it } from 'vitest';
import type { AssistantMessageEvent, ToolCall } from '../agent';
import { createAnthropicProvider } from './provider';
import { PAUSE_LIMIT_DETAILS } from './stop-reason';
import {
  CONTEXT,
  chunkedBody,
  collect,
  finalMessage,
  jsonReply,
  scriptedFetch,
  sseFixture,
  sseReply,
  streamOptions,
  testProvider,
} from './test-support';

function sse(events: readonly Record<string, unknown>[]): string {
  return events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

function toolStream(jsonPieces: readonly string[]): string {
  return sse([
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'artifacts', input: {} },
    },
    ...jsonPieces.map((partial_json) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json },
    })),
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  ]);
}

describe('createAnthropicProvider', () => {
  it('posts to the base URL with the key as a bearer token and a streaming body', async () => {
    const { provider, requests } = testProvider([sseReply(sseFixture('text_basic_ts_sdk'))], {
      getSettings: () => ({ baseUrl: 'https://proxy.example.test/anthropic/' }),
    });
    await collect(provider.streamFn(CONTEXT, streamOptions({ apiKey: 'sk-ant-secret' })));
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('https://proxy.example.test/anthropic/v1/messages');
    expect(request?.headers.get('authorization')).toBe('Bearer sk-ant-secret');
    expect(request?.headers.get('anthropic-dangerous-direct-browser-access')).toBe('true');
    expect(request?.body).toMatchObject({ model: 'claude-opus-5-5', stream: true });
    expect(request?.body).not.toHaveProperty('temperature');
  });

  it('uses the official API when the base URL is empty', async () => {
    const { provider, requests } = testProvider([sseReply(sseFixture('text_basic_ts_sdk'))]);
    await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests[0]?.url).toBe('https://api.anthropic.com/v1/messages');
  });

  it('shows a streaming tool argument growing across deltas, with escapes and split multi-byte characters', async () => {
    const content = 'line 1\n"quoted" café 😀 \\ end';
    const json = JSON.stringify({ filename: 'a.txt', content });
    const pieces = [
      '',
      json.slice(0, 25),
      json.slice(25, 31),
      json.slice(31, 33),
      json.slice(33, 41),
      json.slice(41),
    ];
    const { provider } = testProvider([sseReply(toolStream(pieces), {}, 7)]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    const partials = events
      .filter(
        (e): e is Extract<AssistantMessageEvent, { type: 'toolcall_delta' }> => e.type === 'toolcall_delta',
      )
      .map((e) => ((e.partial.content[0] as ToolCall).arguments.content as string | undefined) ?? '');
    expect(partials.length).toBeGreaterThan(3);
    for (let i = 1; i < partials.length; i++) {
      expect((partials[i] as string).startsWith(partials[i - 1] as string)).toBe(true);
    }
    expect(partials[partials.length - 1]).toBe(content);
    expect(finalMessage(events).content[0]).toMatchObject({ arguments: { filename: 'a.txt', content } });
  });

  it('continues a paused turn by resending the assistant content and merges the answer', async () => {
    const { provider, requests } = testProvider([
      sseReply(sseFixture('pause_turn_constructed')),
      sseReply(sseFixture('text_basic_ts_sdk')),
    ]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    const message = finalMessage(events);
    expect(requests).toHaveLength(2);
    const resent = ((requests[1]?.body.messages ?? []) as { role: string; content: unknown[] }[]).at(-1);
    expect(resent?.role).toBe('assistant');
    expect(resent?.content).toEqual([
      {
        type: 'server_tool_use',
        id: 'srvtoolu_01PauseTurn0001',
        name: 'web_search',
        input: { query: 'latest rust release' },
      },
      expect.objectContaining({ type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01PauseTurn0001' }),
    ]);
    expect(message.content.map((c) => c.type)).toEqual(['opaque', 'opaque', 'text']);
    expect(message.stopReason).toBe('stop');
    expect(message.usage).toMatchObject({ input: 2100 + 11, output: 85 + 6 });
    expect(events.filter((e) => e.type === 'start')).toHaveLength(1);
    expect(events.find((e) => e.type === 'text_start')).toMatchObject({ contentIndex: 2 });
  });

  it('stops continuing a paused turn at the limit and says so', async () => {
    const { provider } = testProvider([sseReply(sseFixture('pause_turn_constructed'))], {
      maxContinuations: 0,
    });
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(message).toMatchObject({ stopReason: 'stop', stopDetails: PAUSE_LIMIT_DETAILS });
  });

  it('ends at once with an auth error when no key is set', async () => {
    const { provider, requests } = testProvider([]);
    const message = finalMessage(
      await collect(provider.streamFn(CONTEXT, streamOptions({ apiKey: undefined }))),
    );
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'auth' });
    expect(requests).toHaveLength(0);
  });

  it('aborts a body that stops arriving for longer than the idle limit, keeping the partial answer', async () => {
    const head = sseFixture('text_basic_ts_sdk').split('event: content_block_stop')[0] as string;
    let stalled: () => void = () => {};
    const stall = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    const timers: (() => void)[] = [];
    const provider = createAnthropicProvider({
      getSettings: () => ({ baseUrl: '' }),
      idleTimeoutMs: 30_000,
      setTimer: (callback) => {
        timers.push(callback);
        return () => {};
      },
      fetch: async (_input, init) => {
        const bytes = new TextEncoder().encode(head);
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(bytes);
              return;
            }
            stalled();
            return new Promise<void>((resolve) => {
              init?.signal?.addEventListener('abort', () => resolve());
            });
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const done = collect(provider.streamFn(CONTEXT, streamOptions()));
    await stall;
    timers.at(-1)?.();
    const message = finalMessage(await done);
    expect(message).toMatchObject({
      stopReason: 'aborted',
      errorKind: 'timeout',
      content: [{ type: 'text', text: 'Hello there!' }],
    });
    expect(message.errorMessage).toMatch(/No data arrived from the API for 30 s/);
  });

  it('gives up on response headers that never arrive once the idle limit passes', async () => {
    let fire: () => void = () => {};
    let requested: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      requested = resolve;
    });
    const provider = createAnthropicProvider({
      getSettings: () => ({ baseUrl: '' }),
      maxRetries: 0,
      setTimer: (callback) => {
        fire = callback;
        return () => {};
      },
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          requested();
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const done = collect(provider.streamFn(CONTEXT, streamOptions()));
    await sent;
    fire();
    expect(finalMessage(await done)).toMatchObject({
      stopReason: 'aborted',
      errorKind: 'timeout',
      content: [],
    });
  });

  it('ends as aborted, keeping content, when the person stops the answer', async () => {
    const controller = new AbortController();
    const { provider } = testProvider([sseReply(sseFixture('text_long_multi_delta_ts_sdk'))]);
    const events: AssistantMessageEvent[] = [];
    for await (const event of provider.streamFn(CONTEXT, streamOptions({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    const message = finalMessage(events);
    expect(message).toMatchObject({ stopReason: 'aborted', errorKind: 'aborted' });
    expect(message.content[0]).toMatchObject({ type: 'text', text: ' there! Happy to expl' });
  });

  it('aborts the request when the consumer stops reading', async () => {
    const { provider, requests } = testProvider([sseReply(sseFixture('text_long_multi_delta_ts_sdk'))]);
    for await (const event of provider.streamFn(CONTEXT, streamOptions())) {
      if (event.type === 'text_delta') break;
    }
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('reports a stream that ends before the message is complete as an error', async () => {
    const cut = sseFixture('text_basic_ts_sdk').split('event: message_delta')[0] as string;
    const { provider } = testProvider(
      [
        (init) =>
          new Response(chunkedBody(cut, 7, init?.signal), {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          }),
      ],
      { maxRetries: 0 },
    );
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(message).toMatchObject({
      stopReason: 'error',
      errorKind: 'network',
      content: [{ text: 'Hello there!' }],
    });
    expect(message.errorMessage).toMatch(/closed before the answer was complete/);
  });

  it('says the connection closed when the body fails after the answer began', async () => {
    const head = sseFixture('text_basic_ts_sdk').split('event: content_block_stop')[0] as string;
    const { provider } = testProvider([
      () => {
        let sent = false;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent) {
              controller.error(new TypeError('network error'));
              return;
            }
            sent = true;
            controller.enqueue(new TextEncoder().encode(head));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    ]);
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(message).toMatchObject({
      stopReason: 'error',
      errorKind: 'network',
      content: [{ text: 'Hello there!' }],
    });
    expect(message.errorMessage).toMatch(/connection closed before the answer was complete/);
  });

  it('lists models from /v1/models, leaves out retired ones and prices known ones', async () => {
    const page = {
      data: [
        {
          id: 'claude-opus-5-5',
          display_name: 'Claude Opus 5.5',
          lifecycle: 'active',
          max_input_tokens: 1_000_000,
        },
        { id: 'claude-new-6', display_name: 'Claude New 6', lifecycle: 'active' },
        { id: 'claude-old-1', display_name: 'Claude Old 1', lifecycle: 'retired' },
      ],
      has_more: false,
      first_id: 'claude-opus-5-5',
      last_id: 'claude-old-1',
    };
    const scripted = scriptedFetch([jsonReply(200, page)]);
    const provider = createAnthropicProvider({ getSettings: () => ({ baseUrl: '' }), fetch: scripted.fetch });
    const models = await provider.listModels('sk-ant-test');
    expect(models.map((m) => m.id)).toEqual(['claude-opus-5-5', 'claude-new-6']);
    expect(models[0]?.price?.input).toBe(4);
    expect(models[1]?.price).toBeUndefined();
    expect(scripted.requests[0]?.url).toMatch(/^https:\/\/api\.anthropic\.com\/v1\/models\?limit=100/);
  });

  it('throws an LlmError with its kind when listing models fails', async () => {
    const scripted = scriptedFetch([
      jsonReply(401, { type: 'error', error: { type: 'authentication_error', message: 'bad' } }),
    ]);
    const provider = createAnthropicProvider({ getSettings: () => ({ baseUrl: '' }), fetch: scripted.fetch });
    await expect(provider.listModels('sk-ant-bad')).rejects.toMatchObject({ name: 'LlmError', kind: 'auth' });
  });
});
