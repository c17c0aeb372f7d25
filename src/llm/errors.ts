/**
 * Every failure (HTTP status, API error body, network, abort, timeout) mapped to an error kind and a sentence
 * a person can act on.
 */
import type { ErrorKind } from '../agent';
import { field, headerValue, isRecord, numberField, stringField } from './guards';
import type { LlmErrorInfo } from './types';

/** Extra facts that make a sentence more useful. */
export interface ErrorContext {
  /** The base URL the request went to, for network failures. */
  readonly baseUrl?: string;
}

const NETWORK_HINT =
  "If they are right, your organisation's settings may not allow requests straight from a browser (CORS).";

/**
 * A failure to connect, in plain words first ("Couldn't reach 127.0.0.1:4010 — is the server running?"), then
 * what to check; the notice shows the first sentence and keeps the rest behind `More`.
 */
function networkSentence(baseUrl: string | undefined): string {
  const host = hostOf(baseUrl);
  if (!host)
    return `Couldn't reach the API — check your connection. Check the API base URL too. ${NETWORK_HINT}`;
  const ask = host === 'api.anthropic.com' ? 'check your connection.' : 'is the server running?';
  return `Couldn't reach ${host} — ${ask} Check your connection and the API base URL (${baseUrl}). ${NETWORK_HINT}`;
}

