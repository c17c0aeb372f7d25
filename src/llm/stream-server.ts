/** The worker side of the stream protocol: serves requests and model lists, batching events every 50 ms. */
import { describeError } from './errors';
import {
  createEventBatcher,
  type FileDeleter,
  type FileDownloader,
  type ModelLister,
  type RawStream,
} from './raw-stream';
import { type FromWorker, isToWorker } from './stream-protocol';
import type { SetTimer } from './transport';

/** The worker's side of a message channel (`self` in the worker; a fake in tests). */
export interface WorkerPort {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: FromWorker): void;
}

/**
 * How long the worker gathers events before posting them. Three frames: the page shows a streaming answer at
 * most every 58 ms and a frame anyway (`AgentController`), and each post costs the page a task and the agent an
 * update. At 32 ms the page took two posts or more per update of a fast answer (173 in the 40 KB answer of
 * `bench/stream-cdp.mjs`, for 89 updates).
 */
const BATCH_MS = 50;

/**
 * Serves `send` and `abort` messages on `port` with `stream`, posting each request's items back with its id:
 * runs of raw events are gathered for up to `batchMs` and merged (see `createEventBatcher`), everything else
 * goes out at once, after the events before it. `models` messages are answered with `listModels`, `deleteFiles`
 * with `deleteFiles`, `downloadFile` with `downloadFile`.
 */
export function serveRawStreams(
  port: WorkerPort,
  stream: RawStream,
  listModels: ModelLister,
  setTimer: SetTimer,
  deleteFiles: FileDeleter,
  downloadFile: FileDownloader,
  batchMs: number = BATCH_MS,
): void {
  const running = new Map<number, AbortController>();
  const run = async (id: number, request: Parameters<RawStream>[0], controller: AbortController) => {
    const batcher = createEventBatcher(
      (events) => port.postMessage({ type: 'item', id, item: { type: 'events', events } }),
      batchMs,
      setTimer,
    );
    try {
      for await (const item of stream(request, controller.signal)) {
        if (item.type === 'events') {
          for (const event of item.events) batcher.push(event);
        } else {
          batcher.flush();
          port.postMessage({ type: 'item', id, item });
        }
      }
    } finally {
      batcher.flush();
      running.delete(id);
      port.postMessage({ type: 'end', id });
    }
  };
  port.onmessage = (event) => {
    const message = event.data;
    if (!isToWorker(message)) return;
    if (message.type === 'abort') {
      running.get(message.id)?.abort();
      return;
    }
    if (message.type === 'models') {
      const { id } = message;
      listModels(message.apiKey, message.baseURL).then(
        (models) => port.postMessage({ type: 'models', id, ok: true, models }),
        (error: unknown) => port.postMessage({ type: 'models', id, ok: false, info: describeError(error) }),
      );
      return;
    }
    if (message.type === 'deleteFiles') {
      const { id } = message;
      void deleteFiles(message.apiKey, message.baseURL, message.fileIds).then((outcome) =>
        port.postMessage({ type: 'deleted', id, ...outcome }),
      );
      return;
    }
    if (message.type === 'downloadFile') {
      const { id } = message;
      void downloadFile(message.apiKey, message.baseURL, message.fileId).then((outcome) =>
        port.postMessage({ type: 'downloaded', id, outcome }),
      );
      return;
    }
    if (running.has(message.id)) return;
    const controller = new AbortController();
    running.set(message.id, controller);
    void run(message.id, message.request, controller);
  };
  port.postMessage({ type: 'ready' });
}
