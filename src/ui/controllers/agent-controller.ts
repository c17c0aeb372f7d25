import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent, AgentState } from '../../agent';

/**
 * Connects an element to the agent: subscribes on connect, unsubscribes on disconnect, and asks the host to
 * update when the agent's state changes. Updates are coalesced by Lit into one render per microtask.
 */
export class AgentController implements ReactiveController {
  private unsubscribe: (() => void) | undefined;
  private agentRef: Agent | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The agent to follow; set by the host when its `agent` property changes. */
  set agent(agent: Agent | undefined) {
    if (agent === this.agentRef) return;
    this.unsubscribe?.();
    this.agentRef = agent;
    if (this.connected) this.subscribe();
  }

  get state(): AgentState | undefined {
    return this.agentRef?.state;
  }

  private connected = false;

  hostConnected(): void {
    this.connected = true;
    this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private subscribe(): void {
    this.unsubscribe?.();
    this.unsubscribe = this.agentRef?.subscribe(() => this.host.requestUpdate());
  }
}
