/** Small factories shared by this folder's tests. Not part of the public surface. */

import { Agent, type AgentOptions } from './agent';
import type { AgentEventSink, AgentLoopConfig, AgentLoopContext } from './config';
import { runAgentLoop } from './loop';
import { defaultConvertToLlm } from './messages';
import { createScriptedStream, type ScriptedStream, type ScriptStep } from './testing';
import type {
  AgentEvent,
  AgentMessage,
  AgentTool,
  AgentToolResult,
  AnyAgentTool,
  JsonSchema,
  ToolResultMessage,
  ToolUpdateCallback,
  UserMessage,
} from './types';

export function user(content: string): UserMessage {
  return { role: 'user', content, timestamp: 1 };
}

export function loopConfig(
  stream: ScriptedStream,
  overrides: Partial<AgentLoopConfig> = {},
): AgentLoopConfig {
  return {
    streamFn: stream.streamFn,
    model: 'test-model',
    thinkingLevel: 'off',
    convertToLlm: defaultConvertToLlm,
    ...overrides,
  };
}

export function loopContext(tools: readonly AnyAgentTool[] = [], messages: readonly AgentMessage[] = []) {
  return {
    systemPrompt: 'Be brief.',
    tools,
    messages: Object.freeze([...messages]),
  } satisfies AgentLoopContext;
}

export interface Recorded {
  readonly events: AgentEvent[];
  readonly sink: AgentEventSink;
}

export function recorder(onEvent?: (event: AgentEvent) => void): Recorded {
  const events: AgentEvent[] = [];
  return {
    events,
    sink: (event) => {
      events.push(event);
      onEvent?.(event);
    },
  };
}

/** Runs the loop with one text prompt and records its events. */
export async function runPrompt(
  text: string,
  context: AgentLoopContext,
  config: AgentLoopConfig,
  options: { signal?: AbortSignal; onEvent?: (event: AgentEvent) => void } = {},
): Promise<{ events: AgentEvent[]; messages: AgentMessage[] }> {
  const { events, sink } = recorder(options.onEvent);
  const messages = await runAgentLoop(
    [user(text)],
    context,
    config,
    sink,
    options.signal ?? new AbortController().signal,
  );
  return { events, messages };
}

/** Event names, with the role or tool call id they concern; `message_update`s are left out. */
export function sequence(events: readonly AgentEvent[]): string[] {
  return events.flatMap((event) => {
    switch (event.type) {
      case 'message_update':
        return [];
      case 'message_start':
      case 'message_end':
        return [`${event.type}:${(event.message as { role: string }).role}`];
      case 'tool_execution_start':
      case 'tool_execution_update':
      case 'tool_execution_end':
        return [`${event.type}:${event.toolCallId}`];
      default:
        return [event.type];
    }
  });
}

export function toolResults(messages: readonly AgentMessage[]): ToolResultMessage[] {
  return messages.filter((m): m is ToolResultMessage => (m as { role: string }).role === 'toolResult');
}

export function resultText(message: ToolResultMessage | undefined): string {
  return (message?.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
}

const anyObject: JsonSchema = { type: 'object' };

/** A tool whose `execute` is the given function. */
export function makeTool(
  name: string,
  execute: (
    args: Record<string, unknown>,
    signal: AbortSignal,
    id: string,
    onUpdate: ToolUpdateCallback,
  ) => Promise<AgentToolResult>,
  extra: { parameters?: JsonSchema; executionMode?: 'parallel' | 'sequential' } = {},
): AgentTool {
  return {
    name,
    label: name,
    description: `The ${name} tool.`,
    parameters: extra.parameters ?? anyObject,
    ...(extra.executionMode ? { executionMode: extra.executionMode } : {}),
    execute: (id, args, signal, onUpdate) => execute(args, signal, id, onUpdate),
  };
}

export function ok(text: string): AgentToolResult {
  return { content: [{ type: 'text', text }] };
}

export function createAgent(
  steps: readonly ScriptStep[],
  options: Partial<AgentOptions> = {},
  tools: AnyAgentTool[] = [],
) {
  const stream = createScriptedStream(steps);
  const agent = new Agent({
    streamFn: stream.streamFn,
    initialState: { model: 'test-model', systemPrompt: 'Be brief.', tools },
    ...options,
  });
  return { agent, stream };
}

export function roles(messages: readonly AgentMessage[]): string[] {
  return messages.map((m) => (m as { role: string }).role);
}

/** An app record, as a module would add through `CustomAgentMessages` (cast: no merging in tests). */
export function note(body: string): AgentMessage {
  return { role: 'note', body, timestamp: 1 } as unknown as AgentMessage;
}
