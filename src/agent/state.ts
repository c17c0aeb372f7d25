/** The Agent's observable state and the pure function that advances it for each loop event. */

import { assertNever, isFailedAssistant, isLlmMessage, toolCallsOf } from './messages';
import type { AgentEvent, AgentMessage, AnyAgentTool, AssistantMessage, ThinkingLevel } from './types';

/**
 * An immutable snapshot. Every change makes a new object (and a new array or set for the field that
 * changed), so `state !== previous` is the whole change test; nothing is ever mutated in place.
 */
export interface AgentState {
  readonly systemPrompt: string;
  /** Model id, e.g. `claude-sonnet-4-5`. */
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  readonly tools: readonly AnyAgentTool[];
  /** The conversation, in the order its `message_end` events came. The streaming message is not in it. */
  readonly messages: readonly AgentMessage[];
  /** True from the start of a run (while it loads what it needs: `Agent.prompt`) to `agent_end`. */
  readonly isStreaming: boolean;
  /** The assistant message currently streaming (its latest partial), else `null`. */
  readonly streamMessage: AssistantMessage | null;
  /** Ids of the tool calls running now. */
  readonly pendingToolCalls: ReadonlySet<string>;
  /** Why the last run failed or stopped short (its error text); cleared when a run starts. */
  readonly error: string | undefined;
}

export function createAgentState(initial: Partial<AgentState> = {}): AgentState {
  return freezeState({
    systemPrompt: initial.systemPrompt ?? '',
    model: initial.model ?? '',
    thinkingLevel: initial.thinkingLevel ?? 'off',
    tools: Object.freeze([...(initial.tools ?? [])]),
    messages: Object.freeze([...(initial.messages ?? [])]),
    isStreaming: false,
    streamMessage: null,
    pendingToolCalls: new Set(),
    error: initial.error,
  });
}

/** A new snapshot with `changes` applied. */
export function updateState(state: AgentState, changes: Partial<AgentState>): AgentState {
  return freezeState({ ...state, ...changes });
}

export function withMessage(state: AgentState, message: AgentMessage): AgentState {
  return updateState(state, { messages: Object.freeze([...state.messages, message]) });
}

/** The state after `event`; the same object when the event changes nothing. */
export function reduceAgentState(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case 'agent_start':
      return updateState(state, { isStreaming: true, error: undefined, streamMessage: null });
    case 'agent_end':
      return updateState(state, { isStreaming: false, streamMessage: null, pendingToolCalls: new Set() });
    case 'turn_start':
      return state;
    case 'turn_end':
      return withError(state, event.message, event.toolResults.length);
    case 'message_start':
    case 'message_update':
      return isAssistant(event.message) ? updateState(state, { streamMessage: event.message }) : state;
    case 'message_end': {
      const next = withMessage(state, event.message);
      return isAssistant(event.message) ? updateState(next, { streamMessage: null }) : next;
    }
    case 'tool_execution_start':
      return updateState(state, {
        pendingToolCalls: new Set([...state.pendingToolCalls, event.toolCallId]),
      });
    case 'tool_execution_update':
      return state;
    case 'tool_execution_end': {
      const pending = new Set(state.pendingToolCalls);
      pending.delete(event.toolCallId);
      return updateState(state, { pendingToolCalls: pending });
    }
    default:
      return assertNever(event);
  }
}

/** Tool call ids of an assistant message that will get results (all of them unless the message failed). */
export function awaitedToolCallIds(message: AgentMessage): readonly string[] {
  if (!isAssistant(message) || isFailedAssistant(message)) return [];
  return toolCallsOf(message).map((call) => call.id);
}

function withError(state: AgentState, message: AgentMessage, toolResults: number): AgentState {
  if (!isAssistant(message)) return state;
  if (isFailedAssistant(message)) {
    const fallback = message.stopReason === 'aborted' ? 'Aborted.' : 'The request failed.';
    return updateState(state, { error: message.errorMessage || fallback });
  }
  if (toolResults > 0 && message.stopReason !== 'toolUse' && message.stopReason !== 'stop') {
    return updateState(state, {
      error: 'The response was cut off before its tool calls were complete, so none of them was run.',
    });
  }
  return state;
}

function isAssistant(message: AgentMessage): message is AssistantMessage {
  return isLlmMessage(message) && message.role === 'assistant';
}

function freezeState(state: AgentState): AgentState {
  return Object.freeze(state);
}
