import { provide } from '@lit/context';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Agent, AgentEvent, AgentMessage } from '../../agent';
import type { ArtifactActions, ArtifactStore } from '../../artifacts';
import type { ImageProcessor, PreparedAttachment } from '../../attachments';
import type { AnthropicProvider } from '../../llm';
import type { AttachmentsRepository, SessionLibrary, SessionSaver, SettingsStore } from '../../storage';
import type {
  ArtifactEditEvent,
  ArtifactFixEvent,
  ArtifactRestoreEvent,
  EaselArtifactsLayout,
  PreviewHost,
} from '../artifacts';
import {
  type AttachmentBlobSource,
  attachmentBlobSourceContext,
  type FilesChosenEvent,
} from '../attachments';
import type { EaselComposer } from '../chat/composer';
import type { EaselConversation } from '../chat/conversation';
import { type ToolRenderers, toolRenderersContext } from '../chat/tool-renderers';
import { AgentController } from '../controllers/agent-controller';
import { SubscriptionController } from '../controllers/subscriptions';
import type {
  HeaderCommandEvent,
  ModelChoiceEvent,
  OpenArtifactEvent,
  SendMessageEvent,
  SettingsSaveEvent,
} from '../events';
import type { SessionRecoverEvent } from '../sessions';
import type { EaselSettingsDialog } from '../settings/settings-dialog';
import { appStyles } from './app-styles';
import { ChatActions } from './chat-actions';
import { ModelCatalogController } from './model-catalog-controller';
import { SessionsController } from './sessions-controller';
import '../artifacts';
import '../attachments/drop-overlay';
import '../chat/composer';
import '../chat/conversation';
import '../header/app-header';
import '../sessions/recovery-notice';
import '../sessions/sessions-sidebar';
import '../settings/settings-dialog';

/** The application shell: header, sessions sidebar, conversation, composer and settings. */
@customElement('easel-app')
export class EaselApp extends LitElement {
  static override styles = appStyles;

  /** The agent running the conversation. */
  @property({ attribute: false }) agent: Agent | undefined;
  /** The settings service. */
  @property({ attribute: false }) settingsStore: SettingsStore | undefined;
  /** The model provider (for the model catalog). */
  @property({ attribute: false }) provider: AnthropicProvider | undefined;
  /** Saved sessions: list, search, export, import, health. */
  @property({ attribute: false }) library: SessionLibrary | undefined;
  /** Saves the open session and opens others into the agent. */
  @property({ attribute: false }) saver: SessionSaver | undefined;
  /** Where attachment bytes are kept. */
  @property({ attribute: false }) attachments: AttachmentsRepository | undefined;
  /** Where attached images are decoded and re-encoded. */
  @property({ attribute: false }) imageProcessor: ImageProcessor | undefined;
  /** The files the model (and the person) wrote, with their versions. */
  @property({ attribute: false }) artifacts: ArtifactStore | undefined;
  /** Runs artifact previews for the panel and the tool. */
  @property({ attribute: false }) previewHost: PreviewHost | undefined;
  /** Edits and restores made by the person. */
  @property({ attribute: false }) artifactActions: ArtifactActions | undefined;
  /** How each tool's calls are drawn in the conversation. */
  @provide({ context: toolRenderersContext })
  @property({ attribute: false })
  toolRenderers: ToolRenderers = new Map();

  /** Stored attachment bytes, for previews of sent files. */
  @provide({ context: attachmentBlobSourceContext })
  blobSource: AttachmentBlobSource = { load: (id) => this.loadBlob(id) };

  /** A live note such as "Retrying in 5 s". */
  @state() private status = '';
  @state() private sidebarOpen = window.matchMedia('(min-width: 800px)').matches;

  @query('easel-settings-dialog') private settingsDialog!: EaselSettingsDialog;
  @query('easel-composer') private composer!: EaselComposer;
  @query('easel-conversation') private conversation!: EaselConversation;

