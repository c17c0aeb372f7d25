/**
 * The import worker: reads an export file (its text, or a zip's `session.json`), parses and checks it
 * (`checkImportFile`) off the page, and sends back what can be written, the attachments' bytes transferred
 * rather than copied.
 */

import type { CheckedFile } from './import-check';
import { checkImportFile } from './import-file';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: CheckedFile, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async (event) => {
  const file = event.data;
  const checked: CheckedFile =
    file instanceof Blob
      ? await checkImportFile(file)
      : { error: 'The file could not be read (no file was given), so nothing was imported.' };
  const buffers =
    'error' in checked ? [] : checked.sessions.flatMap((s) => s.attachments.map((a) => a.bytes.buffer));
  scope.postMessage(checked, buffers);
};
