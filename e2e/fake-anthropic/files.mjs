// @ts-check
/**
 * The Files API endpoints of the fake server, per namespace: `POST /v1/files` (a multipart upload with one `file`
 * part), `GET /v1/files/<id>` (its metadata), `GET /v1/files/<id>/content` (its bytes, for a file a tool made:
 * uploads are not downloadable, `file_not_downloadable` as the SDK's `FileNotDownloadableError` says) and
 * `DELETE /v1/files/<id>`. Files the code execution tool made come with the scripted answer that names them
 * (`SseResponse.files`, see `holdCreatedFiles`). Shapes as documented
 * (platform.claude.com/docs/en/api/files-create, files-metadata, files-delete; `@anthropic-ai/sdk` 1.14.0
 * `FileMetadata` and `DeletedFile`); `e2e/fixtures/files-api/` holds a copy of each with its source. Like the
 * Messages rules (`files-rules.mjs`), the endpoints take requests with the beta header `files-api-2025-04-14`.
 */
import { randomBytes } from 'node:crypto';
import { FILES_BETA } from './files-rules.mjs';
import { betasOf } from './platform-tool-rules.mjs';

/**
 * A file the namespace holds.
 * @typedef {object} StoredFile
 * @property {FileMetadata} meta
 * @property {Buffer} bytes
 */

/**
 * The documented file object.
 * @typedef {object} FileMetadata
 * @property {string} id
 * @property {'file'} type
 * @property {string} filename
 * @property {string} mime_type
 * @property {number} size_bytes
 * @property {string} created_at
 * @property {boolean} downloadable
 */

/** Most bytes of one upload (the documented limit is 500 MB; tests never need more than this fake holds). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** A file id in the API's form (`file_011…`, base62). */
function fileId() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  return `file_011${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * @typedef {object} FilesAnswer
 * @property {number} status
 * @property {unknown} body JSON for the answer: a file object, a deletion, or an error's `{ type, message }`.
 * @property {unknown} [recorded] What the request log keeps as the request's body (an upload: the file's metadata).
 * @property {{ type: string, bytes: Buffer }} [raw] A download: the bytes sent as they are, with their type.
 */

/**
 * The answer of a Files API route, or `undefined` when `path` is not one.
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers Lower-case names.
 * @param {Buffer} raw The request body.
 * @param {Map<string, StoredFile>} files The namespace's files.
 * @returns {FilesAnswer | undefined}
 */
export function answerFiles(method, path, headers, raw, files) {
  const one = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path);
  if (path !== '/v1/files' && !one) return undefined;
  if (!betasOf(headers).includes(FILES_BETA)) {
    return error(
      400,
      'invalid_request_error',
      `fake server: the Files API needs the header anthropic-beta: ${FILES_BETA}`,
    );
  }
  if (path === '/v1/files') {
    if (method !== 'POST') return undefined;
    return upload(headers['content-type'] ?? '', raw, files);
  }
  const id = decodeURIComponent(one?.[1] ?? '');
  const stored = files.get(id);
  if (one?.[2]) {
    if (method !== 'GET') return undefined;
    if (!stored) return error(404, 'not_found_error', `File not found: ${id}`);
    if (!stored.meta.downloadable)
      return error(400, 'invalid_request_error', `File ${id} is not downloadable (file_not_downloadable)`);
    return { status: 200, body: null, raw: { type: stored.meta.mime_type, bytes: stored.bytes } };
  }
  if (method === 'GET' || method === 'DELETE') {
    if (!stored) return error(404, 'not_found_error', `File not found: ${id}`);
    if (method === 'GET') return { status: 200, body: stored.meta };
    files.delete(id);
    return { status: 200, body: { id, type: 'file_deleted' } };
  }
  return undefined;
}

/**
 * Holds the files a scripted answer's code execution made, downloadable, under the ids its result blocks name.
 * @param {Map<string, StoredFile>} files The namespace's files.
 * @param {readonly import('./types.js').CreatedFile[]} created
 */
export function holdCreatedFiles(files, created) {
  for (const file of created) {
    const bytes = Buffer.from(file.base64, 'base64');
    files.set(file.id, {
      meta: {
        id: file.id,
        type: 'file',
        filename: file.filename,
        mime_type: file.mimeType,
        size_bytes: bytes.length,
        created_at: new Date().toISOString(),
        downloadable: true,
      },
      bytes,
    });
  }
}

/**
 * @param {string} contentType
 * @param {Buffer} raw
 * @param {Map<string, StoredFile>} files
 * @returns {FilesAnswer}
 */
function upload(contentType, raw, files) {
  const boundary = /^multipart\/form-data;.*\bboundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) return error(400, 'invalid_request_error', 'file: Field required');
  const part = multipartParts(raw, boundary).find((p) => p.name === 'file');
  if (!part || part.filename === undefined)
    return error(400, 'invalid_request_error', 'file: Field required');
  if (part.data.length > MAX_UPLOAD_BYTES)
    return error(413, 'request_too_large', 'fake server: the file is larger than this fake server holds');
  /** @type {FileMetadata} */
  const meta = {
    id: fileId(),
    type: 'file',
    filename: part.filename,
    mime_type: part.contentType || 'application/octet-stream',
    size_bytes: part.data.length,
    created_at: new Date().toISOString(),
    downloadable: false,
  };
  files.set(meta.id, { meta, bytes: part.data });
  return { status: 200, body: meta, recorded: { file: meta } };
}

/**
 * @param {number} status @param {string} type @param {string} message
 * @returns {FilesAnswer}
 */
function error(status, type, message) {
  return { status, body: { type, message } };
}

/**
 * The parts of a `multipart/form-data` body (RFC 7578): each part's field name, file name, type and bytes.
 * @param {Buffer} raw
 * @param {string} boundary
 * @returns {{ name?: string, filename?: string, contentType?: string, data: Buffer }[]}
 */
export function multipartParts(raw, boundary) {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString('latin1') === '--') break; // the closing delimiter
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start + 2, next - 2); // past the CRLF after the delimiter, before the CRLF ending it
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = part.subarray(0, split).toString('utf8');
      const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
      parts.push({
        name: /\bname="([^"]*)"/i.exec(disposition)?.[1],
        filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
        contentType: /^content-type:\s*(.*?)\s*$/im.exec(head)?.[1],
        data: part.subarray(split + 4),
      });
    }
    at = next;
  }
  return parts;
}
