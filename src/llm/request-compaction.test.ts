/** Server-side compaction in the request: the edit, its beta header, and compaction blocks sent back. */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantContent, AssistantMessage, LlmContext, Message } from '../agent';
import { BUILTIN_MODELS } from './catalog';
import { buildRequest, COMPACTION_BETA, type RequestSettings, requestBetas } from './request';
import { SUMMARY_HEADING } from './request-messages';
import { collect, finalMessage, sseFixture, sseReply, streamOptions, testProvider } from './test-support';
import type { ModelInfo } from './types';

const MODEL = 'claude-sonnet-4-6';
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const COMPACTING = BUILTIN_MODELS.find((m) => m.id === MODEL) as ModelInfo;
const PLAIN: ModelInfo = { ...COMPACTING, id: 'claude-plain', supportsCompaction: undefined };

const SUMMARY = '<summary>The person plans a garden with raised beds.</summary>';
const BLOCK = { type: 'compaction', content: SUMMARY, encrypted_content: null };

const assistant = (content: readonly AssistantContent[], model = MODEL): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'anthropic',
  model,
  usage,
  stopReason: 'stop',
  timestamp: 2,
});
const opaque = (value: Record<string, unknown>): AssistantContent => ({
  type: 'opaque',
  provider: 'anthropic',
  value,
});
const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });

/** A long conversation whose fourth message is the answer that carried the compaction. */
const HISTORY: Message[] = [
  ask('First question'),
  assistant([{ type: 'text', text: 'First answer' }]),
  ask('Second question'),
  assistant([opaque(BLOCK), { type: 'text', text: 'Answer after the summary' }]),
  ask('Next question'),
];

function build(messages: readonly Message[], settings: Partial<RequestSettings> = {}) {
  const context: LlmContext = { systemPrompt: 'Be brief.', messages };
  const body = buildRequest(context, {
    model: MODEL,
    thinkingLevel: 'off',
    modelInfo: COMPACTING,
    ...settings,
  });
  const betas = requestBetas(body);
  const headers = betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : {};
  return { body, betas, problem: requestProblem(JSON.parse(JSON.stringify(body)), headers) };
}

describe('server-side compaction in the request', () => {
  it('asks for compaction with its beta header only when it is on and the model supports it', () => {
    const on = build([ask('Hi')], { compaction: { trigger: 180_000 } });
    expect(on.body.context_management).toEqual({
      edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 180_000 } }],
    });
    expect(on.betas).toEqual([COMPACTION_BETA]);
    expect(on.problem).toBeUndefined();

    const off = build([ask('Hi')]);
    expect(off.body.context_management).toBeUndefined();
    expect(off.betas).toEqual([]);

    const unsupported = build([ask('Hi')], {
      modelInfo: PLAIN,
      model: PLAIN.id,
      compaction: { trigger: 90_000 },
    });
    expect(unsupported.body.context_management).toBeUndefined();
    expect(unsupported.betas).toEqual([]);
  });

  it('never asks for a trigger below the API minimum of 50,000 tokens', () => {
    const { body, problem } = build([ask('Hi')], { compaction: { trigger: 1_000 } });
    expect(body.context_management?.edits[0]?.trigger.value).toBe(50_000);
    expect(problem).toBeUndefined();
  });

  it('starts the messages at the latest compaction block, resent as received, with the beta header', () => {
    const { body, betas, problem } = build(HISTORY);
    expect(problem).toBeUndefined();
    expect(betas).toEqual([COMPACTION_BETA]);
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]).toEqual({
      role: 'assistant',
      content: [
        { ...BLOCK, cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Answer after the summary' },
      ],
    });
    expect(body.messages[1]?.role).toBe('user');
    expect(JSON.stringify(body)).not.toContain('First question');
  });

  it('sends the summary as text, without the beta header, to a model that takes no compaction blocks', () => {
    const { body, betas, problem } = build(HISTORY, { modelInfo: PLAIN, model: PLAIN.id });
    expect(problem).toBeUndefined();
    expect(betas).toEqual([]);
    expect(body.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: `${SUMMARY_HEADING}\n\n${SUMMARY}`, cache_control: { type: 'ephemeral' } },
      ],
    });
    expect(body.messages[1]).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(body)).not.toContain('First question');
  });

  it('leaves out a failed compaction (content null): the whole conversation goes', () => {
    const failed = [...HISTORY];
    failed[3] = assistant([opaque({ ...BLOCK, content: null }), { type: 'text', text: 'Answer' }]);
    const { body, betas, problem } = build(failed);
    expect(problem).toBeUndefined();
    expect(betas).toEqual([]);
    expect(body.messages).toHaveLength(5);
  });

  it('keeps only the latest of several compactions', () => {
    const twice = [
      ...HISTORY,
      assistant([opaque({ ...BLOCK, content: 'Second summary' }), { type: 'text', text: 'Later answer' }]),
      ask('Last question'),
    ];
    const { body, problem } = build(twice);
    expect(problem).toBeUndefined();
    expect(body.messages[0]?.content).toContainEqual({
      type: 'compaction',
      content: 'Second summary',
      encrypted_content: null,
      cache_control: { type: 'ephemeral' },
    });
    expect(JSON.stringify(body)).not.toContain(SUMMARY);
  });
});

