/**
 * The Anthropic provider: the agent's `StreamFn` (retries, `pause_turn` continuations) and the model list.
 */
import type { AssistantMessage, AssistantMessageEvent, LlmContext, StreamFn, StreamOptions } from '../agent';
import { BUILTIN_MODELS, priceFor } from './catalog';
import type { ClientFactory } from './client';
import { compatibleServerError, describeError } from './errors';
import type { KeyValueStore, UploadRecord } from './file-id-store';
import type { DownloadOutcome } from './file-uploads';
import type { LegOutcome, runLeg as RunLeg } from './leg';
import type { RawStream } from './raw-stream';
import { mapStopReason } from './stop-reason';
import { defaultSetTimer, defaultSleep, retryDelay } from './transport';
import {
  autoCompactTrigger,
  type ContainerFile,
  DEFAULT_BASE_URL,
  LlmError,
  type LlmErrorInfo,
  MIN_COMPACTION_TRIGGER,
  type ModelInfo,
  type ProviderSettings,
} from './types';
import type { DeleteUploadsOutcome, LegFiles, Uploads } from './uploads';
import type { RawStreamer, StreamWorker } from './worker-stream';

export interface AnthropicProviderOptions {
  getSettings: () => ProviderSettings;
  /** Injectable for tests; defaults to `globalThis.fetch`. Requests then go from this thread. */
  fetch?: typeof fetch;
  /**
   * Where requests are sent from. By default a worker (see `stream-worker.ts`), so reading the stream never
   * competes with rendering; `false` sends them from this thread; a function starts a worker of its own
   * (tests). When `fetch` is given and `worker` is not, requests go from this thread with that `fetch`.
   */
  worker?: false | (() => StreamWorker);
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
  /** Where the ids of uploaded files are kept (the settings store); without it files are never sent by id. */
  fileStorage?: KeyValueStore;
}

export interface AnthropicProvider {
  /** The agent's stream function. Never throws; see `StreamFn`. */
  readonly streamFn: StreamFn;
  /**
   * The same stream function with the base URL alone of the settings: no web tools, no connectors, no
   * compaction, no files sent by id. For requests made on behalf of an artifact, which must never carry the
   * person's connectors (their tokens) or the API's web tools. Never throws; see `StreamFn`.
   */
  readonly plainStreamFn: StreamFn;
  /**
   * Lists the models the key can use (`GET /v1/models`), merged with the built-in price table, newest first.
   * Retired models are left out. Throws an `LlmError` on failure. The result also becomes the catalog the
   * stream function reads capabilities and prices from. With `baseUrl`, asks that server instead of the configured
   * one (Settings' `Find models`), and the catalog stays as it was. A server answering in the OpenAI shape
   * (`{ data: [{ id }] }`) is read too: its models have the ids only.
   */
  listModels(apiKey: string, signal?: AbortSignal, baseUrl?: string): Promise<ModelInfo[]>;
  /** Loads the stream machinery and starts the stream worker ahead of the first request (call when idle). */
  prepare(): void;
  /**
   * Asks the API to compact the conversation on the next request to `model` (server-side compaction, at the
   * API's lowest trigger, so a conversation near its window is summarised before it is answered). Returns false,
   * and changes nothing, when the catalog does not say the model supports it.
   */
  compactNext(model: string): boolean;
  /** The files uploaded from this device for the current base URL and `apiKey`. */
  uploadedFiles(apiKey: string): Promise<readonly UploadRecord[]>;
  /** Deletes them from the server (each `DELETE /v1/files/<id>`) and forgets the ones deleted. */
  deleteUploadedFiles(apiKey: string): Promise<DeleteUploadsOutcome>;
  /**
   * Downloads a file the code execution tool made (`GET /v1/files/<id>/content`, with its name and type from
   * `GET /v1/files/<id>`) from the configured base URL, from where requests go. Never throws.
   */
  downloadFile(apiKey: string, fileId: string): Promise<DownloadOutcome>;
}

/**
 * Loads the SDK on first use, with a dynamic import so the first screen never waits for it, and returns the
 * client factory. The client is built from `BaseAnthropic` plus only the `Messages` and `Models` resources
 * (see `sdk-client.ts`), which keeps the SDK chunk far smaller than the full `Anthropic` class.
 */
async function loadClientFactory(): Promise<ClientFactory> {
  const { createClient } = await import('./sdk-client');
  return createClient;
}

const PROVIDER = 'anthropic';
const NO_KEY: LlmErrorInfo = {
  kind: 'auth',
  message: 'No API key is set. Enter your Anthropic API key in Settings.',
  retryable: false,
};

function normalizeBaseUrl(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/\/+$/, '');
  return trimmed || DEFAULT_BASE_URL;
}

function emptyMessage(model: string): AssistantMessage {
  return {
    role: 'assistant',
    content: [],
    provider: PROVIDER,
    model,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'stop',
    timestamp: Date.now(),
  };
}

