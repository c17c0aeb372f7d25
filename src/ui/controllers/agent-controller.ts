/** `AgentController`: re-renders an element when the agent changes, paced to the frame and the stream. */
import type { ReactiveControllerHost } from 'lit';
import type { Agent, AgentQueues, AgentState, AssistantMessage } from '../../agent';
import streamPace from './stream-pace.json';
import { SubscriptionController, type Unsubscribe } from './subscriptions';

/**
 * While an answer streams, the host renders at most this often (ms): text arriving in between is shown together.
 * An update waits for the next animation frame and its frame is presented once it has run: the browser begins a
 * frame asked for between two of its ticks either at once (late, with the last tick's time) or at the next tick,
 * so updates come between 58 and 75 ms apart (about 64 on average, fifteen a second), and frames no further
 * apart than that and the difference between two updates' costs. Every update is a frame with its own script,
 * style, layout and paint: text that pours in faster than anyone reads is not shown every frame; at the pace of
 * a real answer each piece of text is shown as it arrives. With 80 ms, frames were up to 100 ms apart. Aiming
 * the wait at a frame by the animation frame's time does not hold: a frame begun late carries the time of the
 * tick before, so the next update came a tick early (3.5 frames apart on average, not 4). The interval is
 * fixed: one that shrank as updates cost more made more updates when the page was slow, and timing the updates
 * cost a task of its own. The value is in `stream-pace.json`, which the streaming bench's floors read too, so
 * they show the same answer at the same pace.
 */
const STREAMING_INTERVAL = streamPace.streamingIntervalMs;

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
    this.frame = 0;
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.frame || this.timer) return;
    const streaming = this.agentRef?.state.streamMessage != null;
    const wait = streaming ? STREAMING_INTERVAL - (performance.now() - this.lastUpdate) : 0;
    if (wait > 0) {
      // Straight to the frame once the wait is over. Timing the wait again made chains: a timer rounds its delay
      // down to whole milliseconds, so it fired a fraction early, armed one for that fraction (which runs at once),
      // and so on: four or five timer tasks an update.
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.requestFrame();
      }, wait);
      return;
    }
    this.requestFrame();
  }

  private requestFrame(): void {
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.lastUpdate = performance.now();
      this.update();
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
}
