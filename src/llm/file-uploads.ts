/**
 * The network side of files sent by id, run where requests are sent from (the stream worker): uploads the
 * request's candidates that this device has no id for, finds which ids the server no longer knows, and deletes
 * uploaded files. Every call goes with the request's own key to its own base URL, with the Files API's header.
 */
import type { ApiClient } from './client';
import { describeError } from './errors';
import {
  contentKey,
  FILES_BETA,
  type FileCandidate,
  type FileUploadPolicy,
  fileCandidates,
  type UploadedFile,
  withContainerUploads,
  withFileIds,
  withFilesBeta,
} from './files-api';
import type { RequestBody } from './request';
import type { ContainerFile } from './types';

const HEADERS = { 'anthropic-beta': FILES_BETA } as const;

/** A request ready to send: its body with file ids where it has them, its betas, what was uploaded for it. */
export interface FilesPrepared {
  readonly params: RequestBody;
  readonly betas: readonly string[] | undefined;
  readonly uploaded: readonly UploadedFile[];
  /** The file ids the body refers to. */
  readonly ids: readonly string[];
  /** An upload met a 404 or 405: the server has no Files API (a proxy or compatible server without it). */
  readonly unsupported: boolean;
}

/**
 * Sends each candidate of `params` by id: a known id unless it is in `gone`, else a fresh upload. A file whose upload
 * fails (storage full, a refused type, the network) goes as it always went, in the request: the conversation never
 * waits on the Files API. A stop ends the uploads and rejects.
 */
export async function prepareFileIds(
  client: ApiClient,
  params: RequestBody,
  betas: readonly string[] | undefined,
  policy: FileUploadPolicy,
  signal: AbortSignal,
  gone: ReadonlySet<string> = new Set(),
): Promise<FilesPrepared> {
  const ids = new Map<FileCandidate, string>();
  const uploaded: UploadedFile[] = [];
  const refusals = { unsupported: false };
  // The same attachment twice in a request is uploaded once.
  const byKey = new Map<string, string | undefined>();
  for (const candidate of fileCandidates(params.messages, policy.minBytes)) {
    const key = await contentKey(candidate.data);
    if (!byKey.has(key)) {
      const known = policy.known[key];
      if (known && !gone.has(known)) byKey.set(key, known);
      else if (refusals.unsupported) byKey.set(key, undefined);
      else byKey.set(key, await upload(client, candidate, key, uploaded, refusals, signal));
    }
    const id = byKey.get(key);
    if (id) ids.set(candidate, id);
  }
  if (ids.size === 0) return { params, betas, uploaded, ids: [], ...refusals };
  return {
    params: withFileIds(params, ids),
    betas: withFilesBeta(betas),
    uploaded,
    ids: [...new Set(ids.values())],
    ...refusals,
  };
}

/**
 * Gives the code execution tool's sandbox the session's attached files: each uploaded once (a known id, unless it is
 * in `gone`, is used again) and referred to by a `container_upload` block at the start of the first user turn, where
 * it stays from request to request (the prompt cache keeps it). A file whose upload fails is left out: the
 * conversation never waits on the Files API. A stop ends the uploads and rejects.
 */
