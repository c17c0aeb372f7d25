/**
 * One leg of an answer: builds the request, sends it through a `RawStream` and folds what comes back (loaded
 * on first use).
 */
import type { AssistantMessage, AssistantMessageEvent, LlmContext, StreamOptions } from '../agent';
import { createAccumulator, type StreamAccumulator } from './accumulator';
import type { ClientFactory } from './client';
import { describeError } from './errors';
import {
  createDirectStream,
  createFileDeleter,
  createFileDownloader,
  createModelLister,
  type RawStream,
} from './raw-stream';
import { buildRequest, plainRequest, requestBetas } from './request';
import type { SetTimer } from './transport';
import type {
  CompactionSettings,
  ContainerFile,
  LlmErrorInfo,
  McpConnector,
  ModelInfo,
  ModelPrice,
  WebToolSettings,
} from './types';
import type { LegFiles } from './uploads';
import { createWorkerStream, type RawStreamer, type StreamWorker, startStreamWorker } from './worker-stream';

/** Everything one request needs. */
export interface LegInput {
  readonly context: LlmContext;
  readonly options: StreamOptions;
  readonly apiKey: string;
  readonly baseURL: string;
  readonly stream: RawStream;
  readonly modelInfo: ModelInfo | undefined;
  readonly price: ModelPrice | undefined;
  /** Content and usage of earlier legs of this answer; its content is resent when non-empty. */
  readonly base: AssistantMessage;
  readonly idleTimeoutMs: number;
  /** The web tools to offer, when the person turned them on. */
  readonly web?: WebToolSettings;
  /** Enabled MCP connectors. */
  readonly connectors?: readonly McpConnector[];
  /** Anthropic's code execution tool, when the person turned it on. */
  readonly codeExecution?: boolean;
  /** Server-side compaction, when it is on. */
  readonly compaction?: CompactionSettings;
  /** Large attachments go by file id (Settings → Files API), with what this device knows. */
  readonly files?: LegFiles;
  /** The session's attachments for the code execution tool's sandbox (with `codeExecution`). */
  readonly containerFiles?: readonly ContainerFile[];
  /** A local or compatible server: the request is made plain (`plainRequest`) and carries no betas. */
  readonly compatible?: boolean;
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

const INCOMPLETE_MESSAGE = 'The connection closed before the answer was complete. Try again.';

export interface RawStreamSetup {
  readonly fetch: typeof fetch;
  readonly loadFactory: () => Promise<ClientFactory>;
  readonly setTimer: SetTimer;
  /** Sends requests from a worker started by this (default: the stream worker), or, when `false`, from here. */
  readonly worker: false | (() => StreamWorker);
}

/** The way requests are sent: from the stream worker when there is one, else from this thread. */
export function createRawStream(setup: RawStreamSetup): RawStreamer {
  const direct = {
    send: createDirectStream(setup),
    listModels: createModelLister(setup),
    deleteFiles: createFileDeleter(setup),
    downloadFile: createFileDownloader(setup),
  };
  return setup.worker === false ? { ...direct, prepare() {} } : createWorkerStream(setup.worker, direct);
}

export { createUploads } from './uploads';
export { startStreamWorker };

/**
 * Sends one Messages API request and folds its events into an accumulator, yielding the agent's events as
 * they come. Never throws: every failure (HTTP error, in-stream `error` event, malformed data, a body that
 * stalls past the idle limit, an abort, a stream that ends early) becomes a `failed` outcome that keeps the
 * accumulator, and so the content received so far.
 */
export async function* runLeg(input: LegInput): AsyncGenerator<AssistantMessageEvent, LegOutcome> {
  const { options } = input;
  const acc = createAccumulator(input.base, input.price);
  let requestId: string | undefined;
  const fail = (info: LlmErrorInfo, stopReason: 'error' | 'aborted'): LegOutcome => ({
    type: 'failed',
    acc,
    info: { ...info, requestId: info.requestId ?? requestId },
    stopReason,
    requestId: info.requestId ?? requestId,
  });
  let params: ReturnType<typeof buildRequest>;
  try {
    params = buildRequest(input.context, {
      model: options.model,
      thinkingLevel: options.thinkingLevel,
      maxTokens: options.maxTokens,
      modelInfo: input.modelInfo,
      continuation: input.base.content.length > 0 ? input.base.content : undefined,
      web: input.web,
      connectors: input.connectors,
      compaction: input.compaction,
      codeExecution: input.codeExecution,
    });
  } catch (error) {
    return fail(describeError(error), 'error');
  }
  if (input.compatible) params = plainRequest(params);
  const betas = input.compatible ? [] : requestBetas(params);
  const request = {
    params,
    ...(betas.length > 0 ? { betas } : {}),
    apiKey: input.apiKey,
    baseURL: input.baseURL,
    idleTimeoutMs: input.idleTimeoutMs,
    ...(input.files ? { files: input.files.policy } : {}),
    ...(input.codeExecution && !input.compatible && input.containerFiles?.length
      ? { containerFiles: input.containerFiles }
      : {}),
  };
  stream: for await (const item of input.stream(request, options.signal)) {
    if (item.type === 'response') {
      requestId = item.requestId;
    } else if (item.type === 'files') {
      input.files?.record(item);
    } else if (item.type === 'events') {
      for (const event of item.events) {
        yield* acc.apply(event);
        // Once the person stops the answer, nothing more is taken in.
        if (options.signal.aborted) break stream;
      }
    } else {
      // A stop outranks whatever failure was already on its way.
      if (options.signal.aborted) break;
      // A connection lost after the answer began is not a reachability problem: say what happened.
      const lostMidway = item.responded && item.info.kind === 'network' && item.stopReason === 'error';
      return fail(lostMidway ? { ...item.info, message: INCOMPLETE_MESSAGE } : item.info, item.stopReason);
    }
    if (options.signal.aborted) break;
  }
  if (options.signal.aborted) return fail(describeError({ name: 'AbortError' }), 'aborted');
  if (acc.stopReason === undefined && !acc.sawMessageStop) {
    return fail({ kind: 'network', message: INCOMPLETE_MESSAGE, retryable: true }, 'error');
  }
  return { type: 'complete', acc, requestId };
}
