/**
 * The PDF text worker (a module worker): takes the text out of one PDF with PDF.js, off the main thread. It
 * says `ready` once loaded, then answers the job posted to it (`{ bytes, maxChars }`) with one `PdfText`.
 * PDF.js parses in a worker of its own, started from this one (and stopped with it); fonts are never loaded
 * into a document, nothing is rendered, no script in the PDF runs.
 */
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { joinPages, type PdfText, pageText, pdfTextFailure, type TextRun } from './pdf-text';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
}

const scope = self as unknown as WorkerScope;

async function extract(bytes: Uint8Array, maxChars: number): Promise<PdfText> {
  const { getDocument, GlobalWorkerOptions } = await import('pdfjs-dist');
  // Started here and handed over: left to start its own worker, PDF.js looks at `window` (absent in a worker),
  // and falls back to parsing in this thread with its messages on this worker's own port.
  GlobalWorkerOptions.workerPort ??= new Worker(pdfWorkerUrl, { type: 'module' });
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages && chars <= maxChars; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = pageText(content.items.filter((i): i is TextRun & typeof i => 'str' in i));
      pages.push(text);
      chars += text.length;
      page.cleanup();
    }
    return { ok: true, pages: doc.numPages, ...joinPages(pages, maxChars) };
  } catch (error) {
    return { ok: false, reason: pdfTextFailure(error) };
  } finally {
    void task.destroy();
  }
}

scope.onmessage = (event) => {
  const job = event.data as { bytes?: unknown; maxChars?: unknown } | null;
  if (!(job?.bytes instanceof Uint8Array) || typeof job.maxChars !== 'number') {
    scope.postMessage({ ok: false, reason: 'The PDF text job was malformed.' });
    return;
  }
  void extract(job.bytes, job.maxChars).then((result) => scope.postMessage(result));
};

scope.postMessage({ type: 'pdf-text-ready' });
