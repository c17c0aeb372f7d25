import type { AssistantMessage, AssistantMessageEvent, LlmContext, StreamOptions } from '../agent/types';
import { createAccumulator, type StreamAccumulator } from './accumulator';
import type { ClientFactory } from './client';
import { describeError } from './errors';
import { buildRequest } from './request';
import { type SetTimer, startWatchdog, watchFetch } from './transport';
import type { LlmErrorInfo, ModelInfo, ModelPrice } from './types';

/** Everything one request needs. */
export interface LegInput {
  readonly context: LlmContext;
  readonly options: StreamOptions;
  readonly apiKey: string;
  readonly baseURL: string;
  readonly fetch: typeof fetch;
  readonly factory: ClientFactory;
  readonly modelInfo: ModelInfo | undefined;
  readonly price: ModelPrice | undefined;
  /** Content and usage of earlier legs of this answer; its content is resent when non-empty. */
  readonly base: AssistantMessage;
  readonly idleTimeoutMs: number;
  readonly setTimer: SetTimer;
}

/** How one request ended. `failed.stopReason` is `aborted` for a stop or an idle timeout, else `error`. */
export type LegOutcome =
  | { readonly type: 'complete'; readonly acc: StreamAccumulator; readonly requestId?: string }
  | {
      readonly type: 'failed';
      readonly acc: StreamAccumulator;
      readonly info: LlmErrorInfo;
      readonly stopReason: 'error' | 'aborted';
      readonly requestId?: string;
    };

export const INCOMPLETE_MESSAGE = 'The connection closed before the answer was complete. Try again.';

function idleMessage(ms: number): string {
  return `No data arrived from the API for ${Math.round(ms / 1000)} s, so the answer was stopped. Try again.`;
}

/**
 * Sends one Messages API request and streams its events into an accumulator, yielding the agent's events as
 * they come. Never throws: every failure (HTTP error, in-stream `error` event, malformed data, a body that
 * stalls past the idle limit, an abort, a stream that ends early) becomes a `failed` outcome that keeps the
 * accumulator, and so the content received so far.
 */
export async function* runLeg(input: LegInput): AsyncGenerator<AssistantMessageEvent, LegOutcome> {
  const { options } = input;
  const acc = createAccumulator(input.base, input.price);
  const attempt = new AbortController();
  const abort = () => attempt.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  let idle = false;
  const watchdog = startWatchdog(input.idleTimeoutMs, input.setTimer, () => {
    idle = true;
    attempt.abort();
  });
  let requestId: string | undefined;
  let responded = false;
  let failure: unknown;
  let threw = false;
  try {
    const client = input.factory({
      apiKey: input.apiKey,
      baseURL: input.baseURL,
      fetch: watchFetch(input.fetch, watchdog.touch),
    });
    const params = buildRequest(input.context, {
      model: options.model,
      thinkingLevel: options.thinkingLevel,
      maxTokens: options.maxTokens,
      modelInfo: input.modelInfo,
      continuation: input.base.content.length > 0 ? input.base.content : undefined,
    });
    if (options.signal.aborted) attempt.abort();
    const { data, request_id } = await client.messages
      .create(params, { signal: attempt.signal })
      .withResponse();
    requestId = request_id ?? undefined;
    responded = true;
    for await (const event of data) {
      for (const out of acc.apply(event)) {
        yield out;
        watchdog.touch();
      }
      // Once the person stops the answer, nothing more is taken in.
      if (options.signal.aborted) break;
    }
  } catch (error) {
    threw = true;
    failure = error;
  } finally {
    watchdog.stop();
    options.signal.removeEventListener('abort', abort);
  }
  const fail = (info: LlmErrorInfo, stopReason: 'error' | 'aborted'): LegOutcome => ({
    type: 'failed',
    acc,
    info: { ...info, requestId: info.requestId ?? requestId },
    stopReason,
    requestId: info.requestId ?? requestId,
  });
  if (idle) {
    return fail({ kind: 'timeout', message: idleMessage(input.idleTimeoutMs), retryable: false }, 'aborted');
  }
  if (options.signal.aborted) return fail(describeError({ name: 'AbortError' }), 'aborted');
  if (threw) {
    const info = describeError(failure, { baseUrl: input.baseURL });
    // A connection lost after the answer began is not a reachability problem: say what happened.
    return fail(
      responded && info.kind === 'network' ? { ...info, message: INCOMPLETE_MESSAGE } : info,
      'error',
    );
  }
  if (acc.stopReason === undefined && !acc.sawMessageStop) {
    return fail({ kind: 'network', message: INCOMPLETE_MESSAGE, retryable: true }, 'error');
  }
  return { type: 'complete', acc, requestId };
}
