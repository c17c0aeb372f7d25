/** `<easel-settings-dialog>`: the API key and where it is kept, the base URL, the theme, the storage panel. */
import { html, LitElement } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import {
  type AppSettings,
  DEFAULT_SETTINGS,
  type ImportReport,
  MAX_ARTIFACT_CALL_CAP,
  MAX_CODE_TIME_LIMIT_SEC,
  type StorageHealth,
  type Theme,
} from '../../storage';
import '../sessions/storage-health';
import type { EaselTabs } from '../components/tabs';
import { SettingsCloseEvent, SettingsSaveEvent } from '../events';
import { msg, str } from '../l10n';
import { checkBaseUrl } from './base-url';
import '../components/tabs';
import '../components/toast';
import type { EaselPlatformSettings } from './platform-settings';
import type { EaselServerSettings, ServerAddressEvent } from './server-settings';
import { settingsDialogStyles } from './settings-dialog-styles';
import {
  type FieldProblem,
  type ProblemField,
  renderGeneralSection,
  renderServerSection,
  type SectionView,
  type SwitchKey,
  sections,
  switchKeys,
} from './settings-sections';

/**
 * The `Settings` dialog: a tab per section (`sections()`), Save and Cancel. It draws the `Server & key` and
 * `Theme & limits` tabs itself (`settings-sections.ts`) and checks their fields on Save; the other tabs are
 * elements of their own, loaded with its first opening.
 */
@customElement('easel-settings-dialog')
export class EaselSettingsDialog extends LitElement {
  static override styles = settingsDialogStyles;

  /** The settings to edit. */
  @property({ attribute: false }) settings: AppSettings | undefined;
  /** Storage persistence, usage and last export, for the storage section. */
  @property({ attribute: false }) health: StorageHealth | undefined;
  /** The result of the last import. */
  @property({ attribute: false }) importReport: ImportReport | undefined;
  /** Why the last export or import failed; `''` for none. */
  @property({ attribute: false }) storageProblem = '';
  /** Whether an export or import is running. */
  @property({ type: Boolean }) storageBusy = false;

  @state() private notice = '';
  /** A field Save refused, and why: said under the field. */
  @state() private problem: FieldProblem | undefined;
  @state() private revealKey = false;

  @query('dialog') private dialog!: HTMLDialogElement;
  @query('#key') private keyInput!: HTMLInputElement;
  @query('#base-url') private baseUrlInput!: HTMLInputElement;
  @query('#remember') private rememberInput!: HTMLInputElement;
  @query('#call-cap') private callCapInput!: HTMLInputElement;
  @query('#code-limit') private codeLimitInput!: HTMLInputElement;
  @query('#theme') private themeInput!: HTMLSelectElement;
  @query('#language') private languageInput!: HTMLSelectElement;
  @query('easel-platform-settings') private platform!: EaselPlatformSettings;
  @query('easel-server-settings') private server!: EaselServerSettings;
  @query('easel-tabs') private tabs!: EaselTabs;

  override render() {
    const s = this.settings;
    const view = this.sectionView();
    // `novalidate`: the checks are Save's own, which show the field's tab and say what is wrong beside it (the
    // browser's check of a field on a hidden tab would stop Save without a word).
    return html`<dialog aria-labelledby="title" @close=${this.handleClose}>
      <form method="dialog" novalidate @submit=${this.handleSubmit} @input=${this.handleInput}>
        <h2 id="title">${msg('Settings')}</h2>
        <easel-toast class=${this.notice ? 'shown' : ''} tone="error" .message=${this.notice}></easel-toast>
        <easel-tabs label=${msg('Settings sections')} .tabs=${sections()}>
        ${renderServerSection(view)}
        ${renderGeneralSection(view)}
        <easel-platform-settings
          slot="web"
          .web=${s?.web ?? DEFAULT_WEB}
          .connectors=${s?.connectors ?? []}
          .filesApi=${s?.filesApi ?? DEFAULT_SETTINGS.filesApi}
        ></easel-platform-settings>
        <easel-memory-settings slot="memory"></easel-memory-settings>
        <div slot="sync">
        <easel-sync-settings></easel-sync-settings>
        <easel-storage-health
          .health=${this.health}
          .importReport=${this.importReport}
          .problem=${this.storageProblem}
          ?busy=${this.storageBusy}
        ></easel-storage-health>
        </div>
        </easel-tabs>
        <div class="actions">
          <button type="button" class="btn" @click=${this.handleCancel}>${msg('Cancel')}</button>
          <button class="btn primary" type="submit">${msg('Save')}</button>
        </div>
      </form>
    </dialog>`;
  }

  /** What the `Server & key` and `Theme & limits` tabs show, and their buttons' handlers. */
  private sectionView(): SectionView {
    return {
      settings: this.settings,
      problem: this.problem,
      revealKey: this.revealKey,
      baseUrl: () => this.baseUrlInput?.value ?? '',
      serverAddress: (e) => this.handleServerAddress(e),
      toggleReveal: () => this.handleToggleReveal(),
      forget: () => this.handleForget(),
    };
  }

