/**
 * Provider-neutral message, tool and event types of the agent engine.
 *
 * Everything here is plain data: no DOM, no SDK, no storage. The provider layer (src/llm) maps its wire format
 * to these types; the UI and storage consume them through events.
 */

import type { THINKING_LEVELS } from './thinking';

// ---------------------------------------------------------------------------------------------------------
// Content blocks
// ---------------------------------------------------------------------------------------------------------

export interface TextContent {
  readonly type: 'text';
  readonly text: string;
  /** Citations the provider attached to this text block, kept opaque and resent unchanged. */
  readonly citations?: readonly unknown[];
}

/** Base64 image data. */
export interface ImageContent {
  readonly type: 'image';
  readonly mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  readonly data: string;
}

/** A whole document the model reads natively (today: PDF, base64). */
export interface DocumentContent {
  readonly type: 'document';
  readonly mimeType: 'application/pdf';
  readonly data: string;
  readonly title?: string;
}

export interface ThinkingContent {
  readonly type: 'thinking';
  readonly thinking: string;
  /** Opaque signature; must be resent unchanged on later turns. */
  readonly signature?: string;
}

/** Thinking the provider encrypted; opaque, resent unchanged. */
export interface RedactedThinkingContent {
  readonly type: 'redactedThinking';
  readonly data: string;
}

export interface ToolCall {
  readonly type: 'toolCall';
  readonly id: string;
  readonly name: string;
  /** Parsed arguments. While streaming this is the best partial parse so far. Untrusted until validated. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * A block the provider produced that the engine does not interpret (e.g. server tool use and its result).
 * Kept so it can be resent unchanged when the provider requires it.
 */
export interface OpaqueContent {
  readonly type: 'opaque';
  readonly provider: string;
  readonly value: unknown;
}

export type UserContent = TextContent | ImageContent | DocumentContent;
export type AssistantContent =
  | TextContent
  | ThinkingContent
  | RedactedThinkingContent
  | ToolCall
  | OpaqueContent;
export type ToolResultContent = TextContent | ImageContent;

// ---------------------------------------------------------------------------------------------------------
// LLM messages
// ---------------------------------------------------------------------------------------------------------

export interface Usage {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** Server tool calls the provider ran and bills apart from tokens (web searches, page fetches). */
  readonly serverTools?: ServerToolUsage;
  /** Cost in US dollars when the model's price is known. */
  readonly cost?: UsageCost;
}

/** Counts of the provider's own tool runs in one answer. */
export interface ServerToolUsage {
  readonly webSearches: number;
  readonly webFetches: number;
}

export interface UsageCost {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  /** What the web searches cost (billed per search, not per token); absent when there were none. */
  readonly webSearch?: number;
  readonly total: number;
}

/**
 * Why an assistant message ended.
 * - `stop`: the model finished (end of turn or a stop sequence).
 * - `length`: cut by the output token limit; tool calls in it are never executed.
 * - `toolUse`: the model asked for tools.
 * - `refusal`: the model declined; `stopDetails` says why when the provider tells.
 * - `contextOverflow`: input plus output reached the model's context window.
 * - `error`: the request or stream failed; see `errorMessage` and `errorKind`.
 * - `aborted`: the person (or an idle timeout) stopped it.
 */
export const STOP_REASONS = [
  'stop',
  'length',
  'toolUse',
  'refusal',
  'contextOverflow',
  'error',
  'aborted',
] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** Machine-readable failure kinds the UI can act on (re-enter key, wait, check URL, shorten, …). */
export type ErrorKind =
  | 'invalid_request'
  | 'auth'
  | 'permission'
  | 'not_found'
  | 'too_large'
  | 'rate_limit'
  | 'spend_limit'
  | 'server'
  | 'overloaded'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'max_turns'
  | 'unknown';

export interface UserMessage {
  readonly role: 'user';
  readonly content: string | readonly UserContent[];
  readonly timestamp: number;
}

export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: readonly AssistantContent[];
  readonly provider: string;
  readonly model: string;
  readonly usage: Usage;
  readonly stopReason: StopReason;
  /** Provider's explanation for a refusal or other stop, shown to the person. */
  readonly stopDetails?: string;
  readonly errorMessage?: string;
  readonly errorKind?: ErrorKind;
  /** The provider's request id, for support. */
  readonly requestId?: string;
  /** Seconds to wait before retrying, when the provider said so. */
  readonly retryAfter?: number;
  readonly timestamp: number;
}

