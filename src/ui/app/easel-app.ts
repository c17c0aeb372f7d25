import { provide } from '@lit/context';
import { html, LitElement, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Agent, AgentEvent, AgentMessage } from '../../agent';
import type { AnthropicProvider } from '../../llm';
import type { SettingsStore } from '../../storage';
import type { EaselComposer } from '../chat/composer';
import type { EaselConversation } from '../chat/conversation';
import { type ToolRenderers, toolRenderersContext } from '../chat/tool-renderers';
import { AgentController } from '../controllers/agent-controller';
import type {
  EditMessageEvent,
  HeaderCommandEvent,
  ModelChoiceEvent,
  RemoveQueuedEvent,
  SendMessageEvent,
  SettingsSaveEvent,
} from '../events';
import type { EaselSettingsDialog } from '../settings/settings-dialog';
import { appStyles } from './app-styles';
import { ModelCatalogController } from './model-catalog-controller';
import '../chat/composer';
import '../chat/conversation';
import '../header/app-header';
import '../settings/settings-dialog';

/** The application shell: header, conversation, composer and settings. */
@customElement('easel-app')
export class EaselApp extends LitElement {
  static override styles = appStyles;

  /** The agent running the conversation. */
  @property({ attribute: false }) agent: Agent | undefined;
  /** The settings service. */
  @property({ attribute: false }) settingsStore: SettingsStore | undefined;
  /** The model provider (for the model catalog). */
  @property({ attribute: false }) provider: AnthropicProvider | undefined;
  /** How each tool's calls are drawn in the conversation. */
  @provide({ context: toolRenderersContext })
  @property({ attribute: false })
  toolRenderers: ToolRenderers = new Map();

  /** A live note such as "Retrying in 5 s". */
  @state() private status = '';

  @query('easel-settings-dialog') private settingsDialog!: EaselSettingsDialog;
  @query('easel-composer') private composer!: EaselComposer;
  @query('easel-conversation') private conversation!: EaselConversation;

