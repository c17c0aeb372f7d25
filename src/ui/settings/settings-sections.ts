/**
 * The Settings dialog's sections: the tabs in order (`sections`), the on/off settings shown as switches
 * (`switches`), and the content of the two tabs the dialog draws itself, `Server & key` (`renderServerSection`)
 * and `Theme & limits` (`renderGeneralSection`), drawn in the dialog's own tree (its Save reads their fields by
 * id). The other tabs are elements of their own (`platform-settings.ts`, `memory-settings.ts`,
 * `sync-settings.ts` with `<easel-storage-health>`).
 */
import { html, nothing } from 'lit';
import {
  type AppSettings,
  DEFAULT_SETTINGS,
  MAX_ARTIFACT_CALL_CAP,
  MAX_CODE_TIME_LIMIT_SEC,
} from '../../storage';
import type { TabEntry } from '../components/tabs';
import { LANGUAGES, msg } from '../l10n';
import type { ServerAddressEvent } from './server-settings';

/**
 * The dialog's tabs, in order: the `slot` of the section each shows, and its name (read in the active language
 * when shown). A new section is one entry here and one element with that `slot` in `render()`.
 */
export const sections = (): readonly TabEntry[] => [
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
export const switches = () =>
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

export type SwitchKey = keyof ReturnType<typeof switches>;

/** The switches' keys, in their table's order. */
export function switchKeys(): SwitchKey[] {
  return Object.keys(switches()) as SwitchKey[];
}

/** The fields of the dialog's own that Save checks. */
export type ProblemField = 'base-url' | 'call-cap' | 'code-limit';

/** A field Save refused, and why. */
export interface FieldProblem {
  readonly field: ProblemField;
  readonly message: string;
}

/** What the two tabs show, and what their buttons do, in the dialog. */
export interface SectionView {
  readonly settings: AppSettings | undefined;
  /** A field Save refused, said under it. */
  readonly problem: FieldProblem | undefined;
  /** Whether the key is shown rather than masked. */
  readonly revealKey: boolean;
  /** The API base URL as typed now (the server picker reads it). */
  baseUrl(): string;
  serverAddress(e: ServerAddressEvent): void;
  toggleReveal(): void;
  forget(): void;
}

/** `Server & key`: the server, the API key (shown or masked, remembered or not) and the API base URL. */
export function renderServerSection(view: SectionView) {
  const s = view.settings;
  return html`<div slot="server">
        <easel-server-settings
          .value=${s?.server ?? 'anthropic'}
          .baseUrl=${() => view.baseUrl()}
          @server-address=${view.serverAddress}
        ></easel-server-settings>
        <div class="field">
          <label for="key">${msg('Anthropic API key')}</label>
          <div class="key-row">
            <input
              id="key"
              type="text"
              class=${view.revealKey ? 'input' : 'input masked'}
              autocomplete="off"
              autocapitalize="off"
              spellcheck="false"
              .value=${s?.apiKey ?? ''}
            />
            <button type="button" class="btn" aria-pressed=${view.revealKey ? 'true' : 'false'} @click=${view.toggleReveal}>
              ${view.revealKey ? msg('Hide key') : msg('Show key')}
            </button>
          </div>
          <span class="hint">${msg('Sent only to the API base URL below, from your browser.')}</span>
        </div>
        <div class="field check">
          <input id="remember" type="checkbox" role="switch" .checked=${s?.rememberKey ?? true} />
          <label for="remember">${msg('Remember on this device')}</label>
          ${s?.apiKey ? html`<button type="button" class="btn sm ghost forget" @click=${view.forget}>${msg('Forget key')}</button>` : nothing}
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
            aria-invalid=${invalid(view, 'base-url')}
            aria-describedby=${describedBy(view, 'base-url')}
            .value=${s?.baseUrl ?? ''}
          />
          ${renderProblem(view, 'base-url')}
          <span class="hint">${msg('Leave empty for the official API, or enter a compatible server or proxy.')}</span>
        </div>
        </div>`;
}

/** `Theme & limits`: the theme, the language, the switches and the two limits Save checks. */
export function renderGeneralSection(view: SectionView) {
  const s = view.settings;
  return html`<div slot="general">
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
        ${renderSwitch(view, 'sendWithEnter')}
        ${renderSwitch(view, 'autoCompact')}
        <div class="field">
          <label for="call-cap">${msg("Spending cap for each artifact's Claude calls (US dollars)")}</label>
          <input id="call-cap" class="input" type="number" inputmode="decimal" min="0" max=${MAX_ARTIFACT_CALL_CAP} step="0.01"
            aria-invalid=${invalid(view, 'call-cap')} aria-describedby=${describedBy(view, 'call-cap')}
            .value=${String(s?.artifactCallCap ?? DEFAULT_SETTINGS.artifactCallCap)} />
          ${renderProblem(view, 'call-cap')}
          <span class="hint">${msg('A call that could pass this is refused before it is sent; 0 refuses them all.')}</span>
        </div>
        <div class="field">
          <label for="code-limit">${msg('Time limit for each code run (seconds)')}</label>
          <input id="code-limit" class="input" type="number" inputmode="numeric" min="1" max=${MAX_CODE_TIME_LIMIT_SEC} step="1"
            aria-invalid=${invalid(view, 'code-limit')} aria-describedby=${describedBy(view, 'code-limit')}
            .value=${String(s?.codeTimeLimitSec ?? DEFAULT_SETTINGS.codeTimeLimitSec)} />
          ${renderProblem(view, 'code-limit')}
          <span class="hint">${msg('Code Claude runs in your browser is ended past this time, and Claude is told.')}</span>
        </div>
        ${renderSwitch(view, 'serverCodeExecution')}
        </div>`;
}

/** An on/off setting of `switches()`: its switch, its label and the hint under it. */
export function renderSwitch(view: SectionView, key: SwitchKey) {
  const { label, hint } = switches()[key];
  return html`<div class="field check">
      <input
        id=${key}
        type="checkbox"
        role="switch"
        aria-describedby=${`${key}-hint`}
        .checked=${view.settings?.[key] ?? DEFAULT_SETTINGS[key]}
      />
      <label for=${key}>${label}</label>
    </div>
    <p id=${`${key}-hint`} class="hint">${hint}</p>`;
}

/** Why Save refused `field`, under it (an `alert`, so it is heard as it appears), or nothing. */
function renderProblem(view: SectionView, field: ProblemField) {
  return view.problem?.field === field
    ? html`<span class="problem" id=${`${field}-problem`} role="alert">${view.problem.message}</span>`
    : nothing;
}

function invalid(view: SectionView, field: ProblemField): 'true' | 'false' {
  return view.problem?.field === field ? 'true' : 'false';
}

function describedBy(view: SectionView, field: ProblemField) {
  return view.problem?.field === field ? `${field}-problem` : nothing;
}
