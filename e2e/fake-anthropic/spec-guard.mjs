// @ts-check
/** Checks response specs that arrive as JSON over the control endpoint. */
/** @import { ResponseSpec } from './types.js' */

import { isRecord } from './transcript.mjs';

/**
 * @typedef {{ ok: true, spec: ResponseSpec } | { ok: false, error: string }} SpecResult
 */

/** @param {unknown} value */
const isString = (value) => typeof value === 'string';
/** @param {unknown} value */
const isCount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
/** @param {unknown} value */
const isOptionalCount = (value) => value === undefined || isCount(value);
/** @param {unknown} value */
const isHeaders = (value) => value === undefined || (isRecord(value) && Object.values(value).every(isString));

/**
 * Whether the optional delivery fields are well-formed.
 * @param {Record<string, unknown>} value
 */
function deliveryError(value) {
  const { chunk, delayMs, holdAfter } = value;
  if (!(chunk === undefined || chunk === 'event' || (isCount(chunk) && Number(chunk) > 0))) {
    return 'chunk must be "event" or a positive byte count';
  }
  if (!isOptionalCount(delayMs)) return 'delayMs must be a non-negative integer';
  if (!isOptionalCount(holdAfter)) return 'holdAfter must be a non-negative integer';
  return undefined;
}

/**
 * Accepts `value` as a response spec, or says what is wrong with it.
 * @param {unknown} value
 * @returns {SpecResult}
 */
export function parseResponseSpec(value) {
  if (!isRecord(value)) return { ok: false, error: 'a response spec must be an object' };
  const problem = specError(value);
  return problem
    ? { ok: false, error: `${String(value.kind)} response: ${problem}` }
    : { ok: true, spec: cast(value) };
}

/**
 * @param {Record<string, unknown>} value
 * @returns {string | undefined}
 */
function specError(value) {
  switch (value.kind) {
    case 'sse':
      if (!isString(value.body)) return 'body must be a string';
      if (!isHeaders(value.headers)) return 'headers must map names to strings';
      if (!isCreatedFiles(value.files)) return 'files must be a list of { id, filename, mimeType, base64 }';
      return deliveryError(value);
    case 'error':
      if (!(isCount(value.status) && Number(value.status) >= 100 && Number(value.status) <= 599)) {
        return 'status must be an HTTP status';
      }
      if (!isString(value.body)) return 'body must be a string';
      return isHeaders(value.headers) ? undefined : 'headers must map names to strings';
    case 'hang':
      return value.body === undefined || isString(value.body) ? undefined : 'body must be a string';
    case 'drop':
      if (!isString(value.body)) return 'body must be a string';
      if (!isCount(value.afterBytes)) return 'afterBytes must be a non-negative integer';
      return deliveryError(value);
    default:
      return 'kind must be "sse", "error", "hang" or "drop"';
  }
}

/** @param {unknown} files */
function isCreatedFiles(files) {
  if (files === undefined) return true;
  return (
    Array.isArray(files) &&
    files.every(
      (f) =>
        isRecord(f) && isString(f.id) && isString(f.filename) && isString(f.mimeType) && isString(f.base64),
    )
  );
}

/**
 * The checked value, typed (specError has verified every field).
 * @param {Record<string, unknown>} value
 * @returns {ResponseSpec}
 */
function cast(value) {
  return /** @type {ResponseSpec} */ (/** @type {unknown} */ (value));
}
