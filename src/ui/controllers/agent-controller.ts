/** `AgentController`: re-renders an element when the agent changes, paced to the frame and the stream. */
import type { ReactiveControllerHost } from 'lit';
import type { Agent, AgentQueues, AgentState, AssistantMessage } from '../../agent';
import { SubscriptionController, type Unsubscribe } from './subscriptions';

/**
 * While an answer streams, the host renders at most this often (ms), however costly its updates: text arriving
 * in between is shown together.
 */
const STREAMING_INTERVAL = 40;
/**
 * …and a new frame at least this often while text arrives (ms), and no more often than that needs. The next
 * update waits for an animation frame (up to `FRAME` ms) and then takes about as long as the last one before its
 * frame is presented, so the interval leaves room for both: a fixed 90 ms gave gaps of 105–110 ms, and 200 ms
 * visibly stuttered (gaps of 210–250 ms). Every update is a frame with its script, style, layout and paint, so
 * text that pours in faster than anyone reads is shown about ten times a second, as often as the formatted floor
 * of `bench/stream-cdp.mjs` shows it (every 90 ms), not twenty-five (every 40 ms: twice the frames, each costing
 * the browser as much); at the pace of a real answer each piece of text is shown as it arrives.
 */
const FRAME_GAP = 100;
const FRAME = 17;
/**
 * A stream's update is timed (`measure`) once in this many: timing one costs a task of its own after its frame,
 * and the cost of an update changes slowly as an answer grows.
 */
const MEASURE_EVERY = 4;

/**
 * How long to wait before the next update of a stream, after one that cost `cost` ms: as long as keeps frames
 * `FRAME_GAP` apart (the wait, a frame and an update as costly), and never less than `STREAMING_INTERVAL`.
 */
export function streamingInterval(cost: number): number {
  return Math.max(STREAMING_INTERVAL, FRAME_GAP - FRAME - cost);
}

/**
 * Whether `next` differs from `before` in the streaming message alone: what only the open answer shows.
 * Every other field of the state is compared, so a field added to `AgentState` counts without a change here.
 */
export function onlyStreamChanged(before: AgentState | undefined, next: AgentState): boolean {
  if (!before) return false;
  for (const key of Object.keys(next) as (keyof AgentState)[])
    if (key !== 'streamMessage' && next[key] !== before[key]) return false;
  return true;
}

/**
 * Shows the streaming message's latest partial without updating the host, for a host that shows it in one
 * child (the conversation): returns false when it cannot (that child is not there yet), and the host updates.
 */
export type StreamSink = (message: AssistantMessage | null) => boolean;

/**
 * Connects an element to the agent: subscribes on connect, unsubscribes on disconnect (through one
 * `SubscriptionController`, so an element taken out and put back follows again), and asks the host to update
 * when the agent's state or queues change — at most once per animation frame, and while an answer streams at
 * most every `STREAMING_INTERVAL` ms, however many tokens arrived in between. Given a `StreamSink`, an update in
 * which only the streaming message changed goes to the sink alone: the host does not render for it.
 */
export class AgentController {
  private agentRef: Agent | undefined;
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastUpdate = 0;
  private interval = STREAMING_INTERVAL;
  /** Updates of this stream so far (the first is timed, then one in `MEASURE_EVERY`). */
  private streamUpdates = 0;
  private readonly afterFrame = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
  private readonly subscriptions: SubscriptionController;
  /** The state the host was last asked to render, and whether something else (the queues) changed since. */
  private rendered: AgentState | undefined;
  private queuesChanged = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly streamSink?: StreamSink,
  ) {
    this.subscriptions = new SubscriptionController(host, () => this.subscribe());
  }

  /** The agent to follow; set by the host when its `agent` changes. */
  set agent(agent: Agent | undefined) {
    if (agent === this.agentRef) return;
    this.agentRef = agent;
    this.rendered = undefined;
    this.subscriptions.refresh();
  }

  get state(): AgentState | undefined {
    return this.agentRef?.state;
  }

  get queues(): AgentQueues | undefined {
    return this.agentRef?.queueSnapshot;
  }

  private subscribe(): readonly Unsubscribe[] {
    const agent = this.agentRef;
    if (!agent) return [];
    const offs = [
      agent.subscribeState(() => this.schedule()),
      agent.subscribeQueue(() => {
        this.queuesChanged = true;
        this.schedule();
      }),
      () => this.cancel(),
    ];
    this.schedule();
    return offs;
  }

  /** Drops the update that was waiting (the host disconnected, or follows another agent). */
  private cancel(): void {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    if (this.afterFrame) this.afterFrame.port1.onmessage = null;
    this.frame = 0;
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.frame || this.timer) return;
    const streaming = this.agentRef?.state.streamMessage != null;
    if (!streaming) {
      this.interval = STREAMING_INTERVAL;
      this.streamUpdates = 0;
    }
    const wait = streaming ? this.interval - (performance.now() - this.lastUpdate) : 0;
    if (wait > 0) {
      // Straight to the frame once the wait is over. Timing the wait again made chains: a timer rounds its delay
      // down to whole milliseconds, so it fired a fraction early, armed one for that fraction (which runs at once),
      // and so on: four or five timer tasks an update.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.requestFrame(streaming);
      }, wait);
      return;
    }
    this.requestFrame(streaming);
  }

  private requestFrame(streaming: boolean): void {
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const start = performance.now();
      this.lastUpdate = start;
      this.update();
      if (streaming && this.streamUpdates++ % MEASURE_EVERY === 0) this.measure(start);
    });
  }

  /** The host renders, or only the sink shows the new partial when nothing else changed since the host rendered. */
  private update(): void {
    const state = this.agentRef?.state;
    const sink = this.streamSink;
    if (
      sink &&
      state &&
      !this.queuesChanged &&
      onlyStreamChanged(this.rendered, state) &&
      sink(state.streamMessage)
    )
      return;
    this.rendered = state;
    this.queuesChanged = false;
    this.host.requestUpdate();
  }

  /**
   * Times the update from this animation frame to the first task after the frame is drawn (a message posted
   * now is delivered then), so style, layout and paint count too, and sets the next interval from it.
   */
  private measure(start: number): void {
    const channel = this.afterFrame;
    if (!channel) return;
    channel.port1.onmessage = () => {
      // A measure that arrives after the stream has ended would spoil the next stream's first interval.
      if (this.agentRef?.state.streamMessage != null)
        this.interval = streamingInterval(performance.now() - start);
    };
    channel.port2.postMessage(null);
  }
}
