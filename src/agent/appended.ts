/**
 * Bookkeeping for `Agent.appendMessage` during a run: which appended messages must wait (so history never
 * separates an assistant message from its tool results) and which the loop has not taken in yet.
 */

import { isLlmMessage } from './messages';
import { awaitedToolCallIds } from './state';
import type { AgentMessage } from './types';

export class AppendedMessages {
  /** Tool calls of the last assistant message still waiting for their results. */
  private readonly awaiting = new Set<string>();
  private held: AgentMessage[] = [];
  private forLoop: AgentMessage[] = [];

  /** Forget everything (a run starts). */
  reset(): void {
    this.awaiting.clear();
    this.held = [];
    this.forLoop = [];
  }

  /** True while tool results are pending: a message appended now must wait for them. */
  get mustHold(): boolean {
    return this.awaiting.size > 0;
  }

  hold(message: AgentMessage): void {
    this.held.push(message);
  }

  /**
   * Follows the loop's `message_end` events. Returns the held messages to commit now: all of them once the
   * last awaited tool result has ended, else none.
   */
  observe(message: AgentMessage): AgentMessage[] {
    for (const id of awaitedToolCallIds(message)) this.awaiting.add(id);
    if (!isLlmMessage(message) || message.role !== 'toolResult') return [];
    if (!this.awaiting.delete(message.toolCallId) || this.awaiting.size > 0) return [];
    return this.release();
  }

  /** Returns (and forgets) every held message, e.g. when the run ends. */
  release(): AgentMessage[] {
    this.awaiting.clear();
    const held = this.held;
    this.held = [];
    return held;
  }

  /** A message now in the Agent's history that the running loop must also take into its context. */
  queueForLoop(message: AgentMessage): void {
    this.forLoop.push(message);
  }

  /** For `AgentLoopConfig.getAppendedMessages`. */
  takeForLoop(): AgentMessage[] {
    const taken = this.forLoop;
    this.forLoop = [];
    return taken;
  }
}
