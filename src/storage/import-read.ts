/**
 * Reading an export file (or a zip made by `Export with files`) for Import without stalling the page: its size
 * is checked first, then a worker reads, parses and checks it (import-worker.ts). Where no worker can start,
 * the same check runs here.
 */

import { type CheckedFile, sizeProblem } from './import-check';
import { checkImportFile } from './import-file';

export interface ReadOptions {
  /** Starts the worker. Default: the module worker `import-worker.ts`. Throwing means "no workers here". */
  readonly startWorker?: () => Worker;
}

function startImportWorker(): Worker {
  if (typeof Worker !== 'function') throw new Error('No workers');
  return new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
}

/** Reads and checks `file`; never rejects (what went wrong is the result's `error`). */
export async function readExportFile(file: Blob, options: ReadOptions = {}): Promise<CheckedFile> {
  const tooLarge = sizeProblem(file.size);
  if (tooLarge) return { error: tooLarge };
  let worker: Worker;
  try {
    worker = (options.startWorker ?? startImportWorker)();
  } catch {
    return checkImportFile(file);
  }
  return new Promise<CheckedFile>((resolve) => {
    const finish = (result: CheckedFile | Promise<CheckedFile>) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<unknown>) =>
      finish(
        isCheckedFile(event.data)
          ? event.data
          : { error: 'The file could not be read, so nothing was imported.' },
      );
    // The worker's script could not load (or crashed): the page reads the file itself.
    worker.onerror = (event) => {
      event.preventDefault();
      finish(checkImportFile(file));
    };
    worker.postMessage(file);
  });
}

/** The worker's answer has the shape of a checked file (its content was checked inside the worker). */
function isCheckedFile(value: unknown): value is CheckedFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { error?: unknown; sessions?: unknown; problems?: unknown };
  return typeof v.error === 'string' || (Array.isArray(v.sessions) && Array.isArray(v.problems));
}
