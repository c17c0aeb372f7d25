/** Small constructors and guards for messages, shared by the loop, the tools runner and the Agent. */

import type {
  AgentMessage,
  AgentToolResult,
  AssistantMessage,
  ErrorKind,
  Message,
  StopReason,
  ToolCall,
  ToolResultMessage,
  Usage,
} from './types';

/** The exhaustive-switch default: TypeScript proves it unreachable, and it throws if data says otherwise. */
export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
}

/** True for the three roles the model understands; false for app kinds added through `CustomAgentMessages`. */
export function isLlmMessage(message: AgentMessage): message is Message {
  const role: unknown = (message as { readonly role?: unknown }).role;
  return role === 'user' || role === 'assistant' || role === 'toolResult';
}

/** The default `convertToLlm`: keeps `user`, `assistant` and `toolResult` messages and drops app kinds. */
export function defaultConvertToLlm(messages: readonly AgentMessage[]): Message[] {
  return messages.filter(isLlmMessage);
}

/** True for an assistant message that ended its run with a failure (`error` or `aborted`). */
export function isFailedAssistant(message: AgentMessage): boolean {
  return (
    isLlmMessage(message) &&
    message.role === 'assistant' &&
    (message.stopReason === 'error' || message.stopReason === 'aborted')
  );
}

export function toolCallsOf(message: AssistantMessage): ToolCall[] {
  return message.content.filter((block): block is ToolCall => block.type === 'toolCall');
}

/** The readable text of anything thrown. */
/**
 * A readable sentence for anything thrown: an `Error`'s message, a string as is, an object's own `message`
 * or its JSON, and a plain description for `null`, `undefined` and other values (never `[object Object]`).
 */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error.trim() ? error : 'an empty error message';
  if (error === null || error === undefined)
    return `no error details (the thrown value was ${String(error)})`;
  if (typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
    try {
      const json = JSON.stringify(error);
      if (json && json !== '{}')
        return `a non-Error value: ${json.length > 500 ? `${json.slice(0, 500)}…` : json}`;
    } catch {
      // Circular or otherwise unserialisable: described by its type below.
    }
    return `a non-Error value of type ${Object.prototype.toString.call(error).slice(8, -1)}`;
  }
  return `a non-Error value: ${String(error)}`;
}

function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** A tool result holding one text block. */
export function textResult(text: string, isError: boolean): AgentToolResult & { readonly isError: boolean } {
  return { content: [{ type: 'text', text }], isError };
}

export function toToolResultMessage(
  toolCall: ToolCall,
  result: AgentToolResult,
  isError: boolean,
): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: toolCall.id,
    toolName: toolCall.name,
    content: result.content,
    isError,
    ...(result.details === undefined ? {} : { details: result.details }),
    timestamp: Date.now(),
  };
}

export interface FailureInit {
  readonly model: string;
  readonly stopReason: Extract<StopReason, 'error' | 'aborted'>;
  readonly errorMessage: string;
  readonly errorKind: ErrorKind;
  /** Content that streamed before the failure, kept. */
  readonly partial?: AssistantMessage;
}

/** An assistant message made by the loop itself to end a run honestly (broken stream, failed hook, limit). */
export function failedAssistantMessage(init: FailureInit): AssistantMessage {
  const base: AssistantMessage = init.partial ?? {
    role: 'assistant',
    content: [],
    provider: 'agent',
    model: init.model,
    usage: emptyUsage(),
    stopReason: init.stopReason,
    timestamp: Date.now(),
  };
  return {
    ...base,
    stopReason: init.stopReason,
    errorMessage: init.errorMessage,
    errorKind: init.errorKind,
  };
}
