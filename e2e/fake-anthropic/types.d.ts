/**
 * Data shared by the fake Anthropic server, its response builders and its control client.
 *
 * Everything here is plain JSON-serialisable data, so a response scripted in a Playwright test process can be sent
 * to a server running as a separate process (`POST /__control/<id>/reply`) unchanged.
 */

/** How a body is cut into writes: at every SSE event boundary (blank line), or in pieces of N bytes. */
export type ChunkMode = 'event' | number;

/** Delivery options shared by every response that streams a body. */
export interface StreamOptions {
  /** How the body is cut into writes; default `'event'`. A byte size may split a multi-byte character. */
  chunk?: ChunkMode;
  /** Pause between two writes, in milliseconds; default 0 (writes as fast as the socket takes them). */
  delayMs?: number;
  /**
   * Write this many chunks, then wait until the namespace's `release()` before writing the rest. Lets a test act
   * mid-stream without timing: reply with `holdAfter: 3`, wait for the UI to show the first chunks, act, release.
   */
  holdAfter?: number;
}

/**
 * `200 text/event-stream`: `body` is written byte for byte (UTF-8). For a request without `stream: true` the server
 * answers with the JSON message the transcript accumulates to.
 */
export interface SseResponse extends StreamOptions {
  kind: 'sse';
  body: string;
  /** Extra response headers (names lower-case). */
  headers?: Record<string, string>;
  /**
   * Files the answer's code execution made: the namespace holds them (downloadable, as the Files API keeps files a
   * tool made) from when the answer is played, so `GET /v1/files/<id>/content` gives their bytes.
   */
  files?: CreatedFile[];
}

/** A file a server tool made, as a scripted answer brings it. */
export interface CreatedFile {
  /** The `file_id` the transcript's result block names. */
  id: string;
  filename: string;
  mimeType: string;
  /** The file's bytes, base64. */
  base64: string;
}

/** An HTTP error: `status`, the exact `body` text (usually Anthropic's error JSON) and extra headers. */
export interface ErrorResponse {
  kind: 'error';
  status: number;
  body: string;
  /** Extra response headers, e.g. `retry-after`, `x-should-retry` (names lower-case). */
  headers?: Record<string, string>;
}

/**
 * Headers are sent (`200 text/event-stream`), then `body` (default empty), then nothing, ever: for idle-timeout
 * tests. The response ends only when the client gives up, the namespace is reset or the server closes.
 */
export interface HangResponse {
  kind: 'hang';
  body?: string;
}

/** `200 text/event-stream`, the first `afterBytes` bytes of `body`, then the socket is destroyed (a cut stream). */
export interface DropResponse extends StreamOptions {
  kind: 'drop';
  body: string;
  afterBytes: number;
}

/** One scripted answer to one `POST /v1/messages`. */
export type ResponseSpec = SseResponse | ErrorResponse | HangResponse | DropResponse;

/** What `reply()` accepts: a response spec, or the name of a transcript in `e2e/fixtures/sse/`. */
export type ReplyInput = ResponseSpec | string;

/** One request the fake API received (preflights and control calls are not recorded). */
export interface RecordedRequest {
  method: string;
  /** Path inside the namespace, without query: `/v1/messages`, `/v1/models`. */
  path: string;
  query: Record<string, string>;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text if it is not JSON; `null` when empty. */
  body: unknown;
}

/** A model as `GET /v1/models` lists it (the `ModelInfo` of `@anthropic-ai/sdk` 1.14.0). */
export interface FakeModelInfo {
  type: 'model';
  id: string;
  display_name: string;
  created_at: string;
  capabilities: Record<string, unknown> | null;
  deprecated_at: string | null;
  lifecycle: 'active' | 'deprecated' | 'retired';
  line: string | null;
  max_input_tokens: number | null;
  max_tokens: number | null;
  retires_at: string | null;
}

/** A model to list: `id` is required, every other field has a default. */
export type ModelInput = Partial<FakeModelInfo> & { id: string };

/**
 * A test's private slice of the fake API. Each namespace has its own response queue, request log, model list and
 * held streams; the app reaches it through `baseUrl`. All methods work the same in-process and over the control
 * endpoint, so they are all asynchronous: await them before acting in the page.
 */