  /** Opens the dialog, optionally with a notice (e.g. why the key is needed). */
  async show(notice = ''): Promise<void> {
    this.notice = notice;
    // Web, Connectors and Sync load with the dialog's first opening, not with the first screen. The dialog opens only
    // once they have: after it is open nothing moves the focus or refills a field under the person's typing
    // (a focus moved after the load sent a base URL being typed into the key field).
    await Promise.all([
      this.updateComplete,
      import('./platform-settings'),
      import('./sync-settings'),
      import('../memory/memory-settings'),
      import('./server-settings'),
    ]);
    await this.updateComplete;
    if (this.dialog.open) return; // already open: what is typed there stays
    this.keyInput.value = this.settings?.apiKey ?? '';
    this.baseUrlInput.value = this.settings?.baseUrl ?? '';
    this.rememberInput.checked = this.settings?.rememberKey ?? true;
    this.themeInput.value = this.settings?.theme ?? 'system';
    this.languageInput.value = this.settings?.language ?? 'auto';
    for (const key of switchKeys())
      this.switchInput(key).checked = this.settings?.[key] ?? DEFAULT_SETTINGS[key];
    this.callCapInput.value = String(this.settings?.artifactCallCap ?? DEFAULT_SETTINGS.artifactCallCap);
    this.codeLimitInput.value = String(this.settings?.codeTimeLimitSec ?? DEFAULT_SETTINGS.codeTimeLimitSec);
    this.platform.reset();
    this.server.value = this.settings?.server ?? 'anthropic';
    this.tabs.select('server');
    this.dialog.showModal();
    this.keyInput.focus();
  }

  get isOpen(): boolean {
    return this.dialog?.open ?? false;
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    const apiKey = this.keyInput.value.trim();
    const baseUrl = this.baseUrlInput.value.trim();
    const server = this.server?.value ?? 'anthropic';
    const problem =
      server === 'compatible' && !baseUrl
        ? msg(
            'A local or compatible server needs its address in API base URL, such as http://localhost:11434 for Ollama.',
          )
        : checkBaseUrl(baseUrl);
    if (problem) {
      this.refuse('base-url', problem, this.baseUrlInput);
      return;
    }
    const cap = this.callCapInput.value.trim() === '' ? Number.NaN : Number(this.callCapInput.value);
    if (!Number.isFinite(cap) || cap < 0 || cap > MAX_ARTIFACT_CALL_CAP) {
      this.refuse(
        'call-cap',
        msg(
          str`The spending cap must be a number of dollars from 0 to ${MAX_ARTIFACT_CALL_CAP}, such as 0.50.`,
        ),
        this.callCapInput,
      );
      return;
    }
    const limit = this.codeLimitInput.value.trim() === '' ? Number.NaN : Number(this.codeLimitInput.value);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CODE_TIME_LIMIT_SEC) {
      this.refuse(
        'code-limit',
        msg(
          str`The time limit for code must be a whole number of seconds from 1 to ${MAX_CODE_TIME_LIMIT_SEC}, such as 30.`,
        ),
        this.codeLimitInput,
      );
      return;
    }
    // Web and Connectors are the dialog's lazily loaded part: until it has loaded, they are left as they were.
    const platform = typeof this.platform?.read === 'function' ? this.platform.read() : undefined;
    if (typeof platform === 'string') {
      // Said under its field, as the dialog's own refusals are.
      this.problem = undefined;
      this.notice = '';
      this.tabs.select('web');
      void this.tabs.updateComplete.then(() => this.platform.focusProblem());
      return;
    }
    this.dispatchEvent(
      new SettingsSaveEvent({
        apiKey: apiKey || undefined,
        rememberKey: this.rememberInput.checked,
        theme: toTheme(this.themeInput.value),
        language: this.languageInput.value,
        ...Object.fromEntries(switchKeys().map((key) => [key, this.switchInput(key).checked])),
        artifactCallCap: Math.round(cap * 100) / 100,
        codeTimeLimitSec: limit,
        baseUrl: baseUrl.replace(/\/+$/, ''),
        server,
        ...(platform
          ? { web: platform.web, connectors: platform.connectors, filesApi: platform.filesApi }
          : {}),
      }),
    );
    this.dialog.close('saved');
  }

  private handleServerAddress(e: ServerAddressEvent) {
    this.baseUrlInput.value = e.url;
  }

  private handleForget() {
    this.keyInput.value = '';
    this.dispatchEvent(new SettingsSaveEvent({ apiKey: undefined }));
    this.notice = '';
    this.keyInput.focus();
  }

  private handleToggleReveal() {
    this.revealKey = !this.revealKey;
  }

  private switchInput(key: SwitchKey): HTMLInputElement {
    return this.renderRoot.querySelector(`#${key}`) as HTMLInputElement;
  }

  /** Says under `input` why Save refused it, shows the tab holding it, and puts the focus in it. */
  private refuse(field: ProblemField, message: string, input: HTMLElement) {
    this.notice = '';
    this.problem = { field, message };
    this.tabs.reveal(input);
    void this.tabs.updateComplete.then(() => input.focus());
  }

  /** Typing in the field Save refused clears what was said about it. */
  private handleInput(e: Event) {
    if (this.problem && (e.target as Element | null)?.id === this.problem.field) this.problem = undefined;
  }

  private handleCancel() {
    this.dialog.close('cancelled');
  }

  private handleClose() {
    this.notice = '';
    this.problem = undefined;
    this.revealKey = false;
    this.dispatchEvent(new SettingsCloseEvent());
  }
}

export { checkBaseUrl };

const DEFAULT_WEB = DEFAULT_SETTINGS.web;

function toTheme(value: string): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-settings-dialog': EaselSettingsDialog;
  }
}
