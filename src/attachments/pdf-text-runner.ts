/**
 * Runs one PDF text extraction in a short-lived worker (terminated afterwards, so PDF.js's memory is returned at
 * once), with a time limit. PDF.js is some 1.8 MB: it is loaded only here, only when a person asks for a PDF's
 * text, and never in the page itself.
 */
import type { PdfText } from './pdf-text';

/** Takes the text out of one PDF, at most `maxChars` characters of it; never rejects. */
export type PdfTextReader = (bytes: Uint8Array, maxChars: number) => Promise<PdfText>;

function isPdfText(x: unknown): x is PdfText {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  if (r.ok === false) return typeof r.reason === 'string';
  return (
    r.ok === true &&
    typeof r.text === 'string' &&
    typeof r.pages === 'number' &&
    typeof r.taken === 'number' &&
    typeof r.empty === 'number'
  );
}

export function createPdfTextReader(timeoutMs = 120_000): PdfTextReader {
  return (bytes, maxChars) => {
    let worker: Worker;
    try {
      if (typeof Worker !== 'function') throw new Error('No workers');
      worker = new Worker(new URL('./pdf-text-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return Promise.resolve({ ok: false, reason: 'This browser cannot run the PDF reader (no workers).' });
    }
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: PdfText) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.terminate();
        resolve(result);
      };
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'Reading the text of the PDF took too long, so it was stopped.' }),
        timeoutMs,
      );
      worker.onmessage = (event: MessageEvent<unknown>) => {
        const data = event.data as { type?: unknown } | null;
        if (data?.type === 'pdf-text-ready') {
          const copy = bytes.slice();
          worker.postMessage({ bytes: copy, maxChars }, [copy.buffer]);
          return;
        }
        finish(isPdfText(data) ? data : { ok: false, reason: 'The PDF reader gave an unexpected answer.' });
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish({
          ok: false,
          reason: 'The PDF reader could not start or failed. Reload the page and try again.',
        });
      };
    });
  };
}
