// @ts-check
/**
 * The Messages API's rules for a `POST /v1/messages` body, written down as code. The fake server answers a body
 * that breaks one with the API's own 400 (`invalid_request_error` and the API's wording), and the unit tests of
 * the app's request builder hold every request it makes to the same rules.
 *
 * Where each rule comes from (the API documentation, or the API's own 400 messages as people met them):
 * - Messages API reference, "messages": roles `user`/`assistant`; content a string or an array of blocks; "all
 *   messages must have non-empty content except for the optional final assistant message"; consecutive turns
 *   of one role are combined into one turn.
 * - Tool use ("Handle tool calls"): every `tool_use` is answered by a `tool_result` in the very next (user)
 *   message, and the `tool_result` blocks come first in that message; a `tool_result` must answer a `tool_use` of
 *   the previous message. Wording: "`tool_use` ids were found without `tool_result` blocks immediately after",
 *   "Did not find N tool_result block(s) at the beginning of this message", "unexpected `tool_use_id` found in
 *   `tool_result` blocks" (recorded 400, e2e/fixtures/errors/400_invalid_request_error.recorded.json).
 * - Tool ids and names: `^[a-zA-Z0-9_-]+$`; tool names `^[a-zA-Z0-9_-]{1,64}$`; `input` is an object.
 * - Text blocks: "text content blocks must be non-empty" and "must contain non-whitespace text".
 * - Extended thinking: thinking blocks are sent back unmodified with their `signature`; `redacted_thinking` with
 *   its `data`.
 * - Prompt caching: "A maximum of 4 blocks with cache_control may be provided."
 * - Vision: base64 images of type jpeg/png/gif/webp, at most 5 MB of base64 each ("image exceeds 5 MB
 *   maximum", e2e/fixtures/errors/400_invalid_request_error.image_over_5MB.json), at most 100 per request.
 * - PDF support: `document` blocks with a base64 `application/pdf` or a plain-text source; "Maximum request size
 *   32MB, maximum pages per request 100", both "on the entire request payload": more than 100 pages across the
 *   request's PDFs is "A maximum of 100 PDF pages may be provided." (the API answers an oversized request with
 *   413 `request_too_large`; this fake says so in a 400).
 * - Server tools: a `server_tool_use` is followed in the same assistant message by its result block (a paused
 *   turn sent back as the final assistant message may end before it).
 * - Prefill: "final assistant content cannot end with trailing whitespace".
 * - Compaction (the `compaction` block, `context_management`): `compaction-rules.mjs`.
 * - Files referred to by id (`source: { type: 'file', file_id }`): `files-rules.mjs`; a PDF sent that way counts
 *   its pages like one sent in the request.
 * - API version 2026-10-21 (migration guide): `temperature`, `top_p` and `top_k` are rejected ("Extra inputs are
 *   not permitted").
 */

import { compactionProblem } from './compaction-rules.mjs';
import { fileSourcesProblem } from './files-rules.mjs';
import { betasOf, platformToolsProblem } from './platform-tool-rules.mjs';

const ID = /^[a-zA-Z0-9_-]+$/;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** Longest base64 string of one image. */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
/** Most images in one request. */
export const MAX_IMAGES = 100;
/** Most PDF pages in one request, counted over every PDF `document` block. */
export const MAX_PDF_PAGES = 100;
/** Most bytes of one request body. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** Most `cache_control` breakpoints in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;
const REMOVED_PARAMETERS = ['temperature', 'top_p', 'top_k'];
const SERVER_RESULT = /_tool_result$/;

/**
 * What the checks count over the whole request.
 * @typedef {{ cache: number, images: number, pdfPages: number, fileBytes: (id: string) => Buffer | undefined }} Counts
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @param {unknown} value */
const isNonEmptyString = (value) => typeof value === 'string' && value.length > 0;

