// @ts-check
/**
 * Builders of scripted responses. Each returns a plain-data `ResponseSpec` that the fake server plays to one
 * `POST /v1/messages`, in-process or after a trip through the control endpoint.
 */
/**
 * @import { BlockSpec, DropResponse, ErrorResponse, HangResponse, MessageSpec, SseBuildOptions,
 *   SseEvent, SseResponse, StreamOptions } from './types.js'
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorEvent, fakeId, messageEvents, serializeEvents } from './sse.mjs';
import { isRecord } from './transcript.mjs';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const SSE_DIR = `${FIXTURES}sse/`;
const ERRORS_DIR = `${FIXTURES}errors/`;

/** Error `type` per HTTP status, as the API uses them. */
const ERROR_TYPES = /** @type {const} */ ({
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
});

/** The API's error `type` for an HTTP status (`api_error` when unknown). @param {number} status */
export function errorTypeForStatus(status) {
  return ERROR_TYPES[/** @type {keyof typeof ERROR_TYPES} */ (status)] ?? 'api_error';
}

/** The HTTP status the API uses for an error `type` (500 when unknown). @param {string} type */
export function statusForErrorType(type) {
  const found = Object.entries(ERROR_TYPES).find(([, value]) => value === type);
  return found ? Number(found[0]) : 500;
}

/**
 * Keeps only the delivery fields that are set, so specs stay small and JSON-clean.
 * @param {StreamOptions & { headers?: Record<string, string> }} options
 */
function delivery({ chunk, delayMs, holdAfter, headers }) {
  return {
    ...(chunk !== undefined && { chunk }),
    ...(delayMs !== undefined && { delayMs }),
    ...(holdAfter !== undefined && { holdAfter }),
    ...(headers !== undefined && { headers }),
  };
}

/**
 * Names of the transcripts in `e2e/fixtures/sse/`, without `.sse`.
 * @returns {string[]}
 */
export function fixtureNames() {
  return readdirSync(SSE_DIR)
    .filter((file) => file.endsWith('.sse'))
    .map((file) => file.slice(0, -'.sse'.length))
    .sort();
}

/**
 * A recorded transcript from `e2e/fixtures/sse/<name>.sse`, played byte for byte. `name` may leave out the source
 * suffix when only one file matches (`text_long_multi_delta` → `text_long_multi_delta_ts_sdk`).
 * @param {string} name
 * @param {StreamOptions & { headers?: Record<string, string> }} [options]
 * @returns {SseResponse}
 */
export function fixture(name, options = {}) {
  const base = name.endsWith('.sse') ? name.slice(0, -'.sse'.length) : name;
  const names = fixtureNames();
  const matches = names.includes(base)
    ? [base]
    : names.filter((candidate) => candidate.startsWith(`${base}_`));
  if (matches.length !== 1) {
    const why = matches.length === 0 ? 'no SSE fixture named' : 'ambiguous SSE fixture name';
    throw new Error(`${why} "${name}"; one of: ${(matches.length ? matches : names).join(', ')}`);
  }
  return { kind: 'sse', body: readFileSync(`${SSE_DIR}${matches[0]}.sse`, 'utf8'), ...delivery(options) };
}

/**
 * @param {readonly SseEvent[]} events
 * @param {SseBuildOptions} options
 * @returns {SseResponse}
 */
function fromEvents(events, options) {
  return { kind: 'sse', body: serializeEvents(events), ...delivery(options) };
}

/**
 * @param {readonly BlockSpec[]} blocks
 * @param {SseBuildOptions} options
 */
function fromBlocks(blocks, options) {
  return fromEvents(messageEvents({ ...options, blocks }), options);
}

/** Transcript builders: generated streams in the real API's format. */
export const sse = {
  /**
   * One text block, streamed in deltas of `deltaSize` characters.
   * @param {string} text
   * @param {SseBuildOptions} [options]
   */
  text: (text, options = {}) => fromBlocks([{ type: 'text', text }], options),

  /**
   * A tool call (optionally after a text preamble), its JSON input streamed in input_json_delta pieces;
   * `stop_reason` `tool_use`. With `cutAfter` the input is cut there and the message ends at `max_tokens`.
   * @param {{ name: string, input: unknown, id?: string, text?: string, cutAfter?: number } & SseBuildOptions} call
   */
  toolUse: ({ name, input, id, text, cutAfter, ...options }) =>
    fromBlocks(
      [
        ...(text === undefined ? [] : [/** @type {BlockSpec} */ ({ type: 'text', text })]),
        {
          type: 'tool_use',
          name,
          input,
          ...(id !== undefined && { id }),
          ...(cutAfter !== undefined && { cutAfter }),
        },
      ],
      options,
    ),

  /**
   * A thinking block (thinking deltas, then a signature), then a text answer.
   * @param {{ thinking: string, text?: string, signature?: string } & SseBuildOptions} spec
   */
  thinking: ({ thinking, text = '', signature, ...options }) =>
    fromBlocks(
      [
        { type: 'thinking', thinking, ...(signature !== undefined && { signature }) },
        { type: 'text', text },
      ],
      options,
    ),

  /**
   * Any sequence of blocks in one message.
   * @param {MessageSpec & SseBuildOptions} spec
   */
  message: (spec) => fromEvents(messageEvents(spec), spec),

  /**
   * Any events, serialised as-is: for streams the builders above do not make (e.g. an error mid-stream:
   * `sse.events([...sse.messageEvents(spec).slice(0, 5), sse.errorEvent()])`).
   * @param {readonly SseEvent[]} events
   * @param {SseBuildOptions} [options]
   */
  events: (events, options = {}) => fromEvents(events, options),

  messageEvents,
  errorEvent,
};