describe('the fake API holds compaction to the documented rules', () => {
  const base = { model: MODEL, max_tokens: 1024 };
  const beta = { 'anthropic-beta': COMPACTION_BETA };
  const edit = (extra: Record<string, unknown>) => ({
    ...base,
    messages: [{ role: 'user', content: 'Hi' }],
    context_management: { edits: [{ type: 'compact_20260112', ...extra }] },
  });
  const withBlock = (block: Record<string, unknown>, role = 'assistant') => ({
    ...base,
    messages: [
      { role, content: [block] },
      { role: 'user', content: 'Go on' },
    ],
  });

  it('refuses context_management and compaction blocks without the beta header', () => {
    expect(requestProblem(edit({}))).toBe('context_management: Extra inputs are not permitted');
    expect(requestProblem(withBlock(BLOCK))).toMatch(/Input tag 'compaction' found using 'type'/);
    expect(requestProblem(edit({}), beta)).toBeUndefined();
    expect(requestProblem(withBlock(BLOCK), beta)).toBeUndefined();
  });

  it('refuses a trigger below 50,000 tokens, a wrong trigger type and unknown fields', () => {
    const low = edit({ trigger: { type: 'input_tokens', value: 49_999 } });
    expect(requestProblem(low, beta)).toMatch(/greater than or equal to 50000/);
    expect(requestProblem(edit({ trigger: { type: 'tokens', value: 60_000 } }), beta)).toMatch(
      /'input_tokens'/,
    );
    expect(requestProblem(edit({ pause_after_compaction: 'yes' }), beta)).toMatch(/valid boolean/);
    expect(requestProblem(edit({ keep: 3 }), beta)).toMatch(/keep: Extra inputs are not permitted/);
  });

  it('refuses an empty summary, a compaction block in a user message, and two summaries', () => {
    expect(requestProblem(withBlock({ ...BLOCK, content: '' }), beta)).toMatch(/Empty string content/);
    expect(requestProblem(withBlock(BLOCK, 'user'), beta)).toMatch(/compaction_block_misplaced/);
    const two = {
      ...base,
      messages: [
        { role: 'assistant', content: [BLOCK] },
        { role: 'user', content: 'More' },
        { role: 'assistant', content: [BLOCK] },
        { role: 'user', content: 'Go on' },
      ],
    };
    expect(requestProblem(two, beta)).toMatch(/compaction_block_ambiguous/);
    expect(requestProblem(withBlock({ ...BLOCK, content: null }), beta)).toBeUndefined();
  });
});

