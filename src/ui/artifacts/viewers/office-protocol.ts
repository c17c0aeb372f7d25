/** The office worker's messages (`office-worker.ts`). */

/** One slide of a presentation, in its order. */
export interface Slide {
  /** Its text, paragraph by paragraph, in the order of its shapes; the title first when it has one. */
  readonly paragraphs: readonly string[];
  /** Its pictures, in order. */
  readonly images: readonly { readonly bytes: Uint8Array; readonly mimeType: string }[];
  /** Speaker notes, when there are any. */
  readonly notes: readonly string[];
}

export type OfficeViewJob =
  | { readonly kind: 'document'; readonly id: number; readonly bytes: Uint8Array }
  | { readonly kind: 'slides'; readonly id: number; readonly bytes: Uint8Array };

export type OfficeViewReply =
  | { readonly kind: 'document'; readonly id: number; readonly html: string; readonly warnings: number }
  | { readonly kind: 'slides'; readonly id: number; readonly slides: readonly Slide[] }
  | { readonly kind: 'failed'; readonly id: number; readonly reason: string };

export function isOfficeViewReply(value: unknown): value is OfficeViewReply {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number') return false;
  switch (v.kind) {
    case 'document':
      return typeof v.html === 'string' && typeof v.warnings === 'number';
    case 'slides':
      return Array.isArray(v.slides);
    case 'failed':
      return typeof v.reason === 'string';
    default:
      return false;
  }
}

/** Runs one job in a fresh office worker (ended afterwards); resolves with its reply, never rejects. */
export function runOfficeJob(job: OfficeViewJob): Promise<OfficeViewReply> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./office-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve({ kind: 'failed', id: job.id, reason: 'this browser cannot start a worker' });
  }
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<unknown>) => {
      worker.terminate();
      resolve(
        isOfficeViewReply(event.data)
          ? event.data
          : { kind: 'failed', id: job.id, reason: 'the reader gave an unexpected answer' },
      );
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve({ kind: 'failed', id: job.id, reason: 'the reader failed' });
    };
    const copy = job.bytes.slice();
    worker.postMessage({ ...job, bytes: copy }, [copy.buffer]);
  });
}
