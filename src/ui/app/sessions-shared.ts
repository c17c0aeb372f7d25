/** What the parts of the sessions controller share: the services, the notice, and how failures are worded. */

import { errorText } from '../../agent';
import { isQuotaError, type SessionLibrary, type SessionSaver } from '../../storage';
import { msg, str } from '../l10n';

/**
 * The state the parts of `SessionsController` (routing, recovery, storage settings) work on: the services it
 * follows and the notice it shows. The controller is the one implementation.
 */
export interface SessionsShared {
  readonly library: SessionLibrary | undefined;
  readonly saver: SessionSaver | undefined;
  /** A problem with saving or opening, shown as an alert; cleared when it is resolved. */
  notice: string;
  /** Shows `text` as the notice. */
  report(text: string): void;
  /** Asks the host to render again. */
  requestUpdate(): void;
}

/** Runs what the person asked of the library; a failure becomes the notice "<what> failed: <reason>." */
export async function attempt(
  shared: SessionsShared,
  what: string,
  work: (library: SessionLibrary) => Promise<void>,
): Promise<void> {
  const library = shared.library;
  if (!library) return;
  try {
    await work(library);
  } catch (error) {
    shared.report(failure(what, error));
  }
}

/** "Export failed: <reason>." — with what to do when the disk is full. */
export function failure(what: string, error: unknown): string {
  const reason = isQuotaError(error)
    ? 'storage is full. Free some space (export, then delete old sessions) and try again'
    : errorText(error).replace(/[.\s]+$/, '');
  return msg(str`${what} failed: ${reason}.`);
}

export function problemsNotice(problems: readonly string[]): string {
  return msg(str`Some saved messages could not be read and were skipped: ${firstOf(problems)}`);
}

export function exportProblems(problems: readonly string[]): string {
  return msg(str`Exported, with a problem: ${firstOf(problems)}`);
}

export function firstOf(problems: readonly string[]): string {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${problems[0] ?? ''}${more}`;
}

/** Offers text or bytes as a file download (a download never runs code in the page). */
export function download(fileName: string, mimeType: string, content: string | Blob): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
