/**
 * Test support: a scripted `StreamFn` that plays canned replies (no network) and records what each call
 * received, plus a deferred promise to use as a latch. Used by this folder's tests and usable by others.
 */

import type {
  AssistantContent,
  AssistantMessage,
  AssistantMessageEvent,
  ErrorKind,
  LlmContext,
  StopReason,
  StreamFn,
  StreamOptions,
  TextContent,
  ToolCall,
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
