/**
 * The image worker (a module worker): decodes and re-encodes images off the main thread. It says `ready` once
 * loaded, then answers each job posted to it with one `ImageJobResult`. A worker without `OffscreenCanvas`
 * answers `unsupported`, and the page does the work itself.
 */
import { type ImageJob, processImage } from './image-process';
import { isImageJob, WORKER_READY, WORKER_UNSUPPORTED } from './image-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const job: unknown = event.data;
  if (!isImageJob(job)) {
    scope.postMessage({ ok: false, reason: 'The image job was malformed.' });
    return;
  }
  if (typeof OffscreenCanvas !== 'function' || typeof createImageBitmap !== 'function') {
    scope.postMessage(WORKER_UNSUPPORTED);
    return;
  }
  void processImage(job as ImageJob).then((result) => scope.postMessage(result));
};

scope.postMessage(WORKER_READY);
