/**
 * Inputs of the agent loop: the conversation it starts from, and the hooks and options that steer it.
 * `Agent` builds these from its state and options; tests and other callers may drive the loop directly.
 */

import type {
  AgentEvent,
  AgentMessage,
  AgentToolResult,
  AnyAgentTool,
  AssistantMessage,
  Message,
  StandingContext,
  StreamFn,
  ThinkingLevel,
  ToolCall,
  ToolResultContent,
} from './types';

/** Receives every event of a run, synchronously, in order. Must not throw. */
export type AgentEventSink = (event: AgentEvent) => void;

/** What the loop starts from. The loop copies `messages`; it never mutates the caller's array. */
export interface AgentLoopContext {
  readonly systemPrompt: string;
  readonly messages: readonly AgentMessage[];
  readonly tools: readonly AnyAgentTool[];
}

/** What the hooks around one tool call see. */
export interface ToolCallHookContext {
  readonly toolCall: ToolCall;
  readonly tool: AnyAgentTool;
  /** The arguments, already validated against the tool's JSON schema. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The assistant message that asked for the call. */
  readonly assistantMessage: AssistantMessage;
  /** The loop's context when the hook runs (history up to and including `assistantMessage`). */
  readonly messages: readonly AgentMessage[];
}

/** `{ block: true, reason }` stops the call: the model gets an error result whose text is `reason`. */
export type BeforeToolCallResult = { readonly block: true; readonly reason: string } | undefined;

/** Runs after validation and before `execute`. A throw blocks the call with the thrown message. */
export type BeforeToolCallHook = (
  context: ToolCallHookContext,
  signal: AbortSignal,
) => BeforeToolCallResult | Promise<BeforeToolCallResult>;

export interface AfterToolCallContext extends ToolCallHookContext {
  /** What the tool returned, or the error result made from what it threw. */
  readonly result: AgentToolResult;
  readonly isError: boolean;
}

/** Fields to replace in a tool's result; absent fields are kept. */
export interface ToolResultOverride {
  readonly content?: readonly ToolResultContent[];
  readonly details?: unknown;
  readonly isError?: boolean;
}

/**
 * Runs after a tool was executed (also when it threw), never for calls that were not executed (unknown
 * tool, invalid arguments, blocked, skipped). A throw turns the result into an error with the thrown message.
 */
export type AfterToolCallHook = (
  context: AfterToolCallContext,
  signal: AbortSignal,
) => ToolResultOverride | undefined | Promise<ToolResultOverride | undefined>;

/** Given the request's standing context (asked first), which its conversion may leave room for. */
export type ConvertToLlm = (
  messages: readonly AgentMessage[],
  standing?: StandingContext,
) => Message[] | Promise<Message[]>;

export type TransformContext = (
  messages: readonly AgentMessage[],
  signal: AbortSignal,
) => Promise<readonly AgentMessage[]>;

/** Returns queued messages and removes them from the queue (an empty array when there are none). */
export type MessageSource = () => readonly AgentMessage[] | Promise<readonly AgentMessage[]>;

export interface AgentLoopConfig {
  readonly streamFn: StreamFn;
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  readonly maxTokens?: number;
  /** AgentMessage[] → LLM messages, called before every model call, after `transformContext`. */
  readonly convertToLlm: ConvertToLlm;
  /**
   * AgentMessage[] → AgentMessage[] before every model call (e.g. pruning to the context window). Receives a
   * copy; what it returns is used for that one call only and never stored.
   */
  readonly transformContext?: TransformContext;
  /** Resolved before every model call, so a key changed mid-run is used from the next call on. */
  readonly getApiKey?: () => string | undefined | Promise<string | undefined>;
  /** Resolved before every model call: instructions and knowledge every request carries (a project's). */
  readonly getStandingContext?: () => StandingContext | undefined | Promise<StandingContext | undefined>;
  /**
   * Polled at the start of the run, after each tool (sequential batches) or after the batch (parallel ones),
   * and after every assistant message without tool calls. Messages found are injected before the next model
   * call; tool calls still pending are skipped with `Skipped due to queued user message.`
   */
  readonly getSteeringMessages?: MessageSource;
  /** Polled only when the run would otherwise stop; messages found start another round. */
  readonly getFollowUpMessages?: MessageSource;
  /**
   * Gives back queued messages the loop took but did not use because the run was aborted first, so they are
   * neither lost nor in the history: they go back to the front of their queue, oldest first.
   */
  readonly requeueMessages?: (kind: 'steer' | 'followUp', messages: readonly AgentMessage[]) => void;
  /**
   * Messages the caller added to the conversation since the last call, already reported and stored by the
   * caller. Must be synchronous. The loop calls it right before it adds any message of its own and before
   * every model call, and adds what it gets to its context without emitting events, so the loop's context
   * keeps the order in which the caller saw messages arrive.
   */
  readonly getAppendedMessages?: () => readonly AgentMessage[];
  readonly beforeToolCall?: BeforeToolCallHook;
  readonly afterToolCall?: AfterToolCallHook;
  /** `parallel` (default): a batch runs concurrently unless one of its tools is `sequential`. */
  readonly toolExecution?: 'parallel' | 'sequential';
  /**
   * Most model calls in one run. When the run would need another, it ends with an assistant message whose
   * `stopReason` is `error` and `errorKind` is `max_turns`.
   */
  readonly maxTurns?: number;
}