/**
 * The first rule `body` breaks, as the API's error message, or `undefined` when the API would accept it.
 * `headers` (lower-case names) matter for beta features: see `platform-tool-rules.mjs`. `fileBytes` gives the
 * bytes of an uploaded file by id, so a PDF referred to by `file_id` counts its pages.
 * @param {unknown} body
 * @param {Record<string, unknown>} [headers]
 * @param {(id: string) => Buffer | undefined} [fileBytes]
 * @returns {string | undefined}
 */
export function requestProblem(body, headers, fileBytes = () => undefined) {
  if (!isRecord(body)) return 'The request body is not a JSON object.';
  for (const name of REMOVED_PARAMETERS) {
    if (name in body) return `${name}: Extra inputs are not permitted`;
  }
  const platformProblem = platformToolsProblem(body, headers);
  if (platformProblem) return platformProblem;
  const compaction = compactionProblem(body, headers);
  if (compaction) return compaction;
  const files = fileSourcesProblem(body, betasOf(headers));
  if (files) return files;
  if (!isNonEmptyString(body.model)) return 'model: Field required';
  if (!Number.isInteger(body.max_tokens) || Number(body.max_tokens) < 1)
    return 'max_tokens: Input should be greater than or equal to 1';
  const counts = { cache: 0, images: 0, pdfPages: 0, fileBytes };
  const toolsProblem = checkTools(body.tools, counts);
  if (toolsProblem) return toolsProblem;
  const systemProblem = checkSystem(body.system, counts);
  if (systemProblem) return systemProblem;
  const messages = body.messages;
  if (!Array.isArray(messages)) return 'messages: Field required';
  if (messages.length === 0) return 'messages: at least one message is required';
  const problem = checkMessages(messages, counts);
  if (problem) return problem;
  if (counts.cache > MAX_CACHE_BREAKPOINTS)
    return `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${counts.cache}.`;
  if (counts.images > MAX_IMAGES) return `messages: Too many images: ${counts.images} > ${MAX_IMAGES}.`;
  if (counts.pdfPages > MAX_PDF_PAGES) return `A maximum of ${MAX_PDF_PAGES} PDF pages may be provided.`;
  if (Buffer.byteLength(JSON.stringify(body)) > MAX_REQUEST_BYTES)
    return `request_too_large: Request exceeds the maximum allowed number of bytes (${MAX_REQUEST_BYTES}).`;
  return undefined;
}

