/**
 * Runs one page selection in a short-lived PDF worker (terminated afterwards), with a time limit; in the page
 * (pdf-lib loaded with `import()`) where workers cannot run.
 */
import type { PdfSelection } from './pdf-pages';

export type PdfPageSelector = (bytes: Uint8Array, pages: readonly number[]) => Promise<PdfSelection>;

function isSelection(x: unknown): x is PdfSelection {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  if (r.ok === false) return typeof r.reason === 'string';
  return r.ok === true && r.bytes instanceof Uint8Array && typeof r.pages === 'number';
}

async function inPage(bytes: Uint8Array, pages: readonly number[]): Promise<PdfSelection> {
  const { selectPdfPages } = await import('./pdf-pages');
  return selectPdfPages(bytes, pages);
}

export function createPdfPageSelector(timeoutMs = 120_000): PdfPageSelector {
  return (bytes, pages) => {
    let worker: Worker;
    try {
      if (typeof Worker !== 'function') throw new Error('No workers');
      worker = new Worker(new URL('./pdf-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return inPage(bytes, pages);
    }
    return new Promise((resolve) => {
      let loaded = false;
      let settled = false;
      const finish = (result: PdfSelection | 'in-page') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        resolve(result === 'in-page' ? inPage(bytes, pages) : result);
      };
      const timer = setTimeout(
        () =>
          finish({ ok: false, reason: 'Taking the pages out of the PDF took too long, so it was stopped.' }),
        timeoutMs,
      );
      worker.onmessage = (event: MessageEvent<unknown>) => {
        const data = event.data as { type?: unknown } | null;
        if (data?.type === 'pdf-ready') {
          loaded = true;
          // A copy: the file's bytes stay usable for the next selection.
          const copy = bytes.slice();
          worker.postMessage({ bytes: copy, pages: [...pages] }, [copy.buffer]);
          return;
        }
        finish(isSelection(data) ? data : { ok: false, reason: 'The PDF worker gave an unexpected answer.' });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish(
          loaded ? { ok: false, reason: 'The pages could not be taken out (the worker failed).' } : 'in-page',
        );
      };
    });
  };
}
