// Prompt caching as the Messages API does it, for the fake server: which part of a request's prefix is read from
// the cache and which is written to it, reported as `cache_read_input_tokens` and `cache_creation_input_tokens`.
//
// The rules, from https://docs.claude.com/en/docs/build-with-claude/prompt-caching:
// - the prefix runs in order over `tools`, `system`, then `messages`, up to and including the block that carries
//   `cache_control` (a breakpoint; at most four per request, checked by request-rules.mjs);
// - a prefix is cached only from a minimum length, which depends on the model (below); a shorter one is simply
//   not cached (no error);
// - a later request whose prefix up to a breakpoint is identical reads it from the cache; what follows the longest
//   cached prefix, up to the last breakpoint, is written; only the tokens after the last breakpoint are plain input;
// - an entry lives five minutes from its last use (`ttl: "1h"` asks for an hour).
// Cache entries are per lane (a test's namespace), as the API's are per organisation. Tokens are estimated at four
// characters of JSON each (the fake server has no tokenizer).

import { createHash } from 'node:crypto';

const MINUTE = 60_000;

/**
 * The smallest cacheable prefix by model family, in tokens (the docs' table; unknown models: 1,024).
 * @type {readonly (readonly [RegExp, number])[]}
 */
const MINIMUM_TOKENS = [
  [/^claude-(opus|sonnet|haiku)-5/, 512],
  [/^claude-(haiku-4-5|opus-4-5|opus-4-6)/, 4096],
  [/^claude-sonnet-4-6/, 2048],
];

/** @param {string} model */
export function minimumCacheTokens(model) {
  for (const [pattern, tokens] of MINIMUM_TOKENS) if (pattern.test(model)) return tokens;
  return 1024;
}

/**
 * @typedef {{ read: number, written: number, uncached: number }} CacheUsage
 * @typedef {{ usage(body: Record<string, unknown>, now?: number): CacheUsage | undefined }} PromptCache
 */

/** @returns {PromptCache} */
export function createPromptCache() {
  /** @type {Map<string, number>} prefix hash → when it expires */
  const entries = new Map();
  return {
    usage(body, now = Date.now()) {
      const parts = prefixParts(body);
      if (!parts.some((p) => p.breakpoint)) return undefined;
      const minimum = minimumCacheTokens(typeof body.model === 'string' ? body.model : '');
      const hash = createHash('sha256');
      let chars = 0;
      /** @type {{ key: string, tokens: number, ttl: number }[]} */
      const breakpoints = [];
      for (const part of parts) {
        hash.update(part.json);
        hash.update('\u0000');
        chars += part.json.length;
        if (part.breakpoint)
          breakpoints.push({ key: hash.copy().digest('hex'), tokens: Math.ceil(chars / 4), ttl: part.ttl });
      }
      const total = Math.ceil(chars / 4);
      const cacheable = breakpoints.filter((b) => b.tokens >= minimum);
      let read = 0;
      for (const b of cacheable) if ((entries.get(b.key) ?? 0) > now) read = Math.max(read, b.tokens);
      const last = cacheable.at(-1);
      const written = last ? Math.max(0, last.tokens - read) : 0;
      for (const b of cacheable) entries.set(b.key, now + b.ttl);
      return { read, written, uncached: Math.max(1, total - read - written) };
    },
  };
}

/**
 * The request's prefix in the order the API reads it, one part per tool, system block and content block, each as
 * the JSON it is (without its `cache_control`, which marks a breakpoint but is not content).
 * @param {Record<string, unknown>} body
 */
function prefixParts(body) {
  /** @type {{ json: string, breakpoint: boolean, ttl: number }[]} */
  const parts = [];
  const add = (/** @type {unknown} */ value, /** @type {string} */ where) => {
    if (typeof value !== 'object' || value === null) {
      parts.push({ json: `${where}:${JSON.stringify(value)}`, breakpoint: false, ttl: 0 });
      return;
    }
    const { cache_control: cache, ...rest } = /** @type {Record<string, unknown>} */ (value);
    const ttl = isRecord(cache) && cache.ttl === '1h' ? 60 * MINUTE : 5 * MINUTE;
    parts.push({ json: `${where}:${JSON.stringify(rest)}`, breakpoint: isRecord(cache), ttl });
  };
  for (const tool of Array.isArray(body.tools) ? body.tools : []) add(tool, 'tool');
  if (typeof body.system === 'string') add({ type: 'text', text: body.system }, 'system');
  else for (const block of Array.isArray(body.system) ? body.system : []) add(block, 'system');
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(message)) continue;
    const role = String(message.role);
    if (typeof message.content === 'string') add({ type: 'text', text: message.content }, role);
    else for (const block of Array.isArray(message.content) ? message.content : []) add(block, role);
  }
  return parts;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A scripted SSE body with the cache's numbers in its `message_start` and `message_delta` usage, where the script
 * left them at zero (a transcript that states its own cache usage keeps it). Events are rewritten whole, so the
 * body still streams byte for byte as the API's would.
 * @param {string} body
 * @param {CacheUsage} cache
 */
export function withCacheUsage(body, cache) {
  if (cache.read === 0 && cache.written === 0) return body;
  return body
    .split('\n\n')
    .map((event) => {
      const at = event.indexOf('data: ');
      if (at < 0) return event;
      let data;
      try {
        data = JSON.parse(event.slice(at + 6));
      } catch {
        return event;
      }
      const usage =
        data?.type === 'message_start'
          ? data.message?.usage
          : data?.type === 'message_delta'
            ? data.usage
            : undefined;
      if (!isRecord(usage) || usage.cache_read_input_tokens || usage.cache_creation_input_tokens)
        return event;
      usage.cache_read_input_tokens = cache.read;
      usage.cache_creation_input_tokens = cache.written;
      if (isRecord(usage.cache_creation)) usage.cache_creation.ephemeral_5m_input_tokens = cache.written;
      return `${event.slice(0, at)}data: ${JSON.stringify(data)}`;
    })
    .join('\n\n');
}
