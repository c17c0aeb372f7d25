/**
 * The import worker: reads an export file's text, parses and checks it (`checkExportText`) off the page, and
 * sends back what can be written, the attachments' bytes transferred rather than copied.
 */

import { type CheckedFile, checkExportText } from './import-check';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: CheckedFile, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async (event) => {
  const file = event.data;
  let checked: CheckedFile;
  try {
    if (!(file instanceof Blob)) throw new Error('no file was given');
    checked = checkExportText(await file.text());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    checked = { error: `The file could not be read (${reason}), so nothing was imported.` };
  }
  const buffers =
    'error' in checked ? [] : checked.sessions.flatMap((s) => s.attachments.map((a) => a.bytes.buffer));
  scope.postMessage(checked, buffers);
};
