// @ts-check
/**
 * A fake Anthropic Messages API for end-to-end tests and for trying the app by hand. It speaks enough of the real
 * API for `@anthropic-ai/sdk` (in Node or in a browser) to talk to it: streamed and plain `POST /v1/messages`,
 * `POST /v1/messages/count_tokens`, `GET /v1/models[/<id>]`, the Files API (`files.mjs`), CORS, `request-id`. Every answer to
 * `POST /v1/messages` is scripted per namespace (see namespaces.mjs and the README).
 *
 * Routes: `/v1/...` is the default namespace, `/ns/<id>/v1/...` namespace `<id>`, `/__control/...` the control
 * endpoint (control.mjs). Preflights and control calls are not recorded; API calls all are.
 */
/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { FakeAnthropic, FakeAnthropicOptions, RecordedRequest } from './types.js' */
/** @import { NamespaceState } from './namespaces.mjs' */

import { createServer } from 'node:http';
import { handleControl } from './control.mjs';
import { answerFiles, holdCreatedFiles } from './files.mjs';
import { fileLookupProblem } from './files-rules.mjs';
import {
  apiErrorBody,
  corsHeaders,
  lowerHeaders,
  parseBody,
  preflight,
  readBytes,
  sendJson,
} from './http-util.mjs';
import { manualReply } from './manual.mjs';
import { modelPage } from './models.mjs';
import { createNamespaces, hold, namespaceHandle, track } from './namespaces.mjs';
import { withCacheUsage } from './prompt-cache.mjs';
import { requestProblem } from './request-rules.mjs';
import { play } from './respond.mjs';
import { isRecord } from './transcript.mjs';

const BANNER = 'Fake Anthropic API. Point the app at this URL as its API base URL, with any API key.\n';

/** @param {string} host */
function urlHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts a fake Anthropic API server.
 * @param {FakeAnthropicOptions} [options]
 * @returns {Promise<FakeAnthropic>}
 */