export interface ToolResultMessage<TDetails = unknown> {
  readonly role: 'toolResult';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: readonly ToolResultContent[];
  readonly isError: boolean;
  /** Structured data for the UI; never sent to the model. */
  readonly details?: TDetails;
  readonly timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/**
 * App modules add their own message kinds by declaration merging:
 *
 * ```ts
 * declare module '../agent' {
 *   interface CustomAgentMessages { artifact: ArtifactMessage }
 * }
 * ```
 * Each member must have a `role` equal to its key. The loop never interprets them; `convertToLlm` decides
 * what (if anything) the model sees of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface CustomAgentMessages {}

/** Everything the app keeps in a conversation's history. */
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

// ---------------------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------------------

/** A JSON Schema (draft 2020-12 subset) describing a tool's arguments. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface AgentToolResult<TDetails = unknown> {
  readonly content: readonly ToolResultContent[];
  readonly details?: TDetails;
  /** Set when the tool ran but wants the model to treat the outcome as an error. */
  readonly isError?: boolean;
}

/** Reports partial progress of a running tool (shown in the UI as `tool_execution_update`). */
export type ToolUpdateCallback<TDetails = unknown> = (partial: AgentToolResult<TDetails>) => void;

export interface AgentTool<TArgs = Record<string, unknown>, TDetails = unknown> {
  readonly name: string;
  /** Short human label for the UI. */
  readonly label: string;
  /** What the model reads to decide when and how to call the tool. */
  readonly description: string;
  readonly parameters: JsonSchema;
  /**
   * A tool the API defines (`memory_20250818`): the request names it by its type and name only, and the API
   * gives the model its description and input schema; `parameters` still checks the arguments here.
   */
  readonly builtin?: 'memory_20250818';
  /** `sequential`: when this tool is in a batch, the whole batch runs one call at a time. */
  readonly executionMode?: 'parallel' | 'sequential';
  /**
   * Runs the tool with arguments already validated against `parameters`. May throw; a throw becomes an error
   * result the model reads. Must stop promptly when `signal` aborts.
   */
  execute(
    toolCallId: string,
    args: TArgs,
    signal: AbortSignal,
    onUpdate: ToolUpdateCallback<TDetails>,
  ): Promise<AgentToolResult<TDetails>>;
}

/**
 * A tool of any argument and details type, as held in lists (`AgentState.tools`, the loop's context).
 * Every `AgentTool<TArgs, TDetails>` is assignable to it; the loop passes `execute` arguments that passed
 * validation against `parameters`, which is what makes them a `TArgs`.
 */
export type AnyAgentTool = AgentTool<never, unknown>;

// ---------------------------------------------------------------------------------------------------------
// The stream function (the provider seam)
// ---------------------------------------------------------------------------------------------------------

/** Effort / thinking level requested of the model; `off` disables thinking (the list: `THINKING_LEVELS`). */
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

/**
 * What every request of a conversation carries besides its messages (a project's, in the app): instructions that
 * follow the system prompt, and knowledge the model reads before the conversation.
 */
export interface StandingContext {
  readonly instructions?: string;
  readonly knowledge?: readonly UserContent[];
  /**
   * PDF pages and base64 bytes `knowledge` carries: `convertToLlm` is given this context and leaves the
   * conversation's PDFs what the API's per-request limits have left.
   */
  readonly reservedPdf?: { readonly pages: number; readonly bytes: number };
}

/** What the loop asks the provider for. */
export interface LlmContext {
  readonly systemPrompt?: string;
  /** Instructions after the system prompt, from `AgentLoopConfig.getStandingContext`. */
  readonly instructions?: string;
  /** Blocks read before the conversation (after any compaction), from `AgentLoopConfig.getStandingContext`. */
  readonly knowledge?: readonly UserContent[];
  readonly messages: readonly Message[];
  readonly tools?: readonly Pick<AgentTool, 'name' | 'description' | 'parameters' | 'builtin'>[];
}

