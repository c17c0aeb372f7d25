import type { ErrorKind, StreamFn, ThinkingLevel } from '../agent/types';

/** The official API; used when the person leaves the base URL empty. */
export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** What the provider reads from the app's settings on every request. */
export interface ProviderSettings {
  /** Base URL of a server that speaks the Messages API; `''` (or missing) means the official API. */
  readonly baseUrl: string;
}

export interface AnthropicProviderOptions {
  getSettings: () => ProviderSettings;
  /** Injectable for tests; defaults to `globalThis.fetch`. Requests then go from this thread. */
  fetch?: typeof fetch;
  /**
   * Where requests are sent from. By default a worker (see `stream-worker.ts`), so reading the stream never
   * competes with rendering; `false` sends them from this thread; a function starts a worker of its own
   * (tests). When `fetch` is given and `worker` is not, requests go from this thread with that `fetch`.
   */
  worker?: false | (() => import('./worker-stream').StreamWorker);
  /** A response body that sends nothing for this long is aborted. Default 60 000 ms. */
  idleTimeoutMs?: number;
  /** Automatic retries before any content has streamed. Default 3. */
  maxRetries?: number;
  /** Longest `retry-after` the provider waits out by itself; longer waits end with an error. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Waits between retries; must reject or resolve promptly when `signal` aborts. Injectable for tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Starts the idle timer; returns a function that cancels it. Injectable for tests. */
  setTimer?: (callback: () => void, ms: number) => () => void;
  /** How many times a `pause_turn` is continued automatically. Default 5. */
  maxContinuations?: number;
}

export interface AnthropicProvider {
  /** The agent's stream function. Never throws; see `StreamFn`. */
  readonly streamFn: StreamFn;
  /**
   * Lists the models the key can use (`GET /v1/models`), merged with the built-in price table, newest first.
   * Retired models are left out. Throws an `LlmError` on failure. The result also becomes the catalog the
   * stream function reads capabilities and prices from.
   */
  listModels(apiKey: string, signal?: AbortSignal): Promise<ModelInfo[]>;
  /** Loads the stream machinery and starts the stream worker ahead of the first request (call when idle). */
  prepare(): void;
}

/** US dollars per million tokens, with where and when the numbers were read. */
export interface ModelPrice {
  readonly input: number;
  readonly output: number;
  /** Writing the prompt cache with the default 5-minute lifetime. */
  readonly cacheWrite: number;
  readonly cacheRead: number;
  /** Where the numbers come from (a URL). */
  readonly source: string;
  /** ISO date the source was read. */
  readonly asOf: string;
}

/** One model as the app knows it: from `GET /v1/models`, the built-in catalog, or both. */
export interface ModelInfo {
  readonly id: string;
  readonly displayName: string;
  /** Input context window in tokens, when known. */
  readonly contextWindow?: number;
  /** Largest `max_tokens` the model accepts, when known. */
  readonly maxOutput?: number;
  readonly supportsImages: boolean;
  readonly supportsPdf: boolean;
  /** Accepts adaptive thinking (`thinking: { type: 'adaptive' }`). */
  readonly supportsThinking: boolean;
  /**
   * The thinking levels to offer for this model, lowest first. `off` is present only when thinking can be
   * turned off; the others are the `output_config.effort` values the model accepts. A model without effort
   * or thinking support has just `['off']`.
   */
  readonly effortLevels: readonly ThinkingLevel[];
  /** `deprecated` models still work but are not picked by default. */
  readonly deprecated?: boolean;
  /** Absent when the price is unknown: cost is then shown as unknown. */
  readonly price?: ModelPrice;
}

/** Everything the UI needs to explain a failure and decide what to offer (re-enter key, wait, retry, …). */
export interface LlmErrorInfo {
  readonly kind: ErrorKind;
  /** A sentence for the person. */
  readonly message: string;
  readonly status?: number;
  readonly requestId?: string;
  /** Seconds the server asked us to wait. */
  readonly retryAfter?: number;
  /** The API's own error message, when it sent one. */
  readonly apiMessage?: string;
  /** `error.details.error_code`, when present. */
  readonly errorCode?: string;
  /** Whether retrying the same request may succeed. */
  readonly retryable: boolean;
}

/** Thrown by `listModels`; stream failures are never thrown, they end the stream instead. */
export class LlmError extends Error {
  readonly info: LlmErrorInfo;
  constructor(info: LlmErrorInfo) {
    super(info.message);
    this.name = 'LlmError';
    this.info = info;
  }
  get kind(): ErrorKind {
    return this.info.kind;
  }
}
