/** The app's provider, whose code loads at first use: the same answers, and a compaction asked before it loaded. */
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../agent';
import { createAnthropicProvider } from './lazy-provider';
import { collect, finalMessage, scriptedFetch, sseFixture, sseReply, streamOptions } from './test-support';

const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });

describe('the provider loaded at first use', () => {
  it('streams an answer once its code has loaded', async () => {
    const scripted = scriptedFetch([sseReply(sseFixture('text_basic_ts_sdk'))]);
    const provider = createAnthropicProvider({ getSettings: () => ({ baseUrl: '' }), fetch: scripted.fetch });
    const events = await collect(provider.streamFn({ messages: [ask('Hi')] }, streamOptions()));
    expect(events[0]?.type).toBe('start');
    expect(finalMessage(events).stopReason).toBe('stop');
    expect(scripted.requests).toHaveLength(1);
  });

  it('keeps a compaction asked for before it loaded, for the next request only', async () => {
    const scripted = scriptedFetch([1, 2].map(() => sseReply(sseFixture('text_basic_ts_sdk'))));
    const provider = createAnthropicProvider({
      getSettings: () => ({ baseUrl: '' }),
      fetch: scripted.fetch,
      maxRetries: 0,
    });
    expect(provider.compactNext('claude-haiku-4-5')).toBe(false);
    expect(provider.compactNext('claude-sonnet-4-6')).toBe(true);
    const send = () =>
      collect(provider.streamFn({ messages: [ask('Hi')] }, streamOptions({ model: 'claude-sonnet-4-6' })));
    await send();
    await send();
    expect(scripted.requests[0]?.body.context_management).toBeDefined();
    expect(scripted.requests[1]?.body.context_management).toBeUndefined();
  });
});

describe('when its code cannot load', () => {
  it('ends the request with an error that says so, and the next request loads it again', async () => {
    vi.resetModules();
    vi.doMock('./provider', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { createAnthropicProvider: create } = await import('./lazy-provider');
    const provider = create({ getSettings: () => ({ baseUrl: '' }), fetch: scriptedFetch([]).fetch });
    const events = await collect(provider.streamFn({ messages: [ask('Hi')] }, streamOptions()));
    expect(events.map((e) => e.type)).toEqual(['start', 'error']);
    const ended = finalMessage(events);
    expect(ended.errorKind).toBe('network');
    expect(ended.errorMessage).toMatch(
      /^Easel could not load what sends a message \(.+\)\. Check the connection and send again\.$/,
    );
    const download = await provider.downloadFile('sk-ant-test', 'file_1');
    expect(download).toMatchObject({ ok: false, problem: expect.stringMatching(/could not load/) });
    vi.doUnmock('./provider');
    vi.resetModules();
  });
});
