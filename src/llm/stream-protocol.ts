/**
 * The messages between the page and the stream worker, and the guards each side checks the other's with.
 *
 * page → worker: `send` (a request, with an id the page chose) and `abort` (that id); `models` (list the models);
 * `deleteFiles` (delete uploaded files from the server); `downloadFile` (a file a tool made on the server).
 * worker → page: `ready` once loaded; then per request its `item`s in order and one `end`; per `models` one
 * `models` answer with the same id; per `deleteFiles` one `deleted`; per `downloadFile` one `downloaded`.
 */
import type { DeleteOutcome, DownloadOutcome } from './file-uploads';
import { isRecord } from './guards';
import type { RawStreamItem, RawStreamRequest } from './raw-stream';
import type { LlmErrorInfo, ModelInfo } from './types';

export type ToWorker =
  | { readonly type: 'send'; readonly id: number; readonly request: RawStreamRequest }
  | { readonly type: 'abort'; readonly id: number }
  | { readonly type: 'models'; readonly id: number; readonly apiKey: string; readonly baseURL: string }
  | {
      readonly type: 'deleteFiles';
      readonly id: number;
      readonly apiKey: string;
      readonly baseURL: string;
      readonly fileIds: readonly string[];
    }
  | {
      readonly type: 'downloadFile';
      readonly id: number;
      readonly apiKey: string;
      readonly baseURL: string;
      readonly fileId: string;
    };

export type ModelsAnswer =
  | { readonly type: 'models'; readonly id: number; readonly ok: true; readonly models: readonly ModelInfo[] }
  | { readonly type: 'models'; readonly id: number; readonly ok: false; readonly info: LlmErrorInfo };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'item'; readonly id: number; readonly item: RawStreamItem }
  | { readonly type: 'end'; readonly id: number }
  | ({ readonly type: 'deleted'; readonly id: number } & DeleteOutcome)
  | { readonly type: 'downloaded'; readonly id: number; readonly outcome: DownloadOutcome }
  | ModelsAnswer;

export function isToWorker(x: unknown): x is ToWorker {
  if (!isRecord(x) || typeof x.id !== 'number') return false;
  if (x.type === 'abort') return true;
  if (x.type === 'models') return typeof x.apiKey === 'string' && typeof x.baseURL === 'string';
  if (x.type === 'deleteFiles')
    return typeof x.apiKey === 'string' && typeof x.baseURL === 'string' && isStrings(x.fileIds);
  if (x.type === 'downloadFile')
    return typeof x.apiKey === 'string' && typeof x.baseURL === 'string' && typeof x.fileId === 'string';
  if (x.type !== 'send' || !isRecord(x.request)) return false;
  const r = x.request;
  return (
    isRecord(r.params) &&
    (r.betas === undefined || isStrings(r.betas)) &&
    typeof r.apiKey === 'string' &&
    typeof r.baseURL === 'string' &&
    typeof r.idleTimeoutMs === 'number' &&
    (r.files === undefined || isPolicy(r.files))
  );
}

function isStrings(x: unknown): x is readonly string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string');
}

function isPolicy(x: unknown): boolean {
  return (
    isRecord(x) &&
    typeof x.minBytes === 'number' &&
    isRecord(x.known) &&
    Object.values(x.known).every((id) => typeof id === 'string')
  );
}

function isUploaded(x: unknown): boolean {
  return (
    isRecord(x) &&
    typeof x.key === 'string' &&
    typeof x.id === 'string' &&
    typeof x.filename === 'string' &&
    typeof x.bytes === 'number'
  );
}

function isErrorInfo(x: unknown): x is LlmErrorInfo {
  return (
    isRecord(x) &&
    typeof x.kind === 'string' &&
    typeof x.message === 'string' &&
    typeof x.retryable === 'boolean'
  );
}

function isItem(x: unknown): x is RawStreamItem {
  if (!isRecord(x)) return false;
  switch (x.type) {
    case 'response':
      return x.requestId === undefined || typeof x.requestId === 'string';
    case 'events':
      return Array.isArray(x.events);
    case 'files':
      return Array.isArray(x.uploaded) && x.uploaded.every(isUploaded) && isStrings(x.gone);
    case 'failed':
      return (
        isErrorInfo(x.info) &&
        (x.stopReason === 'error' || x.stopReason === 'aborted') &&
        typeof x.responded === 'boolean'
      );
    default:
      return false;
  }
}

function isDownload(x: unknown): x is DownloadOutcome {
  if (!isRecord(x)) return false;
  if (x.ok === false) return typeof x.problem === 'string';
  return (
    x.ok === true &&
    typeof x.filename === 'string' &&
    typeof x.mimeType === 'string' &&
    x.bytes instanceof Uint8Array
  );
}

function isModelInfo(x: unknown): x is ModelInfo {
  return (
    isRecord(x) &&
    typeof x.id === 'string' &&
    typeof x.displayName === 'string' &&
    typeof x.supportsImages === 'boolean' &&
    typeof x.supportsPdf === 'boolean' &&
    typeof x.supportsThinking === 'boolean' &&
    Array.isArray(x.effortLevels)
  );
}

export function isFromWorker(x: unknown): x is FromWorker {
  if (!isRecord(x)) return false;
  if (x.type === 'ready') return true;
  if (typeof x.id !== 'number') return false;
  if (x.type === 'models') {
    return x.ok === true ? Array.isArray(x.models) && x.models.every(isModelInfo) : isErrorInfo(x.info);
  }
  if (x.type === 'deleted') return isStrings(x.deleted) && isStrings(x.failed);
  if (x.type === 'downloaded') return isDownload(x.outcome);
  return x.type === 'end' || (x.type === 'item' && isItem(x.item));
}
