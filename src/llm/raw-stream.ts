/**
 * Sends a request with the SDK and yields its raw events in batches (the code the stream worker runs, and the
 * page where no worker can).
 */
import { isRetired, modelInfoFromApi } from './catalog';
import type { ClientFactory } from './client';
import { describeError } from './errors';
import {
  type DeleteOutcome,
  type DownloadOutcome,
  deleteFileIds,
  downloadFileContent,
  goneFileIds,
  prepareContainerUploads,
  prepareFileIds,
} from './file-uploads';
import type { FileUploadPolicy, UploadedFile } from './files-api';
import type { RequestBody } from './request';
import { type SetTimer, startWatchdog, type Watchdog, watchFetch } from './transport';
import { type ContainerFile, LlmError, type LlmErrorInfo, type ModelInfo } from './types';

/**
 * One Messages API request, as it crosses to wherever it is sent from (this thread or the stream worker):
 * plain data, so it survives `postMessage`.
 */
export interface RawStreamRequest {
  readonly params: RequestBody;
  /** `anthropic-beta` values the request needs (absent: none). */
  readonly betas?: readonly string[];
  readonly apiKey: string;
  readonly baseURL: string;
  /** A body that sends nothing for this long is aborted and ends with a `timeout` failure. */
  readonly idleTimeoutMs: number;
  /** Large attachments go by file id (Settings → Files API); absent: every file goes in the request. */
  readonly files?: FileUploadPolicy;
  /**
   * The session's attachments for the code execution tool (with it in the request): each is uploaded once (known
   * ids in `files` are reused) and given to its sandbox by a `container_upload` block.
   */
  readonly containerFiles?: readonly ContainerFile[];
}

/**
 * What a request yields, in order: `response` once (when the headers arrived), `events` any number of times
 * (raw server-sent events, still `unknown`: the accumulator guards them), then at most one `failed`. A stream
 * that ends without `failed` ended normally, which does not mean it was complete: the accumulator knows.
 */
export type RawStreamItem =
  | { readonly type: 'response'; readonly requestId?: string }
  /** Before `response`: files uploaded for the request, and known ids the server no longer has. */
  | { readonly type: 'files'; readonly uploaded: readonly UploadedFile[]; readonly gone: readonly string[] }
  | { readonly type: 'events'; readonly events: readonly unknown[] }
  | {
      readonly type: 'failed';
      readonly info: LlmErrorInfo;
      /** `aborted` for a stop or an idle timeout, else `error`. */
      readonly stopReason: 'error' | 'aborted';
      /** Whether the response had begun (its headers had arrived). */
      readonly responded: boolean;
    };

/** Sends one request and yields what comes back. Never throws: failures end the stream with `failed`. */
export type RawStream = (request: RawStreamRequest, signal: AbortSignal) => AsyncIterable<RawStreamItem>;

/** Lists the models a key can use (`GET /v1/models`), retired ones left out. Throws an `LlmError`. */
export type ModelLister = (apiKey: string, baseURL: string, signal?: AbortSignal) => Promise<ModelInfo[]>;

/** A `ModelLister` that asks the API from this thread with the SDK. */
export function createModelLister(options: Omit<DirectStreamOptions, 'setTimer'>): ModelLister {
  return async (apiKey, baseURL, signal) => {
    try {
      const factory = await options.loadFactory();
      const client = factory({ apiKey, baseURL, fetch: options.fetch });
      const models: ModelInfo[] = [];
      for await (const raw of client.models.list({ limit: 100 }, { signal })) {
        const info = isRetired(raw) ? undefined : modelInfoFromApi(raw);
        if (info) models.push(info);
      }
      return models;
    } catch (error) {
      throw error instanceof LlmError ? error : new LlmError(describeError(error, { baseUrl: baseURL }));
    }
  };
}

/** Deletes uploaded files from the server (`DELETE /v1/files/<id>` each). Never throws. */
export type FileDeleter = (apiKey: string, baseURL: string, ids: readonly string[]) => Promise<DeleteOutcome>;

/** A `FileDeleter` that asks the API from this thread with the SDK. */
export function createFileDeleter(options: Omit<DirectStreamOptions, 'setTimer'>): FileDeleter {
  return async (apiKey, baseURL, ids) => {
    try {
      const factory = await options.loadFactory();
      return await deleteFileIds(factory({ apiKey, baseURL, fetch: options.fetch }), ids, baseURL);
    } catch (error) {
      return { deleted: [], failed: [...ids], problem: describeError(error, { baseUrl: baseURL }).message };
    }
  };
}