export interface FakeNamespace {
  /** Namespace id; `''` is the default namespace (API at the server root). */
  readonly id: string;
  /** Base URL to give the SDK / the app's "API base URL" setting, e.g. `http://127.0.0.1:4010/ns/test-1`. */
  readonly baseUrl: string;
  /** Queues responses; each `POST /v1/messages` takes the next one. A string is a fixture name. */
  reply(...responses: ReplyInput[]): Promise<void>;
  /** Every request received so far, oldest first. */
  requests(): Promise<RecordedRequest[]>;
  /** Empties the queue and the log, restores the default models, releases and ends held and hanging streams. */
  reset(): Promise<void>;
  /** Replaces the list `GET /v1/models` answers with. */
  setModels(models: readonly ModelInput[]): Promise<void>;
  /** Lets every stream paused at its `holdAfter` point go on. */
  release(): Promise<void>;
  /** How many streams are paused at their `holdAfter` point right now. */
  held(): Promise<number>;
}

/** A content block for the transcript generator (`sse.message`). */
export type BlockSpec =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string }
  | {
      /**
       * Server-side compaction's summary: `content_block_start` with `content: null`, then one `compaction_delta`
       * with the whole summary (no intermediate deltas, as documented). `content: null` is a failed compaction.
       * The message's usage then carries `iterations` (a `compaction` step, then the `message` step).
       */
      type: 'compaction';
      content: string | null;
      /** Opaque metadata sent with the delta; default none (`null`). */
      encryptedContent?: string;
      /** Input tokens of the compaction step (the conversation it summarised); default 150,000. */
      compactedTokens?: number;
    }
  | {
      type: 'tool_use';
      name: string;
      input: unknown;
      /** Default: a fresh `toolu_fake_…` id. */
      id?: string;
      /**
       * Stream only the first `cutAfter` characters of the JSON input, then end the message as the token limit
       * does: no `content_block_stop` for this block, no later blocks, `stop_reason` `max_tokens` (unless set).
       */
      cutAfter?: number;
    }
  | {
      /**
       * A call of a server tool (the code execution tool's `bash_code_execution` or `text_editor_code_execution`, web
       * search…): `content_block_start` with an empty `input`, then the input as `input_json_delta` pieces, as
       * documented for server tools.
       */
      type: 'server_tool_use';
      name: string;
      input: unknown;
      /** Default: a fresh `srvtoolu_fake_…` id. */
      id?: string;
    }
  | {
      /**
       * A server tool's result block, whole in its `content_block_start` (no deltas), e.g. a
       * `bash_code_execution_tool_result` whose `content.content` lists the files the run made by `file_id`.
       */
      type: 'server_tool_result';
      block: { type: string; tool_use_id: string; [field: string]: unknown };
    };

/** Message-level fields of a generated transcript. Every field has a default. */
export interface MessageOptions {
  /** Default: a fresh `msg_fake_…` id. */
  id?: string;
  /** Default `claude-sonnet-4-6`. */
  model?: string;
  /** Default `tool_use` when a tool_use block is present, else `end_turn` (`max_tokens` after a cut). */
  stopReason?: string;
  stopSequence?: string | null;
  /** Default 12. */
  inputTokens?: number;
  /** Default: about one token per 4 characters generated. */
  outputTokens?: number;
  /** Characters per text / thinking / input_json delta; default 20. */
  deltaSize?: number;
  /** The code execution container the answer ran in, sent in `message_delta`'s `delta.container`; default none. */
  container?: { id: string; expires_at: string };
}

/** A whole generated message: its blocks, in order. */
export interface MessageSpec extends MessageOptions {
  blocks: readonly BlockSpec[];
}

/** One SSE event: its `type` is also the `event:` name. */
export interface SseEvent {
  type: string;
  [field: string]: unknown;
}

/** Options of the `sse.*` builders: message fields, delivery, extra headers. */
export interface SseBuildOptions extends MessageOptions, StreamOptions {
  headers?: Record<string, string>;
}

/** Options of `startFakeAnthropic`. */
export interface FakeAnthropicOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /**
   * When the default namespace has nothing scripted, stream a generated Markdown answer quoting the user (and obey
   * `/fixture NAME`, `/error STATUS`, `/hang`, `/drop`) instead of the "no scripted response" 500. Named namespaces
   * always answer 500 when their queue is empty. Default false.
   */
  manual?: boolean;
}

/** A running fake server. */
export interface FakeAnthropic {
  /** Root URL, e.g. `http://127.0.0.1:4010`: the default namespace's base URL. */
  readonly url: string;
  readonly port: number;
  /** Handle on namespace `id`; `''` (the default) is the namespace at the server root. */
  ns(id?: string): FakeNamespace;
  /** Destroys open streams and stops listening. */
  close(): Promise<void>;
}
