/**
 * The messages between the page and the stream worker, and the guards each side checks the other's with.
 *
 * page → worker: `send` (a request, with an id the page chose) and `abort` (that id); `models` (list the models).
 * worker → page: `ready` once loaded; then per request its `item`s in order and one `end`; per `models` one
 * `models` answer with the same id.
 */
import { isRecord } from './guards';
import type { RawStreamItem, RawStreamRequest } from './raw-stream';
import type { LlmErrorInfo, ModelInfo } from './types';

export type ToWorker =
  | { readonly type: 'send'; readonly id: number; readonly request: RawStreamRequest }
  | { readonly type: 'abort'; readonly id: number }
  | { readonly type: 'models'; readonly id: number; readonly apiKey: string; readonly baseURL: string };

export type ModelsAnswer =
  | { readonly type: 'models'; readonly id: number; readonly ok: true; readonly models: readonly ModelInfo[] }
  | { readonly type: 'models'; readonly id: number; readonly ok: false; readonly info: LlmErrorInfo };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'item'; readonly id: number; readonly item: RawStreamItem }
  | { readonly type: 'end'; readonly id: number }
  | ModelsAnswer;

export function isToWorker(x: unknown): x is ToWorker {
  if (!isRecord(x) || typeof x.id !== 'number') return false;
  if (x.type === 'abort') return true;
  if (x.type === 'models') return typeof x.apiKey === 'string' && typeof x.baseURL === 'string';
  if (x.type !== 'send' || !isRecord(x.request)) return false;
  const r = x.request;
  return (
    isRecord(r.params) &&
    (r.betas === undefined || (Array.isArray(r.betas) && r.betas.every((b) => typeof b === 'string'))) &&
    typeof r.apiKey === 'string' &&
    typeof r.baseURL === 'string' &&
    typeof r.idleTimeoutMs === 'number'
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
  return x.type === 'end' || (x.type === 'item' && isItem(x.item));
}
