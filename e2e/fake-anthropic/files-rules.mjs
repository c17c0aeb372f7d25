// @ts-check
/**
 * The Messages API's rules for files referred to by id (`{ type: 'image' | 'document', source: { type: 'file',
 * file_id } }`), kept apart from `request-rules.mjs`, which calls `fileSourcesProblem` first.
 *
 * Where each rule comes from:
 * - "Files API" (platform.claude.com/docs/en/build-with-claude/files): upload once, refer by `file_id` in a
 *   `document` block (PDF, plain text) or an `image` block (JPEG, PNG, GIF, WebP); "File not found (404): the
 *   specified file_id doesn't exist or you don't have access to it"; "Invalid file type (400): the file type
 *   doesn't match the content block type (e.g., using an image file in a document block)". The beta header is
 *   `anthropic-beta: files-api-2025-04-14`.
 * - The API made the Files API generally available on 2026-08-19 (`@anthropic-ai/sdk` CHANGELOG 0.119.0, "Files and
 *   Skills APIs are now GA") and still accepts that header (0.122.0: it "selects the beta response shapes"). This
 *   fake holds requests to the beta's rule, the one every server that implements the Files API accepts: a file
 *   source needs the header, and without it the block's source is an unknown tag (the wording of the API's other
 *   unknown tags).
 * - The 404 and 400 wordings are this fake's (constructed: the real ones are not in any recorded source), in the API's
 *   error shape; `e2e/fixtures/files-api/` holds them with their provenance.
 */

export const FILES_BETA = 'files-api-2025-04-14';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const DOCUMENT_TYPES = new Set(['application/pdf', 'text/plain']);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @typedef {object} FileSource
 * @property {string} at Where the block is, in the API's path notation (`messages.0.content.1`).
 * @property {'image' | 'document'} kind The block's type.
 * @property {unknown} fileId The source's `file_id`, as sent.
 */

/**
 * Every `image` and `document` block with a `file` source in the request's user messages, tool results included.
 * @param {unknown} messages
 * @returns {FileSource[]}
 */
export function fileSources(messages) {
  if (!Array.isArray(messages)) return [];
  /** @type {FileSource[]} */
  const found = [];
  /** @param {unknown} block @param {string} at */
  const visit = (block, at) => {
    if (!isRecord(block)) return;
    if ((block.type === 'image' || block.type === 'document') && isRecord(block.source)) {
      if (block.source.type === 'file') found.push({ at, kind: block.type, fileId: block.source.file_id });
    } else if (block.type === 'tool_result' && Array.isArray(block.content)) {
      for (const [j, part] of block.content.entries()) visit(part, `${at}.tool_result.content.${j}`);
    }
  };
  for (const [n, message] of messages.entries()) {
    if (!isRecord(message) || message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const [k, block] of message.content.entries()) visit(block, `messages.${n}.content.${k}`);
  }
  return found;
}

/**
 * The first rule a file source of `body` breaks that the API answers with a 400 before looking files up, or
 * `undefined`: a file source without the beta header, or without a `file_id`.
 * @param {Record<string, unknown>} body
 * @param {string[]} betas The request's `anthropic-beta` values.
 * @returns {string | undefined}
 */
export function fileSourcesProblem(body, betas) {
  const beta = betas.includes(FILES_BETA);
  for (const source of fileSources(body.messages)) {
    if (!beta) {
      const tags = source.kind === 'image' ? "'base64', 'url'" : "'base64', 'content', 'text', 'url'";
      return `${source.at}.${source.kind}.source: Input tag 'file' found using 'type' does not match any of the expected tags: ${tags}`;
    }
    if (typeof source.fileId !== 'string' || source.fileId === '')
      return `${source.at}.${source.kind}.source.file.file_id: Field required`;
  }
  return undefined;
}

/**
 * @typedef {object} StoredFileInfo
 * @property {string} mime_type
 */

/**
 * What the API answers a request whose file sources name files this workspace does not hold (404), or a file of
 * the wrong type for its block (400); `undefined` when every file is there and fits.
 * @param {Record<string, unknown>} body
 * @param {(id: string) => StoredFileInfo | undefined} lookup
 * @returns {{ status: number, type: string, message: string } | undefined}
 */
export function fileLookupProblem(body, lookup) {
  for (const source of fileSources(body.messages)) {
    const id = String(source.fileId);
    const file = lookup(id);
    if (!file) return { status: 404, type: 'not_found_error', message: `File not found: ${id}` };
    const fits =
      source.kind === 'image' ? IMAGE_TYPES.has(file.mime_type) : DOCUMENT_TYPES.has(file.mime_type);
    if (!fits)
      return {
        status: 400,
        type: 'invalid_request_error',
        message: `${source.at}.${source.kind}.source: File ${id} has type ${file.mime_type}, which a ${source.kind} block does not accept`,
      };
  }
  return undefined;
}
