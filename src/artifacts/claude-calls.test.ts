import { describe, expect, it } from 'vitest';
import type { AssistantMessage, StreamFn } from '../agent';
import { AppError, type CallContext } from './artifact-apps';
import {
  ClaudeCalls,
  type ClaudeCallsDeps,
  MAX_PROMPT_BYTES,
  priceOf,
  SPENDING_KEY,
  settledCost,
} from './claude-calls';

const owner = { sessionId: 's1', file: 'app.html' };

/** A settings store in memory, whose reads and writes each take a turn (as IndexedDB's do). */
function memoryStore() {
  const records = new Map<string, unknown>();
  return {
    records,
    get: async (key: string) => {
      await Promise.resolve();
      return structuredClone(records.get(key));
    },
    set: async (key: string, value: unknown) => {
      await Promise.resolve();
      records.set(key, structuredClone(value));
    },
  };
}

/** A stream function whose answers wait for `release`, each costing `cost`; `sent` counts the requests. */
function heldStream(cost: number) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counter = { sent: 0 };
  const streamFn: StreamFn = (_context, options) => ({
    async *[Symbol.asyncIterator]() {
      counter.sent++;
      await released;
      const message: AssistantMessage = {
        role: 'assistant',
        content: [{ type: 'text', text: 'ok' }],
        provider: 'anthropic',
        model: options.model,
        usage: {
          input: 10,
          output: 10,
          cacheRead: 0,
          cacheWrite: 0,
          cost: { total: cost },
        } as AssistantMessage['usage'],
        stopReason: 'stop',
        timestamp: 0,
      };
      yield { type: 'done', message };
    },
  });
  return { streamFn, counter, release };
}

function calls(deps: Partial<ClaudeCallsDeps> & Pick<ClaudeCallsDeps, 'streamFn' | 'spending'>) {
  return new ClaudeCalls({
    apiKey: () => 'sk-test',
    model: () => 'claude-test',
    cap: () => 0.05,
    // $1 a million input tokens, $10 a million output tokens.
    prices: [{ id: 'claude-test', price: { input: 1, output: 10 } }],
    ...deps,
  });
}

const context = (): CallContext => ({
  log: () => {},
  ask: async () => 'once',
  signal: new AbortController().signal,
  version: async () => 'v1',
  background: false,
});
const ask = (maxTokens: number, text = 'hi') => ({
  api: 'claude.messages' as const,
  body: JSON.stringify({ max_tokens: maxTokens, messages: [{ role: 'user', content: text }] }),
});

describe('ClaudeCalls budget', () => {
  it('lets concurrent calls through only as far as their worst cases fit under the cap', async () => {
    const store = memoryStore();
    const stream = heldStream(0.001);
    const bridge = calls({ streamFn: stream.streamFn, spending: store });
    // Each call may cost up to (2 + 16 + 64) input tokens at $1 and 1,000 output tokens at $10: $0.010082.
    const all = Promise.allSettled(Array.from({ length: 8 }, () => bridge.call(owner, ask(1000), context())));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.counter.sent).toBe(4);
    stream.release();
    const results = await all;
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(refused).toHaveLength(4);
    for (const why of refused) {
      expect(why).toMatch(
        /^app\.html has spent \$0\.04\d* of its \$0\.05 cap on Claude calls \(counting calls still running\), and this call could cost up to \$0\.01/,
      );
      expect(why).toContain('nothing was sent');
    }
    // Settled with the real cost: four calls at $0.001.
    expect(store.records.get(SPENDING_KEY)).toEqual({ 's1\napp.html': expect.closeTo(0.004, 10) });
    expect(bridge.summary(owner)?.cost).toBeCloseTo(0.004, 10);
  });

  it('keeps spending across a reload: a new instance reads it and refuses once the cap is spent', async () => {
    const store = memoryStore();
    const first = heldStream(0.049);
    first.release();
    await calls({ streamFn: first.streamFn, spending: store }).call(owner, ask(100), context());
    const after = heldStream(0.001);
    after.release();
    const reloaded = calls({ streamFn: after.streamFn, spending: store });
    await expect(reloaded.call(owner, ask(100), context())).rejects.toThrow(
      /could cost up to \$0\.0011 .*nothing was sent/,
    );
    expect(after.counter.sent).toBe(0);
  });

  it('keeps the worst case of a call cut short by a reload', async () => {
    const store = memoryStore();
    const held = heldStream(0.001);
    const bridge = calls({ streamFn: held.streamFn, spending: store });
    void bridge.call(owner, ask(1000), context());
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The page goes before the answer: what is stored is the reservation.
    expect(store.records.get(SPENDING_KEY)).toEqual({ 's1\napp.html': expect.closeTo(0.0101025, 10) });
  });

  it('refuses a prompt over the size limit, naming the limit, and sends nothing', async () => {
    const store = memoryStore();
    const stream = heldStream(0);
    const bridge = calls({ streamFn: stream.streamFn, spending: store });
    const big = 'x'.repeat(MAX_PROMPT_BYTES + 1);
    const refusal = bridge.call(owner, { api: 'claude.complete', body: big }, context());
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toThrow(
      "The request's text is 100,001 bytes; an artifact's Claude call can send at most 100,000 bytes (MAX_PROMPT_BYTES). Nothing was sent.",
    );
    expect(stream.counter.sent).toBe(0);
  });
});

describe('priceOf', () => {
  it("reads a model's price, with or without its date, and counts an unknown model at the highest", () => {
    const models = [
      { id: 'cheap', price: { input: 1, output: 5 } },
      { id: 'dear', price: { input: 15, output: 75 } },
      { id: 'unpriced' },
    ];
    expect(priceOf(models, 'cheap-20250101')).toEqual({ input: 1, output: 5 });
    expect(priceOf(models, 'unpriced')).toEqual({ input: 15, output: 75 });
    expect(priceOf(models, 'claude-new')).toEqual({ input: 15, output: 75 });
  });

  it('settles at the tokens priced when the provider reports less (a model with no price reports none)', () => {
    const price = { input: 1, output: 10 };
    const answer = (stopReason: AssistantMessage['stopReason'], cost?: number): AssistantMessage => ({
      role: 'assistant',
      content: [],
      provider: 'anthropic',
      model: 'local-model',
      usage: {
        input: 1000,
        output: 100,
        cacheRead: 10_000,
        cacheWrite: 2000,
        ...(cost !== undefined ? { cost: { total: cost } } : {}),
      } as AssistantMessage['usage'],
      stopReason,
      timestamp: 0,
    });
    // 1,000 in + 2,000 written at 1.25 + 10,000 read at 0.1 = 4,500 input-priced tokens, and 100 out at $10.
    expect(settledCost(answer('stop'), price, 0.5)).toBeCloseTo(0.0055, 10);
    expect(settledCost(answer('stop', 0.02), price, 0.5)).toBe(0.02);
    // Failed or cut short: the usage is partial, so the whole reservation stays.
    expect(settledCost(answer('aborted', 0), price, 0.5)).toBe(0.5);
    expect(settledCost(answer('error'), price, 0.5)).toBe(0.5);
  });
});
