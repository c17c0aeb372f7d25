/**
 * One tool call, from the model's request to a result: lookup, argument validation, `beforeToolCall`,
 * `execute`, `afterToolCall`. Every failure becomes an error result the model can read; nothing here throws.
 */

import type { OutputUnit, Schema, Validator } from '@cfworker/json-schema';
import type { AfterToolCallHook, BeforeToolCallHook, ToolCallHookContext } from './config';
import { errorText, textResult } from './messages';
import type { AgentToolResult, AnyAgentTool, StopReason, ToolCall, ToolUpdateCallback } from './types';

/** The exact text of a result for a call skipped because the person sent a steering message. */
export const SKIPPED_FOR_STEERING = 'Skipped due to queued user message.';

/** The text of a result for a call skipped because the run was aborted. */
export const SKIPPED_FOR_ABORT = 'Skipped because the run was aborted.';

/** A tool call's result and whether the model should read it as an error. */
export interface ToolCallOutcome {
  readonly result: AgentToolResult;
  readonly isError: boolean;
}

export type ArgumentsCheck =
  | { readonly ok: true; readonly args: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string };

/** Validators by schema object: each tool's schema is compiled (into data, never code) once. */
const validators = new WeakMap<object, Validator>();

type ValidatorModule = typeof import('@cfworker/json-schema');
let validatorModule: ValidatorModule | undefined;
let validatorLoading: Promise<ValidatorModule> | undefined;

/**
 * Loads the JSON Schema validator. It is loaded on the first tool call, not with the app, so the first
 * screen does not wait for it; `validateToolArguments` needs it loaded.
 */
export function loadValidator(): Promise<ValidatorModule> {
  validatorLoading ??= import('@cfworker/json-schema').then((module) => {
    validatorModule = module;
    return module;
  });
  return validatorLoading;
}

/**
 * Checks arguments against the tool's JSON schema (draft 2020-12) with `@cfworker/json-schema`, which
 * interprets the schema and never generates code, so it runs under a CSP without `unsafe-eval`.
 * The schema is copied before use, because the validator annotates the schema objects it is given.
 */
export function validateToolArguments(tool: AnyAgentTool, args: unknown): ArgumentsCheck {
  let validator = validators.get(tool.parameters);
  try {
    if (!validator) {
      if (!validatorModule) throw new Error('the validator is not loaded yet (call loadValidator() first)');
      validator = new validatorModule.Validator(structuredClone(tool.parameters) as Schema, '2020-12', false);
      validators.set(tool.parameters, validator);
    }
    const outcome = validator.validate(args);
    if (outcome.valid && isRecord(args)) return { ok: true, args };
    const problems = outcome.valid
      ? ['/: Arguments must be a JSON object.']
      : specificErrors(outcome.errors).map(
          (unit) => `${unit.instanceLocation.replace(/^#/, '') || '/'}: ${unit.error}`,
        );
    const lines = [...new Set(problems)].map((problem) => `- ${problem}`);
    return { ok: false, message: `Invalid arguments for tool "${tool.name}":\n${lines.join('\n')}` };
  } catch (error) {
    return {
      ok: false,
      message: `Tool "${tool.name}" has an unusable parameters schema: ${errorText(error)}`,
    };
  }
}

/**
 * The validator reports a wrapper error for every enclosing keyword ("Property "x" does not match schema.")
 * and a bare "False boolean schema." under `additionalProperties: false`; the model needs the specific ones.
 */
function specificErrors(errors: readonly OutputUnit[]): readonly OutputUnit[] {
  const specific = errors.filter(
    (unit) =>
      unit.keyword !== 'false' &&
      !errors.some((other) => other.keywordLocation.startsWith(`${unit.keywordLocation}/`)),
  );
  return specific.length > 0 ? specific : errors;
}

function findTool(tools: readonly AnyAgentTool[], name: string): AnyAgentTool | undefined {
  return tools.find((tool) => tool.name === name);
}

export function unknownToolText(name: string, tools: readonly AnyAgentTool[]): string {
  const names = tools.map((tool) => tool.name).join(', ');
  return `Tool "${name}" not found. Available tools: ${names || '(none)'}`;
}

