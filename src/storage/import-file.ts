/**
 * The check of a file chosen for Import, wherever it runs (the import worker, or the page where no worker
 * starts): an export file's text, or a zip made by `Export with files`, whose `session.json` is read and then
 * checked exactly as an export file is. The zip reader (with jszip) loads only when a zip arrives.
 */

import { errorText } from '../agent';
import { type CheckedFile, checkExportText } from './import-check';

/** Reads and checks `file`; never rejects (what went wrong is the result's `error`). */
export async function checkImportFile(file: Blob): Promise<CheckedFile> {
  try {
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    if (!looksLikeZip(head) && !isNamedZip(file)) return checkExportText(await file.text());
    const { readSessionZip } = await import('./zip-import');
    const read = await readSessionZip(new Uint8Array(await file.arrayBuffer()));
    return 'error' in read ? read : checkExportText(read.text);
  } catch (error) {
    const reason = errorText(error);
    return { error: `The file could not be read (${reason}), so nothing was imported.` };
  }
}

/** Whether `bytes` begin as a zip does (a local file header, or the end of an empty zip's directory). */
function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

function isNamedZip(file: Blob): boolean {
  return file.type === 'application/zip' || (file instanceof File && /\.zip$/i.test(file.name));
}
