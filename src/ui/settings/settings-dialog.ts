/** `<easel-settings-dialog>`: the API key and where it is kept, the base URL, the theme, the storage panel. */
import { css, html, LitElement, nothing } from 'lit';
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
import type { EaselTabs, TabEntry } from '../components/tabs';
import { SettingsCloseEvent, SettingsSaveEvent } from '../events';
import { LANGUAGES, msg, str } from '../l10n';
import { buttons, focusRing } from '../styles/controls';
import { fields } from '../styles/fields';
import { checkBaseUrl } from './base-url';
import '../components/tabs';
import '../components/toast';
import type { EaselPlatformSettings } from './platform-settings';
import type { EaselServerSettings, ServerAddressEvent } from './server-settings';

/**
 * The dialog's tabs, in order: the `slot` of the section each shows, and its name (read in the active language
 * when shown). A new section is one entry here and one element with that `slot` in `render()`.
 */
const sections = (): readonly TabEntry[] => [
  { id: 'server', label: msg('Server & key') },
  { id: 'general', label: msg('Theme & limits') },
  { id: 'web', label: msg('Web, connectors & files') },
  { id: 'memory', label: msg('Memory') },
  { id: 'sync', label: msg('Sync & storage') },
];

/** The settings that are on or off. */
type FlagKey = { [K in keyof AppSettings]: AppSettings[K] extends boolean ? K : never }[keyof AppSettings];

/**
 * The on/off settings shown as switches, each with its label and the hint under it (read in the active language
 * when shown). A switch is one entry here, placed in its section with `renderSwitch`; `show()` sets it from the
 * settings and Save reads it back.
 */
const switches = () =>
  ({
    sendWithEnter: {
      label: msg('Send with Enter'),
      hint: msg(
        'When off, Enter adds a line and Ctrl+Enter (⌘+Enter on a Mac) sends: handy on a phone or for long prompts.',
      ),
    },
    autoCompact: {
      label: msg('Compact long conversations automatically'),
      hint: msg(
        'Where the model supports it, the API summarises a conversation that reaches three quarters of its context window before answering. Otherwise the context meter offers Compact when the next message may not fit.',
      ),
    },
    serverCodeExecution: {
      label: msg("Let Claude run code on Anthropic's servers"),
      hint: msg(
        "Anthropic's code execution tool, for heavy work: the code, and the files it makes, run and stay on Anthropic's servers; files it makes are downloaded into the panel. Not offered to a local server.",
      ),
    },
  }) satisfies Partial<Record<FlagKey, { readonly label: string; readonly hint: string }>>;

type SwitchKey = keyof ReturnType<typeof switches>;

