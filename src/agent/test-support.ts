/**
 * Test support for this folder's tests and others': a scripted `StreamFn` that plays canned replies (no
 * network) and records what each call received, a deferred promise to use as a latch, and small factories
 * (messages, tools, loop inputs, an `Agent` on a scripted stream). Never imported by app code, and not
 * exported from `index.ts`.
 */

import { Agent, type AgentOptions } from './agent';
import type { AgentEventSink, AgentLoopConfig, AgentLoopContext } from './config';
import { runAgentLoop } from './loop';
import { defaultConvertToLlm } from './messages';
import type {
  AgentEvent,
  AgentMessage,
  AgentTool,
  AgentToolResult,
  AnyAgentTool,
  AssistantContent,
  AssistantMessage,
  AssistantMessageEvent,
  ErrorKind,
  JsonSchema,
  LlmContext,
  StopReason,
  StreamFn,
  StreamOptions,
  TextContent,
  ToolCall,
  ToolResultMessage,
  ToolUpdateCallback,
  UserMessage,
} from './types';

/** One canned assistant response. */
export interface ScriptedReply {
  readonly content?: readonly AssistantContent[];
  /** Default: `toolUse` when the content has a tool call, else `stop`. */
  readonly stopReason?: StopReason;
  readonly errorMessage?: string;
  readonly errorKind?: ErrorKind;
  /** Awaited right after `start`, so a test can act while the message is streaming. */
  readonly whileStreaming?: () => Promise<void> | void;
  /** After streaming the content, wait for the abort signal and end with an `aborted` message. */
  readonly untilAborted?: boolean;
}

/** A canned reply, or a function that streams events itself (to test contract violations, say). */
export type ScriptStep =
  | ScriptedReply
  | ((context: LlmContext, options: StreamOptions) => AsyncIterable<AssistantMessageEvent>);

export interface StreamCall {
  readonly context: LlmContext;
  readonly options: StreamOptions;
}

export interface ScriptedStream {
  readonly streamFn: StreamFn;
  /** What each call received, in order. */
  readonly calls: readonly StreamCall[];
}

/** Plays `steps` in order, one per call; a call past the end gets an `error` reply saying so. */
export function createScriptedStream(steps: readonly ScriptStep[]): ScriptedStream {
  const calls: StreamCall[] = [];
  const streamFn: StreamFn = (context, options) => {
    const step = steps[calls.length];
    calls.push({ context, options });
    if (typeof step === 'function') return step(context, options);
    return playReply(
      step ?? { stopReason: 'error', errorMessage: `No scripted reply for call ${calls.length}.` },
      options,
    );
  };
  return { streamFn, calls };
}

export function text(value: string): TextContent {
  return { type: 'text', text: value };
}

export function toolCall(id: string, name: string, args: Record<string, unknown> = {}): ToolCall {
  return { type: 'toolCall', id, name, arguments: args };
}

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/** A promise with its resolve/reject exposed: a latch for ordering concurrent work without sleeps. */
export function deferred<T = void>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function* playReply(
  reply: ScriptedReply,
  options: StreamOptions,
): AsyncGenerator<AssistantMessageEvent> {
  const content = reply.content ?? [];
  let partial: AssistantMessage = {
    role: 'assistant',
    content: [],
    provider: 'scripted',
    model: options.model,
    usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'stop',
    timestamp: Date.now(),
  };
  yield { type: 'start', partial };
  await reply.whileStreaming?.();
  for (const [contentIndex, block] of content.entries()) {
    partial = { ...partial, content: [...partial.content, block] };
    switch (block.type) {
      case 'text':
        yield { type: 'text_start', contentIndex, partial };
        yield { type: 'text_delta', contentIndex, delta: block.text, partial };
        yield { type: 'text_end', contentIndex, partial };
        break;
      case 'thinking':
        yield { type: 'thinking_start', contentIndex, partial };
        yield { type: 'thinking_delta', contentIndex, delta: block.thinking, partial };
        yield { type: 'thinking_end', contentIndex, partial };
        break;
      case 'toolCall':
        yield { type: 'toolcall_start', contentIndex, partial };
        yield { type: 'toolcall_delta', contentIndex, delta: JSON.stringify(block.arguments), partial };
        yield { type: 'toolcall_end', contentIndex, toolCall: block, partial };
        break;
      case 'redactedThinking':
      case 'opaque':
        break;
    }
  }
  if (reply.untilAborted) {
    await new Promise<void>((resolve) => {
      if (options.signal.aborted) resolve();
      else options.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    yield {
      type: 'error',
      message: { ...partial, stopReason: 'aborted', errorMessage: 'Request aborted.', errorKind: 'aborted' },
    };
    return;
  }
  const stopReason = reply.stopReason ?? (content.some((b) => b.type === 'toolCall') ? 'toolUse' : 'stop');
  const message: AssistantMessage = {
    ...partial,
    stopReason,
    ...(reply.errorMessage === undefined ? {} : { errorMessage: reply.errorMessage }),
    ...(reply.errorKind === undefined ? {} : { errorKind: reply.errorKind }),
  };
  const failed = stopReason === 'error' || stopReason === 'aborted';
  yield failed ? { type: 'error', message } : { type: 'done', message };
}

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

/** The `sequence` of a turn that takes a message from the person and answers it without tools. */
export const ANSWERED_TURN = [
  'turn_start',
  'message_start:user',
  'message_end:user',
  'message_start:assistant',
  'message_end:assistant',
  'turn_end',
] as const;

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

/**
 * The module specifiers a TypeScript source imports (static `import`/`export … from`, and `import()`), for the
 * folders' boundary tests.
 */
export function importsOf(source: string): string[] {
  const pattern =
    /(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** The agent's state functions, for a test's own fake agent (a saver's `SaverAgent`, say). */
export { createAgentState, updateState } from './state';