  private readonly agentController = new AgentController(this);
  private readonly catalog = new ModelCatalogController(this);
  private unsubscribes: (() => void)[] = [];
  /** Text typed before a key was given; sent once the key is saved. */
  private pendingText: string | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const off of this.unsubscribes) off();
    this.unsubscribes = [];
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('agent') && !changed.has('settingsStore') && !changed.has('provider')) return;
    for (const off of this.unsubscribes) off();
    this.agentController.agent = this.agent;
    this.catalog.connect(this.provider, this.settingsStore, this.agent);
    const offSettings = this.settingsStore?.subscribe(() => this.requestUpdate());
    const offEvents = this.agent?.subscribe((e) => this.handleAgentEvent(e));
    this.unsubscribes = [offSettings, offEvents].filter((f) => f !== undefined);
  }

  override render() {
    const state = this.agentController.state;
    const busy = state?.isStreaming ?? false;
    const messages = state?.messages ?? [];
    const queues = this.agentController.queues;
    return html`<easel-app-header
        .models=${this.catalog.models}
        .model=${state?.model ?? ''}
        .thinkingLevel=${state?.thinkingLevel ?? 'off'}
        .lastUsage=${lastUsage(messages)}
        .sessionCost=${this.catalog.sessionCost(messages)}
        @header-command=${this.handleHeaderCommand}
        @model-choice=${this.handleModelChoice}
      ></easel-app-header>
      <main>
      <easel-conversation
        .messages=${messages}
        .streamMessage=${state?.streamMessage ?? null}
        .runningTools=${state?.pendingToolCalls ?? new Set()}
        ?busy=${busy}
        @retry-agent=${this.handleRetry}
        @regenerate=${this.handleRegenerate}
        @edit-message=${this.handleEdit}
      ></easel-conversation>
      <div class="status" role="status">${this.status}</div>
      <easel-composer
        ?busy=${busy}
        .queue=${queues ? [...queues.steering, ...queues.followUp] : []}
        @send-message=${this.handleSend}
        @stop-agent=${this.handleStop}
        @remove-queued=${this.handleRemoveQueued}
      ></easel-composer>
      </main>
      <easel-settings-dialog
        .settings=${this.settingsStore?.snapshot}
        @settings-save=${this.handleSettingsSave}
        @settings-close=${this.handleSettingsClose}
      ></easel-settings-dialog>`;
  }

  private handleAgentEvent(e: AgentEvent) {
    if (e.type === 'message_update' && e.assistantMessageEvent.type === 'retry') {
      const { delayMs, attempt, reason } = e.assistantMessageEvent;
      this.status = `${reason} Retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}).`;
    } else if (e.type === 'message_update' || e.type === 'agent_end') {
      if (this.status) this.status = '';
    }
    if (e.type === 'agent_end') {
      const last = e.messages.at(-1);
      if (last?.role === 'assistant' && last.errorKind === 'auth') {
        void this.settingsDialog.show(last.errorMessage ?? 'The API did not accept the key. Enter it again.');
      }
    }
  }

  private handleSend(e: SendMessageEvent) {
    const agent = this.agent;
    if (!agent) return;
    if (e.mode !== 'prompt') {
      const message = userMessage(e.text);
      if (e.mode === 'steer') agent.steer(message);
      else agent.followUp(message);
      return;
    }
    if (!this.settingsStore?.snapshot.apiKey) {
      this.pendingText = e.text;
      void this.settingsDialog.show('Enter your Anthropic API key to send your message.');
      return;
    }
    this.conversation.follow();
    void agent.prompt(e.text).catch(() => this.composer.restore(e.text));
  }

  private handleStop() {
    this.agent?.abort();
  }

  private handleRemoveQueued(e: RemoveQueuedEvent) {
    this.agent?.removeQueued(e.id);
  }

  private handleRetry() {
    if (!this.requireKey('Enter your Anthropic API key to retry.')) return;
    void this.agent?.continue().catch((error: unknown) => this.showStatus(error));
  }

  private handleRegenerate() {
    const agent = this.agent;
    if (!agent || !this.requireKey('Enter your Anthropic API key to regenerate.')) return;
    const messages = agent.state.messages;
    const lastUser = messages.findLastIndex((m) => m.role === 'user');
    if (lastUser < 0) return;
    agent.replaceMessages(messages.slice(0, lastUser + 1));
    void agent.continue().catch((error: unknown) => this.showStatus(error));
  }

  private handleEdit(e: EditMessageEvent) {
    const agent = this.agent;
    if (!agent || !this.requireKey('Enter your Anthropic API key to resend.')) return;
    agent.replaceMessages(agent.state.messages.slice(0, e.index));
    void agent.prompt(e.text).catch((error: unknown) => this.showStatus(error));
  }

  private handleHeaderCommand(e: HeaderCommandEvent) {
    if (e.command === 'settings') void this.settingsDialog.show();
    if (e.command === 'new-chat') {
      const agent = this.agent;
      agent?.abort();
      agent?.clearQueues();
      void agent?.waitForIdle().then(() => agent.replaceMessages([]));
      this.composer.focus();
    }
  }

  private handleModelChoice(e: ModelChoiceEvent) {
    this.catalog.choose(e.change);
  }

  private async handleSettingsSave(e: SettingsSaveEvent) {
    await this.settingsStore?.update(e.change);
    const pending = this.pendingText;
    if (pending !== undefined && this.settingsStore?.snapshot.apiKey) {
      this.pendingText = undefined;
      this.conversation.follow();
      void this.agent?.prompt(pending);
    }
  }

  private handleSettingsClose() {
    // A message that was waiting for a key that never came goes back into the box, not lost.
    if (this.pendingText !== undefined && !this.settingsStore?.snapshot.apiKey) {
      this.composer.restore(this.pendingText);
      this.pendingText = undefined;
    }
  }

  private requireKey(notice: string): boolean {
    if (this.settingsStore?.snapshot.apiKey) return true;
    void this.settingsDialog.show(notice);
    return false;
  }

  private showStatus(error: unknown) {
    this.status = error instanceof Error ? error.message : String(error);
  }
}

function userMessage(text: string): AgentMessage {
  return { role: 'user', content: text, timestamp: Date.now() };
}

function lastUsage(messages: readonly AgentMessage[]) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'assistant' && m.stopReason !== 'error') return m.usage;
  }
  return undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-app': EaselApp;
  }
}
