/** `ModelCatalogController`: the models the key can use, and the agent's model and effort kept valid. */
import type { ReactiveControllerHost } from 'lit';
import type { Agent, AgentMessage, ThinkingLevel } from '../../agent';
import { type AnthropicProvider, BUILTIN_MODELS, type ModelInfo, pickDefaultModel } from '../../llm';
import { requestKey, type SettingsStore } from '../../storage';
import { SubscriptionController } from '../controllers/subscriptions';
import { Task } from '../controllers/task';

const LEVELS: readonly ThinkingLevel[] = ['off', 'low', 'medium', 'high', 'xhigh', 'max'];

function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/**
 * The models the key can use: the built-in catalog at first, then `GET /v1/models` once a key is set (again
 * whenever the key or base URL changes). Keeps the agent's model and effort valid and remembered.
 */
export class ModelCatalogController {
  models: readonly ModelInfo[] = BUILTIN_MODELS;

  private provider: AnthropicProvider | undefined;
  private settings: SettingsStore | undefined;
  private agent: Agent | undefined;
  private costMemo: { messages: readonly AgentMessage[]; cost: number | undefined } | undefined;

  /** Follows the settings while the host is connected: the host updates, and the catalog reads them again. */
  private readonly subscriptions = new SubscriptionController(this.host, () => [
    this.settings?.subscribe(() => this.host.requestUpdate()),
  ]);

  constructor(private readonly host: ReactiveControllerHost) {
    // `GET /v1/models` for the key and base URL: again when either changes (the load under way is aborted), and
    // when the host is put back into the page. The built-in catalog stays when it fails or lists nothing;
    // sending will report any problem with the key or URL.
    new Task(host, {
      args: () => {
        const settings = this.settings?.snapshot;
        const provider = this.provider;
        const key = settings && requestKey(settings);
        if (!provider || !settings || !key) return undefined;
        return [provider, settings.baseUrl, key] as const;
      },
      task: ([provider, , key], { signal }) => provider.listModels(key, signal),
      onComplete: (models) => {
        if (models.length === 0) return;
        this.models = models;
        this.applyChoice();
        this.host.requestUpdate();
      },
    });
  }

  connect(
    provider: AnthropicProvider | undefined,
    settings: SettingsStore | undefined,
    agent: Agent | undefined,
  ) {
    if (provider === this.provider && settings === this.settings && agent === this.agent) return;
    this.provider = provider;
    this.settings = settings;
    this.agent = agent;
    this.subscriptions.refresh();
    this.applyChoice();
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
      // Easel's own compaction is a request too: its summary's cost counts.
      if (m.role === 'compaction' && cost !== undefined) cost += m.usage?.cost?.total ?? 0;
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