export async function prepareContainerUploads(
  client: ApiClient,
  prepared: {
    readonly params: RequestBody;
    readonly betas: readonly string[] | undefined;
    readonly ids: readonly string[];
  },
  files: readonly ContainerFile[],
  known: Readonly<Record<string, string>>,
  signal: AbortSignal,
  gone: ReadonlySet<string> = new Set(),
): Promise<FilesPrepared> {
  const uploaded: UploadedFile[] = [];
  const refusals = { unsupported: false };
  const ids: string[] = [];
  for (const file of files) {
    const key = await contentKey(file.data);
    const old = known[key];
    const id =
      old && !gone.has(old)
        ? old
        : refusals.unsupported
          ? undefined
          : await upload(
              client,
              { message: -1, block: -1, mediaType: file.mediaType, data: file.data, filename: file.name },
              key,
              uploaded,
              refusals,
              signal,
            );
    if (id && !ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) return { ...prepared, uploaded, ...refusals };
  return {
    params: withContainerUploads(prepared.params, ids),
    betas: withFilesBeta(prepared.betas),
    uploaded,
    ids: [...new Set([...prepared.ids, ...ids])],
    ...refusals,
  };
}

async function upload(
  client: ApiClient,
  candidate: FileCandidate,
  key: string,
  uploaded: UploadedFile[],
  refusals: { unsupported: boolean },
  signal: AbortSignal,
): Promise<string | undefined> {
  const bytes = base64Bytes(candidate.data);
  try {
    const file = new File([bytes], candidate.filename, { type: candidate.mediaType });
    const meta = await client.files.upload({ file }, { signal, headers: HEADERS });
    if (typeof meta?.id !== 'string' || meta.id === '') return undefined;
    uploaded.push({ key, id: meta.id, filename: candidate.filename, bytes: bytes.length });
    return meta.id;
  } catch (error) {
    if (signal.aborted) throw error;
    const status = describeError(error).status;
    if (status === 404 || status === 405) refusals.unsupported = true;
    return undefined;
  }
}

function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Which of `ids` the server answers with a 404 (deleted there, or uploaded under another key or workspace). Ids it
 * could not check are not counted as gone.
 */
export async function goneFileIds(
  client: ApiClient,
  ids: readonly string[],
  signal: AbortSignal,
): Promise<string[]> {
  const gone: string[] = [];
  for (const id of ids) {
    try {
      await client.files.retrieveMetadata(id, {}, { signal, headers: HEADERS });
    } catch (error) {
      if (signal.aborted) throw error;
      if (describeError(error).status === 404) gone.push(id);
    }
  }
  return gone;
}

/** How deleting uploaded files went: ids deleted (or already gone), and the first failure's sentence. */
export interface DeleteOutcome {
  readonly deleted: readonly string[];
  readonly failed: readonly string[];
  readonly problem?: string;
}

/** Deletes each file from the server; a file the server no longer has counts as deleted. */
export async function deleteFileIds(
  client: ApiClient,
  ids: readonly string[],
  baseURL: string,
): Promise<DeleteOutcome> {
  const deleted: string[] = [];
  const failed: string[] = [];
  let problem: string | undefined;
  for (const id of ids) {
    try {
      await client.files.delete(id, {}, { headers: HEADERS });
      deleted.push(id);
    } catch (error) {
      const info = describeError(error, { baseUrl: baseURL });
      if (info.status === 404) deleted.push(id);
      else {
        failed.push(id);
        problem ??= info.message;
      }
    }
  }
  return problem ? { deleted, failed, problem } : { deleted, failed };
}

/** A file a tool made on the server (the code execution tool), as downloaded, or why it could not be. */
export type DownloadOutcome =
  | {
      readonly ok: true;
      readonly filename: string;
      readonly mimeType: string;
      readonly bytes: Uint8Array<ArrayBuffer>;
    }
  | { readonly ok: false; readonly problem: string };

/**
 * Downloads a file by id: its name and type from `GET /v1/files/<id>`, its bytes from `GET /v1/files/<id>/content`
 * (only files a tool made are downloadable). Never throws.
 */
export async function downloadFileContent(
  client: ApiClient,
  id: string,
  baseURL: string,
): Promise<DownloadOutcome> {
  try {
    const meta = await client.files.retrieveMetadata(id, {}, { headers: HEADERS });
    const response = await client.files.download(id, {}, { headers: HEADERS });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const filename = typeof meta?.filename === 'string' && meta.filename ? meta.filename : id;
    const mimeType = typeof meta?.mime_type === 'string' ? meta.mime_type : '';
    return { ok: true, filename, mimeType, bytes };
  } catch (error) {
    return { ok: false, problem: describeError(error, { baseUrl: baseURL }).message };
  }
}
