import type { AssistantMessage, LlmContext, Message, StreamFn } from '../agent';
import type { AppDataOwner } from '../storage';
import { AppError, type CallContext, type ClaudeBridge } from './artifact-apps';
import type { AppCall } from './protocol';

/** Most Claude calls one artifact makes in a minute; more are refused until the minute has passed. */
export const CALLS_PER_MINUTE = 10;
/** Most output tokens one call may ask for. */
export const MAX_CALL_TOKENS = 4_096;
/** Most text one call may send (its messages and system prompt, in UTF-8 bytes). */
export const MAX_PROMPT_BYTES = 100_000;
/** The settings record that holds what each artifact has spent (artifact key → US dollars). */
export const SPENDING_KEY = 'artifactSpending';

/** US dollars per million tokens. */
export interface CallPrice {
  readonly input: number;
  readonly output: number;
}

/** Where spending is kept (`SettingsRepository` of `src/storage`). */
export interface SpendingStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface ClaudeCallsDeps {
  /**
   * The provider's plain stream function (`plainStreamFn`): the person's key and base URL, the same validation
   * and errors, and nothing of the chat's request (no connectors, no web tools, no compaction, no files by id).
   */
  readonly streamFn: StreamFn;
  readonly apiKey: () => string | undefined;
  /** The model the person chose (the one stated when they are asked). */
  readonly model: () => string;
  /** The spending cap of each artifact, in US dollars. */
  readonly cap: () => number;
  /** The models of known price; one of unknown price counts at the highest (a budget must not be too low). */
  readonly prices: readonly { readonly id: string; readonly price?: CallPrice }[];
  /** Where each artifact's spending is kept, so the cap holds across reloads. */
  readonly spending: SpendingStore;
  /**
   * Runs `task` alone, in every tab of the app (default: `navigator.locks`, else one queue in this tab): a
   * budget is read, checked and written back with no other reservation in between.
   */
  readonly exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Something changed: calls, cost, consent (the console shows them). */
  readonly changed?: () => void;
  readonly now?: () => number;
}

/** One artifact's calls so far (calls of this tab; cost as stored, all tabs and reloads). */
export interface ArtifactCalls {
  readonly allowed: boolean | undefined;
  readonly calls: number;
  readonly cost: number;
}

interface State {
  /** The person chose `Always for this file`. */
  always: boolean;
  /** The person's answer for each version (content hash) asked about. */
  versions: Map<string, boolean>;
  calls: number;
  recent: number[];
}

/**
 * The Claude calls of artifacts (`window.claude.complete`, `fetch('/v1/messages')`), carried out by the app
 * with the person's key and base URL through the app's own stream function, so the frame never sees either.
 *
 * Per artifact (session and file): the first call of a version (its content's hash) asks the person (`Allow
 * <file> to ask Claude?`, naming the model) and the answer is kept for this tab: `Allow` for that version (a
 * version Claude rewrites asks again), `Always for this file` for every version, `Deny` rejects that call and
 * every later one of that version, and nothing is sent. A console check (the page run out of sight) never
 * asks Claude. Each call is rate-limited (`CALLS_PER_MINUTE`), printed in the artifact's console with its tokens and
 * cost, and cancelled when the preview goes.
 *
 * The cap is a budget: before a call is sent, its worst case (every byte of its text an input token, and all
 * of its `max_tokens`, at the model's price) is reserved against what the artifact has spent, under a lock
 * held across tabs; a call that would pass the cap is refused and nothing is sent. After the call, the
 * reservation is replaced by the real cost. Spending is stored (`SPENDING_KEY`), so a reload does not reset
 * it; a call cut short by a reload keeps its worst case.
 */
export class ClaudeCalls implements ClaudeBridge {
  private readonly states = new Map<string, State>();
  /** The stored spending as last read or written (what `summary` shows). */
  private spent = new Map<string, number>();
  private readonly now: () => number;
  private readonly exclusive: <T>(task: () => Promise<T>) => Promise<T>;

  constructor(private readonly deps: ClaudeCallsDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.exclusive = deps.exclusive ?? exclusiveAcrossTabs();
  }