/** The result text for a call in a message that was cut short (`length`, `contextOverflow`, `refusal`). */
export function cutOffText(toolCall: ToolCall, stopReason: StopReason): string {
  const head = `Tool call "${toolCall.name}" was not run:`;
  const tail = 'before this call was complete, so its arguments may be incomplete.';
  if (stopReason === 'refusal') return `${head} the response was stopped as a refusal ${tail}`;
  const where = stopReason === 'contextOverflow' ? "at the model's context window" : 'by the token limit';
  return (
    `${head} the output was cut off ${where} ${tail} Retry with smaller output, for example by splitting ` +
    'large content across several calls.'
  );
}

/** A call that is ready to execute, or already decided (unknown tool, invalid arguments, blocked). */
export type PreparedToolCall =
  | { readonly kind: 'decided'; readonly outcome: ToolCallOutcome }
  | { readonly kind: 'ready'; readonly tool: AnyAgentTool; readonly hookContext: ToolCallHookContext };

export async function prepareToolCall(
  base: Omit<ToolCallHookContext, 'tool' | 'args'>,
  tools: readonly AnyAgentTool[],
  beforeToolCall: BeforeToolCallHook | undefined,
  signal: AbortSignal,
): Promise<PreparedToolCall> {
  const { toolCall } = base;
  const tool = findTool(tools, toolCall.name);
  if (!tool) return decided(unknownToolText(toolCall.name, tools));
  try {
    await loadValidator();
  } catch (error) {
    return decided(
      `Tool "${tool.name}" could not be checked: the validator did not load (${errorText(error)}).`,
    );
  }
  const check = validateToolArguments(tool, toolCall.arguments);
  if (!check.ok) return decided(check.message);
  const hookContext: ToolCallHookContext = { ...base, tool, args: check.args };
  if (beforeToolCall) {
    try {
      const verdict = await beforeToolCall(hookContext, signal);
      if (verdict?.block) return decided(verdict.reason);
    } catch (error) {
      return decided(`Tool call "${toolCall.name}" was blocked: ${errorText(error)}`);
    }
  }
  return { kind: 'ready', tool, hookContext };
}

/** Executes a prepared call, then lets `afterToolCall` rewrite the outcome. Never rejects. */
export async function executePreparedCall(
  prepared: Extract<PreparedToolCall, { kind: 'ready' }>,
  afterToolCall: AfterToolCallHook | undefined,
  signal: AbortSignal,
  onUpdate: ToolUpdateCallback,
): Promise<ToolCallOutcome> {
  const { tool, hookContext } = prepared;
  let outcome: ToolCallOutcome;
  try {
    // The arguments passed the tool's own schema, which is what its TArgs type describes.
    const result: unknown = await tool.execute(
      hookContext.toolCall.id,
      hookContext.args as never,
      signal,
      onUpdate,
    );
    outcome = isToolResult(result)
      ? { result, isError: result.isError === true }
      : errorOutcome(`Tool "${tool.name}" returned a malformed result.`);
  } catch (error) {
    outcome = errorOutcome(
      error instanceof Error || typeof error === 'string'
        ? errorText(error)
        : `Tool "${tool.name}" failed with ${errorText(error)}`,
    );
  }
  if (!afterToolCall) return outcome;
  try {
    const override = await afterToolCall({ ...hookContext, ...outcome }, signal);
    if (!override) return outcome;
    const details = override.details !== undefined ? override.details : outcome.result.details;
    const result: AgentToolResult = {
      content: override.content ?? outcome.result.content,
      ...(details === undefined ? {} : { details }),
    };
    return { result, isError: override.isError ?? outcome.isError };
  } catch (error) {
    return errorOutcome(`afterToolCall failed for "${tool.name}": ${errorText(error)}`);
  }
}

export function errorOutcome(text: string): ToolCallOutcome {
  return { result: textResult(text, true), isError: true };
}

function decided(text: string): PreparedToolCall {
  return { kind: 'decided', outcome: errorOutcome(text) };
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isToolResult(value: unknown): value is AgentToolResult {
  return isRecord(value) && Array.isArray(value.content);
}