describe('asking the provider for compaction', () => {
  const replies = () => [1, 2].map(() => sseReply(sseFixture('text_basic_ts_sdk')));
  const send = async (provider: ReturnType<typeof testProvider>['provider'], model = MODEL) =>
    finalMessage(await collect(provider.streamFn({ messages: [ask('Hi')] }, streamOptions({ model }))));

  it('compacts the next request only, at the lowest trigger, when the person asks', async () => {
    const { provider, requests } = testProvider(replies(), { maxRetries: 0 });
    expect(provider.compactNext(MODEL)).toBe(true);
    await send(provider);
    await send(provider);
    expect(requests[0]?.body.context_management).toEqual({
      edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 50_000 } }],
    });
    expect(requests[0]?.headers.get('anthropic-beta')).toBe(COMPACTION_BETA);
    expect(requests[1]?.body.context_management).toBeUndefined();
    expect(requests[1]?.headers.get('anthropic-beta')).toBeNull();
  });

  it('refuses for a model that does not support compaction', () => {
    const { provider } = testProvider(replies());
    expect(provider.compactNext('claude-haiku-4-5')).toBe(false);
  });

  it('lets the API compact by itself at three quarters of the window when the setting is on', async () => {
    const { provider, requests } = testProvider(replies(), {
      maxRetries: 0,
      getSettings: () => ({ baseUrl: '', autoCompact: true }),
    });
    await send(provider);
    expect(requests[0]?.body.context_management).toEqual({
      edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 750_000 } }],
    });
    await send(provider, 'claude-haiku-4-5');
    expect(requests[1]?.body.context_management).toBeUndefined();
  });
});

describe('compaction transcripts through the provider', () => {
  async function run(name: string) {
    const { provider } = testProvider([sseReply(sseFixture(name))], { maxRetries: 0 });
    const events = await collect(
      provider.streamFn({ messages: [ask('Hi')] }, streamOptions({ model: MODEL })),
    );
    return finalMessage(events);
  }

  it('keeps the summary block before the answer, and bills the compaction step apart from the context', async () => {
    const message = await run('compaction_then_text_constructed');
    expect(message.content[0]).toEqual(
      opaque({ type: 'compaction', content: expect.stringContaining('<summary>'), encrypted_content: null }),
    );
    expect(message.content[1]).toEqual({
      type: 'text',
      text: 'Based on our conversation so far, a simple mechanical timer will do for two beds.',
    });
    // The top-level usage is the context after compaction; the compaction step's tokens are in the cost.
    expect(message.usage).toMatchObject({ input: 23_000, output: 1_000, cacheRead: 2_100 });
    const price = COMPACTING.price;
    if (!price) throw new Error('the catalog has a price for this model');
    const expected =
      ((23_000 + 180_000) * price.input + (1_000 + 3_500) * price.output + 2_100 * price.cacheRead) / 1e6;
    expect(message.usage.cost?.total).toBeCloseTo(expected, 10);
  });

  it('keeps a failed compaction as a block without content', async () => {
    const message = await run('compaction_failed_constructed');
    expect(message.content[0]).toEqual(
      opaque({ type: 'compaction', content: null, encrypted_content: null }),
    );
    expect(message.stopReason).toBe('stop');
  });

  it('ends a paused compaction (stop_reason compaction) as a normal stop holding the summary only', async () => {
    const message = await run('compaction_paused_constructed');
    expect(message.content).toHaveLength(1);
    expect(message.stopReason).toBe('stop');
  });

  it('keeps the opaque payload of the SDK fixture for sending back', async () => {
    const message = await run('compaction_block_py_sdk');
    expect(message.content[0]).toEqual(
      opaque({
        type: 'compaction',
        content: 'Earlier conversation summarized.',
        encrypted_content: 'EpwBCioIDxgCEAEYASJALd_opaque_compaction_payload',
      }),
    );
  });
});
