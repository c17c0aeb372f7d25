/** `<easel-app>`: the application shell — header, sessions sidebar, conversation, composer and settings. */
import { provide } from '@lit/context';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { Agent } from '../../agent';
import type { AttachmentsRepository, FolderBackup } from '../../storage';
import type {
  ArtifactEditEvent,
  ArtifactFixEvent,
  ArtifactRestoreEvent,
  ArtifactsToggleEvent,
  EaselArtifactsLayout,
} from '../artifacts';
import { type AttachmentBlobSource, attachmentBlobSourceContext } from '../attachments';
import { type ToolRenderers, toolRenderersContext } from '../chat/tool-renderers';
import { AgentController } from '../controllers/agent-controller';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import type { OpenArtifactEvent, SettingsSaveEvent } from '../events';
import { msg, str } from '../l10n';
import { backupContext } from '../sessions/backup-context';
import type { EaselSettingsDialog } from '../settings/settings-dialog';
import { AppCommands, loadCommands } from './app-commands';
import { compactPart, headerPart, loadSettingsDialog, settingsPart, sidebarPart } from './app-parts';
import { appStyles } from './app-styles';
import { BackgroundFailures } from './background-failures';
import { ChatPane } from './chat-pane';
import { KeyboardController } from './keyboard-controller';
import { ModelCatalogController } from './model-catalog-controller';
import { OfflineController } from './offline-controller';
import { PanelRoom } from './panel-room';
import { ProjectsController } from './projects-controller';
import { type EaselServices, servicesContext } from './services';
import { SessionsController } from './sessions-controller';
import '../artifacts';

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

  @state() private sidebarOpen = window.matchMedia('(min-width: 800px)').matches;
  /** Whether the artifacts panel is open: passed down, and heard back when the layout opens or closes it. */
  @state() private artifactsOpen = false;

  @query('easel-settings-dialog') private settingsDialog!: EaselSettingsDialog;

  /** How each tool's calls are drawn (`services.toolRenderers`), for the tool cards. */
  @provide({ context: toolRenderersContext }) private toolRenderers: ToolRenderers = new Map();
  /** Stored attachment bytes (`services.blobSource`), for previews of sent files. */
  @provide({ context: attachmentBlobSourceContext }) private blobSource: AttachmentBlobSource = NO_BLOBS;
  /** The folder backup (`services.backup`), for the storage settings. */
  @provide({ context: backupContext }) private backup: FolderBackup | undefined;

  /** Renders the app when the agent changes; the streaming answer's updates go to the conversation alone. */
  private readonly agentController: AgentController = new AgentController(this, (message): boolean =>
    this.chat.showStream(message),
  );
  private readonly catalog = new ModelCatalogController(this);
  private readonly sessions = new SessionsController(
    this,
    () => this.agentController.state?.isStreaming ?? false,
  );
  private readonly projects = new ProjectsController(this, this.sessions);
  /** A failure nothing awaited is said in the notice. */
  readonly backgroundFailures = new BackgroundFailures(this, (text) => this.sessions.report(text));
  /** The service worker, the offline note and `Reload to update`. */
  private readonly offline = new OfflineController(
    this,
    () => this.agentController.state?.isStreaming ?? false,
  );
  /** The conversation, the composer and the status line, and what the person asks of them. */
  private readonly chat = new ChatPane(this, {
    services: () => this.services,
    sessions: this.sessions,
    projects: this.projects,
    catalog: this.catalog,
    offline: this.offline,
    showSettings: (notice) => void this.showSettings(notice),
    settingsSave: (e) => void this.handleSettingsSave(e),
  });
  /** Every command: the header's, the palette's and the shortcuts'. */
  private readonly commands = new AppCommands({
    services: () => this.services,
    sessions: this.sessions,
    projects: this.projects,
    catalog: this.catalog,
    artifactsOpen: () => this.artifactsOpen,
    setArtifactsOpen: (open) => {
      this.artifactsOpen = open;
    },
    sidebarOpen: () => this.sidebarOpen,
    shell: {
      focusComposer: () => this.chat.focusComposer(),
      showSettings: () => void this.showSettings(),
      toggleSidebar: () => {
        this.sidebarOpen = !this.sidebarOpen;
        this.room.sidebarToggled();
      },
      showShortcuts: () => void this.keyboard.showShortcuts(),
      showPalette: () => void this.keyboard.showPalette(),
      report: (text) => this.chat.report(text),
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
    this.chat.focusComposer(),
  );
  /**
   * The app's own subscriptions: made on connect and when the services change, undone on disconnect. What is
   * pending is saved when the page is hidden or closed.
   */
  private readonly subscriptions = new SubscriptionController(this, () => [
    this.services?.settingsStore.subscribe(() => this.requestUpdate()),
    this.services?.agent.subscribe((e) => this.chat.handleAgentEvent(e)),
    // The panel's store and preview host come with the session runtime, right after the first paint.
    this.services?.runtime.subscribe(() => this.requestUpdate()),
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
    // Settings and the commands are one click away: their code loads while the page is idle.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void loadSettingsDialog().catch(() => undefined));
    idle(() => void loadCommands().catch(() => undefined));
  }

  override render() {
    // Nothing the person can touch is shown before it works: until the services are here, a message or a key
    // given would have nowhere to go.
    const services = this.services;
    if (!services) return html`<p class="starting" role="status">${msg('Starting Easel…')}</p>`;
    const state = services.agent.state;
    const runtime = services.runtime.loaded;
    return html`${headerPart(state, this.catalog, this.sidebarOpen, this.room.offerShow, {
      command: (e) => this.commands.run(e.command),
      modelChoice: (e) => this.catalog.choose(e.change),
      compact: (e) => compactPart(e, services),
    })}
      <div class="body">
        ${this.sidebarOpen ? sidebarPart(this.sessions, this.projects, (e) => this.handleSidebarClick(e)) : nothing}
        <easel-artifacts-layout
          .store=${runtime?.artifacts}
          .previewHost=${runtime?.previewHost}
          .open=${this.artifactsOpen}
          @artifacts-toggle=${(e: ArtifactsToggleEvent) => {
            this.artifactsOpen = e.open;
          }}
          @artifact-edit=${(e: ArtifactEditEvent) => runtime && this.applyArtifactChange(runtime.artifactActions.edit(e.filename, e.content))}
          @artifact-restore=${(e: ArtifactRestoreEvent) =>
            runtime && this.applyArtifactChange(runtime.artifactActions.restore(e.filename, e.version))}
          @artifact-fix=${(e: ArtifactFixEvent) => this.chat.actions.sendText(e.text)}
          @open-artifact=${(e: OpenArtifactEvent) => (e.currentTarget as EaselArtifactsLayout).showFile(e.filename)}
        >
        ${this.chat.render(services)}
        </easel-artifacts-layout>
      </div>
      ${settingsPart(services.settingsStore.snapshot, this.sessions, {
        save: (e) => void this.handleSettingsSave(e),
        close: () => this.chat.actions.settingsClosed(),
      })}
      ${this.keyboard.render()} ${this.projects.render()}`;
  }

  /** Opens Settings, loading its dialog first if needed; a failed load says so in the status line. */
  async showSettings(notice?: string): Promise<void> {
    try {
      await loadSettingsDialog();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.chat.report(
        msg(str`Settings could not be loaded (${reason}). Check the connection and try again.`),
      );
      return;
    }
    await this.updateComplete;
    await this.settingsDialog.show(notice);
  }

  private applyArtifactChange(outcome: { ok: true } | { ok: false; reason: string }) {
    if (!outcome.ok) this.chat.report(outcome.reason);
  }

  private handleSidebarClick(e: Event) {
    // On a narrow screen the sidebar covers the chat: close it once a session is chosen.
    const link = e.composedPath().find((t) => t instanceof HTMLAnchorElement);
    if (link && !window.matchMedia('(min-width: 800px)').matches) this.sidebarOpen = false;
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
    await this.chat.actions.keySaved();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-app': EaselApp;
  }
}
