/**
 * The app APIs a page finds in the preview, installed before it runs: `window.storage` (get/set/delete/list,
 * as Claude.ai's artifacts have it), `window.fs.readFile`, `window.claude.complete`, and `fetch` of
 * `/v1/messages`, and `fetch` of other sites (carried out by the app for hosts the person allowed). Each is a function that posts a typed request through `call` (the runtime's, which holds the
 * port) and settles with the host's reply. Nothing of the app — its key, its address, its data — is here: the
 * host carries every request out and returns only the answer.
 */
import type { AppCall, NetFetchResult } from '../artifacts/protocol';

/** Posts `request` and settles with the host's reply (an `Error` of the reply's kind when it failed). */
export type Call = (request: AppCall) => Promise<unknown>;

/** The path a page's `fetch` of the Messages API ends in (Claude.ai's artifacts fetch it relative). */
const MESSAGES_PATH = /^(?:https:\/\/api\.anthropic\.com)?\/v1\/messages\/?$/;

export function installAppApis(call: Call, blobs: ReadonlyMap<string, Blob>): void {
  const storage = Object.freeze({
    get: (key: unknown, shared?: unknown) =>
      call({ api: 'storage.get', key: String(key), shared: shared === true }),
    set: (key: unknown, value: unknown, shared?: unknown) =>
      call({ api: 'storage.set', key: String(key), value: valueText(value), shared: shared === true }),
    delete: (key: unknown, shared?: unknown) =>
      call({ api: 'storage.delete', key: String(key), shared: shared === true }),
    list: (prefix?: unknown, shared?: unknown) =>
      call({
        api: 'storage.list',
        prefix: prefix === undefined || prefix === null ? '' : String(prefix),
        shared: shared === true,
      }),
  });
  const fs = Object.freeze({
    readFile: (name: unknown, options?: unknown) => {
      const encoding =
        typeof options === 'string'
          ? options
          : typeof options === 'object' && options !== null
            ? (options as { encoding?: unknown }).encoding
            : undefined;
      return call({ api: 'fs.readFile', name: String(name), utf8: isUtf8(encoding) });
    },
  });
  const claude = Object.freeze({
    complete: async (prompt: unknown) => {
      const text = await call({ api: 'claude.complete', body: String(prompt) });
      return typeof text === 'string' ? text : '';
    },
  });
  define('storage', storage);
  define('fs', fs);
  define('claude', claude);
  const original = window.fetch;
  const own = new URL(location.href).origin;
  const fetchThrough = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = url.startsWith(location.origin) ? url.slice(location.origin.length) : url;
    if (MESSAGES_PATH.test(path)) return messagesFetch(call, input, init);
    // A blob URL made in this document (a shelf file, a page's own Blob): read here, since the policy's
    // connect-src refuses every address, blob: included.
    const blob = url.startsWith('blob:') ? blobs.get(url) : undefined;
    if (blob) return Promise.resolve(new Response(blob));
    const target = URL.parse(url, location.href);
    // Another site: the app carries it out if the person allowed that host for this artifact, else refuses it.
    if (target && /^https?:$/.test(target.protocol) && target.origin !== own)
      return outsideFetch(call, input, init);
    return Reflect.apply(original, window, [input, init]) as Promise<Response>;
  };
  define('fetch', fetchThrough);
}

/**
 * A `fetch` of another site, through the app: the request (address, method, headers, body) goes in a
 * `net.fetch` call; the reply is the response, or a `TypeError` as a refused or failed fetch gives.
 */
async function outsideFetch(call: Call, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const signal = request.signal;
  if (signal.aborted) throw abortError(signal);
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const sent = call({
    api: 'net.fetch',
    url: request.url,
    method: request.method,
    headers: [...request.headers],
    body: body && body.byteLength > 0 ? body : undefined,
  });
  // The page may stop waiting; the app's request then ends on its own, its answer unused.
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
  });
  const result = (await Promise.race([sent, aborted])) as NetFetchResult;
  const empty = result.status === 204 || result.status === 205 || result.status === 304;
  return new Response(empty || request.method === 'HEAD' ? null : result.body, {
    status: result.status,
    statusText: result.statusText,
    headers: [...result.headers] as [string, string][],
  });
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

async function messagesFetch(call: Call, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST')
    return errorResponse(405, 'invalid_request_error', 'The Messages API takes POST requests.');
  const body = init?.body ?? (input instanceof Request ? await input.text() : undefined);
  if (typeof body !== 'string')
    return errorResponse(400, 'invalid_request_error', 'The request body must be a JSON string.');
  try {
    const message = await call({ api: 'claude.messages', body });
    return new Response(JSON.stringify(message), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const invalid = error instanceof TypeError;
    return errorResponse(invalid ? 400 : 403, invalid ? 'invalid_request_error' : 'permission_error', text);
  }
}

/** A response in the Messages API's own error shape. */
function errorResponse(status: number, type: string, message: string): Response {
  return new Response(JSON.stringify({ type: 'error', error: { type, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function isUtf8(encoding: unknown): boolean {
  return typeof encoding === 'string' && /^utf-?8$/i.test(encoding);
}

/** Values are strings (Claude.ai's storage keeps text); anything else is stored as its JSON, as a page meant. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function define(name: string, value: unknown): void {
  Object.defineProperty(window, name, { value, configurable: true, writable: true, enumerable: false });
}
