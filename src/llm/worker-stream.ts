/**
 * The page side of the stream worker: starts it, checks its messages, and falls back to sending from the
 * page.
 */
import { describeError } from './errors';
import type { DeleteOutcome, DownloadOutcome } from './file-uploads';
import type { FileDeleter, FileDownloader, ModelLister, RawStream, RawStreamItem } from './raw-stream';
import { type FromWorker, isFromWorker, type ModelsAnswer, type ToWorker } from './stream-protocol';
import { LlmError } from './types';

/** What the page needs of a worker (a `Worker`; a fake in tests). */
export interface StreamWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: ToWorker): void;
  terminate(): void;
}

/** Starts the stream worker; throws where workers cannot run. */
export function startStreamWorker(): StreamWorker {
  if (typeof Worker !== 'function') throw new Error('No workers');
  return new Worker(new URL('./stream-worker.ts', import.meta.url), { type: 'module' });
}

const LOST_INFO = {
  kind: 'network',
  message: 'The connection to the API was lost unexpectedly. Try again.',
  retryable: true,
} as const;

const LOST: RawStreamItem = { type: 'failed', info: LOST_INFO, stopReason: 'error', responded: false };

/**
 * Sends requests, lists models, deletes uploaded files, downloads files a tool made; `prepare` starts the worker
 * ahead of the first request.
 */
export interface RawStreamer {
  readonly send: RawStream;
  readonly listModels: ModelLister;
  readonly deleteFiles: FileDeleter;
  readonly downloadFile: FileDownloader;
  prepare(): void;
}

/** A worker that has not loaded after this long (ms) is given up on: requests go from the page instead. */
const LOAD_TIMEOUT_MS = 10_000;

type Inbox = FromWorker | { readonly type: 'lost' } | { readonly type: 'stopped' };

const STOPPED = { name: 'AbortError' };

interface Connection {
  readonly worker: StreamWorker;
  /** Resolves `true` once the worker has loaded, `false` if it failed to. */
  readonly ready: Promise<boolean>;
}

/**
 * A `RawStream` that sends each request from the stream worker, started on the first request and kept. The
 * page then gets a few merged batches of events per frame instead of a task per network chunk.
 *
 * Where a worker cannot start (none in this context, or its script fails to load) requests go through
 * `fallback` in this thread, and keep doing so. A worker that fails while requests are open ends them with a
 * retryable `network` failure. Stopping a request ends its stream here at once; the worker is told to abort.
 */
