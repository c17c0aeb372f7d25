/** Declarations of responses.mjs (the implementation is plain JavaScript so Node runs it directly). */
import type {
  DropResponse,
  ErrorResponse,
  HangResponse,
  MessageSpec,
  ResponseSpec,
  SseBuildOptions,
  SseEvent,
  SseResponse,
  StreamOptions,
} from './types.js';

export type * from './types.js';

/** Names of the transcripts in `e2e/fixtures/sse/`, without `.sse`, sorted. */
export declare function fixtureNames(): string[];

/**
 * A recorded transcript from `e2e/fixtures/sse/<name>.sse`, played byte for byte. `name` may leave out the source
 * suffix when only one file matches (`text_long_multi_delta` → `text_long_multi_delta_ts_sdk`). Throws, listing
 * the candidates, when no file or several match.
 */
export declare function fixture(
  name: string,
  options?: StreamOptions & { headers?: Record<string, string> },
): SseResponse;

/** Transcript builders: generated streams in the real API's format. */
export declare const sse: {
  /** One text block streamed in deltas of `deltaSize` characters; `stop_reason` `end_turn`. */
  text(text: string, options?: SseBuildOptions): SseResponse;
  /**
   * A tool call (after an optional text preamble) whose JSON input streams in input_json_delta pieces;
   * `stop_reason` `tool_use`. With `cutAfter`, the input is cut after that many characters and the message ends
   * as at the token limit (no content_block_stop, `stop_reason` `max_tokens`).
   */
  toolUse(
    call: { name: string; input: unknown; id?: string; text?: string; cutAfter?: number } & SseBuildOptions,
  ): SseResponse;
  /** A thinking block (thinking deltas, then a signature_delta), then a text block (default empty). */
  thinking(spec: { thinking: string; text?: string; signature?: string } & SseBuildOptions): SseResponse;
  /** Any sequence of blocks in one message. */
  message(spec: MessageSpec & SseBuildOptions): SseResponse;
  /** Any events, serialised as `event: <type>\ndata: <json>\n\n`. */
  events(events: readonly SseEvent[], options?: SseBuildOptions): SseResponse;
  /** The events `message()` would serialise, to slice or extend before `events()`. */
  messageEvents(spec: MessageSpec): SseEvent[];
  /** An in-stream error event; default `overloaded_error` / `Overloaded`. */
  errorEvent(type?: string, message?: string): SseEvent;
};

/**
 * An HTTP error. `source` is an error fixture name from `e2e/fixtures/errors/` (extension optional; its recorded
 * headers come along), a body text, or a body object; by default an Anthropic-shaped body for `status`.
 * `headers` are added last.
 */
export declare function httpError(
  status: number,
  source?: string | Record<string, unknown>,
  headers?: Record<string, string>,
): ErrorResponse;

/** An error fixture with the status it was recorded with, e.g. `errorFixture('429_rate_limit_error.recorded')`. */
export declare function errorFixture(name: string, headers?: Record<string, string>): ErrorResponse;

/** Headers, then `body` (default nothing), then silence until the client leaves or the namespace is reset. */
export declare function hang(body?: string): HangResponse;

/**
 * The first `afterBytes` bytes of a stream, then the socket is destroyed. `source`: a body text or an SSE response
 * (its delivery options are kept); by default a generated text answer of about 2 KB.
 */
export declare function drop(afterBytes: number, source?: string | SseResponse): DropResponse;

/** The API's error `type` for an HTTP status (`api_error` when unknown). */
export declare function errorTypeForStatus(status: number): string;

/** The HTTP status the API uses for an error `type` (500 when unknown). */
export declare function statusForErrorType(type: string): number;

/** Accepts an unknown value as a response spec, or says what is wrong with it. */
export declare function parseResponseSpec(
  value: unknown,
): { ok: true; spec: ResponseSpec } | { ok: false; error: string };