/** Downloads a file a tool made on the server (`GET /v1/files/<id>/content`). Never throws. */
export type FileDownloader = (apiKey: string, baseURL: string, id: string) => Promise<DownloadOutcome>;

/** A `FileDownloader` that asks the API from this thread with the SDK. */
export function createFileDownloader(options: Omit<DirectStreamOptions, 'setTimer'>): FileDownloader {
  return async (apiKey, baseURL, id) => {
    try {
      const factory = await options.loadFactory();
      return await downloadFileContent(factory({ apiKey, baseURL, fetch: options.fetch }), id, baseURL);
    } catch (error) {
      return { ok: false, problem: describeError(error, { baseUrl: baseURL }).message };
    }
  };
}

export interface DirectStreamOptions {
  readonly fetch: typeof fetch;
  readonly loadFactory: () => Promise<ClientFactory>;
  readonly setTimer: SetTimer;
}

function idleMessage(ms: number): string {
  return `No data arrived from the API for ${Math.round(ms / 1000)} s, so the answer was stopped. Try again.`;
}

/**
 * Sends requests from this thread with the SDK: one `events` item per server-sent event. The stream worker
 * runs this too, and batches what it yields (see `createEventBatcher`).
 */
export function createDirectStream(options: DirectStreamOptions): RawStream {
  // Base URLs whose server has no Files API: their files go in the request, with no upload tried again.
  const withoutFiles = new Set<string>();
  return async function* directStream(request, signal) {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    signal.addEventListener('abort', abort, { once: true });
    let idle = false;
    let watchdog: Watchdog | undefined;
    let responded = false;
    let failure: unknown;
    let threw = false;
    try {
      const factory = await options.loadFactory();
      if (signal.aborted) attempt.abort();
      // Uploads go first, from a client without the idle limit: an upload sends for as long as its file takes.
      const uploads =
        (request.files || request.containerFiles?.length) && !withoutFiles.has(request.baseURL)
          ? factory({ apiKey: request.apiKey, baseURL: request.baseURL, fetch: options.fetch })
          : undefined;
      let prepared = { params: request.params, betas: request.betas, ids: [] as readonly string[] };
      if (uploads && request.files) {
        const files = await prepareFileIds(
          uploads,
          request.params,
          request.betas,
          request.files,
          attempt.signal,
        );
        prepared = files;
        if (files.unsupported) withoutFiles.add(request.baseURL);
        if (files.uploaded.length > 0) yield { type: 'files', uploaded: files.uploaded, gone: [] };
      }
      if (uploads && request.containerFiles?.length) {
        const files = await prepareContainerUploads(
          uploads,
          prepared,
          request.containerFiles,
          request.files?.known ?? {},
          attempt.signal,
        );
        prepared = files;
        if (files.uploaded.length > 0) yield { type: 'files', uploaded: files.uploaded, gone: [] };
      }
      // The idle limit is about the network: it starts once the SDK has loaded and the files are up.
      const startWatch = () => {
        watchdog?.stop();
        watchdog = startWatchdog(request.idleTimeoutMs, options.setTimer, () => {
          idle = true;
          attempt.abort();
        });
        return watchdog;
      };
      let watch = startWatch();
      const client = factory({
        apiKey: request.apiKey,
        baseURL: request.baseURL,
        fetch: watchFetch(options.fetch, () => watch.touch()),
      });
      const send = (body: { params: RequestBody; betas?: readonly string[] }) =>
        client.messages
          .create(body.params, {
            signal: attempt.signal,
            ...(body.betas?.length ? { headers: { 'anthropic-beta': body.betas.join(',') } } : {}),
          })
          .withResponse();
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(prepared);
      } catch (error) {
        // A file id the server no longer knows (the file was deleted there, or the key or base URL changed): the
        // request is refused before it begins, so its files are uploaded again, once, and it is sent again.
        const refused = describeError(error).status === 404 && prepared.ids.length > 0;
        if (!refused || !uploads || !(request.files || request.containerFiles?.length)) throw error;
        watch.stop();
        const gone = await goneFileIds(uploads, prepared.ids, attempt.signal);
        if (gone.length === 0) throw error;
        let files = request.files
          ? await prepareFileIds(
              uploads,
              request.params,
              request.betas,
              request.files,
              attempt.signal,
              new Set(gone),
            )
          : { params: request.params, betas: request.betas, uploaded: [], ids: [] };
        if (request.containerFiles?.length) {
          const more = await prepareContainerUploads(
            uploads,
            files,
            request.containerFiles,
            request.files?.known ?? {},
            attempt.signal,
            new Set(gone),
          );
          files = { ...more, uploaded: [...files.uploaded, ...more.uploaded] };
        }
        yield { type: 'files', uploaded: files.uploaded, gone };
        watch = startWatch();
        answer = await send(files);
      }
      const { data, request_id } = answer;
      responded = true;
      yield request_id ? { type: 'response', requestId: request_id } : { type: 'response' };
      for await (const event of data) {
        watch.touch();
        yield { type: 'events', events: [event] };
        // A reader slower than the network is not a silent network.
        watch.touch();
        // Once the person stops the answer, nothing more is taken in.
        if (signal.aborted) break;
      }
    } catch (error) {
      threw = true;
      failure = error;
    } finally {
      watchdog?.stop();
      signal.removeEventListener('abort', abort);
    }
    if (idle) {
      yield {
        type: 'failed',
        info: { kind: 'timeout', message: idleMessage(request.idleTimeoutMs), retryable: false },
        stopReason: 'aborted',
        responded,
      };
    } else if (signal.aborted) {
      yield { type: 'failed', info: describeError({ name: 'AbortError' }), stopReason: 'aborted', responded };
    } else if (threw) {
      const info = describeError(failure, { baseUrl: request.baseURL });
      yield { type: 'failed', info, stopReason: 'error', responded };
    }
  };
}

