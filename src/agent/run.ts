/** The working state of one run of the loop, shared by the loop's plain functions. Internal. */

import type { AgentEventSink, AgentLoopConfig, AgentLoopContext, MessageSource } from './config';
import type { AgentMessage, AnyAgentTool } from './types';

export interface LoopRun {
  readonly config: AgentLoopConfig;
  readonly systemPrompt: string;
  readonly tools: readonly AnyAgentTool[];
  readonly signal: AbortSignal;
  readonly emit: AgentEventSink;
  /** The loop's context: the starting history plus every message added since, in order. */
  readonly messages: readonly AgentMessage[];
  /** The messages the loop itself added during this run. */
  readonly added: readonly AgentMessage[];
  /**
   * Adds a message the loop produced: takes in the caller's appended messages first, then this one, then
   * emits `message_start` (unless the caller already did, as for a streamed assistant message) and
   * `message_end`. No `await` separates these steps, so event order and context order agree.
   */
  add(message: AgentMessage, alreadyStarted?: boolean): void;
  /** Takes in the caller's appended messages (see `AgentLoopConfig.getAppendedMessages`). */
  syncAppended(): void;
}

export function createRun(
  context: AgentLoopContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal,
): LoopRun {
  const messages: AgentMessage[] = [...context.messages];
  const added: AgentMessage[] = [];
  const syncAppended = (): void => {
    const appended = config.getAppendedMessages?.() ?? [];
    for (const message of appended) messages.push(message);
  };
  return {
    config,
    systemPrompt: context.systemPrompt,
    tools: context.tools,
    signal,
    emit,
    messages,
    added,
    syncAppended,
    add(message, alreadyStarted = false) {
      syncAppended();
      messages.push(message);
      added.push(message);
      if (!alreadyStarted) emit({ type: 'message_start', message });
      emit({ type: 'message_end', message });
    },
  };
}

/** Reads a queue hook; no hook means no messages. */
export async function poll(source: MessageSource | undefined): Promise<readonly AgentMessage[]> {
  return source ? await source() : [];
}