/** The `Settings` dialog: API key, whether to remember it, and the API base URL. */
@customElement('easel-settings-dialog')
export class EaselSettingsDialog extends LitElement {
  static override styles = [
    buttons,
    fields,
    css`
    :host {
      display: contents;
    }
    easel-storage-health {
      margin-bottom: var(--easel-space-4);
    }
    /* One size whichever tab is shown (a tab longer than it scrolls under the tabs, Save/Cancel staying at the
       bottom); on a phone the dialog fills the screen. */
    dialog {
      height: min(640px, calc(100dvh - 32px));
      max-height: none;
      overflow-y: auto;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-lg);
      background: var(--easel-surface);
      color: var(--easel-text);
      box-shadow: var(--easel-shadow-2);
      /* No padding above and below: the sticky section links and Save/Cancel sit at the edges. */
      padding: 0 var(--easel-space-6);
      width: min(720px, calc(100vw - 32px));
      box-sizing: border-box;
    }
    form {
      display: flex;
      flex-direction: column;
      min-height: 100%;
    }
    easel-tabs {
      flex: 1;
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.4);
    }
    h2 {
      margin: var(--easel-space-6) 0 var(--easel-space-4);
      font-size: 1.2rem;
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: var(--easel-space-1);
      margin-bottom: var(--easel-space-4);
    }
    .field > label,
    .check > label {
      font-size: var(--easel-text-sm);
      font-weight: 500;
    }
    .check {
      flex-direction: row;
      align-items: center;
      gap: var(--easel-space-2);
    }
    /* The tabs on top and Save/Cancel at the bottom stay in view while a section scrolls. */
    easel-tabs::part(tablist),
    .actions {
      position: sticky;
      z-index: 1;
      background: var(--easel-surface);
    }
    easel-tabs::part(tablist) {
      top: 0;
      margin: 0 calc(-1 * var(--easel-space-6));
      padding: 0 var(--easel-space-6);
    }
    .actions {
      margin: var(--easel-space-4) calc(-1 * var(--easel-space-6)) 0;
      padding: var(--easel-space-3) var(--easel-space-6);
    }
    /* Room under the notice only while there is one (the live region is always there). */
    easel-toast.shown {
      margin-bottom: var(--easel-space-3);
    }
    /* A text field (so it is a textbox to assistive technology) whose characters are masked. */
    input.masked {
      -webkit-text-security: disc;
    }
    .key-row {
      display: flex;
      gap: var(--easel-space-2);
    }
    .key-row input {
      flex: 1;
      min-width: 0;
    }
    .forget {
      margin-left: auto;
    }
    .hint {
      color: var(--easel-text-muted);
      font-size: 0.85rem;
    }
    .problem {
      color: var(--easel-danger);
      font-size: 0.85rem;
    }
    [aria-invalid='true'] {
      border-color: var(--easel-danger);
    }
    input[type='checkbox'],
    input[type='radio'] {
      accent-color: var(--easel-accent);
    }
    .actions {
      bottom: 0;
      display: flex;
      justify-content: flex-end;
      gap: var(--easel-space-2);
      border-top: 1px solid var(--easel-border);
    }
    :focus-visible {
      ${focusRing}
    }
    @media (max-width: 600px) {
      dialog {
        width: 100vw;
        max-width: none;
        height: 100dvh;
        margin: 0;
        border: none;
        border-radius: 0;
        padding: 0 var(--easel-space-4);
      }
      easel-tabs::part(tablist) {
        margin: 0 calc(-1 * var(--easel-space-4));
        padding: 0 var(--easel-space-4);
      }
      .actions {
        margin: var(--easel-space-4) calc(-1 * var(--easel-space-4)) 0;
        padding: var(--easel-space-3) var(--easel-space-4);
      }
    }
  `,
  ];

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
    // `novalidate`: the checks are Save's own, which show the field's tab and say what is wrong beside it (the
    // browser's check of a field on a hidden tab would stop Save without a word).
    return html`<dialog aria-labelledby="title" @close=${this.handleClose}>
      <form method="dialog" novalidate @submit=${this.handleSubmit} @input=${this.handleInput}>
        <h2 id="title">${msg('Settings')}</h2>
        <easel-toast class=${this.notice ? 'shown' : ''} tone="error" .message=${this.notice}></easel-toast>
        <easel-tabs label=${msg('Settings sections')} .tabs=${sections()}>
        <div slot="server">
        <easel-server-settings
          .value=${s?.server ?? 'anthropic'}
          .baseUrl=${() => this.baseUrlInput?.value ?? ''}
          @server-address=${this.handleServerAddress}
        ></easel-server-settings>
        <div class="field">
          <label for="key">${msg('Anthropic API key')}</label>
          <div class="key-row">
            <input
              id="key"
              type="text"
              class=${this.revealKey ? 'input' : 'input masked'}
              autocomplete="off"
              autocapitalize="off"
              spellcheck="false"
              .value=${s?.apiKey ?? ''}
            />
            <button type="button" class="btn" aria-pressed=${this.revealKey ? 'true' : 'false'} @click=${this.handleToggleReveal}>
              ${this.revealKey ? msg('Hide key') : msg('Show key')}
            </button>
          </div>
          <span class="hint">${msg('Sent only to the API base URL below, from your browser.')}</span>
        </div>
        <div class="field check">
          <input id="remember" type="checkbox" role="switch" .checked=${s?.rememberKey ?? true} />
          <label for="remember">${msg('Remember on this device')}</label>
          ${s?.apiKey ? html`<button type="button" class="btn sm ghost forget" @click=${this.handleForget}>${msg('Forget key')}</button>` : nothing}
        </div>
        <p class="hint">
          ${msg("When off, the key stays in this tab's memory only and is gone when you close or reload it.")}
        </p>
        <div class="field">
          <label for="base-url">${msg('API base URL')}</label>
          <input
            id="base-url"
            class="input"
            type="url"
            placeholder="https://api.anthropic.com"
            aria-invalid=${this.invalid('base-url')}
            aria-describedby=${this.describedBy('base-url')}
            .value=${s?.baseUrl ?? ''}
          />
          ${this.renderProblem('base-url')}
          <span class="hint">${msg('Leave empty for the official API, or enter a compatible server or proxy.')}</span>
        </div>
        </div>
        <div slot="general">
        <div class="field">
          <label for="theme">${msg('Theme')}</label>
          <select id="theme" class="select" .value=${s?.theme ?? 'system'}>
            <option value="system" ?selected=${(s?.theme ?? 'system') === 'system'}>${msg('System')}</option>
            <option value="light" ?selected=${s?.theme === 'light'}>${msg('Light')}</option>
            <option value="dark" ?selected=${s?.theme === 'dark'}>${msg('Dark')}</option>
          </select>
        </div>
        <div class="field">
          <label for="language">${msg('Language')}</label>
          <select id="language" class="select" .value=${s?.language ?? 'auto'}>
            <option value="auto" ?selected=${(s?.language ?? 'auto') === 'auto'}>${msg('Automatic')}</option>
            ${LANGUAGES.map((l) => html`<option value=${l.tag} lang=${l.tag} ?selected=${s?.language === l.tag}>${l.name}</option>`)}
          </select>
          <span class="hint">${msg('Automatic follows the languages set in your browser.')}</span>
        </div>
        ${this.renderSwitch('sendWithEnter')}
        ${this.renderSwitch('autoCompact')}
        <div class="field">
          <label for="call-cap">${msg("Spending cap for each artifact's Claude calls (US dollars)")}</label>
          <input id="call-cap" class="input" type="number" inputmode="decimal" min="0" max=${MAX_ARTIFACT_CALL_CAP} step="0.01"
            aria-invalid=${this.invalid('call-cap')} aria-describedby=${this.describedBy('call-cap')}
            .value=${String(s?.artifactCallCap ?? DEFAULT_SETTINGS.artifactCallCap)} />
          ${this.renderProblem('call-cap')}
          <span class="hint">${msg('A call that could pass this is refused before it is sent; 0 refuses them all.')}</span>
        </div>
        <div class="field">
          <label for="code-limit">${msg('Time limit for each code run (seconds)')}</label>
          <input id="code-limit" class="input" type="number" inputmode="numeric" min="1" max=${MAX_CODE_TIME_LIMIT_SEC} step="1"
            aria-invalid=${this.invalid('code-limit')} aria-describedby=${this.describedBy('code-limit')}
            .value=${String(s?.codeTimeLimitSec ?? DEFAULT_SETTINGS.codeTimeLimitSec)} />
          ${this.renderProblem('code-limit')}
          <span class="hint">${msg('Code Claude runs in your browser is ended past this time, and Claude is told.')}</span>
        </div>
        ${this.renderSwitch('serverCodeExecution')}
        </div>
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

  private renderSwitch(key: SwitchKey) {
    const { label, hint } = switches()[key];
    return html`<div class="field check">
        <input
          id=${key}
          type="checkbox"
          role="switch"
          aria-describedby=${`${key}-hint`}
          .checked=${this.settings?.[key] ?? DEFAULT_SETTINGS[key]}
        />
        <label for=${key}>${label}</label>
      </div>
      <p id=${`${key}-hint`} class="hint">${hint}</p>`;
  }

  /** Why Save refused `field`, under it (an `alert`, so it is heard as it appears), or nothing. */
  private renderProblem(field: ProblemField) {
    return this.problem?.field === field
      ? html`<span class="problem" id=${`${field}-problem`} role="alert">${this.problem.message}</span>`
      : nothing;
  }

  private invalid(field: ProblemField): 'true' | 'false' {
    return this.problem?.field === field ? 'true' : 'false';
  }

  private describedBy(field: ProblemField) {
    return this.problem?.field === field ? `${field}-problem` : nothing;
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

/** The fields of the dialog's own that Save checks. */
type ProblemField = 'base-url' | 'call-cap' | 'code-limit';

interface FieldProblem {
  readonly field: ProblemField;
  readonly message: string;
}

function toTheme(value: string): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-settings-dialog': EaselSettingsDialog;
  }
}

function switchKeys(): SwitchKey[] {
  return Object.keys(switches()) as SwitchKey[];
}
