/** Tests for running image jobs in a worker and on the main thread. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageJob, ImageJobResult } from './image-process';
import { isImageJob, isImageJobResult, WORKER_READY, WORKER_UNSUPPORTED } from './image-protocol';
import { createImageProcessor } from './image-runner';

const JOB: ImageJob = {
  blob: new Blob(['png'], { type: 'image/png' }),
  format: 'png',
  mayHaveAlpha: false,
  plan: { width: 10, height: 10, decodePixels: 100 },
  maxBytes: 1000,
  thumbnailEdge: 96,
};

const DONE: ImageJobResult = {
  ok: true,
  blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
  mimeType: 'image/jpeg',
  width: 10,
  height: 10,
  thumbnail: 'data:image/jpeg;base64,AAAA',
};

/** Node has no canvas: a job that falls back to the main thread ends with this. */
const ON_MAIN_THREAD = { ok: false, reason: 'This browser cannot decode images here.' };

/** A stand-in for a module worker: the test plays the worker's side. */
class FakeWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly posted: unknown[] = [];
  terminated = false;

  postMessage(data: unknown): void {
    this.posted.push(data);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The worker says something. */
  say(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** The worker fails (its script did not load, or it threw). */
  fail(): void {
    this.onerror?.(new Event('error', { cancelable: true }) as ErrorEvent);
  }
}

function setup() {
  const worker = new FakeWorker();
  const process = createImageProcessor({ startWorker: () => worker as unknown as Worker });
  return { worker, process };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createImageProcessor', () => {
  it('posts the job once the worker has loaded, answers with its result, then stops the worker', async () => {
    const { worker, process } = setup();
    const result = process(JOB);
    expect(worker.posted).toEqual([]);
    worker.say(WORKER_READY);
    expect(worker.posted).toEqual([JOB]);
    worker.say(DONE);
    expect(await result).toEqual(DONE);
    expect(worker.terminated).toBe(true);
  });

  it('does the work on the main thread when the worker cannot draw', async () => {
    const { worker, process } = setup();
    const result = process(JOB);
    worker.say(WORKER_READY);
    worker.say(WORKER_UNSUPPORTED);
    expect(await result).toEqual(ON_MAIN_THREAD);
    expect(worker.terminated).toBe(true);
  });

  it('does the work on the main thread when the worker script fails to load', async () => {
    const { worker, process } = setup();
    const result = process(JOB);
    worker.fail();
    expect(await result).toEqual(ON_MAIN_THREAD);
  });

  it('does the work on the main thread when workers cannot be started', async () => {
    const process = createImageProcessor({
      startWorker: () => {
        throw new Error('no workers');
      },
    });
    expect(await process(JOB)).toEqual(ON_MAIN_THREAD);
  });

  it('reports a worker that fails while working, without retrying on the main thread', async () => {
    const { worker, process } = setup();
    const result = process(JOB);
    worker.say(WORKER_READY);
    worker.fail();
    expect(await result).toEqual({
      ok: false,
      reason: 'The image could not be processed (the worker failed).',
    });
  });

  it('does not trust an answer of the wrong shape', async () => {
    const { worker, process } = setup();
    const result = process(JOB);
    worker.say(WORKER_READY);
    worker.say({ ok: true, blob: 'not a blob' });
    expect(await result).toEqual({ ok: false, reason: 'The image worker gave an unexpected answer.' });
  });

  it('stops a worker that takes too long', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const process = createImageProcessor({ startWorker: () => worker as unknown as Worker, timeoutMs: 5000 });
    const result = process(JOB);
    worker.say(WORKER_READY);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toEqual({
      ok: false,
      reason: 'Processing the image took too long, so it was stopped.',
    });
    expect(worker.terminated).toBe(true);
  });
});

describe('image worker protocol guards', () => {
  it('accept well-formed jobs and results', () => {
    expect(isImageJob(JOB)).toBe(true);
    expect(isImageJobResult(DONE)).toBe(true);
    expect(isImageJobResult({ ok: false, reason: 'no' })).toBe(true);
  });

  it('reject malformed ones', () => {
    expect(isImageJob({ ...JOB, plan: { width: 0, height: 10 } })).toBe(false);
    expect(isImageJob({ ...JOB, blob: 'bytes' })).toBe(false);
    expect(isImageJobResult({ ...DONE, mimeType: 'image/bmp' })).toBe(false);
    expect(isImageJobResult({ ...DONE, thumbnail: 'javascript:alert(1)' })).toBe(false);
    expect(isImageJobResult(null)).toBe(false);
  });
});