/**
 * Reads an error fixture: a plain body, a recorded cassette (`{ status_code, headers, body }`) or an HTTP
 * response text (`HTTP/2 429`, headers, blank line, body).
 * @param {string} name
 * @returns {{ status: number | undefined, body: string, headers: Record<string, string> } | undefined}
 */
function readErrorFixture(name) {
  if (name.includes('/') || name === '') return undefined;
  const file = [name, `${name}.json`, `${name}.txt`]
    .map((candidate) => `${ERRORS_DIR}${candidate}`)
    .find(existsSync);
  if (!file) return undefined;
  const text = readFileSync(file, 'utf8');
  const leading = /^(\d{3})_/.exec(name);
  const status = leading ? Number(leading[1]) : undefined;
  const http = /^HTTP\/[\d.]+ (\d{3})[^\n]*\n([\s\S]*?)\r?\n\r?\n([\s\S]*)$/.exec(text);
  if (http) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const line of (http[2] ?? '').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { status: Number(http[1]), body: (http[3] ?? '').trimEnd(), headers };
  }
  const parsed = file.endsWith('.json') ? JSON.parse(text) : undefined;
  if (isRecord(parsed) && typeof parsed.status_code === 'number' && 'body' in parsed) {
    const recorded = isRecord(parsed.headers) ? parsed.headers : {};
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [key, value] of Object.entries(recorded)) {
      if (key !== 'content-length' && key !== 'connection') headers[key.toLowerCase()] = String(value);
    }
    return { status: parsed.status_code, body: JSON.stringify(parsed.body), headers };
  }
  return { status, body: text, headers: {} };
}

/**
 * An HTTP error. `source` is an error fixture name from `e2e/fixtures/errors/` (extension optional; its recorded
 * headers come along), a body text, or a body object; by default an Anthropic-shaped body for `status`.
 * `headers` are added last, e.g. `{ 'retry-after': '2', 'x-should-retry': 'true' }`.
 * @param {number} status
 * @param {string | Record<string, unknown>} [source]
 * @param {Record<string, string>} [headers]
 * @returns {ErrorResponse}
 */
export function httpError(status, source, headers = {}) {
  const loaded = typeof source === 'string' ? readErrorFixture(source) : undefined;
  const body =
    loaded?.body ??
    (typeof source === 'string'
      ? source
      : JSON.stringify(
          source ?? {
            type: 'error',
            error: { type: errorTypeForStatus(status), message: `Fake ${status} error` },
            request_id: fakeId('req'),
          },
        ));
  return { kind: 'error', status, body, headers: { ...loaded?.headers, ...headers } };
}

/**
 * An error fixture with the status it was recorded with (from the cassette, the HTTP status line or the file
 * name's leading digits), e.g. `errorFixture('429_rate_limit_error.recorded')`.
 * @param {string} name
 * @param {Record<string, string>} [headers]
 * @returns {ErrorResponse}
 */
export function errorFixture(name, headers = {}) {
  const loaded = readErrorFixture(name);
  if (!loaded)
    throw new Error(`no error fixture named "${name}"; one of: ${readdirSync(ERRORS_DIR).join(', ')}`);
  if (loaded.status === undefined) throw new Error(`error fixture "${name}" has no HTTP status`);
  return {
    kind: 'error',
    status: loaded.status,
    body: loaded.body,
    headers: { ...loaded.headers, ...headers },
  };
}

/**
 * Headers, then `body` (default nothing), then silence until the client gives up or the namespace is reset.
 * @param {string} [body]
 * @returns {HangResponse}
 */
export function hang(body) {
  return body === undefined ? { kind: 'hang' } : { kind: 'hang', body };
}

/**
 * The first `afterBytes` bytes of a stream, then the socket is destroyed. `source` is a body text or an SSE
 * response (its delivery options are kept); by default a generated text answer of about 2 KB.
 * @param {number} afterBytes
 * @param {string | SseResponse} [source]
 * @returns {DropResponse}
 */
export function drop(
  afterBytes,
  source = sse.text('The connection drops in the middle of this answer. '.repeat(40)),
) {
  if (typeof source === 'string') return { kind: 'drop', body: source, afterBytes };
  const { body, chunk, delayMs, holdAfter } = source;
  return { kind: 'drop', body, afterBytes, ...delivery({ chunk, delayMs, holdAfter }) };
}

export { parseResponseSpec } from './spec-guard.mjs';
