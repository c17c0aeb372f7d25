import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent, AgentQueues, AgentState } from '../../agent';

/**
 * While an answer streams, the host renders at most this often (ms). Text arriving in between is shown
 * together; 25 updates a second reads as smooth streaming and leaves the main thread mostly idle.
 */
const STREAMING_INTERVAL = 40;

/**
 * Connects an element to the agent: subscribes on connect, unsubscribes on disconnect, and asks the host to
 * update when the agent's state or queues change — at most once per animation frame, and while an answer
 * streams at most every `STREAMING_INTERVAL` ms, however many tokens arrived in between.
 */
export class AgentController implements ReactiveController {
  private agentRef: Agent | undefined;
  private unsubscribe: (() => void) | undefined;
  private connected = false;
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastUpdate = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The agent to follow; set by the host when its `agent` property changes. */
  set agent(agent: Agent | undefined) {
    if (agent === this.agentRef) return;
    this.agentRef = agent;
    if (this.connected) this.subscribe();
  }

  get state(): AgentState | undefined {
    return this.agentRef?.state;
  }

  get queues(): AgentQueues | undefined {
    return this.agentRef?.queueSnapshot;
  }

  hostConnected(): void {
    this.connected = true;
    this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = 0;
    this.timer = undefined;
  }

  private subscribe(): void {
    this.unsubscribe?.();
    const agent = this.agentRef;
    if (!agent) return;
    const offState = agent.subscribeState(() => this.schedule());
    const offQueue = agent.subscribeQueue(() => this.schedule());
    this.unsubscribe = () => {
      offState();
      offQueue();
    };
    this.schedule();
  }

  private schedule(): void {
    if (this.frame || this.timer) return;
    const streaming = this.agentRef?.state.streamMessage != null;
    const wait = streaming ? STREAMING_INTERVAL - (performance.now() - this.lastUpdate) : 0;
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, wait);
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.lastUpdate = performance.now();
      this.host.requestUpdate();
    });
  }
}
