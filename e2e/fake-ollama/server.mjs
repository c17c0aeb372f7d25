// @ts-check
/**
 * A fake of Ollama's Anthropic-compatible endpoint, for the end-to-end tests of Settings → Server's `Local or
 * compatible server`. Built from Ollama's documentation (docs.ollama.com/api/anthropic-compatibility, and the FAQ
 * on OLLAMA_ORIGINS) and llama.cpp's server README; see README.md for what it copies and what it leaves out.
 */
import { createServer } from 'node:http';

/** Model ids as Ollama names them (`name:tag`). */
export const OLLAMA_MODELS = ['qwen3-coder:30b', 'gpt-oss:20b'];

/**
 * Origins Ollama allows by default (localhost and 127.0.0.1 on any port) unless `local` is false; `OLLAMA_ORIGINS`
 * (here `extra`) adds others.
 * @param {string} origin
 * @param {readonly string[]} extra
 * @param {boolean} local
 */
function allowed(origin, extra, local) {
  if (extra.includes('*') || extra.includes(origin)) return true;
  return local && /^https?:\/\/(localhost|127\.0\.0\.1|0\.0\.0\.0)(:\d+)?$/.test(origin);
}

/**
 * `localOrigins: false` stands for a server whose allowed origins do not cover the page (a page served from another
 * host than the server's defaults allow).
 * @param {{ port?: number, origins?: readonly string[], localOrigins?: boolean }} [options]
 * @returns {Promise<{ url: string, close(): Promise<void>, requests: { method: string, path: string, headers: Record<string, unknown>, body: unknown }[], reply(text: string): void }>}
 */
export async function startFakeOllama(options = {}) {
  const origins = options.origins ?? [];
  const local = options.localOrigins ?? true;
  /** @type {{ method: string, path: string, headers: Record<string, unknown>, body: unknown }[]} */
  const requests = [];
  /** @type {string[]} */
  const replies = [];
  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin && allowed(origin, origins, local)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-headers', '*');
      res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      // A refused origin gets no CORS headers, so the browser stops there (Ollama answers 403).
      res.writeHead(origin && allowed(origin, origins, local) ? 204 : 403).end();
      return;
    }
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      /** @type {unknown} */
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      requests.push({ method: req.method ?? '', path, headers: { ...req.headers }, body });
      if (req.method === 'GET' && path === '/v1/models') {
        // The OpenAI shape, which Ollama's /v1/models answers.
        json(res, 200, {
          object: 'list',
          data: OLLAMA_MODELS.map((id) => ({
            id,
            object: 'model',
            created: 1_760_000_000,
            owned_by: 'library',
          })),
        });
        return;
      }
      if (req.method === 'POST' && path === '/v1/messages') {
        messages(res, body, replies.shift());
        return;
      }
      json(res, 404, { error: '404 page not found' });
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (text) => replies.push(text),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} body
 * @param {string | undefined} text
 */
function messages(res, body, text) {
  const b = /** @type {Record<string, any>} */ (typeof body === 'object' && body !== null ? body : {});
  const model = String(b.model ?? '');
  if (!OLLAMA_MODELS.includes(model)) {
    error(res, 404, 'not_found_error', `model '${model}' not found`);
    return;
  }
  if (b.thinking && b.thinking.type !== 'disabled') {
    error(res, 400, 'invalid_request_error', `"${model}" does not support thinking`);
    return;
  }
  const foreign = (Array.isArray(b.tools) ? b.tools : []).find((t) => t?.type && t.type !== 'custom');
  if (foreign) {
    error(res, 400, 'invalid_request_error', `unsupported tool type: ${foreign.type}`);
    return;
  }
  const answer = text ?? `Hello from ${model}.`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = `msg_${Date.now()}`;
  const send = (/** @type {string} */ type, /** @type {unknown} */ data) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 0 },
    },
  });
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  });
  for (const piece of answer.match(/.{1,8}/gs) ?? []) {
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: piece },
    });
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: answer.length },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 */
function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/**
 * The Anthropic-shaped error body Ollama's compatibility layer answers with.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} type
 * @param {string} message
 */
function error(res, status, type, message) {
  json(res, status, { type: 'error', error: { type, message } });
}