export interface StreamOptions {
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  readonly apiKey: string | undefined;
  readonly signal: AbortSignal;
  readonly maxTokens?: number;
}

/** Incremental events of one assistant response. Each carries the whole message so far (`partial`). */
export type AssistantMessageEvent =
  | { readonly type: 'start'; readonly partial: AssistantMessage }
  | { readonly type: 'text_start'; readonly contentIndex: number; readonly partial: AssistantMessage }
  | {
      readonly type: 'text_delta';
      readonly contentIndex: number;
      readonly delta: string;
      readonly partial: AssistantMessage;
    }
  | { readonly type: 'text_end'; readonly contentIndex: number; readonly partial: AssistantMessage }
  | { readonly type: 'thinking_start'; readonly contentIndex: number; readonly partial: AssistantMessage }
  | {
      readonly type: 'thinking_delta';
      readonly contentIndex: number;
      readonly delta: string;
      readonly partial: AssistantMessage;
    }
  | { readonly type: 'thinking_end'; readonly contentIndex: number; readonly partial: AssistantMessage }
  | { readonly type: 'toolcall_start'; readonly contentIndex: number; readonly partial: AssistantMessage }
  | {
      readonly type: 'toolcall_delta';
      readonly contentIndex: number;
      /** The raw JSON text appended by this delta. */
      readonly delta: string;
      readonly partial: AssistantMessage;
    }
  | {
      readonly type: 'toolcall_end';
      readonly contentIndex: number;
      readonly toolCall: ToolCall;
      readonly partial: AssistantMessage;
    }
  /** The provider is about to retry a failed request (no content has streamed yet). */
  | {
      readonly type: 'retry';
      readonly attempt: number;
      readonly delayMs: number;
      readonly reason: string;
      readonly partial: AssistantMessage;
    }
  | { readonly type: 'done'; readonly message: AssistantMessage }
  | { readonly type: 'error'; readonly message: AssistantMessage };

/**
 * Streams one assistant response.
 *
 * Contract: a `StreamFn` never throws and never rejects. Every stream ends with exactly one `done` or `error`
 * event, and nothing after it. Failures (HTTP errors, network loss, malformed data, idle timeouts, aborts) end
 * the stream with an `error` event whose message has `stopReason` `error` or `aborted`, an `errorMessage` a
 * person can read and an `errorKind`; whatever content streamed before the failure is kept in that message.
 */
export type StreamFn = (context: LlmContext, options: StreamOptions) => AsyncIterable<AssistantMessageEvent>;

// ---------------------------------------------------------------------------------------------------------
// Agent events
// ---------------------------------------------------------------------------------------------------------

/**
 * The events of a run (docs/DESIGN.md §1): `agent_start/end`, `turn_start/end`, `message_start/update/end` and
 * `tool_execution_start/update/end`. The order they come in is documented in `src/agent/README.md`.
 */
export type AgentEvent =
  | { readonly type: 'agent_start' }
  | { readonly type: 'agent_end'; readonly messages: readonly AgentMessage[] }
  | { readonly type: 'turn_start' }
  | {
      readonly type: 'turn_end';
      readonly message: AgentMessage;
      readonly toolResults: readonly ToolResultMessage[];
    }
  | { readonly type: 'message_start'; readonly message: AgentMessage }
  | {
      readonly type: 'message_update';
      readonly message: AgentMessage;
      /** The provider event behind this update, for assistant messages. */
      readonly assistantMessageEvent: AssistantMessageEvent;
    }
  | { readonly type: 'message_end'; readonly message: AgentMessage }
  | {
      readonly type: 'tool_execution_start';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly args: unknown;
    }
  | {
      readonly type: 'tool_execution_update';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly args: unknown;
      readonly partialResult: AgentToolResult;
    }
  | {
      readonly type: 'tool_execution_end';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly result: AgentToolResult;
      readonly isError: boolean;
    };
