/** Streams every recorded transcript through the real SDK in 7-byte chunks and checks the final message. */
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, AssistantMessageEvent } from '../agent';
import { CONTEXT_OVERFLOW_DETAILS } from './stop-reason';
import {
  CONTEXT,
  collect,
  finalMessage,
  type Reply,
  sseFixture,
  sseNames,
  sseReply,
  streamOptions,
  testProvider,
} from './test-support';

async function run(name: string, model = 'claude-opus-5-5', replies: Reply[] = []) {
  const { provider, requests } = testProvider([sseReply(sseFixture(name)), ...replies], { maxRetries: 0 });
  const events = await collect(provider.streamFn(CONTEXT, streamOptions({ model })));
  return { events, message: finalMessage(events), requests };
}

const texts = (m: AssistantMessage) => m.content.flatMap((c) => (c.type === 'text' ? [c.text] : []));

describe('Anthropic stream fixtures through the real SDK in 7-byte chunks', () => {
  it.each(sseNames())('%s ends with exactly one done or error and balanced block events', async (name) => {
    const { events } = await run(name);
    expect(events[0]?.type).toBe('start');
    const opened = events.filter((e) => e.type.endsWith('_start') && e.type !== 'start').length;
    const closed = events.filter((e) => e.type.endsWith('_end')).length;
    expect(closed).toBe(opened);
    for (const event of events) {
      const message = 'partial' in event ? event.partial : event.message;
      expect(message.provider).toBe('anthropic');
      expect(message.model).toBe('claude-opus-5-5');
    }
  });

  it('streams plain text and takes usage as cumulative totals', async () => {
    const { events, message } = await run('text_basic_ts_sdk');
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta)).toEqual([
      'Hello',
      ' there',
      '!',
    ]);
    expect(message).toMatchObject({ stopReason: 'stop', content: [{ type: 'text', text: 'Hello there!' }] });
    expect(message.usage).toMatchObject({ input: 11, output: 6, cacheRead: 0, cacheWrite: 0 });
    expect(message.requestId).toBe('req_stream_1');
    expect((await run('text_basic_docs')).message.usage).toMatchObject({ input: 25, output: 15 });
  });

  it('keeps multi-byte characters split across chunks intact', async () => {
    const { message } = await run('text_after_tool_result_recorded_py_sdk');
    expect(texts(message).join('')).toContain('68°F');
    expect((await run('text_structured_output_recorded_py_sdk')).message.content).toEqual([
      { type: 'text', text: '[12345,67890]' },
    ]);
    const long = (await run('text_long_multi_delta_ts_sdk')).message;
    expect(texts(long)[0]).toMatch(/^ there! Happy to explain\.[\s\S]*sparking your interest!$/);
    expect(long.usage.output).toBe(547);
  });

  it('overwrites usage with the message_delta totals, including cache reads and writes, and prices it', async () => {
    const { message } = await run('cache_usage_ruby_sdk', 'claude-opus-4-6');
    expect(message.usage).toMatchObject({ input: 25, output: 40, cacheRead: 5, cacheWrite: 9 });
    // The transcript's usage also counts 2 web searches ($0.01 each) and 1 fetch (tokens only).
    expect(message.usage.serverTools).toEqual({ webSearches: 2, webFetches: 1 });
    expect(message.usage.cost?.webSearch).toBeCloseTo(0.02, 12);
    expect(message.usage.cost?.total).toBeCloseTo((25 * 5 + 40 * 25 + 5 * 0.5 + 9 * 6.25) / 1e6 + 0.02, 12);
  });

  it('leaves cost unknown for a model without a price', async () => {
    const { message } = await run('text_basic_ts_sdk', 'claude-unknown-9');
    expect(message.usage.cost).toBeUndefined();
    expect(message.stopReason).toBe('stop');
  });

  it('keeps thinking with its signature, and tolerates a stream without usage', async () => {
    const docs = (await run('thinking_signature_text_docs')).message;
    expect(docs.content[0]).toMatchObject({
      type: 'thinking',
      signature: expect.stringMatching(/^EqQBCgIYAh/),
    });
    expect((docs.content[0] as { thinking: string }).thinking).toMatch(/^Let me solve this[\s\S]*= 12,231$/);
    expect(docs.content[1]).toEqual({ type: 'text', text: '27 * 453 = 12,231' });
    expect(docs.usage).toMatchObject({ input: 0, output: 0 });
    const sdk = (await run('thinking_signature_text_refusal_ts_sdk')).message;
    expect(sdk.content[0]).toMatchObject({
      type: 'thinking',
      signature: 'c3ludGhldGljLXNpZ25hdHVyZS1maXh0dXJlLWEtbm90LWEtcmVhbC1zaWduYXR1cmU=',
    });
    expect(sdk).toMatchObject({
      stopReason: 'refusal',
      stopDetails: 'Claude declined to answer this request.',
    });
  });

  it('keeps redacted thinking opaque', async () => {
    const { events, message } = await run('redacted_thinking_constructed');
    expect(message.content.map((c) => c.type)).toEqual(['thinking', 'redactedThinking', 'text']);
    expect(message.content[1]).toEqual({
      type: 'redactedThinking',
      data: expect.stringMatching(/^EmwKAhgBEgy3va3pzix/),
    });
    expect(events.filter((e) => e.type === 'thinking_end')).toHaveLength(2);
  });

  it('streams a single tool call with its arguments', async () => {
    const recorded = (await run('tool_use_recorded_py_sdk')).message;
    expect(recorded).toMatchObject({
      stopReason: 'toolUse',
      content: [
        {
          type: 'toolCall',
          id: 'toolu_018acGYLtfR52q9yDbWaEdQZ',
          name: 'get_weather',
          arguments: { location: 'San Francisco, CA', units: 'f' },
        },
      ],
    });
    const docs = (await run('tool_use_text_then_tool_docs')).message;
    expect(texts(docs)).toEqual(["Okay, let's check the weather for San Francisco, CA:"]);
    expect(docs.content[1]).toMatchObject({
      arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' },
    });
    const ts = (await run('tool_use_text_then_tool_ts_sdk')).message;
    expect(ts.content[1]).toMatchObject({ name: 'get_weather', arguments: { location: 'Paris' } });
  });

  it('streams parallel tool calls, each with its own arguments and end event', async () => {
    const { events, message } = await run('parallel_tool_use_constructed');
    const ends = events.filter((e): e is Extract<AssistantMessageEvent, { type: 'toolcall_end' }> => {
      return e.type === 'toolcall_end';
    });
    expect(ends.map((e) => [e.contentIndex, e.toolCall.arguments])).toEqual([
      [1, { count: 1 }],
      [2, { count: 2 }],
    ]);
    expect(message.stopReason).toBe('toolUse');
  });

  it('keeps citations on the text block that carries them', async () => {
    const { message } = await run('multi_text_blocks_citations_constructed');
    expect(message.content).toEqual([
      { type: 'text', text: 'According to the document, ' },
      {
        type: 'text',
        text: 'the grass is green',
        citations: [expect.objectContaining({ type: 'char_location', cited_text: 'The grass is green.' })],
      },
      { type: 'text', text: ' and the sky is blue.' },
    ]);
  });

  it('maps each stop reason', async () => {
    expect((await run('stop_sequence_constructed')).message).toMatchObject({
      stopReason: 'stop',
      content: [{ text: '1. Apples\n2. Pears\n' }],
    });
    expect((await run('model_context_window_exceeded_constructed')).message).toMatchObject({
      stopReason: 'contextOverflow',
      stopDetails: CONTEXT_OVERFLOW_DETAILS,
    });
    expect((await run('refusal_stop_details_py_sdk')).message).toMatchObject({
      stopReason: 'refusal',
      stopDetails: 'This request was refused due to policy. (category: cyber)',
    });
    expect((await run('server_tool_web_search_refusal_ts_sdk')).message.stopReason).toBe('refusal');
  });

  it('ends a response cut by max_tokens as length, with the best partial tool arguments', async () => {
    const { events, message } = await run('max_tokens_mid_tool_use_ts_sdk');
    expect(message.stopReason).toBe('length');
    expect(message.content[1]).toMatchObject({
      type: 'toolCall',
      name: 'make_file',
      arguments: {
        filename: 'taxes.txt',
        lines_of_text: [
          '# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s',
          '',
          '## INTRODUCTION',
          '',
          'Filing taxes',
        ],
      },
    });
    expect(events.some((e) => e.type === 'toolcall_end')).toBe(true);
  });

  it('keeps server tool blocks opaque, with the streamed input', async () => {
    const { message } = await run('server_tool_web_search_refusal_ts_sdk');
    expect(message.content.map((c) => c.type)).toEqual(['opaque', 'opaque', 'text']);
    expect(message.content[0]).toMatchObject({
      provider: 'anthropic',
      value: {
        type: 'server_tool_use',
        name: 'web_search',
        input: { query: 'solar eclipse viewing safety news 2026' },
      },
    });
    expect(message.content[1]).toMatchObject({ value: { type: 'web_search_tool_result' } });
  });

  it('keeps a web search, its results and the citations of the answer, and prices the search', async () => {
    const { message } = await run('web_search_citations_constructed', 'claude-opus-4-6');
    expect(
      message.content.map((c) => (c.type === 'opaque' ? (c.value as { type: string }).type : c.type)),
    ).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text', 'text']);
    expect(message.content[1]).toMatchObject({ value: { input: { query: 'claude shannon birth date' } } });
    expect(message.content[2]).toMatchObject({
      value: { content: [{ encrypted_content: expect.stringMatching(/^EqgfCioI/) }, { page_age: null }] },
    });
    expect(message.content[3]).toMatchObject({
      type: 'text',
      citations: [
        { type: 'web_search_result_location', url: 'https://en.wikipedia.org/wiki/Claude_Shannon' },
        { type: 'web_search_result_location', encrypted_index: 'EpABCioIAhgBIiQ0ZDk2MjcxMi1jNm..' },
      ],
    });
    expect(message.usage.serverTools).toEqual({ webSearches: 1, webFetches: 0 });
    expect(message.usage.cost?.webSearch).toBeCloseTo(0.01, 12);
    expect(message.stopReason).toBe('stop');
  });

  it('keeps the error variants of web search and web fetch results', async () => {
    const search = (await run('web_search_error_constructed')).message;
    expect(search.content[1]).toMatchObject({
      value: { content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
    });
    expect(search.usage.serverTools).toBeUndefined();
    const fetch = (await run('web_fetch_constructed')).message;
    expect(fetch.content[2]).toMatchObject({
      value: {
        type: 'web_fetch_tool_result',
        content: { type: 'web_fetch_result', url: 'https://example.com/article' },
      },
    });
    expect(fetch.content[4]).toMatchObject({
      value: { content: { type: 'web_fetch_tool_result_error', error_code: 'url_not_accessible' } },
    });
    expect(fetch.usage.serverTools).toEqual({ webSearches: 0, webFetches: 2 });
  });

  it('keeps MCP tool calls with their streamed input and their results, errors included', async () => {
    const { message } = await run('mcp_tool_use_constructed');
    expect(message.content[1]).toMatchObject({
      value: { type: 'mcp_tool_use', name: 'echo', server_name: 'example-mcp', input: { text: 'hello' } },
    });
    expect(message.content[2]).toMatchObject({ value: { type: 'mcp_tool_result', is_error: false } });
    expect(message.content[3]).toMatchObject({ value: { type: 'mcp_tool_use', input: { id: 42 } } });
    expect(message.content[4]).toMatchObject({ value: { type: 'mcp_tool_result', is_error: true } });
    expect(message.stopReason).toBe('stop');
  });

  it('keeps a compaction block and survives a missing final blank line', async () => {
    const { message } = await run('compaction_block_py_sdk');
    expect(message).toMatchObject({
      stopReason: 'stop',
      content: [
        { type: 'opaque', value: { type: 'compaction', content: 'Earlier conversation summarized.' } },
        { type: 'text', text: 'Hello there!' },
      ],
    });
  });

  it('keeps the partial answer when an error event arrives mid-stream', async () => {
    const { message, requests } = await run('error_midstream_overloaded_constructed');
    expect(message).toMatchObject({
      stopReason: 'error',
      errorKind: 'overloaded',
      content: [{ type: 'text', text: 'Here is the first part of the answer before the stream' }],
    });
    expect(message.errorMessage).toMatch(/overloaded/);
    expect(requests).toHaveLength(1);
  });

  it('ends with an error for an error event alone', async () => {
    const { message } = await run('error_event_docs');
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'overloaded', content: [] });
  });

  it('ends with a clean error and keeps content when the stream has invalid JSON', async () => {
    const { message } = await run('server_tool_web_search_docs');
    expect(message.stopReason).toBe('error');
    expect(message.errorKind).toBe('unknown');
    expect(message.errorMessage).toMatch(/could not be read/);
    expect(texts(message)).toEqual(["I'll check the current weather in New York City for you."]);
    expect(message.content[1]).toMatchObject({
      value: { type: 'server_tool_use', input: { query: 'weather NYC today' } },
    });
  });
});