function failed(message: AssistantMessage, info: LlmErrorInfo, stopReason: 'error' | 'aborted') {
  const ended: AssistantMessage = {
    ...message,
    stopReason,
    errorMessage: info.message,
    errorKind: info.kind,
    ...(info.requestId ? { requestId: info.requestId } : {}),
    ...(info.retryAfter !== undefined ? { retryAfter: info.retryAfter } : {}),
  };
  return { type: 'error', message: ended } as const;
}

/**
 * The Anthropic provider: a `StreamFn` over the SDK, plus the model catalog.
 *
 * Per answer it sends one request, or more: failures before any content has streamed (rate limits, overload,
 * server and connection errors) are retried with backoff that honours `retry-after`, each announced with a
 * `retry` event; once content has streamed nothing is retried, the partial answer is kept and the stream ends
 * with `error`. A `pause_turn` is continued automatically by resending the content so far, and the legs are
 * merged into one message.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): AnthropicProvider {
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
  const maxContinuations = options.maxContinuations ?? 5;
  const sleep = options.sleep ?? defaultSleep;
  const setTimer = options.setTimer ?? defaultSetTimer;
  let catalog = new Map<string, ModelInfo>(BUILTIN_MODELS.map((m) => [m.id, m]));
  let factoryPromise: Promise<ClientFactory> | undefined;
  let machinery:
    | Promise<{
        runLeg: typeof RunLeg;
        streamer: RawStreamer;
        uploads: Uploads | undefined;
      }>
    | undefined;

  const loadFactory = (): Promise<ClientFactory> => {
    factoryPromise ??= loadClientFactory().catch((error: unknown) => {
      factoryPromise = undefined;
      throw error;
    });
    return factoryPromise;
  };

  // The stream machinery (and, without a worker, the SDK) loads on the first request, never with the first
  // screen. Requests go from the stream worker unless a `fetch` was injected or workers are turned off.
  const loadMachinery = () => {
    machinery ??= import('./leg').then((leg) => {
      const streamer = leg.createRawStream({
        fetch: baseFetch,
        loadFactory,
        setTimer,
        worker: options.worker ?? (options.fetch ? false : leg.startStreamWorker),
      });
      const storage = options.fileStorage;
      return { runLeg: leg.runLeg, streamer, uploads: storage && leg.createUploads(storage, streamer) };
    });
    machinery.catch(() => {
      machinery = undefined;
    });
    return machinery;
  };

  /** Models the person asked to compact on their next request. */
  const compactModels = new Set<string>();
  const lookup = (model: string): ModelInfo | undefined =>
    catalog.get(model) ?? catalog.get(model.replace(/-\d{8}$/, ''));

  async function* run(
    context: LlmContext,
    opts: StreamOptions,
    plain: boolean,
  ): AsyncGenerator<AssistantMessageEvent> {
    let message = emptyMessage(opts.model);
    yield { type: 'start', partial: message };
    const all = options.getSettings();
    const settings: ProviderSettings = plain ? { baseUrl: all.baseUrl, compatible: all.compatible } : all;
    const baseURL = normalizeBaseUrl(settings.baseUrl);
    if (!opts.apiKey) {
      yield failed(message, NO_KEY, 'error');
      return;
    }
    let runLeg: typeof RunLeg;
    let stream: RawStream;
    let files: LegFiles | undefined;
    let containerFiles: readonly ContainerFile[] | undefined;
    try {
      const loaded = await loadMachinery();
      runLeg = loaded.runLeg;
      stream = loaded.streamer.send;
      // The code execution tool's sandbox gets the session's files by id: their ids are kept like the Files API's.
      const toContainer = settings.codeExecution && !settings.compatible && settings.containerFiles;
      if (toContainer) containerFiles = await toContainer();
      if ((settings.files || containerFiles?.length) && !settings.compatible && loaded.uploads) {
        files = await loaded.uploads.legFiles(
          baseURL,
          opts.apiKey,
          settings.files?.minBytes ?? Number.POSITIVE_INFINITY,
        );
      }
    } catch (error) {
      yield failed(message, describeError(error, { baseUrl: baseURL }), 'error');
      return;
    }
    const modelInfo = lookup(opts.model);
    // A compaction the person asked for goes with this request only (if it fails, they can ask again).
    const asked = !plain && modelInfo?.supportsCompaction === true && compactModels.delete(modelInfo.id);
    const compaction = settings.compatible
      ? undefined
      : asked
        ? { trigger: MIN_COMPACTION_TRIGGER }
        : settings.autoCompact
          ? { trigger: autoCompactTrigger(modelInfo) }
          : undefined;
    let retries = 0;
    let continuations = 0;
    for (;;) {
      const outcome: LegOutcome = yield* runLeg({
        context,
        options: opts,
        apiKey: opts.apiKey,
        baseURL,
        stream,
        modelInfo,
        price: modelInfo?.price ?? priceFor(opts.model),
        base: message,
        idleTimeoutMs,
        ...(settings.compatible
          ? { compatible: true }
          : { web: settings.web, connectors: settings.connectors, codeExecution: settings.codeExecution }),
        compaction,
        files,
        ...(containerFiles?.length ? { containerFiles } : {}),
      });
      const closing = outcome.acc.closeOpenBlocks();
      for (const event of closing) yield event;
      const snapshot = outcome.acc.snapshot();

      if (outcome.type === 'failed') {
        const nothingYet = snapshot.content.length === 0;
        const delay =
          nothingYet && outcome.stopReason === 'error' && retries < maxRetries
            ? retryDelay(outcome.info, retries, maxRetryDelayMs)
            : undefined;
        if (delay === undefined) {
          const info = settings.compatible ? compatibleServerError(outcome.info, baseURL) : outcome.info;
          yield failed(snapshot, info, outcome.stopReason);
          return;
        }
        retries++;
        yield {
          type: 'retry',
          attempt: retries,
          delayMs: delay,
          reason: outcome.info.message,
          partial: message,
        };
        await sleep(delay, opts.signal).catch(() => {});
        if (opts.signal.aborted) {
          yield failed(message, describeError({ name: 'AbortError' }), 'aborted');
          return;
        }
        continue;
      }

      message = { ...snapshot, ...(outcome.requestId ? { requestId: outcome.requestId } : {}) };
      if (outcome.acc.stopReason === 'pause_turn' && continuations < maxContinuations) {
        continuations++;
        retries = 0;
        continue;
      }
      const { stopReason, stopDetails } = mapStopReason(outcome.acc.stopReason, outcome.acc.stopDetails);
      yield { type: 'done', message: { ...message, stopReason, ...(stopDetails ? { stopDetails } : {}) } };
      return;
    }
  }

  const streamOf =
    (plain: boolean): StreamFn =>
    (context, opts) => ({
      async *[Symbol.asyncIterator]() {
        let last = emptyMessage(opts.model);
        try {
          for await (const event of run(context, opts, plain)) {
            if (event.type === 'done' || event.type === 'error') {
              yield event;
              return;
            }
            last = event.partial;
            yield event;
          }
        } catch (error) {
          yield failed(last, describeError(error), 'error');
        }
      },
    });
  const streamFn = streamOf(false);
  const plainStreamFn = streamOf(true);

  const listModels = async (apiKey: string, signal?: AbortSignal, baseUrl?: string): Promise<ModelInfo[]> => {
    const baseURL = normalizeBaseUrl(baseUrl ?? options.getSettings().baseUrl);
    let streamer: RawStreamer;
    try {
      ({ streamer } = await loadMachinery());
    } catch (error) {
      throw new LlmError(describeError(error, { baseUrl: baseURL }));
    }
    // From the stream worker when there is one: the page then never loads the SDK.
    const models = await streamer.listModels(apiKey, baseURL, signal);
    if (baseUrl !== undefined) return models;
    catalog = new Map([
      ...BUILTIN_MODELS.map((m) => [m.id, m] as const),
      ...models.map((m) => [m.id, m] as const),
    ]);
    return models;
  };

  const prepare = () => {
    void loadMachinery()
      .then(({ streamer }) => streamer.prepare())
      .catch(() => {});
  };

  const uploadsHere = async () => {
    const { uploads } = await loadMachinery();
    return { uploads, baseURL: normalizeBaseUrl(options.getSettings().baseUrl) };
  };
  const uploadedFiles = async (apiKey: string): Promise<readonly UploadRecord[]> => {
    const { uploads, baseURL } = await uploadsHere();
    return uploads ? uploads.list(baseURL, apiKey) : [];
  };
  const deleteUploadedFiles = async (apiKey: string): Promise<DeleteUploadsOutcome> => {
    const { uploads, baseURL } = await uploadsHere();
    return uploads ? uploads.deleteAll(baseURL, apiKey) : { deleted: 0, failed: 0 };
  };

  const downloadFile = (apiKey: string, fileId: string): Promise<DownloadOutcome> => {
    const baseURL = normalizeBaseUrl(options.getSettings().baseUrl);
    return loadMachinery().then(
      ({ streamer }) => streamer.downloadFile(apiKey, baseURL, fileId),
      (error: unknown) => ({ ok: false, problem: describeError(error, { baseUrl: baseURL }).message }),
    );
  };

  const compactNext = (model: string): boolean => {
    const info = lookup(model);
    if (info?.supportsCompaction !== true) return false;
    compactModels.add(info.id);
    return true;
  };

  return {
    streamFn,
    plainStreamFn,
    listModels,
    prepare,
    compactNext,
    uploadedFiles,
    deleteUploadedFiles,
    downloadFile,
  };
}