/** @param {unknown} tools @param {{ cache: number }} counts */
function checkTools(tools, counts) {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  const names = new Set();
  for (const [i, tool] of tools.entries()) {
    if (!isRecord(tool)) return `tools.${i}: Input should be a valid dictionary`;
    if (tool.cache_control !== undefined) counts.cache += 1;
    if (typeof tool.type === 'string' && tool.type !== 'custom') continue; // a server tool, e.g. web_search
    if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name))
      return `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (names.has(tool.name)) return `tools: Tool names must be unique.`;
    names.add(tool.name);
    if (!isRecord(tool.input_schema) || tool.input_schema.type !== 'object')
      return `tools.${i}.custom.input_schema.type: Input should be 'object'`;
  }
  return undefined;
}

/** @param {unknown} system @param {{ cache: number }} counts */
function checkSystem(system, counts) {
  if (system === undefined || typeof system === 'string') return undefined;
  if (!Array.isArray(system)) return 'system: Input should be a valid string or list';
  for (const [i, block] of system.entries()) {
    if (!isRecord(block) || block.type !== 'text') return `system.${i}.type: Input should be 'text'`;
    if (block.cache_control !== undefined) counts.cache += 1;
    const problem = textProblem(block.text, 'system');
    if (problem) return problem;
  }
  return undefined;
}

/** @param {unknown} text @param {string} where */
function textProblem(text, where) {
  if (typeof text !== 'string') return `${where}: text content blocks must be a string`;
  if (text.length === 0) return `${where}: text content blocks must be non-empty`;
  if (text.trim().length === 0) return `${where}: text content blocks must contain non-whitespace text`;
  return undefined;
}

/**
 * @param {unknown[]} messages
 * @param {Counts} counts
 */
function checkMessages(messages, counts) {
  const seenToolUse = new Set();
  /** @type {string[]} ids of the previous assistant message's `tool_use` blocks */
  let awaited = [];
  let awaitedAt = -1;
  for (const [n, message] of messages.entries()) {
    if (!isRecord(message)) return `messages.${n}: Input should be a valid dictionary`;
    const { role } = message;
    if (role !== 'user' && role !== 'assistant')
      return `messages.${n}.role: Input should be 'user' or 'assistant'`;
    const isFinal = n === messages.length - 1;
    const blocks =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return `messages.${n}.content: Input should be a valid list`;
    if (blocks.length === 0 && !(isFinal && role === 'assistant'))
      return `messages.${n}: all messages must have non-empty content except for the optional final assistant message`;
    if (awaited.length > 0) {
      const problem = answerProblem(n, awaitedAt, awaited, role, blocks);
      if (problem) return problem;
    }
    awaited = [];
    const answered = new Set();
    for (const [k, block] of blocks.entries()) {
      const at = `messages.${n}.content.${k}`;
      if (!isRecord(block)) return `${at}: Input should be a valid dictionary`;
      if (block.cache_control !== undefined) counts.cache += 1;
      const problem =
        role === 'user'
          ? userBlockProblem(block, at, counts, answered)
          : assistantBlockProblem(block, at, blocks, k, isFinal);
      if (problem) return problem;
      if (block.type === 'tool_use') {
        const id = String(block.id);
        if (seenToolUse.has(id)) return `${at}: \`tool_use\` ids must be unique`;
        seenToolUse.add(id);
        awaited.push(id);
      }
    }
    if (role === 'user' && answered.size > 0 && n > 0) {
      // Every result must answer a call of the previous message (checked in answerProblem when there were calls).
      const previous = messages[n - 1];
      const calls = isRecord(previous) && Array.isArray(previous.content) ? previous.content : [];
      const ids = new Set(calls.filter((b) => isRecord(b) && b.type === 'tool_use').map((b) => b.id));
      for (const id of answered) {
        if (!ids.has(id)) return unexpectedResult(n, blocks, id);
      }
    } else if (role === 'user' && answered.size > 0) {
      return unexpectedResult(n, blocks, [...answered][0]);
    }
    if (role === 'assistant') awaitedAt = n;
    if (isFinal && role === 'assistant') {
      if (awaited.length > 0) return withoutResults(n, awaited);
      const last = blocks[blocks.length - 1];
      if (isRecord(last) && last.type === 'text' && typeof last.text === 'string' && /\s$/.test(last.text))
        return 'messages: final assistant content cannot end with trailing whitespace';
    }
  }
  return undefined;
}

/** @param {number} n @param {unknown[]} blocks @param {unknown} id */
function unexpectedResult(n, blocks, id) {
  const k = blocks.findIndex((b) => isRecord(b) && b.type === 'tool_result' && b.tool_use_id === id);
  return (
    `messages.${n}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(id)}. ` +
    'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.'
  );
}

