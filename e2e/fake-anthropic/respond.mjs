// @ts-check
/** Plays one scripted response onto an HTTP response: chunking, pacing, holding, hanging, dropping. */
/** @import { ServerResponse } from 'node:http' */
/** @import { ChunkMode, ResponseSpec, StreamOptions } from './types.js' */

import { statusForErrorType } from './responses.mjs';
import { assertNever } from './sse.mjs';
import { accumulate, isRecord } from './transcript.mjs';

/**
 * @typedef {object} PlayContext
 * @property {boolean} stream Whether the request asked for `stream: true`.
 * @property {Record<string, string>} headers Headers every API response carries (CORS, `request-id`).
 * @property {(res: ServerResponse) => Promise<void>} hold Resolves when the namespace releases, or `res` closes.
 */

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Cuts a body into the writes the server makes: one per SSE event (blank-line terminated; a trailing partial event
 * is its own chunk) or pieces of `mode` bytes.
 * @param {string} body
 * @param {ChunkMode} mode
 * @returns {Buffer[]}
 */
export function splitBody(body, mode) {
  if (mode === 'event') {
    return body
      .split(/(?<=\r\n\r\n|\n\n|\r\r)/)
      .filter((part) => part !== '')
      .map((part) => Buffer.from(part, 'utf8'));
  }
  const bytes = Buffer.from(body, 'utf8');
  const size = Math.max(1, Math.floor(mode));
  /** @type {Buffer[]} */
  const chunks = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

/**
 * The first `limit` bytes of `chunks`, the last chunk shortened if needed.
 * @param {readonly Buffer[]} chunks
 * @param {number} limit
 */
function takeBytes(chunks, limit) {
  /** @type {Buffer[]} */
  const taken = [];
  let left = limit;
  for (const chunk of chunks) {
    if (left <= 0) break;
    taken.push(chunk.subarray(0, left));
    left -= chunk.length;
  }
  return taken;
}

/**
 * Writes one chunk; resolves once it is handed to the socket (true) or the response is gone (false).
 * @param {ServerResponse} res
 * @param {Buffer} chunk
 * @returns {Promise<boolean>}
 */
function write(res, chunk) {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve(false);
    const onClose = () => resolve(false);
    res.once('close', onClose);
    res.write(chunk, (error) => {
      res.off('close', onClose);
      resolve(!error && !res.destroyed);
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes `chunks` with the spec's pacing; returns whether all were written.
 * @param {ServerResponse} res
 * @param {readonly Buffer[]} chunks
 * @param {StreamOptions} options
 * @param {PlayContext} context
 */
async function writeChunks(res, chunks, options, context) {
  const { delayMs = 0, holdAfter } = options;
  for (const [index, chunk] of chunks.entries()) {
    if (index === holdAfter) await context.hold(res);
    if (index > 0 && delayMs > 0) await sleep(delayMs);
    if (!(await write(res, chunk))) return false;
  }
  if (holdAfter !== undefined && holdAfter >= chunks.length) await context.hold(res);
  return !res.destroyed;
}

/**
 * Answers a non-streaming request with the message the transcript accumulates to (or its error event).
 * @param {ServerResponse} res
 * @param {string} body
 * @param {Record<string, string>} headers
 */
function sendMessageJson(res, body, headers) {
  const result = accumulate(body);
  if (result.ok) {
    res.writeHead(200, { ...JSON_TYPE, ...headers }).end(JSON.stringify(result.message));
    return;
  }
  const inner = isRecord(result.error.error) ? result.error.error : {};
  const status = statusForErrorType(typeof inner.type === 'string' ? inner.type : 'api_error');
  res.writeHead(status, { ...JSON_TYPE, ...headers }).end(JSON.stringify(result.error));
}

/**
 * Plays `spec` onto `res`. Resolves when the response is complete, or, for `hang`, once its headers are out (the
 * response then stays open until the client leaves or the server destroys it).
 * @param {ServerResponse} res
 * @param {ResponseSpec} spec
 * @param {PlayContext} context
 * @returns {Promise<void>}
 */
export async function play(res, spec, context) {
  const streamHeaders = { ...(context.stream ? SSE_HEADERS : JSON_TYPE), ...context.headers };
  switch (spec.kind) {
    case 'sse': {
      if (!context.stream) return sendMessageJson(res, spec.body, { ...context.headers, ...spec.headers });
      res.writeHead(200, { ...streamHeaders, ...spec.headers }).flushHeaders();
      if (await writeChunks(res, splitBody(spec.body, spec.chunk ?? 'event'), spec, context)) res.end();
      return;
    }
    case 'error':
      res.writeHead(spec.status, { ...JSON_TYPE, ...context.headers, ...spec.headers }).end(spec.body);
      return;
    case 'hang':
      res.writeHead(200, streamHeaders).flushHeaders();
      if (spec.body) await write(res, Buffer.from(spec.body, 'utf8'));
      return;
    case 'drop': {
      res.writeHead(200, streamHeaders).flushHeaders();
      const chunks = takeBytes(splitBody(spec.body, spec.chunk ?? 'event'), spec.afterBytes);
      if (await writeChunks(res, chunks, spec, context)) res.socket?.destroy();
      return;
    }
    default:
      return assertNever(spec);
  }
}
