// @ts-check
/** Small HTTP helpers of the fake server: CORS, bodies, JSON answers. */
/** @import { IncomingMessage, ServerResponse } from 'node:http' */

import { fakeId } from './sse.mjs';

/** Response headers a browser SDK must be able to read. */
const EXPOSED_HEADERS = 'request-id, retry-after, retry-after-ms, x-should-retry';

/** What a preflight allows when the browser does not list the headers it wants. */
const DEFAULT_ALLOWED_HEADERS =
  'authorization, x-api-key, anthropic-version, anthropic-beta, anthropic-dangerous-direct-browser-access, content-type';

/** Headers every response carries, so any origin may call and read it. */
export function corsHeaders() {
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS };
}

/**
 * Answers a CORS preflight: 204, allowing the methods the API has and echoing the headers asked for.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
export function preflight(req, res) {
  const asked = req.headers['access-control-request-headers'];
  res
    .writeHead(204, {
      ...corsHeaders(),
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': asked || DEFAULT_ALLOWED_HEADERS,
      'access-control-max-age': '86400',
      ...(req.headers['access-control-request-private-network'] === 'true' && {
        'access-control-allow-private-network': 'true',
      }),
      vary: 'access-control-request-headers',
    })
    .end();
}

/**
 * The request body as text.
 * @param {IncomingMessage} req
 * @returns {Promise<string>}
 */
export async function readBody(req) {
  return (await readBytes(req)).toString('utf8');
}

/**
 * The request body as bytes (a multipart upload is binary).
 * @param {IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
export async function readBytes(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Parsed JSON, the raw text when it is not JSON, `null` when empty.
 * @param {string} text
 * @returns {unknown}
 */
export function parseBody(text) {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Request headers with lower-case names and single string values.
 * @param {IncomingMessage['headers']} headers
 * @returns {Record<string, string>}
 */
export function lowerHeaders(headers) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, value, headers = {}) {
  res
    .writeHead(status, { ...corsHeaders(), 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(value));
}

/**
 * An error body in the API's shape.
 * @param {string} type
 * @param {string} message
 * @param {string} [requestId] The `request-id` header sent with it.
 */
export function apiErrorBody(type, message, requestId = fakeId('req')) {
  return { type: 'error', error: { type, message }, request_id: requestId };
}