  private readonly agentController = new AgentController(this);
  private readonly catalog = new ModelCatalogController(this);
  private readonly sessions = new SessionsController(
    this,
    () => this.agentController.state?.isStreaming ?? false,
  );
  private readonly actions = new ChatActions({
    agent: () => this.agent,
    requireKey: (notice) => this.requireKey(notice),
    report: (text) => {
      this.status = text;
    },
  });
  /** The app's own subscriptions: made on connect and when services change, undone on disconnect. */
  private readonly subscriptions = new SubscriptionController(this, () => [
    this.settingsStore?.subscribe(() => this.requestUpdate()),
    this.agent?.subscribe((e) => this.handleAgentEvent(e)),
  ]);
  /** A message typed before a key was given; sent once the key is saved. */
  private pending: { text: string; attachments: readonly PreparedAttachment[] } | undefined;
  private readonly handlePageHide = () => this.sessions.flush();

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('pagehide', this.handlePageHide);
    document.addEventListener('visibilitychange', this.handlePageHide);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('pagehide', this.handlePageHide);
    document.removeEventListener('visibilitychange', this.handlePageHide);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    const services = ['agent', 'settingsStore', 'provider', 'library', 'saver'] as const;
    if (!services.some((name) => changed.has(name))) return;
    this.agentController.agent = this.agent;
    this.catalog.connect(this.provider, this.settingsStore, this.agent);
    if (changed.has('library') || changed.has('saver')) this.sessions.connect(this.library, this.saver);
    this.subscriptions.refresh();
  }

  override render() {
    // Nothing the person can touch is shown before it works: until the agent and the settings are here, a
    // message or a key given would have nowhere to go.
    if (!this.agent || !this.settingsStore) {
      return html`<p class="starting" role="status">Starting Easel…</p>`;
    }
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
        ?sidebarOpen=${this.sidebarOpen}
        @header-command=${this.handleHeaderCommand}
        @model-choice=${this.handleModelChoice}
      ></easel-app-header>
      <div class="body">
        ${this.sidebarOpen ? this.renderSidebar() : nothing}
        <easel-artifacts-layout
          .store=${this.artifacts}
          .previewHost=${this.previewHost}
          @artifact-edit=${(e: ArtifactEditEvent) => this.applyArtifactChange(this.artifactActions?.edit(e.filename, e.content))}
          @artifact-restore=${(e: ArtifactRestoreEvent) =>
            this.applyArtifactChange(this.artifactActions?.restore(e.filename, e.version))}
          @artifact-fix=${(e: ArtifactFixEvent) => this.sendText(e.text)}
          @open-artifact=${(e: OpenArtifactEvent) => (e.currentTarget as EaselArtifactsLayout).showFile(e.filename)}
        >
        <main @files-chosen=${this.handleDroppedFiles}>
          <easel-drop-overlay contained></easel-drop-overlay>
          <easel-recovery-notice
            ?deleted=${this.sessions.openDeleted}
            .lost=${this.sessions.storageLost}
            ?busy=${this.sessions.recovering}
            @session-recover=${(e: SessionRecoverEvent) => this.sessions.recover(e.action)}
          ></easel-recovery-notice>
          ${this.sessions.notice ? html`<p class="notice" role="alert">${this.sessions.notice}</p>` : nothing}
          <easel-conversation
            .messages=${messages}
            .streamMessage=${state?.streamMessage ?? null}
            .runningTools=${state?.pendingToolCalls ?? new Set()}
            ?busy=${busy}
            @retry-agent=${() => this.actions.retry()}
            @regenerate=${() => this.actions.regenerate()}
            @edit-message=${(e: { index: number; text: string }) => this.actions.edit(e.index, e.text)}
          ></easel-conversation>
          <div class="status" role="status">${this.status}</div>
          <easel-composer
            ?busy=${busy}
            .queue=${queues ? [...queues.steering, ...queues.followUp] : []}
            .imageProcessor=${this.imageProcessor}
            @send-message=${this.handleSend}
            @stop-agent=${() => this.agent?.abort()}
            @remove-queued=${(e: { id: string }) => this.agent?.removeQueued(e.id)}
          ></easel-composer>
        </main>
        </easel-artifacts-layout>
      </div>
      <easel-settings-dialog
        .settings=${this.settingsStore?.snapshot}
        .health=${this.sessions.health}
        .importReport=${this.sessions.importReport}
        .storageProblem=${this.sessions.storageProblem}
        ?storageBusy=${this.sessions.busy}
        @settings-save=${this.handleSettingsSave}
        @settings-close=${this.handleSettingsClose}
        @sessions-export-all=${() => this.sessions.exportAll()}
        @sessions-import=${(e: { file: File }) => this.sessions.import(e.file)}
        @storage-persist=${() => this.sessions.persist()}
      ></easel-settings-dialog>`;
  }

  private renderSidebar() {
    const s = this.sessions;
    return html`<easel-sessions-sidebar
      .sessions=${s.sessions}
      .currentId=${s.currentId}
      .searchResults=${s.searchResults}
      .problems=${s.problems}
      .newChatButton=${false}
      @session-search=${(e: { query: string }) => s.search(e.query)}
      @session-search-prepare=${() => s.prepareSearch()}
      @session-rename=${(e: { id: string; title: string }) => s.rename(e.id, e.title)}
      @session-delete=${(e: { id: string }) => s.delete(e.id)}
      @session-undo-delete=${(e: { id: string }) => s.undoDelete(e.id)}
      @session-purge=${(e: { id: string }) => s.purge(e.id)}
      @session-export=${(e: { id: string; format: 'json' | 'markdown' }) => s.exportSession(e.id, e.format)}
      @click=${this.handleSidebarClick}
    ></easel-sessions-sidebar>`;
  }

  private handleAgentEvent(e: AgentEvent) {
    if (e.type === 'message_update' && e.assistantMessageEvent.type === 'retry') {
      const { delayMs, attempt, reason } = e.assistantMessageEvent;
      this.status = `${reason} Retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}).`;
    } else if ((e.type === 'message_update' || e.type === 'agent_end') && this.status) {
      this.status = '';
    }
    if (e.type === 'agent_end') {
      const last = e.messages.at(-1);
      if (last?.role === 'assistant' && last.errorKind === 'auth') {
        void this.settingsDialog.show(last.errorMessage ?? 'The API did not accept the key. Enter it again.');
      }
    }
  }

  private async handleSend(e: SendMessageEvent) {
    const agent = this.agent;
    if (!agent) {
      this.composer.restore(e.text, e.attachments);
      return;
    }
    if (e.mode === 'prompt' && !this.settingsStore?.snapshot.apiKey) {
      this.pending = { text: e.text, attachments: e.attachments };
      void this.settingsDialog.show('Enter your Anthropic API key to send your message.');
      return;
    }
    const message = await this.toMessage(e.text, e.attachments);
    if (!message) {
      this.composer.restore(e.text, e.attachments);
      return;
    }
    if (e.mode === 'steer') agent.steer(message);
    else if (e.mode === 'followUp') agent.followUp(message);
    else this.prompt(message, () => this.composer.restore(e.text, e.attachments));
  }

  /**
   * Starts a run with `message`. Should one have started meanwhile (a second tab of the same session, a click
   * racing a key press), the message is queued as a follow-up instead of being lost; `onFail` runs if even
   * that is impossible.
   */
  private prompt(message: AgentMessage, onFail: () => void = () => undefined) {
    const agent = this.agent;
    if (!agent) return onFail();
    this.conversation.follow();
    agent.prompt(message).catch((error: unknown) => {
      if (agent.state.isStreaming) {
        agent.followUp(message);
        return;
      }
      onFail();
      this.status = `The message could not be sent: ${error instanceof Error ? error.message : String(error)}`;
    });
  }

  /** The message to send; attachment bytes are stored first (the message keeps references). */
  private async toMessage(
    text: string,
    attachments: readonly PreparedAttachment[],
  ): Promise<AgentMessage | undefined> {
    if (attachments.length === 0) return { role: 'user', content: text, timestamp: Date.now() };
    const repository = this.attachments;
    if (!repository) {
      // A message must never refer to files that were not kept.
      this.status =
        'The files could not be stored: file storage is not available. Reload the page and send again.';
      return undefined;
    }
    // While the open session is deleted in another tab, its purge must not take the new files.
    const sessionId = this.saver?.attachmentSessionId ?? 'unsaved';
    try {
      await Promise.all(
        attachments.map(({ record, blob }) =>
          repository.put({
            id: record.id,
            sessionId,
            blob,
            mimeType: record.mimeType,
            size: record.size,
          }),
        ),
      );
    } catch (error) {
      this.status = `The files could not be stored (${error instanceof Error ? error.message : String(error)}). Free some space (Settings → Export all, then delete old sessions) and send again.`;
      return undefined;
    }
    return {
      role: 'user-with-attachments',
      text,
      attachments: attachments.map((a) => a.record),
      timestamp: Date.now(),
    };
  }

  /** Sends text as the person's message, or steers with it while Claude works. */
  private sendText(text: string) {
    const agent = this.agent;
    if (!agent || !this.requireKey('Enter your Anthropic API key to send.')) return;
    const message: AgentMessage = { role: 'user', content: text, timestamp: Date.now() };
    if (agent.state.isStreaming) agent.steer(message);
    else this.prompt(message);
  }

  private applyArtifactChange(outcome: { ok: true } | { ok: false; reason: string } | undefined) {
    if (outcome && !outcome.ok) this.status = outcome.reason;
  }

  private handleDroppedFiles(e: FilesChosenEvent) {
    if (e.composedPath().includes(this.composer)) return;
    void this.composer.addFiles(e.files);
  }

  private handleHeaderCommand(e: HeaderCommandEvent) {
    if (e.command === 'settings') {
      void this.sessions.loadHealth();
      void this.settingsDialog.show();
    } else if (e.command === 'sessions') {
      this.sidebarOpen = !this.sidebarOpen;
    } else {
      this.agent?.clearQueues();
      this.sessions.newChat();
      this.composer.focus();
    }
  }

  private handleSidebarClick(e: Event) {
    // On a narrow screen the sidebar covers the chat: close it once a session is chosen.
    const link = e.composedPath().find((t) => t instanceof HTMLAnchorElement);
    if (link && !window.matchMedia('(min-width: 800px)').matches) this.sidebarOpen = false;
  }

  private handleModelChoice(e: ModelChoiceEvent) {
    this.catalog.choose(e.change);
  }

  private async handleSettingsSave(e: SettingsSaveEvent) {
    const store = this.settingsStore;
    if (!store) return;
    try {
      await store.update(e.change);
    } catch (error) {
      // The dialog closed as if saved: open it again, saying what went wrong, so nothing typed is lost.
      const reason = error instanceof Error ? error.message : String(error);
      await this.settingsDialog.show(`The settings could not be saved (${reason}). Try again.`);
      return;
    }
    const pending = this.pending;
    if (pending && store.snapshot.apiKey) {
      this.pending = undefined;
      const message = await this.toMessage(pending.text, pending.attachments);
      if (!message) {
        this.composer.restore(pending.text, pending.attachments);
        return;
      }
      this.prompt(message, () => this.composer.restore(pending.text, pending.attachments));
    }
  }

  private handleSettingsClose() {
    // A message that was waiting for a key that never came goes back into the box, not lost.
    if (this.pending && !this.settingsStore?.snapshot.apiKey) {
      this.composer.restore(this.pending.text, this.pending.attachments);
      this.pending = undefined;
    }
  }

  private requireKey(notice: string): boolean {
    if (this.settingsStore?.snapshot.apiKey) return true;
    void this.settingsDialog.show(notice);
    return false;
  }

  private async loadBlob(id: string): Promise<Blob | undefined> {
    const found = await this.attachments?.get(id);
    return found?.kind === 'found' ? found.record.blob : undefined;
  }
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
