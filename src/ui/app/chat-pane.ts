/**
 * `ChatPane`: the app shell's chat column — the recovery notice, the conversation, the status line and the
 * composer — with the conversation's actions, the retry countdown and the status line's note.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { AgentEvent, AgentQueues, AssistantMessage, QueuedMessage } from '../../agent';
import { codeOn, webOn, withCode, withWeb } from '../../storage';
import type { FilesChosenEvent } from '../attachments';
import type { CodeToggleEvent, EaselComposer, ReturnedMessage, WebToggleEvent } from '../chat/composer';
import type { EaselConversation } from '../chat/conversation';
import type {
  EditMessageEvent,
  RemoveQueuedEvent,
  RetryEvent,
  SendMessageEvent,
  SettingsSaveEvent,
  SwitchVersionEvent,
} from '../events';
import { holdsFocus } from '../focus';
import { msg, str } from '../l10n';
import type { SessionRecoverEvent } from '../sessions';
import { incognitoBar, projectBar } from './app-parts';
import { ChatActions } from './chat-actions';
import type { ModelCatalogController } from './model-catalog-controller';
import type { OfflineController } from './offline-controller';
import type { ProjectsController } from './projects-controller';
import type { EaselServices } from './services';
import type { SessionsController } from './sessions-controller';
import '../attachments/drop-overlay';
import '../chat/composer';
import '../chat/conversation';
import '../sessions/recovery-notice';

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

/** What the chat column shows and hands back to the shell. */
export interface ChatPaneParts {
  readonly services: () => EaselServices | undefined;
  readonly sessions: SessionsController;
  readonly projects: ProjectsController;
  readonly catalog: ModelCatalogController;
  readonly offline: OfflineController;
  /** Opens Settings, saying `notice` (a key is missing or was refused). */
  readonly showSettings: (notice?: string) => void;
  /** The welcome card saved the first settings. */
  readonly settingsSave: (e: SettingsSaveEvent) => void;
}

/** The chat column of `<easel-app>`; `report` puts a note in its status line. */
export class ChatPane {
  /** A live note such as "Retrying in 5 s". */
  private status = '';
  /** The retry countdown, shown in the conversation's waiting placeholder until the answer starts. */
  private retryNote = '';
  /** The last message handed back to the composer. */
  private returned: ReturnedMessage | undefined;
  /**
   * The queued messages the composer shows, and the agent's queues they were taken from: the same array while
   * those are the same, so the composer does not update for every streamed update of the chat.
   */
  private queued: { readonly from: AgentQueues; readonly list: readonly QueuedMessage[] } | undefined;
  /** `showStream` gave the conversation a partial since the shell last rendered (see `render`). */
  private streamShown = false;

