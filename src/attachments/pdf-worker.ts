/**
 * The PDF worker (a module worker): makes the PDF of the chosen pages with pdf-lib off the main thread. It says
 * `ready` once loaded, then answers one `{ bytes, pages }` job with one `PdfSelection` (bytes transferred).
 */
import { selectPdfPages } from './pdf-pages';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const job = event.data as { bytes?: unknown; pages?: unknown } | null;
  const pages = job?.pages;
  if (
    !(job?.bytes instanceof Uint8Array) ||
    !Array.isArray(pages) ||
    !pages.every((p) => Number.isInteger(p) && p > 0)
  ) {
    scope.postMessage({ ok: false, reason: 'The PDF job was malformed.' });
    return;
  }
  void selectPdfPages(job.bytes, pages as number[]).then((result) =>
    scope.postMessage(result, result.ok ? [result.bytes.buffer as ArrayBuffer] : []),
  );
};

scope.postMessage({ type: 'pdf-ready' });
