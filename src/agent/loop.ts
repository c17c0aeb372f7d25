/**
 * The agent loop (docs/DESIGN.md §1) as plain functions reporting through an `emit` sink.
 *
 * Outer loop: follow-ups. When the run would stop, queued follow-up messages start another round.
 * Inner loop: turns. Each turn injects pending steering messages, calls the model once and runs the tool
 * calls it asked for; it repeats while the model asks for tools or steering messages are waiting.
 *
 * The loop never throws for model, tool or hook failures: they become error results or a final assistant
 * message with `stopReason` `error`/`aborted`, followed by `turn_end` and `agent_end`.
 */

import { executeToolBatch, failCutOffToolCalls } from './batch';
import type { AgentEventSink, AgentLoopConfig, AgentLoopContext } from './config';
import { failedAssistantMessage, isFailedAssistant, isLlmMessage, toolCallsOf } from './messages';
import { createRun, type LoopRun, poll } from './run';
import { streamAssistantResponse } from './stream';
import type { AgentMessage, AssistantMessage, StopReason } from './types';

/**
 * Starts a run with new prompt messages: `agent_start`, `turn_start`, then `message_start`/`message_end`
 * for each prompt, then turns until the model stops and no queued message is left.
 * Resolves with the messages the run added (prompts included), in order, after `agent_end`.
 */
export async function runAgentLoop(
  prompts: readonly AgentMessage[],
  context: AgentLoopContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal,
): Promise<AgentMessage[]> {
  const run = createRun(context, config, emit, signal);
  emit({ type: 'agent_start' });
  emit({ type: 'turn_start' });
  for (const prompt of prompts) run.add(prompt);
  await runTurns(run);
  return [...run.added];
}

/**
 * Runs again from the existing history, adding no prompt (retry after a failure, or after tool results).
 * Rejects, before emitting anything, unless the last user, assistant or tool-result message of
 * `context.messages` is a `user` or `toolResult` message (app kinds after it are allowed).
 */
export async function runAgentLoopContinue(
  context: AgentLoopContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal,
): Promise<AgentMessage[]> {
  const problem = continueProblem(context.messages);
  if (problem) throw new Error(problem);
  const run = createRun(context, config, emit, signal);
  emit({ type: 'agent_start' });
  emit({ type: 'turn_start' });
  await runTurns(run);
  return [...run.added];
}

/** Why the loop cannot continue from these messages, or `undefined` when it can. */
export function continueProblem(messages: readonly AgentMessage[]): string | undefined {
  const last = messages.findLast(isLlmMessage);
  if (!last) return 'Cannot continue: there is no message to answer.';
  if (last.role === 'assistant') return 'Cannot continue: the last message is already an assistant message.';
  return undefined;
}

/** Stop reasons that mean the message was cut short, so its tool calls may be incomplete. */
function isCutOff(stopReason: StopReason): boolean {
  return stopReason === 'length' || stopReason === 'contextOverflow' || stopReason === 'refusal';
}

async function runTurns(run: LoopRun): Promise<void> {
  const { config } = run;
  let pending = await poll(config.getSteeringMessages);
  /** Which queue `pending` came from, to give it back there if the run is aborted before it is used. */
  let pendingKind: 'steer' | 'followUp' = 'steer';
  let turnOpen = true; // the caller emitted the first `turn_start`
  let modelCalls = 0;
  for (;;) {
    let wantsTools = true;
    while (wantsTools || pending.length > 0) {
      if (run.signal.aborted && pending.length > 0 && modelCalls > 0) {
        // Taken from a queue after the last model call, but the run was stopped before they were sent.
        config.requeueMessages?.(pendingKind, pending);
        return endRun(run);
      }
      if (!turnOpen) run.emit({ type: 'turn_start' });
      turnOpen = false;
      for (const message of pending) run.add(message);
      pending = [];

      const message = await nextAssistantMessage(run, modelCalls);
      modelCalls += 1;
      const toolCalls = toolCallsOf(message);
      if (isFailedAssistant(message)) return endTurnAndRun(run, message);

      if (toolCalls.length === 0) {
        run.emit({ type: 'turn_end', message, toolResults: [] });
        if (run.signal.aborted) return endRun(run);
        wantsTools = false;
        pending = await poll(config.getSteeringMessages);
        pendingKind = 'steer';
        continue;
      }
      if (isCutOff(message.stopReason)) {
        const results = failCutOffToolCalls(run, message, toolCalls);
        run.emit({ type: 'turn_end', message, toolResults: results });
        return endRun(run);
      }
      const batch = await executeToolBatch(run, message, toolCalls);
      // Tool results always go back to the model, even when this turn began from a steering message
      // after a turn that asked for no tools.
      wantsTools = true;
      run.emit({ type: 'turn_end', message, toolResults: batch.results });
      if (run.signal.aborted) {
        config.requeueMessages?.('steer', batch.steering);
        return endRun(run);
      }
      pending = batch.steering.length > 0 ? batch.steering : await poll(config.getSteeringMessages);
      pendingKind = 'steer';
    }
    if (run.signal.aborted) return endRun(run);
    const followUps = await poll(config.getFollowUpMessages);
    if (followUps.length === 0) return endRun(run);
    pending = followUps;
    pendingKind = 'followUp';
  }
}

/** Calls the model, unless the run already made `maxTurns` calls: then a `max_turns` error message. */
async function nextAssistantMessage(run: LoopRun, modelCalls: number): Promise<AssistantMessage> {
  const { maxTurns } = run.config;
  if (maxTurns === undefined || modelCalls < maxTurns) return streamAssistantResponse(run);
  const message = failedAssistantMessage({
    model: run.config.model,
    stopReason: 'error',
    errorMessage: `Stopped after ${maxTurns} model calls: the run reached its limit of ${maxTurns} turns.`,
    errorKind: 'max_turns',
  });
  run.add(message);
  return message;
}

function endTurnAndRun(run: LoopRun, message: AssistantMessage): void {
  run.emit({ type: 'turn_end', message, toolResults: [] });
  endRun(run);
}

function endRun(run: LoopRun): void {
  run.emit({ type: 'agent_end', messages: [...run.added] });
}
