/** Runs image jobs in a worker, one short-lived worker per image, falling back to the main thread. */
import type { ImageJob, ImageJobResult, ImageProcessor } from './image-process';
import { isControl, isImageJobResult, WORKER_READY, WORKER_UNSUPPORTED } from './image-protocol';

export interface ImageProcessorOptions {
  /** Gives up on one image after this long (default 60 s); the worker is stopped, which frees its memory. */
  readonly timeoutMs?: number;
  /** Starts a worker. Default: the module worker `image-worker.ts`. Throwing means "no workers here". */
  readonly startWorker?: () => Worker;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** The main-thread fallback, loaded only when a worker cannot do the job (the first screen does not need it). */
async function processImage(job: ImageJob): Promise<ImageJobResult> {
  try {
    return await (await import('./image-process')).processImage(job);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `The image could not be processed (${reason}). Reload the page and attach it again.`,
    };
  }
}

function startImageWorker(): Worker {
  if (typeof Worker !== 'function') throw new Error('No workers');
  return new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * An `ImageProcessor` that decodes in a worker so the page stays responsive, with a fresh worker per image
 * (terminated afterwards, so a large decode's memory is returned at once). When workers cannot run (none in this
 * context, the script fails to load, or the worker has no `OffscreenCanvas`) the job runs on the main thread,
 * where `createImageBitmap` still decodes off the JavaScript thread in current browsers.
 */
export function createImageProcessor(options: ImageProcessorOptions = {}): ImageProcessor {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const start = options.startWorker ?? startImageWorker;
  return (job) => {
    let worker: Worker;
    try {
      worker = start();
    } catch {
      return processImage(job);
    }
    return runInWorker(worker, job, timeoutMs);
  };
}

function runInWorker(worker: Worker, job: ImageJob, timeoutMs: number): Promise<ImageJobResult> {
  return new Promise((resolve) => {
    let loaded = false;
    let settled = false;
    const finish = (result: ImageJobResult | 'on-main-thread') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      resolve(result === 'on-main-thread' ? processImage(job) : result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'Processing the image took too long, so it was stopped.' }),
      timeoutMs,
    );
    worker.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (isControl(data, WORKER_READY)) {
        loaded = true;
        worker.postMessage(job);
      } else if (isControl(data, WORKER_UNSUPPORTED)) {
        finish('on-main-thread');
      } else {
        finish(
          isImageJobResult(data)
            ? data
            : { ok: false, reason: 'The image worker gave an unexpected answer.' },
        );
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(
        loaded
          ? { ok: false, reason: 'The image could not be processed (the worker failed).' }
          : 'on-main-thread',
      );
    };
  });
}