export function createWorkerStream(
  start: () => StreamWorker,
  fallback: Omit<RawStreamer, 'prepare'>,
  loadTimeoutMs: number = LOAD_TIMEOUT_MS,
): RawStreamer {
  let connection: Connection | undefined;
  let broken = false;
  let nextId = 1;
  const inboxes = new Map<number, (message: Inbox) => void>();

  const connect = (): Connection | undefined => {
    if (broken) return undefined;
    if (connection) return connection;
    let worker: StreamWorker;
    try {
      worker = start();
    } catch {
      broken = true;
      return undefined;
    }
    let settle: (loaded: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    worker.onmessage = (event) => {
      const message = event.data;
      if (!isFromWorker(message)) return;
      if (message.type === 'ready') settle(true);
      else inboxes.get(message.id)?.(message);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      broken = true;
      connection = undefined;
      settle(false);
      worker.terminate();
      for (const deliver of [...inboxes.values()]) deliver({ type: 'lost' });
    };
    connection = { worker, ready };
    return connection;
  };

  /** Whether the worker loaded in time; one that did not is stopped and the page sends from now on. */
  const loaded = async (current: Connection, signal: AbortSignal): Promise<boolean | 'stopped'> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort = () => {};
    const outcome = await Promise.race([
      current.ready,
      new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), loadTimeoutMs);
      }),
      new Promise<'stopped'>((resolve) => {
        onAbort = () => resolve('stopped');
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    if (outcome !== 'late') return outcome;
    broken = true;
    connection = undefined;
    current.worker.terminate();
    return false;
  };

  const send: RawStream = async function* workerStream(request, signal) {
    const current = connect();
    const ready = current ? await loaded(current, signal) : false;
    if (ready === 'stopped') {
      yield {
        type: 'failed',
        info: describeError({ name: 'AbortError' }),
        stopReason: 'aborted',
        responded: false,
      };
      return;
    }
    if (!current || !ready) {
      yield* fallback.send(request, signal);
      return;
    }
    const id = nextId++;
    const inbox: Inbox[] = [];
    let wake: (() => void) | undefined;
    inboxes.set(id, (message) => {
      inbox.push(message);
      wake?.();
    });
    const onAbort = () => {
      inbox.push({ type: 'stopped' });
      wake?.();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    let ended = false;
    let responded = false;
    try {
      try {
        current.worker.postMessage({ type: 'send', id, request });
      } catch {
        // The request could not be copied to the worker: send it from here.
        ended = true;
        yield* fallback.send(request, signal);
        return;
      }
      if (signal.aborted) onAbort();
      for (;;) {
        while (inbox.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
        const message = inbox.shift() as Inbox;
        if (message.type === 'end') {
          ended = true;
          return;
        }
        if (message.type === 'lost') {
          ended = true;
          yield { ...LOST, responded };
          return;
        }
        if (message.type === 'stopped') {
          yield {
            type: 'failed',
            info: describeError({ name: 'AbortError' }),
            stopReason: 'aborted',
            responded,
          };
          return;
        }
        if (message.type !== 'item') continue;
        if (message.item.type === 'response') responded = true;
        yield message.item;
      }
    } finally {
      inboxes.delete(id);
      signal.removeEventListener('abort', onAbort);
      // Stopped, or the reader left early: the worker stops reading too.
      if (!ended && !broken) current.worker.postMessage({ type: 'abort', id });
    }
  };
  const listModels: ModelLister = async (apiKey, baseURL, signal) => {
    const never = new AbortController().signal;
    const current = connect();
    const ready = current ? await loaded(current, signal ?? never) : false;
    if (ready === 'stopped') throw new LlmError(describeError(STOPPED));
    if (!current || !ready) return fallback.listModels(apiKey, baseURL, signal);
    const id = nextId++;
    const answer = await new Promise<ModelsAnswer | 'lost' | 'stopped'>((resolve) => {
      const onAbort = () => resolve('stopped');
      signal?.addEventListener('abort', onAbort, { once: true });
      inboxes.set(id, (message) => {
        signal?.removeEventListener('abort', onAbort);
        if (message.type === 'models') resolve(message);
        else if (message.type === 'lost') resolve('lost');
      });
      if (signal?.aborted) onAbort();
      else current.worker.postMessage({ type: 'models', id, apiKey, baseURL });
    });
    inboxes.delete(id);
    if (answer === 'stopped') throw new LlmError(describeError(STOPPED));
    if (answer === 'lost') throw new LlmError(LOST_INFO);
    if (!answer.ok) throw new LlmError(answer.info);
    return [...answer.models];
  };

  const deleteFiles: FileDeleter = async (apiKey, baseURL, fileIds) => {
    const never = new AbortController().signal;
    const current = connect();
    const ready = current ? await loaded(current, never) : false;
    if (!current || ready !== true) return fallback.deleteFiles(apiKey, baseURL, fileIds);
    const id = nextId++;
    const answer = await new Promise<DeleteOutcome | 'lost'>((resolve) => {
      inboxes.set(id, (message) => {
        if (message.type === 'deleted') resolve(message);
        else if (message.type === 'lost') resolve('lost');
      });
      current.worker.postMessage({ type: 'deleteFiles', id, apiKey, baseURL, fileIds });
    });
    inboxes.delete(id);
    if (answer === 'lost') return { deleted: [], failed: [...fileIds], problem: LOST_INFO.message };
    const { deleted, failed, problem } = answer;
    return problem ? { deleted, failed, problem } : { deleted, failed };
  };

  const downloadFile: FileDownloader = async (apiKey, baseURL, fileId) => {
    const never = new AbortController().signal;
    const current = connect();
    const ready = current ? await loaded(current, never) : false;
    if (!current || ready !== true) return fallback.downloadFile(apiKey, baseURL, fileId);
    const id = nextId++;
    const answer = await new Promise<DownloadOutcome | 'lost'>((resolve) => {
      inboxes.set(id, (message) => {
        if (message.type === 'downloaded') resolve(message.outcome);
        else if (message.type === 'lost') resolve('lost');
      });
      current.worker.postMessage({ type: 'downloadFile', id, apiKey, baseURL, fileId });
    });
    inboxes.delete(id);
    return answer === 'lost' ? { ok: false, problem: LOST_INFO.message } : answer;
  };

  return {
    send,
    listModels,
    deleteFiles,
    downloadFile,
    prepare() {
      connect();
    },
  };
}
