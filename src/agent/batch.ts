/**
 * The tool calls of one assistant message: run in parallel (default) or one at a time, or failed all at
 * once when the message was cut off. Every call gets exactly one result, in the order the model asked.
 */

import { toToolResultMessage } from './messages';
import { type LoopRun, poll } from './run';
import {
  cutOffText,
  errorOutcome,
  executePreparedCall,
  prepareToolCall,
  SKIPPED_FOR_ABORT,
  SKIPPED_FOR_STEERING,
  type ToolCallOutcome,
} from './tools';
import type {
  AgentMessage,
  AssistantMessage,
  ToolCall,
  ToolResultMessage,
  ToolUpdateCallback,
} from './types';

export interface BatchOutcome {
  /** One result per call, in the model's order. */
  readonly results: readonly ToolResultMessage[];
  /** Steering messages found while the batch ran; empty when none. */
  readonly steering: readonly AgentMessage[];
}

/**
 * Sequential when the config says so or any tool of the batch declares `executionMode: 'sequential'`;
 * steering is then checked after each call. Otherwise parallel, with steering checked after the batch.
 */
export function executeToolBatch(
  run: LoopRun,
  assistantMessage: AssistantMessage,
  toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
  const sequential =
    run.config.toolExecution === 'sequential' ||
    toolCalls.some(
      (call) => run.tools.find((tool) => tool.name === call.name)?.executionMode === 'sequential',
    );
  return sequential
    ? executeSequentially(run, assistantMessage, toolCalls)
    : executeInParallel(run, assistantMessage, toolCalls);
}

/** Fails every call of a cut-off message without running any of them. */
export function failCutOffToolCalls(
  run: LoopRun,
  assistantMessage: AssistantMessage,
  toolCalls: readonly ToolCall[],
): ToolResultMessage[] {
  return toolCalls.map((call) => {
    start(run, call);
    return settle(run, call, errorOutcome(cutOffText(call, assistantMessage.stopReason)));
  });
}

async function executeSequentially(
  run: LoopRun,
  assistantMessage: AssistantMessage,
  toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
  const results: ToolResultMessage[] = [];
  let steering: readonly AgentMessage[] = [];
  for (const call of toolCalls) {
    start(run, call);
    if (run.signal.aborted || steering.length > 0) {
      const text = run.signal.aborted ? SKIPPED_FOR_ABORT : SKIPPED_FOR_STEERING;
      results.push(settle(run, call, errorOutcome(text)));
      continue;
    }
    const outcome = await runOne(run, assistantMessage, call);
    results.push(settle(run, call, outcome));
    if (!run.signal.aborted) steering = await poll(run.config.getSteeringMessages);
  }
  return { results, steering };
}

async function executeInParallel(
  run: LoopRun,
  assistantMessage: AssistantMessage,
  toolCalls: readonly ToolCall[],
): Promise<BatchOutcome> {
  const running: Promise<ToolCallOutcome>[] = [];
  for (const call of toolCalls) {
    start(run, call);
    const outcome = run.signal.aborted
      ? Promise.resolve(errorOutcome(SKIPPED_FOR_ABORT))
      : runOne(run, assistantMessage, call);
    running.push(
      outcome.then((settled) => {
        end(run, call, settled);
        return settled;
      }),
    );
  }
  const outcomes = await Promise.all(running);
  const results = toolCalls.map((call, index) => {
    const outcome = outcomes[index] ?? errorOutcome(`Tool call "${call.name}" produced no result.`);
    const message = toToolResultMessage(call, outcome.result, outcome.isError);
    run.add(message);
    return message;
  });
  const steering = run.signal.aborted ? [] : await poll(run.config.getSteeringMessages);
  return { results, steering };
}

/** Prepares and, if allowed, executes one call. Never rejects. */
async function runOne(
  run: LoopRun,
  assistantMessage: AssistantMessage,
  call: ToolCall,
): Promise<ToolCallOutcome> {
  const prepared = await prepareToolCall(
    { toolCall: call, assistantMessage, messages: [...run.messages] },
    run.tools,
    run.config.beforeToolCall,
    run.signal,
  );
  if (prepared.kind === 'decided') return prepared.outcome;
  let finished = false;
  const onUpdate: ToolUpdateCallback = (partialResult) => {
    if (finished) return;
    run.emit({
      type: 'tool_execution_update',
      toolCallId: call.id,
      toolName: call.name,
      args: call.arguments,
      partialResult,
    });
  };
  const outcome = await executePreparedCall(prepared, run.config.afterToolCall, run.signal, onUpdate);
  finished = true;
  return outcome;
}

function start(run: LoopRun, call: ToolCall): void {
  run.emit({ type: 'tool_execution_start', toolCallId: call.id, toolName: call.name, args: call.arguments });
}

function end(run: LoopRun, call: ToolCall, outcome: ToolCallOutcome): void {
  run.emit({
    type: 'tool_execution_end',
    toolCallId: call.id,
    toolName: call.name,
    result: outcome.result,
    isError: outcome.isError,
  });
}

/** Ends a call and adds its result message right away (sequential and cut-off batches). */
function settle(run: LoopRun, call: ToolCall, outcome: ToolCallOutcome): ToolResultMessage {
  end(run, call, outcome);
  const message = toToolResultMessage(call, outcome.result, outcome.isError);
  run.add(message);
  return message;
}
