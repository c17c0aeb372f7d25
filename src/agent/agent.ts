/**
 * `Agent`: the loop plus state. It owns the conversation, runs one loop at a time, turns every loop event
 * into a new immutable `AgentState`, and keeps the steering and follow-up queues the composer shows.
 */

import { AppendedMessages } from './appended';
import type {
  AfterToolCallHook,
  AgentEventSink,
  AgentLoopConfig,
  AgentLoopContext,
  BeforeToolCallHook,
  ConvertToLlm,
  TransformContext,
} from './config';
import { defaultConvertToLlm, errorText, isFailedAssistant, isLlmMessage } from './messages';
import { type AgentQueues, MessageQueues, type QueuedMessage, type QueueListener } from './queues';
import { type AgentState, createAgentState, reduceAgentState, updateState, withMessage } from './state';
import type { AgentEvent, AgentMessage, AnyAgentTool, StreamFn, ThinkingLevel } from './types';

export interface AgentOptions {
  readonly streamFn: StreamFn;
  readonly initialState?: Partial<AgentState>;
  /** AgentMessage[] → Message[]; the default keeps user/assistant/toolResult and drops custom kinds. */
  readonly convertToLlm?: ConvertToLlm;
  readonly transformContext?: TransformContext;
  readonly getApiKey?: () => string | undefined | Promise<string | undefined>;
  /** See `AgentLoopConfig.getStandingContext`. */
  readonly getStandingContext?: AgentLoopConfig['getStandingContext'];
  readonly beforeToolCall?: BeforeToolCallHook;
  readonly afterToolCall?: AfterToolCallHook;
  readonly toolExecution?: 'parallel' | 'sequential';
  readonly maxTurns?: number;
  /** Output token limit passed to the `StreamFn`; when absent the provider chooses. */
  readonly maxTokens?: number;
  /** Where errors thrown by listeners go (they never reach the loop). Default: `reportError`/`console.error`. */
  readonly onListenerError?: (error: unknown) => void;
  /**
   * What a run needs that the app loads later than the agent (its tools, say), awaited by `prompt()` and
   * `continue()` before the run reads the state. A rejection rejects the call before anything starts.
   */
  readonly prepareRun?: () => Promise<void>;
}

/** What `prompt()` accepts: text (becomes a user message), one message, or several. */
export type PromptInput = string | AgentMessage | readonly AgentMessage[];

/** One of the loop's entry points, given the run's context, config, sink and signal. */
type LoopStart = (
  context: AgentLoopContext,
  config: AgentLoopConfig,
  emit: AgentEventSink,
  signal: AbortSignal,
) => Promise<unknown>;

interface ActiveRun {
  readonly controller: AbortController;
  readonly done: Promise<void>;
  readonly resolve: () => void;
  ended: boolean;
}

const BUSY = 'The agent is already running: use steer() or followUp(), or wait for the run to end.';

type LoopModule = typeof import('./loop');
let loopLoading: Promise<LoopModule> | undefined;

/**
 * The loop's code (the loop, one model call, the tool calls) loads with the first run, not with the agent:
 * the state, queues and listeners are all a page showing a conversation needs. A failed load is tried again.
 */
function loadLoop(): Promise<LoopModule> {
  loopLoading ??= import('./loop').catch((error: unknown) => {
    loopLoading = undefined;
    throw error;
  });
  return loopLoading;
}

export class Agent {
  private current: AgentState;
  private readonly queues: MessageQueues;
  private readonly eventListeners = new Set<(event: AgentEvent) => void>();
  private readonly stateListeners = new Set<(state: AgentState) => void>();
  private readonly report: (error: unknown) => void;
  private active: ActiveRun | undefined;
  private readonly appended = new AppendedMessages();

  constructor(private readonly options: AgentOptions) {
    this.current = createAgentState(options.initialState);
    this.report = options.onListenerError ?? defaultReport;
    this.queues = new MessageQueues(this.report);
  }

  /** The current snapshot; a new object after every change. */
  get state(): AgentState {
    return this.current;
  }

  /** Whether a run has been started and has not ended (it may still be loading what it needs). */
  get isRunning(): boolean {
    return this.active !== undefined;
  }

  get steeringQueue(): readonly QueuedMessage[] {
    return this.queues.snapshot.steering;
  }