/** Delta types whose payload is a string the accumulator appends: two in a row are one longer delta. */
const APPENDED: Readonly<Record<string, string>> = {
  text_delta: 'text',
  thinking_delta: 'thinking',
  input_json_delta: 'partial_json',
};

/**
 * If `a` and `b` are deltas of the same block that append the same kind of text, the single delta that
 * means both; else `undefined`. Feeding the accumulator the merged delta gives the same message as feeding
 * it `a` then `b` (text is appended; tool input JSON is parsed incrementally).
 */
export function mergeDeltas(a: unknown, b: unknown): unknown {
  if (!isDelta(a) || !isDelta(b) || a.index !== b.index) return undefined;
  const type = a.delta.type;
  const key = typeof type === 'string' ? APPENDED[type] : undefined;
  if (!key || b.delta.type !== type) return undefined;
  const first = a.delta[key];
  const second = b.delta[key];
  if (typeof first !== 'string' || typeof second !== 'string') return undefined;
  return { type: 'content_block_delta', index: a.index, delta: { type, [key]: first + second } };
}

interface RawDelta {
  readonly type: 'content_block_delta';
  readonly index: unknown;
  readonly delta: Readonly<Record<string, unknown>>;
}

function isDelta(x: unknown): x is RawDelta {
  if (typeof x !== 'object' || x === null) return false;
  const record = x as Record<string, unknown>;
  return (
    record.type === 'content_block_delta' &&
    typeof record.index === 'number' &&
    typeof record.delta === 'object' &&
    record.delta !== null
  );
}

export interface EventBatcher {
  /** Adds an event: it goes out with the next batch, merged into the delta before it when it can be. */
  push(event: unknown): void;
  /** Sends what is pending now (and stops the timer). */
  flush(): void;
}

/**
 * Gathers raw events for at most `intervalMs` and hands them to `send` as one batch, merging runs of deltas
 * (see `mergeDeltas`). At 1 ms per event a batch replaces a dozen or more messages with one, and each merged
 * run is one update for the page instead of many.
 */
export function createEventBatcher(
  send: (events: unknown[]) => void,
  intervalMs: number,
  setTimer: SetTimer,
): EventBatcher {
  let pending: unknown[] = [];
  let cancel: (() => void) | undefined;
  const flush = () => {
    cancel?.();
    cancel = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    send(batch);
  };
  return {
    push(event) {
      const last = pending.length - 1;
      const merged = last >= 0 ? mergeDeltas(pending[last], event) : undefined;
      if (merged !== undefined) pending[last] = merged;
      else pending.push(event);
      cancel ??= setTimer(flush, intervalMs);
    },
    flush,
  };
}
