/** `<easel-app>`: the application shell — header, sessions sidebar, conversation, composer and settings. */
import { provide } from '@lit/context';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Agent, AgentEvent } from '../../agent';
import {
  type AttachmentsRepository,
  codeOn,
  type FolderBackup,
  webOn,
  withCode,
  withWeb,
} from '../../storage';
import type {
  ArtifactEditEvent,
  ArtifactFixEvent,
  ArtifactRestoreEvent,
  EaselArtifactsLayout,
} from '../artifacts';
import {
  type AttachmentBlobSource,
  attachmentBlobSourceContext,
  type FilesChosenEvent,
} from '../attachments';
import type { CodeToggleEvent, EaselComposer, WebToggleEvent } from '../chat/composer';
import type { EaselConversation } from '../chat/conversation';
import { type ToolRenderers, toolRenderersContext } from '../chat/tool-renderers';
import { AgentController } from '../controllers/agent-controller';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import type {
  EditMessageEvent,
  OpenArtifactEvent,
  RemoveQueuedEvent,
  RetryEvent,
  SendMessageEvent,
  SettingsSaveEvent,
  SwitchVersionEvent,
} from '../events';
import { holdsFocus } from '../focus';
import type { SessionRecoverEvent } from '../sessions';
import { backupContext } from '../sessions/backup-context';
import type { EaselSettingsDialog } from '../settings/settings-dialog';
import { AppCommands } from './app-commands';
import {
  compactPart,
  headerPart,
  incognitoBar,
  loadSettingsDialog,
  projectBar,
  settingsPart,
  sidebarPart,
} from './app-parts';
import { appStyles } from './app-styles';
import { BackgroundFailures } from './background-failures';
import { ChatActions } from './chat-actions';
import { KeyboardController } from './keyboard-controller';
import { ModelCatalogController } from './model-catalog-controller';
import { OfflineController } from './offline-controller';
import { PanelRoom } from './panel-room';
import { ProjectsController } from './projects-controller';
import { type EaselServices, servicesContext } from './services';
import { SessionsController } from './sessions-controller';
import '../artifacts';
import '../attachments/drop-overlay';
import '../chat/composer';
import '../chat/conversation';
import '../sessions/recovery-notice';
import { msg, str } from '../l10n';

let welcomeRequested = false;

/**
 * `<easel-welcome-card>` loads while no key is saved (a first run): once there is a key it is never needed, so
 * it is not part of the first screen's JavaScript. It upgrades in place; a failed load is tried again on the
 * next render. Returns nothing to draw.
 */
function loadWelcome(): typeof nothing {
  if (!welcomeRequested) {
    welcomeRequested = true;
    import('../chat/welcome-card').catch(() => {
      welcomeRequested = false;
    });
  }
  return nothing;
}

/** Before the services arrive there are no stored bytes to show. */
const NO_BLOBS: AttachmentBlobSource = { load: () => Promise.resolve(undefined) };

/** The application shell: header, sessions sidebar, conversation, composer and settings. */
@customElement('easel-app')
export class EaselApp extends LitElement {
  static override styles = appStyles;

  /** The tab's services, built by `main.ts`; provided to the whole subtree. A change is a new object. */
  @provide({ context: servicesContext })
  @property({ attribute: false })
  services: EaselServices | undefined;

  /** A live note such as "Retrying in 5 s". */
  @state() private status = '';
  /** The retry countdown, shown in the conversation's waiting placeholder until the answer starts. */
  @state() private retryNote = '';
  @state() private sidebarOpen = window.matchMedia('(min-width: 800px)').matches;

  @query('easel-settings-dialog') private settingsDialog!: EaselSettingsDialog;
  @query('easel-composer') private composer!: EaselComposer;
  @query('easel-conversation') private conversation!: EaselConversation;
  @query('easel-artifacts-layout') private layout!: EaselArtifactsLayout | null;

