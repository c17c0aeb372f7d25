/** The messages between the page and the office worker, and the guards both sides check them with. */
import type { OfficeJob, OfficeResult } from './office-convert';

/** Sent by the worker once its module has loaded. */
export const OFFICE_READY = { type: 'office-ready' } as const;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null;
}

const INPUTS: ReadonlySet<unknown> = new Set(['docx', 'sheet', 'pptx', 'delimited']);

export function isOfficeJob(x: unknown): x is OfficeJob {
  return (
    isRecord(x) &&
    INPUTS.has(x.input) &&
    typeof x.name === 'string' &&
    x.bytes instanceof Uint8Array &&
    typeof x.maxChars === 'number' &&
    typeof x.maxImages === 'number'
  );
}

const UNITS: ReadonlySet<unknown> = new Set(['page', 'sheet', 'slide', 'row']);

export function isOfficeResult(x: unknown): x is OfficeResult {
  if (!isRecord(x)) return false;
  if (x.ok === false) return typeof x.reason === 'string';
  return (
    x.ok === true &&
    typeof x.markdown === 'string' &&
    typeof x.truncated === 'boolean' &&
    (x.count === undefined ||
      (isRecord(x.count) && UNITS.has(x.count.unit) && typeof x.count.count === 'number')) &&
    Array.isArray(x.images) &&
    x.images.every((i) => isRecord(i) && typeof i.name === 'string' && i.bytes instanceof Uint8Array)
  );
}

export function isOfficeReady(x: unknown): boolean {
  return isRecord(x) && x.type === OFFICE_READY.type;
}
