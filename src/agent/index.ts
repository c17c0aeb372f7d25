/**
 * The agent engine: provider-neutral types and the `Agent` class that runs the loop.
 * Imports nothing of the app outside this folder (see README.md).
 */

export { Agent, type AgentOptions, type PromptInput } from './agent';
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AgentEventSink,
  AgentLoopConfig,
  AgentLoopContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  ConvertToLlm,
  MessageSource,
  ToolCallHookContext,
  ToolResultOverride,
  TransformContext,
} from './config';
export { assertNever, errorText } from './messages';
export type { AgentQueues, QueuedMessage, QueueListener } from './queues';
export type { AgentState } from './state';
export { escapeHtml, formatBytes } from './text';
export { EFFORT_LEVELS, isThinkingLevel, THINKING_LEVELS } from './thinking';
export { loadValidator, validateToolArguments } from './tools';
export type * from './types';
export { STOP_REASONS } from './types';