  /** How each tool's calls are drawn (`services.toolRenderers`), for the tool cards. */
  @provide({ context: toolRenderersContext }) private toolRenderers: ToolRenderers = new Map();
  /** Stored attachment bytes (`services.blobSource`), for previews of sent files. */
  @provide({ context: attachmentBlobSourceContext }) private blobSource: AttachmentBlobSource = NO_BLOBS;
  /** The folder backup (`services.backup`), for the storage settings. */
  @provide({ context: backupContext }) private backup: FolderBackup | undefined;

  private readonly agentController = new AgentController(this);
  private readonly catalog = new ModelCatalogController(this);
  private readonly sessions = new SessionsController(
    this,
    () => this.agentController.state?.isStreaming ?? false,
  );
  private readonly projects = new ProjectsController(this, this.sessions);
  private readonly actions = new ChatActions({
    services: () => this.services,
    askForKey: (notice) => void this.showSettings(notice),
    restore: (text, attachments) => this.composer.restore(text, attachments),
    follow: () => this.conversation.follow(),
    report: (text) => {
      this.status = text;
    },
  });
  /** A failure nothing awaited is said in the notice. */
  readonly backgroundFailures = new BackgroundFailures(this, (text) => this.sessions.report(text));
  /** The service worker, the offline note and `Reload to update`. */
  private readonly offline = new OfflineController(
    this,
    () => this.agentController.state?.isStreaming ?? false,
  );
  /** Every command: the header's, the palette's and the shortcuts'. */
  private readonly commands = new AppCommands({
    services: () => this.services,
    sessions: this.sessions,
    projects: this.projects,
    catalog: this.catalog,
    composer: () => this.composer,
    layout: () => this.layout,
    showSettings: () => this.showSettings(),
    sidebarOpen: () => this.sidebarOpen,
    toggleSidebar: () => {
      this.sidebarOpen = !this.sidebarOpen;
      this.room.sidebarToggled();
    },
    showShortcuts: () => void this.keyboard.showShortcuts(),
    showPalette: () => void this.keyboard.showPalette(),
    report: (text) => {
      this.status = text;
    },
  });
  /** The sidebar makes way for the artifacts panel on a narrow screen; `Show artifacts` in the top bar. */
  private readonly room = new PanelRoom(this, {
    open: () => this.sidebarOpen,
    set: (open) => {
      this.sidebarOpen = open;
    },
  });
  private readonly keyboard = new KeyboardController(this, this.commands, this.sessions, () =>
    this.composer.focus(),
  );
  /**
   * The app's own subscriptions: made on connect and when the services change, undone on disconnect. What is
   * pending is saved when the page is hidden or closed.
   */
  private readonly subscriptions = new SubscriptionController(this, () => [
    this.services?.settingsStore.subscribe(() => this.requestUpdate()),
    this.services?.agent.subscribe((e) => this.handleAgentEvent(e)),
    listen(window, 'pagehide', () => this.sessions.flush()),
    listen(document, 'visibilitychange', () => this.sessions.flush()),
  ]);

  /** The agent running the conversation (for scripts in the page, such as the end-to-end tests). */
  get agent(): Agent | undefined {
    return this.services?.agent;
  }

  /** Where attachment bytes are kept; setting `undefined` stands for a browser that gives no file storage. */
  get attachments(): AttachmentsRepository | undefined {
    return this.services?.attachments;
  }

  set attachments(attachments: AttachmentsRepository | undefined) {
    if (this.services) this.services = { ...this.services, attachments };
  }

  override willUpdate(changed: PropertyValues<this>): void {
    const services = this.services;
    if (!changed.has('services') || !services) return;
    this.toolRenderers = services.toolRenderers;
    this.blobSource = services.blobSource;
    this.backup = services.backup;
    this.agentController.agent = services.agent;
    this.catalog.connect(services.provider, services.settingsStore, services.agent);
    this.sessions.connect(services.library, services.saver);
    this.projects.connect(services.projects);
    this.subscriptions.refresh();
    this.offline.start();
    // Settings is one click away: its dialog loads while the page is idle.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void loadSettingsDialog().catch(() => undefined));
  }

