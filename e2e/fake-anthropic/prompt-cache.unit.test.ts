/** The fake server's prompt cache, held to the documented rules (see prompt-cache.mjs). */
import { describe, expect, it } from 'vitest';
import { createPromptCache, minimumCacheTokens, withCacheUsage } from './prompt-cache.mjs';
import { sse } from './responses.mjs';

const CACHE = { type: 'ephemeral' };
const LONG = 'Raised beds are 1.2 m wide. '.repeat(400); // about 2,800 tokens at four characters each

function request(messages: unknown[], knowledge = LONG) {
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: [{ type: 'text', text: 'You are Easel.', cache_control: CACHE }],
    messages: [
      {
        role: 'user',
        content: [{ type: 'text', text: knowledge, cache_control: CACHE }, ...messages.slice(0, 1)],
      },
      ...messages.slice(1),
    ],
  };
}
const text = (t: string, cache = false) => ({
  type: 'text',
  text: t,
  ...(cache ? { cache_control: CACHE } : {}),
});

describe('the fake prompt cache', () => {
  it('writes the prefix on the first request and reads it on the next', () => {
    const cache = createPromptCache();
    const first = cache.usage(request([text('Plan my beds', true)]), 0);
    expect(first?.read).toBe(0);
    expect(first?.written).toBeGreaterThan(1024);
    const second = cache.usage(
      request([
        text('Plan my beds'),
        { role: 'assistant', content: 'Sure.' },
        { role: 'user', content: [text('And soil?', true)] },
      ]),
      1000,
    );
    // The knowledge breakpoint's prefix is read; what follows it up to the last breakpoint is written.
    expect(second?.read).toBeGreaterThan(1024);
    expect(second?.read).toBeLessThan(first?.written ?? 0);
    expect(second?.written).toBeGreaterThan(0);
  });

  it('caches nothing below the model minimum, and reports no breakpoints as no cache use', () => {
    const cache = createPromptCache();
    expect(cache.usage(request([text('Hi', true)], 'short'), 0)).toEqual({
      read: 0,
      written: 0,
      uncached: expect.any(Number),
    });
    expect(
      cache.usage({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] }, 0),
    ).toBeUndefined();
    expect(minimumCacheTokens('claude-haiku-4-5-20251001')).toBe(4096);
    expect(minimumCacheTokens('claude-opus-5-5')).toBe(512);
    expect(minimumCacheTokens('claude-sonnet-4-5')).toBe(1024);
  });

  it('misses when the prefix changes, and after five minutes without use', () => {
    const cache = createPromptCache();
    cache.usage(request([text('Q', true)]), 0);
    expect(cache.usage(request([text('Q', true)], `${LONG}!`), 1000)?.read).toBe(0);
    expect(cache.usage(request([text('Q', true)]), 2000)?.read).toBeGreaterThan(0);
    expect(cache.usage(request([text('Q', true)]), 2000 + 5 * 60_000 + 1)?.read).toBe(0);
  });

  it('puts the numbers in a scripted stream, unless the script states its own', () => {
    const body = sse.text('Hello').body;
    const rewritten = withCacheUsage(body, { read: 3000, written: 40, uncached: 12 });
    const usages = rewritten
      .split('\n\n')
      .map((e) => e.split('data: ')[1])
      .filter((d): d is string => Boolean(d))
      .map((d) => JSON.parse(d))
      .filter((d) => d.type === 'message_start' || d.type === 'message_delta')
      .map((d) => (d.type === 'message_start' ? d.message.usage : d.usage));
    expect(usages.map((u) => [u.cache_read_input_tokens, u.cache_creation_input_tokens])).toEqual([
      [3000, 40],
      [3000, 40],
    ]);
    expect(withCacheUsage(rewritten, { read: 1, written: 1, uncached: 1 })).toBe(rewritten);
  });
});