/** @param {number} n @param {string[]} ids */
function withoutResults(n, ids) {
  return (
    `messages.${n}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ` +
    `${ids.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
  );
}

/**
 * The message after an assistant message with `tool_use` blocks must be a user message that begins with a
 * `tool_result` for each of them.
 * @param {number} n @param {number} callsAt @param {string[]} ids @param {unknown} role @param {unknown[]} blocks
 */
function answerProblem(n, callsAt, ids, role, blocks) {
  if (role !== 'user') return withoutResults(callsAt, ids);
  /** @type {unknown[]} */
  const leading = [];
  for (const block of blocks) {
    if (!isRecord(block) || block.type !== 'tool_result') break;
    leading.push(block.tool_use_id);
  }
  const missing = ids.filter((id) => !leading.includes(id));
  if (missing.length === 0) return undefined;
  const anywhere = blocks
    .filter((b) => isRecord(b) && b.type === 'tool_result')
    .map((b) => isRecord(b) && b.tool_use_id);
  if (missing.every((id) => anywhere.includes(id)))
    return (
      `messages.${n}: Did not find ${ids.length} tool_result block(s) at the beginning of this message. ` +
      'Messages following tool_use blocks must begin with a matching number of tool_result blocks.'
    );
  return withoutResults(callsAt, missing);
}

/**
 * @param {Record<string, unknown>} block @param {string} at
 * @param {Counts} counts @param {Set<unknown>} answered
 */
function userBlockProblem(block, at, counts, answered) {
  switch (block.type) {
    case 'text':
      return textProblem(block.text, 'messages');
    case 'image':
      counts.images += 1;
      return imageProblem(block, at);
    case 'document':
      counts.pdfPages += pdfPagesOf(block, counts.fileBytes);
      return documentProblem(block, at);
    case 'container_upload':
      // `ContainerUploadBlockParam` (`@anthropic-ai/sdk`): a file uploaded through the Files API, for the code
      // execution tool's container.
      return typeof block.file_id === 'string' && block.file_id !== ''
        ? undefined
        : `${at}.container_upload.file_id: Field required`;
    case 'tool_result': {
      if (typeof block.tool_use_id !== 'string' || !ID.test(block.tool_use_id))
        return `${at}.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'`;
      if (answered.has(block.tool_use_id))
        return `${at}: each \`tool_use\` must have a single result. Found multiple \`tool_result\` blocks with id: ${block.tool_use_id}`;
      answered.add(block.tool_use_id);
      if (block.is_error !== undefined && typeof block.is_error !== 'boolean')
        return `${at}.tool_result.is_error: Input should be a valid boolean`;
      const content = block.content;
      if (content === undefined || typeof content === 'string') return undefined;
      if (!Array.isArray(content)) return `${at}.tool_result.content: Input should be a valid list`;
      for (const [j, part] of content.entries()) {
        if (!isRecord(part)) return `${at}.tool_result.content.${j}: Input should be a valid dictionary`;
        if (part.type === 'text') {
          const problem = textProblem(part.text, 'messages');
          if (problem) return problem;
        } else if (part.type === 'image') {
          counts.images += 1;
          const problem = imageProblem(part, `${at}.tool_result.content.${j}`);
          if (problem) return problem;
        } else if (part.type === 'document') {
          // A PDF in a tool result counts towards the request's pages like any other.
          counts.pdfPages += pdfPagesOf(part, counts.fileBytes);
          const problem = documentProblem(part, `${at}.tool_result.content.${j}`);
          if (problem) return problem;
        } else if (part.type !== 'search_result') {
          return `${at}.tool_result.content.${j}.type: Input tag '${String(part.type)}' is not allowed in tool results`;
        }
      }
      return undefined;
    }
    case 'tool_use':
    case 'thinking':
    case 'redacted_thinking':
    case 'server_tool_use':
    case 'mcp_tool_use':
      return `${at}.type: \`${block.type}\` blocks can only appear in assistant messages`;
    default:
      return `${at}.type: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`;
  }
}

/**
 * @param {Record<string, unknown>} block @param {string} at
 * @param {unknown[]} blocks @param {number} k @param {boolean} isFinal
 */