  override render() {
    // Nothing the person can touch is shown before it works: until the services are here, a message or a key
    // given would have nowhere to go.
    const services = this.services;
    if (!services) return html`<p class="starting" role="status">${msg('Starting Easel…')}</p>`;
    const state = services.agent.state;
    return html`${headerPart(state, this.catalog, this.sidebarOpen, this.room.offerShow, {
      command: (e) => this.commands.run(e.command),
      modelChoice: (e) => this.catalog.choose(e.change),
      compact: (e) => compactPart(e, services),
    })}
      <div class="body">
        ${this.sidebarOpen ? sidebarPart(this.sessions, this.projects, (e) => this.handleSidebarClick(e)) : nothing}
        <easel-artifacts-layout
          .store=${services.artifacts}
          .previewHost=${services.previewHost}
          @artifact-edit=${(e: ArtifactEditEvent) => this.applyArtifactChange(services.artifactActions.edit(e.filename, e.content))}
          @artifact-restore=${(e: ArtifactRestoreEvent) =>
            this.applyArtifactChange(services.artifactActions.restore(e.filename, e.version))}
          @artifact-fix=${(e: ArtifactFixEvent) => this.actions.sendText(e.text)}
          @open-artifact=${(e: OpenArtifactEvent) => (e.currentTarget as EaselArtifactsLayout).showFile(e.filename)}
        >
        <main @files-chosen=${this.handleDroppedFiles}>${this.renderChat(services)}</main>
        </easel-artifacts-layout>
      </div>
      ${settingsPart(services.settingsStore.snapshot, this.sessions, {
        save: (e) => void this.handleSettingsSave(e),
        close: () => this.actions.settingsClosed(),
      })}
      ${this.keyboard.render()} ${this.projects.render()}`;
  }

  private renderChat(services: EaselServices) {
    const state = services.agent.state;
    const queues = services.agent.queueSnapshot;
    const s = this.sessions;
    return html`<easel-drop-overlay contained></easel-drop-overlay>
      <easel-recovery-notice
        ?deleted=${s.openDeleted}
        .lost=${s.storageLost}
        ?busy=${s.recovery.busy}
        @session-recover=${(e: SessionRecoverEvent) => s.recovery.recover(e.action)}
      ></easel-recovery-notice>
      ${s.notice ? html`<p class="notice" role="alert">${s.notice}</p>` : nothing}
      ${projectBar(this.projects)} ${incognitoBar(services.saver.incognito)}
      <easel-conversation
        .messages=${state.messages}
        .streamMessage=${state.streamMessage}
        .runningTools=${state.pendingToolCalls}
        ?busy=${state.isStreaming}
        .retryNote=${this.retryNote}
        .versions=${services.saver}
        @retry-agent=${(e: RetryEvent) => this.handleRetry(services, e)}
        @regenerate=${() => this.actions.regenerate()}
        @edit-message=${(e: EditMessageEvent) => this.actions.edit(e.index, e.text)}
        @switch-version=${(e: SwitchVersionEvent) => this.actions.switchVersion(e.message, e.step)}
      >${
        services.settingsStore.snapshot.apiKey
          ? nothing
          : html`${loadWelcome()}<easel-welcome-card
              slot="empty"
              .baseUrl=${services.settingsStore.snapshot.baseUrl ?? ''}
              @settings-save=${(e: SettingsSaveEvent) => void this.handleSettingsSave(e)}
            ></easel-welcome-card>`
      }</easel-conversation>
      <div class="status" role="status">${this.status}</div>
      ${this.offline.render()}
      <easel-composer
        ?busy=${state.isStreaming}
        .queue=${[...queues.steering, ...queues.followUp]}
        .imageProcessor=${services.imageProcessor}
        .inputPrice=${this.catalog.models.find((m) => m.id === state.model)?.price?.input}
        ?web=${webOn(services.settingsStore.snapshot, services.saver.sessionId)}
        @web-toggle=${(e: WebToggleEvent) => this.handleWebToggle(services, e.on)}
        ?code=${codeOn(services.settingsStore.snapshot, services.saver.sessionId)}
        @code-toggle=${(e: CodeToggleEvent) => this.handleCodeToggle(services, e.on)}
        @send-message=${(e: SendMessageEvent) => void this.actions.send(e)}
        @stop-agent=${() => services.agent.abort()}
        @remove-queued=${(e: RemoveQueuedEvent) => services.agent.removeQueued(e.id)}
      ></easel-composer>`;
  }

