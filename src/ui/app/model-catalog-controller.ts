import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Agent, AgentMessage, ThinkingLevel } from '../../agent';
import { type AnthropicProvider, BUILTIN_MODELS, type ModelInfo, pickDefaultModel } from '../../llm';
import type { SettingsStore } from '../../storage';
import { SubscriptionController } from '../controllers/subscriptions';

const LEVELS: readonly ThinkingLevel[] = ['off', 'low', 'medium', 'high', 'xhigh', 'max'];

function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/**
 * The models the key can use: the built-in catalog at first, then `GET /v1/models` once a key is set (again
 * whenever the key or base URL changes). Keeps the agent's model and effort valid and remembered.
 */
export class ModelCatalogController implements ReactiveController {
  models: readonly ModelInfo[] = BUILTIN_MODELS;

  private provider: AnthropicProvider | undefined;
  private settings: SettingsStore | undefined;
  private agent: Agent | undefined;
  private loadedFor = '';
  private loading: AbortController | undefined;
  private costMemo: { messages: readonly AgentMessage[]; cost: number | undefined } | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  connect(
    provider: AnthropicProvider | undefined,
    settings: SettingsStore | undefined,
    agent: Agent | undefined,
  ) {
    this.provider = provider;
    this.settings = settings;
    this.agent = agent;
    this.subscriptions.refresh();
    this.applyChoice();
    this.refresh();
  }

  /** Follows the settings while the host is connected (a changed key or base URL loads the list again). */
  private readonly subscriptions = new SubscriptionController(this.host, () => [
    this.settings?.subscribe(() => this.refresh()),
  ]);

  hostConnected(): void {
    this.refresh();
  }

  hostDisconnected(): void {
    this.loading?.abort();
    this.loading = undefined;
    this.loadedFor = '';
  }

  /** Applies the person's choice of model or effort, keeping the effort one the model supports. */
  choose(change: { readonly model?: string; readonly thinkingLevel?: ThinkingLevel }): void {
    const agent = this.agent;
    if (!agent) return;
    if (change.model) agent.setModel(change.model);
    if (change.thinkingLevel) agent.setThinkingLevel(change.thinkingLevel);
    this.clampThinking();
    void this.settings?.update({ model: agent.state.model, thinkingLevel: agent.state.thinkingLevel });
    this.host.requestUpdate();
  }

  /** The session's cost in dollars, or undefined when any answer's price is unknown. Memoised per history. */
  sessionCost(messages: readonly AgentMessage[]): number | undefined {
    if (this.costMemo?.messages === messages) return this.costMemo.cost;
    let cost: number | undefined = 0;
    for (const m of messages) {
      if (m.role !== 'assistant') continue;
      if (!m.usage.cost) {
        if (m.usage.input + m.usage.output > 0) cost = undefined;
        if (cost === undefined) break;
        continue;
      }
      cost += m.usage.cost.total;
    }
    this.costMemo = { messages, cost };
    return cost;
  }

  private refresh(): void {
    const settings = this.settings?.snapshot;
    const key = settings?.apiKey;
    if (!this.provider || !key) return;
    const identity = `${settings.baseUrl}\n${key}`;
    if (identity === this.loadedFor) return;
    this.loadedFor = identity;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.provider.listModels(key, controller.signal).then(
      (models) => {
        if (controller.signal.aborted || models.length === 0) return;
        this.models = models;
        this.applyChoice();
        this.host.requestUpdate();
      },
      () => {
        // The built-in catalog stays; sending will report any problem with the key or URL.
      },
    );
  }

  /** Restores the remembered model and effort, or picks a default the key can use. */
  private applyChoice(): void {
    const agent = this.agent;
    if (!agent) return;
    const remembered = this.settings?.snapshot.model;
    const known = (id: string | undefined) => id !== undefined && this.models.some((m) => m.id === id);
    // The open session's model wins, then the last one chosen, then a default the key can use.
    const model = known(agent.state.model) ? agent.state.model : known(remembered) ? remembered : undefined;
    agent.setModel(model ?? pickDefaultModel(this.models)?.id ?? agent.state.model);
    const level = this.settings?.snapshot.thinkingLevel;
    if (isThinkingLevel(level)) agent.setThinkingLevel(level);
    this.clampThinking();
  }

  private clampThinking(): void {
    const agent = this.agent;
    if (!agent) return;
    const levels = this.models.find((m) => m.id === agent.state.model)?.effortLevels;
    if (!levels || levels.length === 0 || levels.includes(agent.state.thinkingLevel)) return;
    agent.setThinkingLevel(levels.includes('medium') ? 'medium' : (levels[0] ?? 'off'));
  }
}