export async function startFakeAnthropic({ port = 0, host = '127.0.0.1', manual = false } = {}) {
  const namespaces = createNamespaces();
  let requestCount = 0;
  const nextRequestId = () => `req_fake_${String(++requestCount).padStart(8, '0')}`;

  /**
   * The answer to `POST /v1/messages`: the next scripted response, else the manual reply, else a clear 500.
   * @param {ServerResponse} res
   * @param {NamespaceState} state
   * @param {RecordedRequest} request
   * @param {string} id
   * @param {Record<string, string>} headers
   */
  const answerMessages = async (res, state, request, id, headers) => {
    const spec = state.queue.shift() ?? (manual && id === '' ? manualReply(request.body) : undefined);
    if (!spec) {
      const message = `fake server: no scripted response for POST /v1/messages in namespace "${id}"; call reply() first`;
      const body = apiErrorBody('api_error', message, headers['request-id']);
      return sendJson(res, 500, body, { ...headers, 'x-should-retry': 'false' });
    }
    const stream = isRecord(request.body) && request.body.stream === true;
    if (spec.kind === 'sse') holdCreatedFiles(state.files, spec.files ?? []);
    // What the request's prefix reads from and writes to the lane's prompt cache (a script may say otherwise).
    const cache = isRecord(request.body) ? state.promptCache.usage(request.body) : undefined;
    const played =
      cache && (spec.kind === 'sse' || spec.kind === 'drop')
        ? { ...spec, body: withCacheUsage(spec.body, cache) }
        : spec;
    return play(res, played, { stream, headers, hold: (held) => hold(state, held) });
  };

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {string} id
   * @param {string} path
   * @param {URLSearchParams} search
   */
  const answerApi = async (req, res, id, path, search) => {
    const bytes = await readBytes(req);
    const raw = bytes.toString('utf8');
    const method = req.method ?? 'GET';
    const requestHeaders = lowerHeaders(req.headers);
    const state = namespaces.get(id);
    const files = answerFiles(method, path, requestHeaders, bytes, state.files);
    /** @type {RecordedRequest} */
    const request = {
      method,
      path,
      query: Object.fromEntries(search),
      headers: requestHeaders,
      // An upload is logged as the file it stored, not its bytes.
      body: files ? (files.recorded ?? (raw === '' ? null : raw)) : parseBody(raw),
    };
    state.log.push(request);
    track(state, res);
    const headers = { ...corsHeaders(), 'request-id': nextRequestId() };
    if (files?.raw) {
      res.writeHead(200, {
        ...headers,
        'content-type': files.raw.type,
        'content-length': files.raw.bytes.length,
      });
      return res.end(files.raw.bytes);
    }
    if (files) {
      const body =
        files.status === 200
          ? files.body
          : { type: 'error', error: files.body, request_id: headers['request-id'] };
      return sendJson(res, files.status, body, headers);
    }
    const model = /^\/v1\/models\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/messages') {
      if (!isRecord(request.body)) {
        const message = 'fake server: the request body is not a JSON object';
        return sendJson(
          res,
          400,
          apiErrorBody('invalid_request_error', message, headers['request-id']),
          headers,
        );
      }
      // An invalid request gets the API's own 400, as the real API would answer it.
      const problem = requestProblem(
        request.body,
        request.headers,
        (fileId) => state.files.get(fileId)?.bytes,
      );
      if (problem) {
        return sendJson(res, 400, apiErrorBody('invalid_request_error', problem, headers['request-id']), {
          ...headers,
          'x-should-retry': 'false',
        });
      }
      // A file referred to by id must be one this namespace holds, of a type its block takes.
      const missing = fileLookupProblem(request.body, (fileId) => state.files.get(fileId)?.meta);
      if (missing) {
        return sendJson(
          res,
          missing.status,
          apiErrorBody(missing.type, missing.message, headers['request-id']),
          {
            ...headers,
            'x-should-retry': 'false',
          },
        );
      }
      return answerMessages(res, state, request, id, headers);
    }
    if (method === 'POST' && path === '/v1/messages/count_tokens') {
      return sendJson(res, 200, { input_tokens: Math.max(1, Math.ceil(raw.length / 4)) }, headers);
    }
    if (method === 'GET' && path === '/v1/models')
      return sendJson(res, 200, modelPage(state.models, request.query), headers);
    if (method === 'GET' && model) {
      const found = state.models.find((info) => info.id === decodeURIComponent(model[1] ?? ''));
      if (found) return sendJson(res, 200, found, headers);
    }
    const missing = `fake server: no ${method} ${path}`;
    return sendJson(res, 404, apiErrorBody('not_found_error', missing, headers['request-id']), headers);
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  const route = async (req, res) => {
    const target = new URL(req.url ?? '/', 'http://fake.invalid');
    const path = target.pathname;
    if (req.method === 'OPTIONS') return preflight(req, res);
    if (path === '/__control' || path.startsWith('/__control/'))
      return handleControl(req, res, path, namespaces);
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      return res
        .writeHead(200, { ...corsHeaders(), 'content-type': 'text/plain; charset=utf-8' })
        .end(BANNER);
    }
    const prefixed = /^\/ns\/([^/]+)(\/.*)?$/.exec(path);
    if (!prefixed) return answerApi(req, res, '', path, target.searchParams);
    return answerApi(
      req,
      res,
      decodeURIComponent(prefixed[1] ?? ''),
      prefixed[2] ?? '/',
      target.searchParams,
    );
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      const message = `fake server: ${error instanceof Error ? error.message : String(error)}`;
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, apiErrorBody('api_error', message), { 'x-should-retry': 'false' });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${urlHost(host)}:${actualPort}`;

  return {
    url,
    port: actualPort,
    ns: (id = '') => namespaceHandle(namespaces, id, id === '' ? url : `${url}/ns/${encodeURIComponent(id)}`),
    close: async () => {
      namespaces.resetAll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