  /** Opens Settings, loading its dialog first if needed; a failed load says so in the status line. */
  async showSettings(notice?: string): Promise<void> {
    try {
      await loadSettingsDialog();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.status = msg(str`Settings could not be loaded (${reason}). Check the connection and try again.`);
      return;
    }
    await this.updateComplete;
    await this.settingsDialog.show(notice);
  }

  private handleAgentEvent(e: AgentEvent) {
    if (e.type === 'message_update' && e.assistantMessageEvent.type === 'retry') {
      const { delayMs, attempt, reason } = e.assistantMessageEvent;
      this.retryNote = msg(str`${reason} Retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}).`);
    } else if ((e.type === 'message_update' || e.type === 'agent_end') && this.retryNote) {
      this.retryNote = '';
    }
    if (e.type === 'agent_end') {
      const last = e.messages.at(-1);
      if (last?.role === 'assistant' && last.errorKind === 'auth') {
        void this.showSettings(last.errorMessage ?? msg('The API did not accept the key. Enter it again.'));
      }
    }
  }

  private applyArtifactChange(outcome: { ok: true } | { ok: false; reason: string }) {
    if (!outcome.ok) this.status = outcome.reason;
  }

  private handleRetry(services: EaselServices, e: RetryEvent) {
    const held = holdsFocus(e.composedPath()[0]);
    this.actions.retry();
    // `Retry` is offered only while Claude is idle, so it goes once the retry runs (which starts at once): if it
    // had focus, the message box takes it, where the person goes on. A retry that could not start leaves it.
    if (held && services.agent.state.isStreaming) this.composer.focus();
  }

  private handleDroppedFiles(e: FilesChosenEvent) {
    if (e.composedPath().includes(this.composer)) return;
    void this.composer.addFiles(e.files);
  }

  private handleSidebarClick(e: Event) {
    // On a narrow screen the sidebar covers the chat: close it once a session is chosen.
    const link = e.composedPath().find((t) => t instanceof HTMLAnchorElement);
    if (link && !window.matchMedia('(min-width: 800px)').matches) this.sidebarOpen = false;
  }

  private handleWebToggle(services: EaselServices, on: boolean) {
    const store = services.settingsStore;
    void store.update({ webSessions: withWeb(store.snapshot, services.saver.sessionId, on) });
    this.requestUpdate();
  }

  private handleCodeToggle(services: EaselServices, on: boolean) {
    const store = services.settingsStore;
    void store.update({ codeOffSessions: withCode(store.snapshot, services.saver.sessionId, on) });
    this.requestUpdate();
  }

  private async handleSettingsSave(e: SettingsSaveEvent) {
    const store = this.services?.settingsStore;
    if (!store) return;
    try {
      await store.update(e.change);
    } catch (error) {
      // The dialog closed as if saved: open it again, saying what went wrong, so nothing typed is lost.
      const reason = error instanceof Error ? error.message : String(error);
      await this.showSettings(msg(str`The settings could not be saved (${reason}). Try again.`));
      return;
    }
    await this.actions.keySaved();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-app': EaselApp;
  }
}
