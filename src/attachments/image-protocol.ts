/** The messages between the page and the image worker, and the guards both sides check them with. */
import type { ImageJob, ImageJobResult } from './image-process';

/** Sent by the worker once its module has loaded. */
export const WORKER_READY = { type: 'ready' } as const;
/** Sent by a worker that cannot draw off the main thread (no `OffscreenCanvas`). */
export const WORKER_UNSUPPORTED = { type: 'unsupported' } as const;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

const isSize = (x: unknown): boolean =>
  isRecord(x) && typeof x.width === 'number' && x.width > 0 && typeof x.height === 'number' && x.height > 0;

/** Whether `x` has the shape of an `ImageJob`. */
export function isImageJob(x: unknown): x is ImageJob {
  return (
    isRecord(x) &&
    x.blob instanceof Blob &&
    typeof x.format === 'string' &&
    typeof x.mayHaveAlpha === 'boolean' &&
    isSize(x.plan) &&
    (!isRecord(x.plan) || x.plan.decodeHint === undefined || isSize(x.plan.decodeHint)) &&
    typeof x.maxBytes === 'number' &&
    typeof x.thumbnailEdge === 'number'
  );
}

/** Whether `x` has the shape of an `ImageJobResult`. */
export function isImageJobResult(x: unknown): x is ImageJobResult {
  if (!isRecord(x)) return false;
  if (x.ok === false) return typeof x.reason === 'string';
  return (
    x.ok === true &&
    x.blob instanceof Blob &&
    typeof x.mimeType === 'string' &&
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(x.mimeType) &&
    typeof x.width === 'number' &&
    typeof x.height === 'number' &&
    typeof x.thumbnail === 'string' &&
    x.thumbnail.startsWith('data:image/')
  );
}

/** Whether `x` is the given control message. */
export function isControl(x: unknown, control: typeof WORKER_READY | typeof WORKER_UNSUPPORTED): boolean {
  return isRecord(x) && x.type === control.type;
}