function assistantBlockProblem(block, at, blocks, k, isFinal) {
  switch (block.type) {
    case 'text':
      return textProblem(block.text, 'messages');
    case 'thinking':
      if (typeof block.thinking !== 'string') return `${at}.thinking.thinking: Field required`;
      if (!isNonEmptyString(block.signature)) return `${at}.thinking.signature: Field required`;
      return undefined;
    case 'redacted_thinking':
      return isNonEmptyString(block.data) ? undefined : `${at}.redacted_thinking.data: Field required`;
    case 'compaction':
      return undefined; // checked by compaction-rules.mjs
    case 'tool_use':
      if (typeof block.id !== 'string' || !ID.test(block.id))
        return `${at}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`;
      if (typeof block.name !== 'string' || !TOOL_NAME.test(block.name))
        return `${at}.tool_use.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
      if (!isRecord(block.input)) return `${at}.tool_use.input: Input should be a valid dictionary`;
      return undefined;
    case 'server_tool_use':
    case 'mcp_tool_use': {
      if (typeof block.id !== 'string' || !block.id) return `${at}.${block.type}.id: Field required`;
      const answered = blocks
        .slice(k + 1)
        .some(
          (b) =>
            isRecord(b) &&
            typeof b.type === 'string' &&
            SERVER_RESULT.test(b.type) &&
            b.tool_use_id === block.id,
        );
      if (answered || isFinal) return undefined;
      return `${at}: \`${block.type}\` block with id ${block.id} has no corresponding result block after it.`;
    }
    case 'image':
    case 'document':
    case 'tool_result':
      return `${at}.type: \`${block.type}\` blocks can only appear in user messages`;
    default:
      if (typeof block.type === 'string' && SERVER_RESULT.test(block.type)) return undefined;
      return `${at}.type: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`;
  }
}

/** @param {Record<string, unknown>} block @param {string} at */
function imageProblem(block, at) {
  const source = block.source;
  if (!isRecord(source)) return `${at}.image.source: Field required`;
  if (source.type === 'url')
    return isNonEmptyString(source.url) ? undefined : `${at}.image.source.url: Field required`;
  if (source.type === 'file') return undefined; // checked by files-rules.mjs
  if (source.type !== 'base64') return `${at}.image.source.type: Input should be 'base64' or 'url'`;
  if (typeof source.media_type !== 'string' || !IMAGE_TYPES.has(source.media_type))
    return `${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
  if (typeof source.data !== 'string' || source.data.length === 0)
    return `${at}.image.source.base64.data: Field required`;
  if (source.data.length > MAX_IMAGE_BASE64)
    return `${at}.image.source.base64: image exceeds 5 MB maximum: ${source.data.length} bytes > ${MAX_IMAGE_BASE64} bytes`;
  return undefined;
}

/**
 * Pages of a PDF `document` block, base64 or an uploaded file: its `/Type /Page` objects, else the largest `/Count`
 * (0 for other sources).
 * @param {Record<string, unknown>} block
 * @param {(id: string) => Buffer | undefined} fileBytes
 */
function pdfPagesOf(block, fileBytes) {
  const source = block.source;
  if (!isRecord(source)) return 0;
  const bytes =
    source.type === 'base64' && typeof source.data === 'string'
      ? Buffer.from(source.data, 'base64')
      : source.type === 'file' && typeof source.file_id === 'string'
        ? fileBytes(source.file_id)
        : undefined;
  if (!bytes) return 0;
  const text = bytes.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  return Math.max(0, ...Array.from(text.matchAll(/\/Count\s+(\d+)/g), (m) => Number(m[1])));
}

/** @param {Record<string, unknown>} block @param {string} at */
function documentProblem(block, at) {
  const source = block.source;
  if (!isRecord(source)) return `${at}.document.source: Field required`;
  if (source.type === 'base64') {
    if (source.media_type !== 'application/pdf')
      return `${at}.document.source.base64.media_type: Input should be 'application/pdf'`;
    return isNonEmptyString(source.data) ? undefined : `${at}.document.source.base64.data: Field required`;
  }
  if (source.type === 'text') {
    if (source.media_type !== 'text/plain')
      return `${at}.document.source.text.media_type: Input should be 'text/plain'`;
    return typeof source.data === 'string' ? undefined : `${at}.document.source.text.data: Field required`;
  }
  if (source.type === 'url' || source.type === 'file' || source.type === 'content') return undefined;
  return `${at}.document.source.type: Input tag '${String(source.type)}' does not match any of the expected tags`;
}
