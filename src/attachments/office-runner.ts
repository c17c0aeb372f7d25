/**
 * Runs one office conversion in a short-lived worker (terminated afterwards, so the libraries' memory is
 * returned at once), with a time limit. Where workers cannot run, the conversion runs in the page, loaded
 * with `import()` so the first screen never carries it.
 */
import type { OfficeJob, OfficeResult } from './office-convert';
import { isOfficeReady, isOfficeResult } from './office-protocol';

/** Converts one office file; never rejects. */
export type OfficeConverter = (job: OfficeJob) => Promise<OfficeResult>;

export interface OfficeConverterOptions {
  /** Gives up after this long (default 120 s); the worker is stopped. */
  readonly timeoutMs?: number;
  /** Starts a worker. Default: the module worker `office-worker.ts`. Throwing means "no workers here". */
  readonly startWorker?: () => Worker;
}

function startOfficeWorker(): Worker {
  if (typeof Worker !== 'function') throw new Error('No workers');
  return new Worker(new URL('./office-worker.ts', import.meta.url), { type: 'module' });
}

async function inPage(job: OfficeJob): Promise<OfficeResult> {
  const { convertOffice } = await import('./office-convert');
  return convertOffice(job);
}

export function createOfficeConverter(options: OfficeConverterOptions = {}): OfficeConverter {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const start = options.startWorker ?? startOfficeWorker;
  return (job) => {
    let worker: Worker;
    try {
      worker = start();
    } catch {
      return inPage(job);
    }
    return new Promise((resolve) => {
      let loaded = false;
      let settled = false;
      const finish = (result: OfficeResult | 'in-page') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        resolve(result === 'in-page' ? inPage(job) : result);
      };
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'Reading the file took too long, so it was stopped.' }),
        timeoutMs,
      );
      worker.onmessage = (event: MessageEvent<unknown>) => {
        if (isOfficeReady(event.data)) {
          loaded = true;
          worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
          return;
        }
        finish(
          isOfficeResult(event.data)
            ? event.data
            : { ok: false, reason: 'The office worker gave an unexpected answer.' },
        );
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish(loaded ? { ok: false, reason: 'The file could not be read (the worker failed).' } : 'in-page');
      };
    });
  };
}