  /** What `owner` has spent and whether it may call (`undefined`: not asked yet). */
  summary(owner: AppDataOwner): ArtifactCalls | undefined {
    const state = this.states.get(keyOf(owner));
    if (!state) return undefined;
    const answers = [...state.versions.values()];
    // Allowed when any version is (the console speaks of the file); not allowed when only denied.
    const allowed = state.always || answers.includes(true) ? true : answers.length > 0 ? false : undefined;
    return { allowed, calls: state.calls, cost: this.spent.get(keyOf(owner)) ?? 0 };
  }

  async call(
    owner: AppDataOwner,
    request: Extract<AppCall, { api: 'claude.complete' | 'claude.messages' }>,
    context: CallContext,
  ): Promise<unknown> {
    const parsed =
      request.api === 'claude.complete' ? promptContext(request.body) : messagesContext(request.body);
    const size = promptBytes(parsed.context);
    if (size > MAX_PROMPT_BYTES)
      throw new AppError(
        `The request's text is ${size.toLocaleString('en-US')} bytes; an artifact's Claude call can send at most ${MAX_PROMPT_BYTES.toLocaleString('en-US')} bytes (MAX_PROMPT_BYTES). Nothing was sent.`,
        'RangeError',
      );
    const state = this.stateOf(owner);
    const model = this.deps.model();
    if (context.background)
      throw new AppError(
        'Asking Claude is off in a console check (the page run out of sight); nothing was sent.',
      );
    const version = await context.version();
    if (!state.always && !state.versions.has(version)) {
      if (!context.ask)
        throw new AppError(
          `${owner.file} may ask Claude only after the person allows it in the Artifacts panel; nothing was sent.`,
        );
      const answer = await context.ask(owner.file, model);
      if (context.signal.aborted) throw new AppError('The preview was closed; nothing was sent.');
      if (answer === 'always') state.always = true;
      if (!state.versions.has(version)) state.versions.set(version, answer !== 'deny');
      this.deps.changed?.();
    }
    if (!state.always && !state.versions.get(version))
      throw new AppError(`The person did not allow ${owner.file} to ask Claude; nothing was sent.`);
    const now = this.now();
    state.recent = state.recent.filter((t) => now - t < 60_000);
    if (state.recent.length >= CALLS_PER_MINUTE) {
      const wait = Math.ceil((60_000 - (now - (state.recent[0] ?? now))) / 1000);
      throw new AppError(
        `Too many Claude calls: ${owner.file} may make ${CALLS_PER_MINUTE} a minute. Try again in ${wait} s; nothing was sent.`,
      );
    }
    // Counted before any wait, so calls made together cannot all pass the check before one is counted.
    state.recent.push(now);
    const apiKey = this.deps.apiKey();
    if (!apiKey)
      throw new AppError('No API key is set in Settings, so Claude cannot be asked; nothing was sent.');
    const cap = this.deps.cap();
    const price = priceOf(this.deps.prices, model);
    // Every input token may be a cache write (1.25 times the input price).
    const worst =
      ((size + 16 * parsed.context.messages.length + 64) * price.input * CACHE_WRITE_FACTOR +
        parsed.maxTokens * price.output) /
      1e6;
    await this.reserve(owner, worst, cap, parsed.maxTokens, model);
    const n = ++state.calls;
    context.log('info', `Claude call ${n} of ${owner.file} to ${model} (up to ${usd(worst)} reserved)…`);
    let message: AssistantMessage;
    try {
      message = await this.run(parsed.context, {
        model,
        apiKey,
        signal: context.signal,
        maxTokens: parsed.maxTokens,
      });
    } catch (error) {
      // Nothing came back: what the call may have cost is not known, so its reservation stays.
      this.deps.changed?.();
      throw error;
    }
    const cost = settledCost(message, price, worst);
    const spent = await this.settle(owner, worst, cost);
    this.deps.changed?.();
    if (message.stopReason === 'error' || message.stopReason === 'aborted') {
      const why =
        message.stopReason === 'aborted' ? 'it was cancelled (the preview closed)' : message.errorMessage;
      context.log('error', `Claude call ${n} failed: ${why ?? 'unknown error'}`);
      throw new AppError(`The Claude call failed: ${why ?? 'unknown error'}`);
    }
    context.log(
      'info',
      `Claude call ${n}: ${message.usage.input} input and ${message.usage.output} output tokens, ${usd(cost)}; ${owner.file} has spent ${usd(spent)} of its ${usd(cap)} cap.`,
    );
    const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    return request.api === 'claude.complete' ? text : messagesResponse(message, text);
  }

