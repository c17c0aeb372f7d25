/**
 * The agent engine: provider-neutral types, the loop as plain functions, and the `Agent` class.
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
export { continueProblem, runAgentLoop, runAgentLoopContinue } from './loop';
export {
  assertNever,
  defaultConvertToLlm,
  isFailedAssistant,
  isLlmMessage,
  toolCallsOf,
} from './messages';
export type { AgentQueues, QueuedMessage, QueueListener } from './queues';
export type { AgentState } from './state';
export {
  type ArgumentsCheck,
  cutOffText,
  loadValidator,
  SKIPPED_FOR_ABORT,
  SKIPPED_FOR_STEERING,
  unknownToolText,
  validateToolArguments,
} from './tools';
export type * from './types';
