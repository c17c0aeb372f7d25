/**
 * One model call: context hooks, then the `StreamFn`, turned into `message_start/update/end` events.
 * Whatever goes wrong (a hook throws, the stream breaks its contract) ends as an assistant message with
 * `stopReason` `error` or `aborted`, never as a throw.
 */

import { assertNever, errorText, failedAssistantMessage } from './messages';
import type { LoopRun } from './run';
import type { AssistantMessage, LlmContext, StreamOptions } from './types';

/** Calls the model once and adds its message (complete or failed) to the run. */
export async function streamAssistantResponse(run: LoopRun): Promise<AssistantMessage> {
  let request: { context: LlmContext; options: StreamOptions };
  try {
    request = await prepareRequest(run);
  } catch (error) {
    return finish(run, failure(run, undefined, `Could not prepare the request: ${errorText(error)}`), false);
  }
  if (run.signal.aborted) return finish(run, failure(run, undefined, 'Request aborted.'), false);
  let started = false;
  let partial: AssistantMessage | undefined;
  try {
    for await (const event of run.config.streamFn(request.context, request.options)) {
      switch (event.type) {
        case 'done':
        case 'error':
          return finish(run, event.message, started);
        case 'start':
        case 'text_start':
        case 'text_delta':
        case 'text_end':
        case 'thinking_start':
        case 'thinking_delta':
        case 'thinking_end':
        case 'toolcall_start':
        case 'toolcall_delta':
        case 'toolcall_end':
        case 'retry':
          partial = { ...event.partial };
          if (!started) {
            started = true;
            run.emit({ type: 'message_start', message: partial });
            if (event.type === 'start') break;
          }
          run.emit({ type: 'message_update', message: partial, assistantMessageEvent: event });
          break;
        default:
          assertNever(event);
      }
    }
    return finish(run, failure(run, partial, 'The response stream ended without a final message.'), started);
  } catch (error) {
    return finish(run, failure(run, partial, errorText(error)), started);
  }
}

async function prepareRequest(run: LoopRun): Promise<{ context: LlmContext; options: StreamOptions }> {
  const { config, signal } = run;
  run.syncAppended();
  const history = [...run.messages];
  const messages = config.transformContext ? await config.transformContext(history, signal) : history;
  // The standing context first: what it carries can decide what of the conversation fits (PDF pages).
  const standing = config.getStandingContext ? await config.getStandingContext() : undefined;
  const llmMessages = await config.convertToLlm(messages, standing);
  const apiKey = config.getApiKey ? await config.getApiKey() : undefined;
  const context: LlmContext = {
    ...(run.systemPrompt ? { systemPrompt: run.systemPrompt } : {}),
    ...(standing?.instructions?.trim() ? { instructions: standing.instructions } : {}),
    ...(standing?.knowledge?.length ? { knowledge: standing.knowledge } : {}),
    messages: llmMessages,
    tools: run.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      ...(tool.builtin ? { builtin: tool.builtin } : {}),
    })),
  };
  const options: StreamOptions = {
    model: config.model,
    thinkingLevel: config.thinkingLevel,
    apiKey,
    signal,
    ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }),
  };
  return { context, options };
}

function finish(run: LoopRun, message: AssistantMessage, started: boolean): AssistantMessage {
  run.add(message, started);
  return message;
}

function failure(run: LoopRun, partial: AssistantMessage | undefined, text: string): AssistantMessage {
  const aborted = run.signal.aborted;
  return failedAssistantMessage({
    model: run.config.model,
    stopReason: aborted ? 'aborted' : 'error',
    errorMessage: aborted ? 'Request aborted.' : text,
    errorKind: aborted ? 'aborted' : 'unknown',
    ...(partial ? { partial } : {}),
  });
}