  /** Adds `worst` to what `owner` has spent, unless that would pass `cap` (then refuses; nothing is sent). */
  private reserve(
    owner: AppDataOwner,
    worst: number,
    cap: number,
    maxTokens: number,
    model: string,
  ): Promise<void> {
    return this.exclusive(async () => {
      const all = await this.readSpending();
      const spent = all[keyOf(owner)] ?? 0;
      if (spent >= cap)
        throw new AppError(
          `${owner.file} has spent ${usd(spent)} on Claude calls, its cap of ${usd(cap)}; nothing was sent. The cap is set in Settings.`,
        );
      if (spent + worst > cap)
        throw new AppError(
          `${owner.file} has spent ${usd(spent)} of its ${usd(cap)} cap on Claude calls (counting calls still running), and this call could cost up to ${usd(worst)} (its text and max_tokens ${maxTokens} at the price of ${model}); nothing was sent. Ask for fewer tokens, or raise the cap in Settings.`,
        );
      all[keyOf(owner)] = spent + worst;
      await this.writeSpending(all);
    });
  }

  /** Replaces the reservation `worst` by the call's real `cost`; returns what `owner` has spent now. */
  private settle(owner: AppDataOwner, worst: number, cost: number): Promise<number> {
    return this.exclusive(async () => {
      const all = await this.readSpending();
      const spent = Math.max(0, (all[keyOf(owner)] ?? 0) - worst + cost);
      all[keyOf(owner)] = spent;
      await this.writeSpending(all);
      return spent;
    });
  }

  private async readSpending(): Promise<Record<string, number>> {
    const all = readSpending(await this.deps.spending.get(SPENDING_KEY));
    this.spent = new Map(Object.entries(all));
    return all;
  }

  private async writeSpending(all: Record<string, number>): Promise<void> {
    await this.deps.spending.set(SPENDING_KEY, all);
    this.spent = new Map(Object.entries(all));
  }

  private async run(
    context: LlmContext,
    options: { model: string; apiKey: string; signal: AbortSignal; maxTokens: number },
  ): Promise<AssistantMessage> {
    let last: AssistantMessage | undefined;
    for await (const event of this.deps.streamFn(context, { ...options, thinkingLevel: 'off' })) {
      if (event.type === 'done' || event.type === 'error') last = event.message;
    }
    if (!last) throw new AppError('The Claude call ended without an answer.');
    return last;
  }

  private stateOf(owner: AppDataOwner): State {
    const key = keyOf(owner);
    let state = this.states.get(key);
    if (!state) {
      state = { always: false, versions: new Map(), calls: 0, recent: [] };
      this.states.set(key, state);
    }
    return state;
  }
}

function keyOf(owner: AppDataOwner): string {
  return `${owner.sessionId}\n${owner.file}`;
}

/** A stored spending record: artifact key → US dollars; anything of another shape is left out. */
export function readSpending(stored: unknown): Record<string, number> {
  const all: Record<string, number> = {};
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return all;
  for (const [key, value] of Object.entries(stored))
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) all[key] = value;
  return all;
}

/** The price of `model`, or the highest input and output prices of `models` for a model of unknown price. */
/** What a cache write costs against the input price (the API's prompt-caching prices). */
const CACHE_WRITE_FACTOR = 1.25;
/** What a cache read costs against the input price. */
const CACHE_READ_FACTOR = 0.1;

/**
 * What a call is settled at: the larger of the cost the provider reported and its tokens at `price` (a model
 * with no price in the catalog reports none, which would settle every call at $0). A call that failed or was cut
 * short keeps its whole reservation: its usage came back partial (the output tokens arrive at the end).
 */
export function settledCost(message: AssistantMessage, price: CallPrice, worst: number): number {
  if (message.stopReason === 'error' || message.stopReason === 'aborted') return worst;
  const u = message.usage;
  const priced =
    ((u.input + u.cacheWrite * CACHE_WRITE_FACTOR + u.cacheRead * CACHE_READ_FACTOR) * price.input +
      u.output * price.output) /
    1e6;
  return Math.max(u.cost?.total ?? 0, priced);
}

