/** Turning a failed write into words the person can act on. */
import { errorText } from '../agent';

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

export const QUOTA_MESSAGE =
  'Storage is full, so this conversation is not being saved. It stays open in this tab; export or delete ' +
  'sessions to free space, and saving resumes by itself.';

/** A failed write as a saver status: `quota` when the disk or the origin's quota is full. */
export function describeWriteError(error: unknown): {
  readonly kind: 'quota' | 'error';
  readonly message: string;
} {
  if (isQuotaError(error)) return { kind: 'quota', message: QUOTA_MESSAGE };
  return {
    kind: 'error',
    message: `Saving failed (${errorText(error)}). This conversation stays open in this tab; saving is retried.`,
  };
}

/** True for the errors browsers raise when the origin's storage quota or the disk is full. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name: unknown = (error as { readonly name?: unknown }).name;
  return typeof name === 'string' && QUOTA_NAMES.has(name);
}
