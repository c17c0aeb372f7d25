import { css, html, LitElement } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { Agent } from '../../agent';
import type { AppSettings, SettingsStore } from '../../storage';
import { AgentController } from '../controllers/agent-controller';
import type { RetryEvent, SendMessageEvent, SettingsSaveEvent } from '../events';
import '../chat/composer';
import '../chat/message-list';
import '../settings/settings-dialog';
import type { EaselComposer } from '../chat/composer';
import type { EaselSettingsDialog } from '../settings/settings-dialog';

/** The application shell: header, conversation, composer and settings. */
@customElement('easel-app')
export class EaselApp extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      height: 100dvh;
    }
    header {
      display: flex;
      align-items: center;
      gap: var(--easel-space-2);
      padding: var(--easel-space-2) var(--easel-space-4);
      border-bottom: 1px solid var(--easel-border);
      background: var(--easel-surface);
    }
    h1 {
      font-size: 1.05rem;
      margin: 0 auto 0 0;
    }
    header button {
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      cursor: pointer;
    }
    header button:focus-visible {
      outline: 2px solid var(--easel-focus);
      outline-offset: 2px;
    }
    main {
      flex: 1;
      overflow-y: auto;
    }
  `;

  /** The agent running the conversation. */
  @property({ attribute: false }) agent: Agent | undefined;
  /** The settings service. */
  @property({ attribute: false }) settingsStore: SettingsStore | undefined;

  @query('easel-settings-dialog') private settingsDialog!: EaselSettingsDialog;
  @query('easel-composer') private composer!: EaselComposer;

  private readonly agentController = new AgentController(this);
  private unsubscribeSettings: (() => void) | undefined;
  /** Text typed before a key was given; sent once the key is saved. */
  private pendingText: string | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribeSettings?.();
    this.unsubscribeSettings = undefined;
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('agent')) this.agentController.agent = this.agent;
    if (changed.has('settingsStore')) {
      this.unsubscribeSettings?.();
      this.unsubscribeSettings = this.settingsStore?.subscribe(() => this.requestUpdate());
    }
  }

  override render() {
    const state = this.agentController.state;
    const busy = state?.isStreaming ?? false;
    return html`<header>
        <h1>Easel</h1>
        <button @click=${this.handleNewChat}>New chat</button>
        <button @click=${this.handleOpenSettings}>Settings</button>
      </header>
      <main>
        <easel-message-list
          .messages=${state?.messages ?? []}
          .streamMessage=${state?.streamMessage ?? null}
          ?busy=${busy}
          @retry-agent=${this.handleRetry}
        ></easel-message-list>
      </main>
      <easel-composer ?busy=${busy} @send-message=${this.handleSend} @stop-agent=${this.handleStop}></easel-composer>
      <easel-settings-dialog
        .settings=${this.settingsStore?.snapshot}
        @settings-save=${this.handleSettingsSave}
        @settings-close=${this.handleSettingsClose}
      ></easel-settings-dialog>`;
  }

  private handleSend(e: SendMessageEvent) {
    if (!this.settingsStore?.snapshot.apiKey) {
      this.pendingText = e.text;
      void this.settingsDialog.show('Enter your Anthropic API key to send your message.');
      return;
    }
    void this.agent?.prompt(e.text);
  }

  private handleStop() {
    this.agent?.abort();
  }

  private handleRetry(_e: RetryEvent) {
    if (!this.settingsStore?.snapshot.apiKey) {
      void this.settingsDialog.show('Enter your Anthropic API key to retry.');
      return;
    }
    void this.agent?.continue();
  }

  private handleNewChat() {
    this.agent?.abort();
    void this.agent?.waitForIdle().then(() => this.agent?.replaceMessages([]));
    this.composer.focus();
  }

  private handleOpenSettings() {
    void this.settingsDialog.show();
  }

  private async handleSettingsSave(e: SettingsSaveEvent) {
    await this.settingsStore?.update(e.change);
    const pending = this.pendingText;
    if (pending !== undefined && this.hasKey(this.settingsStore?.snapshot)) {
      this.pendingText = undefined;
      void this.agent?.prompt(pending);
    }
  }

  private handleSettingsClose() {
    // A send that was waiting for a key and did not get one goes back into the box, not lost.
    if (this.pendingText !== undefined && !this.hasKey(this.settingsStore?.snapshot)) {
      this.composer.restore(this.pendingText);
      this.pendingText = undefined;
    }
  }

  private hasKey(settings: AppSettings | undefined): boolean {
    return Boolean(settings?.apiKey);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-app': EaselApp;
  }
}
