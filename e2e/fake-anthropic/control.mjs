// @ts-check
/**
 * The control endpoint, for tests whose server runs in another process:
 * `/__control/<action>` acts on the default namespace, `/__control/<id>/<action>` on namespace `<id>`.
 *
 * | action | method | body / answer |
 * |---|---|---|
 * | `reply` | POST | a response spec, a fixture name, or an array of them → `{ queued }` |
 * | `requests` | GET | → recorded requests |
 * | `reset` | POST | → 204 |
 * | `models` | POST | an array of `{ id, ...ModelInfo fields }` → 204 |
 * | `release` | POST | → 204 |
 * | `held` | GET | → `{ held }` |
 * | `health` | GET | → `{ ok: true }` |
 */
/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { ResponseSpec } from './types.js' */
/** @import { Namespaces } from './namespaces.mjs' */

import { corsHeaders, parseBody, readBody, sendJson } from './http-util.mjs';
import { modelInfo } from './models.mjs';
import { release, toSpec } from './namespaces.mjs';
import { parseResponseSpec } from './responses.mjs';
import { isRecord } from './transcript.mjs';

/**
 * Reads the specs of a `reply` call, or says what is wrong with them.
 * @param {unknown} body
 * @returns {{ ok: true, specs: ResponseSpec[] } | { ok: false, error: string }}
 */
function readSpecs(body) {
  /** @type {ResponseSpec[]} */
  const specs = [];
  for (const item of Array.isArray(body) ? body : [body]) {
    if (typeof item === 'string') {
      try {
        specs.push(toSpec(item));
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      continue;
    }
    const parsed = parseResponseSpec(item);
    if (!parsed.ok) return parsed;
    specs.push(parsed.spec);
  }
  return { ok: true, specs };
}

/**
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} path The path, starting with `/__control`.
 * @param {Namespaces} namespaces
 */
export async function handleControl(req, res, path, namespaces) {
  const segments = path.split('/').slice(2).map(decodeURIComponent);
  const [id, action] = segments.length === 1 ? ['', segments[0]] : [segments[0] ?? '', segments[1]];
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? parseBody(await readBody(req)) : null;
  const done = () => res.writeHead(204, corsHeaders()).end();
  const refuse = (/** @type {string} */ error) =>
    sendJson(res, 400, { error: `fake server control: ${error}` });
  if (segments.length > 2) return refuse(`unknown path ${path}`);
  switch (`${method} ${action}`) {
    case 'POST reply': {
      const result = readSpecs(body);
      if (!result.ok) return refuse(result.error);
      const state = namespaces.get(id);
      state.queue.push(...result.specs);
      return sendJson(res, 200, { queued: state.queue.length });
    }
    case 'GET requests':
      return sendJson(res, 200, namespaces.get(id).log);
    case 'POST reset':
      namespaces.reset(id);
      return done();
    case 'POST models': {
      const valid =
        Array.isArray(body) && body.every((item) => isRecord(item) && typeof item.id === 'string');
      if (!valid) return refuse('models takes an array of objects with a string id');
      namespaces.get(id).models = body.map((item) => modelInfo({ ...item, id: String(item.id) }));
      return done();
    }
    case 'POST release':
      release(namespaces.get(id));
      return done();
    case 'GET held':
      return sendJson(res, 200, { held: namespaces.get(id).waiters.size });
    case 'GET health':
      return sendJson(res, 200, { ok: true });
    default:
      return sendJson(res, 404, {
        error: `fake server control: no ${method} ${action ?? ''} (see e2e/fake-anthropic/README.md)`,
      });
  }
}