  readonly actions: ChatActions;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode },
    private readonly parts: ChatPaneParts,
  ) {
    this.actions = new ChatActions({
      services: parts.services,
      askForKey: (notice) => parts.showSettings(notice),
      giveBack: (message) => {
        this.returned = { ...message };
        host.requestUpdate();
      },
      follow: () => this.conversation?.follow(),
      report: (text) => this.report(text),
    });
  }

  /** Shows `text` in the status line. */
  report(text: string): void {
    this.status = text;
    this.host.requestUpdate();
  }

  /** Puts focus in the message box. */
  focusComposer(): void {
    this.composer?.focus();
  }

  /**
   * Shows the streaming answer's latest partial in the conversation, with nothing around it rendered again (the
   * shell's template, header and composer stay as they are): false while there is no conversation to show it.
   */
  showStream(message: AssistantMessage | null): boolean {
    const conversation = this.conversation;
    if (!conversation) return false;
    conversation.streamMessage = message;
    this.streamShown = true;
    return true;
  }

  private get composer(): EaselComposer | null {
    return this.host.renderRoot.querySelector('easel-composer');
  }

  private get conversation(): EaselConversation | null {
    return this.host.renderRoot.querySelector('easel-conversation');
  }

  render(services: EaselServices): TemplateResult {
    const state = services.agent.state;
    const queues = services.agent.queueSnapshot;
    const s = this.parts.sessions;
    if (this.streamShown) {
      // The template's binding compares with what it gave the conversation last, not with the partial
      // `showStream` gave it since (a stream that ends goes back to the `null` the binding gave before it
      // began): the conversation is given the current one here, as `live()` would, without its code.
      this.streamShown = false;
      const conversation = this.conversation;
      if (conversation) conversation.streamMessage = state.streamMessage;
    }
    return html`<main @files-chosen=${this.handleDroppedFiles}><easel-drop-overlay contained></easel-drop-overlay>
      <easel-recovery-notice
        ?deleted=${s.openDeleted}
        .lost=${s.storageLost}
        ?busy=${s.recovery.busy}
        @session-recover=${(e: SessionRecoverEvent) => s.recovery.recover(e.action)}
      ></easel-recovery-notice>
      ${s.notice ? html`<p class="notice" role="alert">${s.notice}</p>` : nothing}
      ${projectBar(this.parts.projects)} ${incognitoBar(services.saver.incognito)}
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
              @settings-save=${this.parts.settingsSave}
            ></easel-welcome-card>`
      }</easel-conversation>
      <div class="status" role="status">${this.status}</div>
      ${this.parts.offline.render()}
      <easel-composer
        ?busy=${state.isStreaming}
        .queue=${this.queuedList(queues)}
        .imageProcessor=${services.imageProcessor}
        .inputPrice=${this.parts.catalog.models.find((m) => m.id === state.model)?.price?.input}
        .returned=${this.returned}
        ?sendWithEnter=${services.settingsStore.snapshot.sendWithEnter}
        ?web=${webOn(services.settingsStore.snapshot, services.saver.sessionId)}
        @web-toggle=${(e: WebToggleEvent) => this.handleWebToggle(services, e.on)}
        ?code=${codeOn(services.settingsStore.snapshot, services.saver.sessionId)}
        @code-toggle=${(e: CodeToggleEvent) => this.handleCodeToggle(services, e.on)}
        @send-message=${(e: SendMessageEvent) => void this.actions.send(e)}
        @stop-agent=${() => services.agent.abort()}
        @remove-queued=${(e: RemoveQueuedEvent) => services.agent.removeQueued(e.id)}
      ></easel-composer></main>`;
  }

  /** The steering and follow-up messages queued, in that order (see `queued`). */
  private queuedList(queues: AgentQueues): readonly QueuedMessage[] {
    if (this.queued?.from !== queues)
      this.queued = { from: queues, list: [...queues.steering, ...queues.followUp] };
    return this.queued.list;
  }

  /** Follows the agent: the retry countdown, and Settings again when the key was refused. */
  handleAgentEvent(e: AgentEvent): void {
    if (e.type === 'message_update' && e.assistantMessageEvent.type === 'retry') {
      const { delayMs, attempt, reason } = e.assistantMessageEvent;
      this.retryNote = msg(str`${reason} Retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}).`);
      this.host.requestUpdate();
    } else if ((e.type === 'message_update' || e.type === 'agent_end') && this.retryNote) {
      this.retryNote = '';
      this.host.requestUpdate();
    }
    if (e.type === 'agent_end') {
      const last = e.messages.at(-1);
      if (last?.role === 'assistant' && last.errorKind === 'auth') {
        this.parts.showSettings(last.errorMessage ?? msg('The API did not accept the key. Enter it again.'));
      }
    }
  }

  private handleRetry(services: EaselServices, e: RetryEvent) {
    const held = holdsFocus(e.composedPath()[0]);
    this.actions.retry();
    // `Retry` is offered only while Claude is idle, so it goes once the retry runs (which starts at once): if it
    // had focus, the message box takes it, where the person goes on. A retry that could not start leaves it.
    if (held && services.agent.isRunning) this.focusComposer();
  }

  private readonly handleDroppedFiles = (e: FilesChosenEvent) => {
    const composer = this.composer;
    if (!composer || e.composedPath().includes(composer)) return;
    void composer.addFiles(e.files);
  };

  private handleWebToggle(services: EaselServices, on: boolean) {
    const store = services.settingsStore;
    void store.update({ webSessions: withWeb(store.snapshot, services.saver.sessionId, on) });
    this.host.requestUpdate();
  }

  private handleCodeToggle(services: EaselServices, on: boolean) {
    const store = services.settingsStore;
    void store.update({ codeOffSessions: withCode(store.snapshot, services.saver.sessionId, on) });
    this.host.requestUpdate();
  }
}