function hostOf(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

/** Seconds to wait from `retry-after-ms` or `retry-after` (seconds or an HTTP date), if present and positive. */
export function parseRetryAfter(headers: unknown, now: number = Date.now()): number | undefined {
  const ms = Number.parseFloat(headerValue(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms > 0) return ms / 1000;
  const raw = headerValue(headers, 'retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw.trim());
  if (Number.isFinite(seconds)) return seconds > 0 ? seconds : undefined;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  const wait = (date - now) / 1000;
  return wait > 0 ? wait : undefined;
}

function kindFromType(type: string | undefined): ErrorKind | undefined {
  switch (type) {
    case 'invalid_request_error':
      return 'invalid_request';
    case 'authentication_error':
      return 'auth';
    case 'permission_error':
      return 'permission';
    case 'not_found_error':
      return 'not_found';
    case 'request_too_large':
      return 'too_large';
    case 'rate_limit_error':
      return 'rate_limit';
    case 'billing_error':
      return 'spend_limit';
    case 'timeout_error':
      return 'timeout';
    case 'api_error':
      return 'server';
    case 'overloaded_error':
      return 'overloaded';
    default:
      return undefined;
  }
}

function kindFromStatus(status: number | undefined): ErrorKind | undefined {
  if (status === undefined) return undefined;
  if (status === 400 || status === 422) return 'invalid_request';
  if (status === 401) return 'auth';
  if (status === 402) return 'spend_limit';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limit';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server';
  return 'unknown';
}

/** The `error` object of an API error body; the body may also be that object itself. */
function errorObject(body: unknown): unknown {
  const inner = field(body, 'error');
  if (isRecord(inner)) return inner;
  return stringField(body, 'message') !== undefined ? body : undefined;
}

function sentence(
  kind: ErrorKind,
  apiMessage: string | undefined,
  status: number | undefined,
  ctx: ErrorContext,
) {
  const detail = apiMessage ? ` (${apiMessage})` : '';
  switch (kind) {
    case 'invalid_request':
      if (apiMessage && /prompt is too long|context window/i.test(apiMessage)) {
        return `The conversation is too long for this model (${apiMessage}). Start a new conversation or remove large attachments.`;
      }
      return `The API rejected the request${apiMessage ? `: ${apiMessage}` : '.'}`;
    case 'auth':
      if (apiMessage && /CORS/i.test(apiMessage)) {
        return `The API refused a request from this browser (${apiMessage}). Your organisation must allow browser (CORS) access, or use a key from one that does.`;
      }
      return `The API key was not accepted${detail}. Enter your key again in Settings.`;
    case 'permission':
      return `This API key is not allowed to do that${detail}.`;
    case 'not_found':
      return `The API could not find what was asked for${detail}. Check the model and the API base URL.`;
    case 'too_large':
      return `The request is too large for the API${detail}. Remove large attachments or start a new conversation.`;
    case 'rate_limit':
      return `The rate limit was reached${detail}. Wait a moment, then try again.`;
    case 'spend_limit':
      return `Your organisation has reached its spend limit${detail}. Raise the limit in the Anthropic Console or wait until it resets.`;
    case 'server':
      return `The API had an internal error${status ? ` (${status})` : ''}. Try again in a moment.`;
    case 'overloaded':
      return 'The API is overloaded right now. Try again in a moment.';
    case 'network':
      return networkSentence(ctx.baseUrl);
    case 'timeout':
      return `The API took too long to answer${detail}. Try again.`;
    case 'aborted':
      return 'Stopped.';
    case 'max_turns':
      return 'The agent stopped after too many turns.';
    case 'unknown':
      return `Something went wrong${detail || (status ? ` (HTTP ${status})` : '')}. Try again.`;
  }
}

function isRetryableKind(kind: ErrorKind): boolean {
  return kind === 'rate_limit' || kind === 'overloaded' || kind === 'server' || kind === 'network';
}

/**
 * Describes an HTTP error response (`status`, parsed `body`, `headers`) or, with `status` undefined, an
 * `error` event received inside a stream.
 */
export function describeHttpError(
  status: number | undefined,
  body: unknown,
  headers?: unknown,
  ctx: ErrorContext = {},
): LlmErrorInfo {
  const error = errorObject(body);
  const apiMessage = stringField(error, 'message');
  const type = stringField(error, 'type');
  const errorCode = stringField(field(error, 'details'), 'error_code');
  let kind = kindFromType(type) ?? kindFromStatus(status) ?? 'unknown';
  if (status !== undefined && status >= 500 && kind !== 'overloaded') kind = 'server';
  if (status === 529) kind = 'overloaded';
  if (errorCode?.includes('spend_limit')) kind = 'spend_limit';
  const retryAfter = parseRetryAfter(headers);
  const shouldRetry = headerValue(headers, 'x-should-retry');
  const retryable =
    kind !== 'spend_limit' && shouldRetry !== 'false' && (isRetryableKind(kind) || shouldRetry === 'true');
  let message = sentence(kind, apiMessage, status, ctx);
  if (retryAfter !== undefined && (kind === 'rate_limit' || kind === 'overloaded')) {
    message += ` The API asked to wait ${Math.ceil(retryAfter)} s.`;
  }
  return {
    kind,
    message,
    status,
    requestId: stringField(body, 'request_id') ?? headerValue(headers, 'request-id'),
    retryAfter,
    apiMessage,
    errorCode,
    retryable,
  };
}

/**
 * Describes anything a request may throw: SDK `APIError`s (HTTP and in-stream), connection failures (including a
 * browser's CORS refusal, which surfaces as a network error), aborts, malformed stream data, or an `LlmError`.
 */
export function describeError(error: unknown, ctx: ErrorContext = {}): LlmErrorInfo {
  const info = field(error, 'info');
  if (isRecord(info) && typeof info.kind === 'string' && typeof info.message === 'string') {
    return info as unknown as LlmErrorInfo;
  }
  const name = stringField(error, 'name') ?? '';
  const text = stringField(error, 'message') ?? String(error);
  if (name === 'APIUserAbortError' || name === 'AbortError') {
    return { kind: 'aborted', message: sentence('aborted', undefined, undefined, ctx), retryable: false };
  }
  if (name === 'APIConnectionTimeoutError') {
    return { kind: 'timeout', message: sentence('timeout', undefined, undefined, ctx), retryable: true };
  }
  if (name === 'APIConnectionError' || name === 'TypeError') {
    return { kind: 'network', message: sentence('network', undefined, undefined, ctx), retryable: true };
  }
  if (name === 'SyntaxError') {
    return {
      kind: 'unknown',
      message: 'The API sent data that could not be read, so the answer stopped. Try again.',
      apiMessage: text,
      retryable: false,
    };
  }
  const status = numberField(error, 'status');
  const body = field(error, 'error');
  if (status !== undefined || isRecord(body)) {
    return describeHttpError(status, body, field(error, 'headers'), ctx);
  }
  return { kind: 'unknown', message: sentence('unknown', text, undefined, ctx), retryable: false };
}

/**
 * A failure to reach a local or compatible server, said with what to change. A browser refused by the server's
 * CORS rules sees only a network error, so the sentence names each server's setting for this page's origin:
 * Ollama's `OLLAMA_ORIGINS` (docs.ollama.com/faq), LM Studio's "Enable CORS" and vLLM's `--allowed-origins`.
 * Other failures are kept.
 */
export function compatibleServerError(
  info: LlmErrorInfo,
  baseUrl: string,
  origin = pageOrigin(),
): LlmErrorInfo {
  if (info.kind !== 'network') return info;
  const where = baseUrl || 'the server';
  return {
    ...info,
    message:
      `Could not reach ${where}. Check that the server is running at that address. If it is, it refused this ` +
      `page (${origin}) by its CORS rules: for Ollama, set OLLAMA_ORIGINS=${origin} in its environment and restart ` +
      `it; in LM Studio, turn on “Enable CORS” in the server settings; start vLLM with ` +
      `--allowed-origins '["${origin}"]'.`,
  };
}

function pageOrigin(): string {
  return typeof location === 'undefined' ? 'this page' : location.origin;
}
