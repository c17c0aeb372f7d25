/**
 * The office worker (a module worker): converts one Word, Excel, PowerPoint or CSV file to Markdown off the
 * main thread. It says `ready` once loaded, then answers the job posted to it with one `OfficeResult`; the
 * embedded images' bytes are transferred, not copied. The libraries load inside it, on first use.
 */
import { convertOffice } from './office-convert';
import { isOfficeJob, OFFICE_READY } from './office-protocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const job: unknown = event.data;
  if (!isOfficeJob(job)) {
    scope.postMessage({ ok: false, reason: 'The office job was malformed.' });
    return;
  }
  void convertOffice(job).then((result) =>
    scope.postMessage(result, result.ok ? result.images.map((i) => i.bytes.buffer as ArrayBuffer) : []),
  );
};

scope.postMessage(OFFICE_READY);
