/** Tests for retries before content, with scripted failures and an injected sleep. */
import { describe, expect, it } from 'vitest';
import type { AssistantMessageEvent } from '../agent';
import {
  CONTEXT,
  collect,
  errorFixture,
  errorReply,
  finalMessage,
  jsonReply,
  type Reply,
  sseFixture,
  sseReply,
  streamOptions,
  testProvider,
} from './test-support';
import { retryDelay } from './transport';

const OVERLOADED = jsonReply(529, errorFixture('529_overloaded_error.json'));
const OK = sseReply(sseFixture('text_basic_ts_sdk'));
const retries = (events: readonly AssistantMessageEvent[]) =>
  events.filter((e): e is Extract<AssistantMessageEvent, { type: 'retry' }> => e.type === 'retry');

describe('retries', () => {
  it('honours retry-after on a 429, announces the retry and then succeeds', async () => {
    const rateLimited = errorReply('429_rate_limit_error.headers.constructed.txt');
    const { provider, requests, sleeps } = testProvider([rateLimited, OK]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(sleeps).toEqual([13_000]);
    expect(retries(events)).toEqual([
      expect.objectContaining({
        type: 'retry',
        attempt: 1,
        delayMs: 13_000,
        reason: expect.stringMatching(/rate limit/),
      }),
    ]);
    expect(requests).toHaveLength(2);
    expect(finalMessage(events)).toMatchObject({ stopReason: 'stop', content: [{ text: 'Hello there!' }] });
  });

  it('retries a 529 twice with growing backoff, then succeeds', async () => {
    const { provider, requests, sleeps } = testProvider([OVERLOADED, OVERLOADED, OK]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(retries(events).map((e) => e.attempt)).toEqual([1, 2]);
    expect(requests).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(2000);
    expect(finalMessage(events).stopReason).toBe('stop');
  });

  it('gives up after maxRetries and reports the last error', async () => {
    const { provider, requests } = testProvider([OVERLOADED], { maxRetries: 2 });
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests).toHaveLength(3);
    expect(finalMessage(events)).toMatchObject({ stopReason: 'error', errorKind: 'overloaded' });
  });

  it('does not retry once content has streamed: the partial answer stays', async () => {
    const { provider, requests } = testProvider([
      sseReply(sseFixture('error_midstream_overloaded_constructed')),
      OK,
    ]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests).toHaveLength(1);
    expect(retries(events)).toHaveLength(0);
    expect(finalMessage(events)).toMatchObject({
      stopReason: 'error',
      errorKind: 'overloaded',
      content: [{ text: 'Here is the first part of the answer before the stream' }],
    });
  });

  it('retries an in-stream error that arrives before any content', async () => {
    const { provider, requests } = testProvider([sseReply(sseFixture('error_event_docs')), OK]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests).toHaveLength(2);
    expect(finalMessage(events).stopReason).toBe('stop');
  });

  it('does not retry a spend-limit 429', async () => {
    const spend = jsonReply(429, errorFixture('429_rate_limit_error.enforced_spend_limit.constructed.json'), {
      'x-should-retry': 'true',
    });
    const { provider, requests } = testProvider([spend, OK]);
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests).toHaveLength(1);
    expect(finalMessage(events)).toMatchObject({ stopReason: 'error', errorKind: 'spend_limit' });
  });

  it('leaves a retry-after longer than the cap to the person', async () => {
    const long = jsonReply(
      429,
      { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
      {
        'retry-after': '600',
      },
    );
    const { provider, requests } = testProvider([long, OK], { maxRetryDelayMs: 60_000 });
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(requests).toHaveLength(1);
    expect(message).toMatchObject({ errorKind: 'rate_limit', retryAfter: 600 });
    expect(message.errorMessage).toMatch(/asked to wait 600 s/);
  });

  it('retries connection failures and then explains them', async () => {
    const refused: Reply = () => Promise.reject(new TypeError('Failed to fetch'));
    const { provider, requests } = testProvider([refused], {
      maxRetries: 1,
      getSettings: () => ({ baseUrl: 'https://proxy.example.test' }),
    });
    const events = await collect(provider.streamFn(CONTEXT, streamOptions()));
    expect(requests).toHaveLength(2);
    expect(retries(events)).toHaveLength(1);
    const message = finalMessage(events);
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'network' });
    expect(message.errorMessage).toMatch(/^Couldn't reach proxy\.example\.test — .*CORS/);
  });

  it('does not retry a 401', async () => {
    const { provider, requests } = testProvider([
      jsonReply(401, errorFixture('401_authentication_error.invalid_x_api_key.json')),
      OK,
    ]);
    const message = finalMessage(await collect(provider.streamFn(CONTEXT, streamOptions())));
    expect(requests).toHaveLength(1);
    expect(message.errorKind).toBe('auth');
  });

  it('ends as aborted when the person stops during the wait', async () => {
    const controller = new AbortController();
    const { provider } = testProvider([OVERLOADED, OK], {
      sleep: async () => {
        controller.abort();
      },
    });
    const message = finalMessage(
      await collect(provider.streamFn(CONTEXT, streamOptions({ signal: controller.signal }))),
    );
    expect(message).toMatchObject({ stopReason: 'aborted', errorKind: 'aborted' });
  });

  it('computes delays: exact retry-after, capped doubling otherwise, none for non-retryable errors', () => {
    const base = { kind: 'overloaded', message: '', retryable: true } as const;
    expect(retryDelay({ ...base, retryAfter: 5 }, 0, 60_000)).toBe(5000);
    expect(retryDelay({ ...base, retryAfter: 61 }, 0, 60_000)).toBeUndefined();
    expect(retryDelay(base, 0, 60_000, () => 0)).toBe(1000);
    expect(retryDelay(base, 3, 60_000, () => 1)).toBe(10_000);
    expect(retryDelay(base, 10, 30_000, () => 0)).toBe(30_000);
    expect(retryDelay({ ...base, retryable: false }, 0, 60_000)).toBeUndefined();
  });
});
