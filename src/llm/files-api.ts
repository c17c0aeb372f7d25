/**
 * Files sent by id (the Files API): which attachments of a request are uploaded once and referred to by `file_id`,
 * and the request with those blocks' sources replaced. Pure; `file-uploads.ts` does the network part.
 *
 * Only the person's own attachments are candidates: base64 PDF `document` blocks and base64 `image` blocks in user
 * turns, of at least `minBytes` decoded. A block keeps everything else it had (`title`, `cache_control`); only its
 * `source` becomes `{ type: 'file', file_id }`. The decision is made when a file is first sent and kept on later
 * turns (a known file is always sent by id), so the request's prefix stays the same from turn to turn and the
 * prompt cache keeps working.
 */
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { RequestBody } from './request';

/**
 * The Files API's beta header (platform.claude.com/docs/en/build-with-claude/files). The API has taken requests
 * without it since the Files API became generally available (2026-08-19, `@anthropic-ai/sdk` 0.119.0) and still
 * takes it; servers that implement the beta need it, so it goes with every Files API call and every request that
 * refers to a file by id, and with no other request.
 */
export const FILES_BETA = 'files-api-2025-04-14';

/** What the person chose, and what this device knows, for one request. */
export interface FileUploadPolicy {
  /** Attachments of at least this many bytes are uploaded once. */
  readonly minBytes: number;
  /** File ids already uploaded for this base URL and key, by content key (see `contentKey`). */
  readonly known: Readonly<Record<string, string>>;
}

/** A file the worker uploaded (or found known) for a request. */
export interface UploadedFile {
  /** The content key of its base64. */
  readonly key: string;
  readonly id: string;
  readonly filename: string;
  readonly bytes: number;
}

/** A block of the request that may go by id. */
export interface FileCandidate {
  readonly message: number;
  readonly block: number;
  readonly mediaType: string;
  /** The base64 of the file. */
  readonly data: string;
  readonly filename: string;
}

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Bytes a base64 string decodes to. */
export function decodedBytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The user turns' base64 PDFs and images of at least `minBytes`, in order. */
export function fileCandidates(messages: readonly MessageParam[], minBytes: number): FileCandidate[] {
  const found: FileCandidate[] = [];
  messages.forEach((message, m) => {
    if (message.role !== 'user' || typeof message.content === 'string') return;
    message.content.forEach((block, b) => {
      if (block.type !== 'document' && block.type !== 'image') return;
      const source = block.source;
      if (source.type !== 'base64' || decodedBytes(source.data) < minBytes) return;
      if (block.type === 'document' && source.media_type === 'application/pdf') {
        const title = block.title?.trim();
        found.push({
          message: m,
          block: b,
          mediaType: source.media_type,
          data: source.data,
          filename: title || 'document.pdf',
        });
      } else if (block.type === 'image') {
        const extension = IMAGE_EXTENSIONS[source.media_type] ?? 'img';
        found.push({
          message: m,
          block: b,
          mediaType: source.media_type,
          data: source.data,
          filename: `image.${extension}`,
        });
      }
    });
  });
  return found;
}

/**
 * The SHA-256 of a file's base64, in hex: the same file gives the same key on every turn and in every session, and
 * the key says nothing of the content.
 */
export async function contentKey(data: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(data));
  return hex(new Uint8Array(digest));
}

/**
 * Which base URL and key a file id belongs to, without the key: the first 128 bits of the SHA-256 of both. Ids
 * uploaded with one key are unknown to another workspace, so a change of key or base URL starts a fresh map.
 */
export async function fileScope(baseURL: string, apiKey: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${baseURL}\n${apiKey}`),
  );
  return hex(new Uint8Array(digest).subarray(0, 16));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `body` with each candidate that has an id sent by that id. */
export function withFileIds(body: RequestBody, ids: ReadonlyMap<FileCandidate, string>): RequestBody {
  if (ids.size === 0) return body;
  const messages = [...body.messages];
  for (const [candidate, fileId] of ids) {
    const message = messages[candidate.message];
    if (!message || typeof message.content === 'string') continue;
    const content: ContentBlockParam[] = [...message.content];
    const block = content[candidate.block];
    if (block?.type === 'document') {
      content[candidate.block] = { ...block, source: { type: 'file', file_id: fileId } };
    } else if (block?.type === 'image') {
      content[candidate.block] = { ...block, source: { type: 'file', file_id: fileId } };
    }
    messages[candidate.message] = { role: 'user', content };
  }
  return { ...body, messages };
}

/** `body` with a `container_upload` block for each id at the start of its first user turn (after any results). */
export function withContainerUploads(body: RequestBody, ids: readonly string[]): RequestBody {
  const at = body.messages.findIndex((m) => m.role === 'user');
  const first = body.messages[at];
  if (!first || ids.length === 0) return body;
  const content: ContentBlockParam[] =
    typeof first.content === 'string' ? [{ type: 'text', text: first.content }] : [...first.content];
  const results = content.findIndex((b) => b.type !== 'tool_result');
  const start = results < 0 ? content.length : results;
  const uploads = ids.map((file_id) => ({ type: 'container_upload' as const, file_id }));
  const messages = [...body.messages];
  messages[at] = { role: 'user', content: [...content.slice(0, start), ...uploads, ...content.slice(start)] };
  return { ...body, messages };
}

/** The file ids a request refers to. */
export function fileIdsOf(body: RequestBody): string[] {
  const ids: string[] = [];
  for (const message of body.messages) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if ((block.type === 'document' || block.type === 'image') && block.source.type === 'file') {
        ids.push(block.source.file_id);
      }
    }
  }
  return ids;
}

/** `betas` with the Files API's added once. */
export function withFilesBeta(betas: readonly string[] | undefined): string[] {
  const all = [...(betas ?? [])];
  if (!all.includes(FILES_BETA)) all.push(FILES_BETA);
  return all;
}