export function priceOf(models: ClaudeCallsDeps['prices'], model: string): CallPrice {
  const known = models.find((m) => m.id === model || m.id === model.replace(/-\d{8}$/, ''))?.price;
  if (known) return known;
  const prices = models.flatMap((m) => (m.price ? [m.price] : []));
  return {
    input: Math.max(0, ...prices.map((p) => p.input)),
    output: Math.max(0, ...prices.map((p) => p.output)),
  };
}

/** The UTF-8 size of a call's text: its messages and its system prompt. */
function promptBytes(context: LlmContext): number {
  const encoder = new TextEncoder();
  let size = context.systemPrompt ? encoder.encode(context.systemPrompt).length : 0;
  for (const message of context.messages) {
    if (message.role === 'user' && typeof message.content === 'string')
      size += encoder.encode(message.content).length;
    else if (message.role === 'assistant')
      for (const block of message.content)
        if (block.type === 'text') size += encoder.encode(block.text).length;
  }
  return size;
}

/** One task at a time across the app's tabs (Web Locks), or in this tab where there are none. */
function exclusiveAcrossTabs(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    if (typeof navigator !== 'undefined' && navigator.locks)
      return navigator.locks.request('easel-artifact-spending', task) as Promise<
        Awaited<ReturnType<typeof task>>
      >;
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
}

function usd(amount: number): string {
  return `$${amount.toFixed(amount < 0.01 ? 4 : 2)}`;
}

/** `window.claude.complete(prompt)`: one user message. */
function promptContext(prompt: string): { context: LlmContext; maxTokens: number } {
  if (prompt.trim() === '') throw new AppError('window.claude.complete needs a prompt.', 'TypeError');
  return {
    context: { messages: [{ role: 'user', content: prompt, timestamp: 0 }] },
    maxTokens: MAX_CALL_TOKENS,
  };
}

/**
 * A Messages API request body as a page sends it (`model`, `max_tokens`, `messages` of text, `system`): the
 * context the app sends for it. The person's model is used whatever `model` says; only text is taken.
 */
export function messagesContext(body: string): { context: LlmContext; maxTokens: number } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new AppError('The request body is not JSON.', 'TypeError');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AppError('The request body must be a JSON object.', 'TypeError');
  const m = value as Record<string, unknown>;
  if (!Array.isArray(m.messages) || m.messages.length === 0)
    throw new AppError('messages: a list of at least one message is required.', 'TypeError');
  const messages: Message[] = m.messages.map((item: unknown, i: number) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const text = textOf(entry.content);
    if ((entry.role !== 'user' && entry.role !== 'assistant') || text === undefined)
      throw new AppError(
        `messages.${i}: each message needs role "user" or "assistant" and text content (a string or text blocks).`,
        'TypeError',
      );
    return entry.role === 'user'
      ? { role: 'user', content: text, timestamp: 0 }
      : {
          role: 'assistant',
          content: [{ type: 'text', text }],
          provider: 'anthropic',
          model: '',
          usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
          stopReason: 'stop',
          timestamp: 0,
        };
  });
  const system = m.system === undefined ? undefined : textOf(m.system);
  if (m.system !== undefined && system === undefined)
    throw new AppError('system: a string or text blocks.', 'TypeError');
  const asked = m.max_tokens;
  if (asked !== undefined && (!Number.isSafeInteger(asked) || (asked as number) < 1))
    throw new AppError('max_tokens: a positive whole number.', 'TypeError');
  return {
    context: { messages, ...(system ? { systemPrompt: system } : {}) },
    maxTokens: Math.min((asked as number | undefined) ?? MAX_CALL_TOKENS, MAX_CALL_TOKENS),
  };
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block !== 'object' || block === null) return undefined;
    const b = block as Record<string, unknown>;
    if (b.type !== 'text' || typeof b.text !== 'string') return undefined;
    parts.push(b.text);
  }
  return parts.join('\n');
}

/** The Messages API's response shape for an answer (text only). */
function messagesResponse(message: AssistantMessage, text: string): unknown {
  return {
    id: `msg_${crypto.randomUUID().replaceAll('-', '')}`,
    type: 'message',
    role: 'assistant',
    model: message.model,
    content: [{ type: 'text', text }],
    stop_reason: message.stopReason === 'length' ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: message.usage.input, output_tokens: message.usage.output },
  };
}