  get followUpQueue(): readonly QueuedMessage[] {
    return this.queues.snapshot.followUp;
  }

  /** Every loop event (and `message_start/end` of appended messages); `state` is already updated. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  /** Every new state snapshot, including changes no event reports (setters, `replaceMessages`, `continue`). */
  subscribeState(listener: (state: AgentState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** Every change of the steering and follow-up queues (added, taken by the loop, removed, cleared). */
  subscribeQueue(listener: QueueListener): () => void {
    return this.queues.subscribe(listener);
  }

  get queueSnapshot(): AgentQueues {
    return this.queues.snapshot;
  }

  /**
   * Starts a run. Resolves when it ends (also when it ends in an error); rejects if one is running, or if what
   * the run needs could not be loaded (then nothing was started and the prompt is not in the conversation).
   */
  async prompt(input: PromptInput): Promise<void> {
    const prompts = toPromptMessages(input);
    if (prompts.length === 0) throw new Error('prompt() needs at least one message.');
    await this.startRun(
      (loop) => (context, config, emit, signal) => loop.runAgentLoop(prompts, context, config, emit, signal),
    );
  }

  /**
   * Retries from the last user or tool-result message. A trailing failed assistant message (`error` or
   * `aborted`) is removed first, so the retry replaces it instead of following it.
   */
  async continue(): Promise<void> {
    await this.startRun((loop) => {
      const messages = [...this.current.messages];
      const index = messages.findLastIndex(isLlmMessage);
      const last = messages[index];
      if (last && isFailedAssistant(last)) messages.splice(index, 1);
      const problem = loop.continueProblem(messages);
      if (problem) throw new Error(problem);
      if (messages.length !== this.current.messages.length) {
        this.setState(updateState(this.current, { messages: Object.freeze(messages) }));
      }
      return (context, config, emit, signal) => loop.runAgentLoopContinue(context, config, emit, signal);
    });
  }

  /** Queues a message for the next model call of the running loop; returns its queue id. */
  steer(message: AgentMessage): string {
    return this.queues.add('steer', message).id;
  }

  /** Queues a message for when the running loop would stop; returns its queue id. */
  followUp(message: AgentMessage): string {
    return this.queues.add('followUp', message).id;
  }

  removeQueued(id: string): boolean {
    return this.queues.remove(id);
  }

  clearQueues(): void {
    this.queues.clear();
  }

  /** Aborts the running loop (model call and running tools get the signal). No-op when idle. */
  abort(): void {
    this.active?.controller.abort();
  }

  waitForIdle(): Promise<void> {
    return this.active ? this.active.done : Promise.resolve();
  }

  /** Setters take effect at the next run. */
  setModel(model: string): void {
    this.setState(updateState(this.current, { model }));
  }

  setThinkingLevel(thinkingLevel: ThinkingLevel): void {
    this.setState(updateState(this.current, { thinkingLevel }));
  }

  setSystemPrompt(systemPrompt: string): void {
    this.setState(updateState(this.current, { systemPrompt }));
  }

  /** The same tools in the same order change nothing: no new state, so no listener hears of it. */
  setTools(tools: readonly AnyAgentTool[]): void {
    const current = this.current.tools;
    if (tools.length === current.length && tools.every((tool, i) => tool === current[i])) return;
    this.setState(updateState(this.current, { tools: Object.freeze([...tools]) }));
  }

  /** Replaces the conversation (loading a session). Throws while a run is in progress. */
  replaceMessages(messages: readonly AgentMessage[]): void {
    if (this.active) throw new Error('Cannot replace messages while a run is in progress; abort() it first.');
    this.setState(updateState(this.current, { messages: Object.freeze([...messages]), error: undefined }));
  }

  /**
   * Adds an app record to the conversation and reports it with `message_start` and `message_end`. During a
   * run the loop's context gets it too, before the next model call. While tool calls await their results it
   * is held back until the last result, so it never separates an assistant message from its tool results.
   */
  appendMessage(message: AgentMessage): void {
    if (this.active && this.appended.mustHold) {
      this.appended.hold(message);
      return;
    }
    this.commitAppended(message);
  }

  /**
   * Runs one loop. The run is active (busy, abortable, `isStreaming`) from the call on, while the loop's code and
   * what the app prepares for a run (`AgentOptions.prepareRun`) load; `begin` then checks the state and picks
   * the loop to run. A failed load, or a `begin` that throws, rejects with nothing started (and not streaming).
   */
  private async startRun(begin: (loop: LoopModule) => LoopStart): Promise<void> {
    if (this.active) throw new Error(BUSY);
    let resolve = (): void => {};
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    const run: ActiveRun = { controller: new AbortController(), done, resolve, ended: false };
    this.active = run;
    // Streaming from the call on, as the person sees it (Stop, a session switch that aborts, a Send that steers).
    this.setState(updateState(this.current, { isStreaming: true }));
    let start: LoopStart;
    try {
      const [loop] = await Promise.all([loadLoop(), this.options.prepareRun?.()]);
      start = begin(loop);
    } catch (error) {
      run.ended = true;
      this.active = undefined;
      this.setState(updateState(this.current, { isStreaming: false }));
      run.resolve();
      throw error;
    }
    this.appended.reset();
    const { systemPrompt, messages, tools } = this.current;
    try {
      await start(
        { systemPrompt, messages, tools },
        this.loopConfig(),
        (e) => this.handle(run, e),
        run.controller.signal,
      );
    } catch (error) {
      if (!run.ended) this.setState(updateState(this.current, { error: errorText(error) }));
    }
    if (!run.ended) this.handle(run, { type: 'agent_end', messages: [] });
  }

  private loopConfig(): AgentLoopConfig {
    const { options, current } = this;
    return {
      streamFn: options.streamFn,
      model: current.model,
      thinkingLevel: current.thinkingLevel,
      maxTokens: options.maxTokens,
      convertToLlm: options.convertToLlm ?? defaultConvertToLlm,
      transformContext: options.transformContext,
      getApiKey: options.getApiKey,
      getStandingContext: options.getStandingContext,
      beforeToolCall: options.beforeToolCall,
      afterToolCall: options.afterToolCall,
      toolExecution: options.toolExecution,
      maxTurns: options.maxTurns,
      getSteeringMessages: () => this.queues.take('steer'),
      // One at a time: each follow-up gets an answer of its own (a PDF's parts rely on it).
      getFollowUpMessages: () => this.queues.takeFirst('followUp'),
      requeueMessages: (kind, messages) => this.queues.putBack(kind, messages),
      getAppendedMessages: () => this.appended.takeForLoop(),
    };
  }

  /** Applies one loop event: state first, then listeners, then held appended messages, then waiters. */
  private handle(run: ActiveRun, event: AgentEvent): void {
    if (run.ended || this.active !== run) return;
    this.setState(reduceAgentState(this.current, event));
    let held: AgentMessage[] = [];
    if (event.type === 'message_end') held = this.appended.observe(event.message);
    if (event.type === 'agent_end') {
      run.ended = true;
      this.active = undefined;
      held = this.appended.release();
    }
    this.emit(event);
    for (const message of held) this.commitAppended(message);
    if (event.type === 'agent_end') run.resolve();
  }

  private commitAppended(message: AgentMessage): void {
    this.setState(withMessage(this.current, message));
    if (this.active) this.appended.queueForLoop(message);
    this.emit({ type: 'message_start', message });
    this.emit({ type: 'message_end', message });
  }

  private setState(next: AgentState): void {
    if (next === this.current) return;
    this.current = next;
    for (const listener of [...this.stateListeners]) {
      try {
        listener(next);
      } catch (error) {
        this.report(error);
      }
    }
  }

  private emit(event: AgentEvent): void {
    for (const listener of [...this.eventListeners]) {
      try {
        listener(event);
      } catch (error) {
        this.report(error);
      }
    }
  }
}

function toPromptMessages(input: PromptInput): AgentMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input, timestamp: Date.now() }];
  return isMessageList(input) ? [...input] : [input];
}

function isMessageList(input: AgentMessage | readonly AgentMessage[]): input is readonly AgentMessage[] {
  return Array.isArray(input);
}

function defaultReport(error: unknown): void {
  const report: unknown = (globalThis as { readonly reportError?: unknown }).reportError;
  if (typeof report === 'function') report(error);
  else console.error(error);
}
