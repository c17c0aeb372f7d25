/** Parts of the artifacts panel that are plain templates: the header (tab list and window buttons), the toolbar. */
import { html, nothing } from 'lit';
import { runsInSandbox } from '../../artifacts';
import { msg, str } from '../l10n';
import { icon } from '../styles/icons';
import {
  hasPreview,
  INCOMPLETE,
  type PanelMode,
  type ShownFile,
  type TabView,
  versionLabel,
} from './panel-view';

export interface TabHandlers {
  select(filename: string): void;
  keydown(e: KeyboardEvent): void;
}

export interface HeaderHandlers extends TabHandlers {
  mode(mode: PanelMode): void;
  fullscreen(): void;
  close(): void;
  /** Opens or closes the `⋯` menu. */
  menu(): void;
  menuKeydown(e: KeyboardEvent): void;
  downloadApp(): void;
  openInNewTab(): void;
}

export interface HeaderState {
  readonly tabs: readonly TabView[];
  readonly active: string | undefined;
  /** The file shown, with the view (`mode`) it is shown in. */
  readonly shown: ShownFile | undefined;
  readonly mode: PanelMode;
  readonly fullscreen: boolean;
  readonly menuOpen: boolean;
}

/**
 * The panel's header: the tabs, the `Preview`/`Code` switch (a `group` named `View`), the `⋯` menu (`More file
 * actions`: `Download as app`, `Open in new tab`, `Full screen`) and `Close artifacts`.
 */
export function renderHeader(state: HeaderState, on: HeaderHandlers) {
  const { shown } = state;
  return html`<header>
    ${renderTabs(state.tabs, state.active, on)}
    ${shown ? renderViewSwitch(shown, state.mode, on) : nothing}
    <span class="menu-wrap">
      <button
        type="button"
        class="icon more"
        aria-label=${msg('More file actions')}
        title=${msg('More file actions')}
        aria-haspopup="menu"
        aria-expanded=${state.menuOpen ? 'true' : 'false'}
        @click=${on.menu}
      >${icon('more', 16)}</button>
      ${state.menuOpen ? renderMenu(state, on) : nothing}
    </span>
    <button type="button" class="icon" aria-label=${msg('Close artifacts')} title=${msg('Close')} @click=${on.close}>${icon('close', 16)}</button>
  </header>`;
}

/** `Preview` and `Code`, pressed as shown: only the views the file has (a binary file has no code). */
function renderViewSwitch(shown: ShownFile, mode: PanelMode, on: HeaderHandlers) {
  const binary = shown.binary !== undefined;
  const preview = binary || (hasPreview(shown.kind) && shown.incomplete === undefined);
  const pressed = (m: PanelMode) => (mode === m ? 'true' : 'false');
  return html`<div class="switch" role="group" aria-label=${msg('View')}>
    ${preview ? html`<button type="button" aria-pressed=${pressed('preview')} @click=${() => on.mode('preview')}>${icon('preview', 14)}<span>${msg('Preview')}</span></button>` : nothing}
    ${binary ? nothing : html`<button type="button" aria-pressed=${pressed('code')} @click=${() => on.mode('code')}>${icon('code', 14)}<span>${msg('Code')}</span></button>`}
  </div>`;
}

/** The `⋯` menu: what is done less often with the file shown. */
function renderMenu(state: HeaderState, on: HeaderHandlers) {
  const { shown } = state;
  const busy = shown ? shown.streaming || shown.incomplete !== undefined : true;
  const item = (name: string, run: () => void, disabled: boolean) =>
    html`<button type="button" role="menuitem" tabindex="-1" aria-disabled=${disabled ? 'true' : 'false'} @click=${() => {
      if (!disabled) run();
    }}>${name}</button>`;
  return html`<div class="menu" role="menu" aria-label=${msg('More file actions')} @keydown=${on.menuKeydown}>
    ${shown && runsInSandbox(shown.kind) ? item(msg('Download as app'), on.downloadApp, busy) : nothing}
    ${shown && shown.binary === undefined ? item(msg('Open in new tab'), on.openInNewTab, busy) : nothing}
    <button type="button" role="menuitemcheckbox" tabindex="-1" aria-checked=${state.fullscreen ? 'true' : 'false'} @click=${on.fullscreen}>${msg('Full screen')}</button>
  </div>`;
}

/**
 * The `tablist`: one `tab` per file, named by the file name; a dot marks a file being written, a ring one left
 * incomplete (the panel's note says so in words).
 */
function renderTabs(tabs: readonly TabView[], active: string | undefined, on: TabHandlers) {
  return html`<div role="tablist" aria-label=${msg('Files')} @keydown=${on.keydown}>
    ${tabs.map(
      (tab, i) => html`<button
        type="button"
        role="tab"
        id=${`tab-${i}`}
        aria-selected=${tab.filename === active ? 'true' : 'false'}
        aria-controls="file-panel"
        tabindex=${tab.filename === active ? 0 : -1}
        @click=${() => on.select(tab.filename)}
      >${tab.filename}${
        tab.streaming
          ? html`<span class="writing" aria-hidden="true" title=${msg('Being written')}></span>`
          : tab.incomplete
            ? html`<span class="incomplete" aria-hidden="true" title=${msg('Incomplete')}></span>`
            : nothing
      }</button>`,
    )}
  </div>`;
}

export interface ToolbarState {
  readonly shown: ShownFile;
  readonly mode: PanelMode;
  readonly editing: boolean;
  /** What `Copy` says: `Copy`, or for a moment after a copy how it went. */
  readonly copyLabel: string;
}

export interface ToolbarHandlers {
  mode(mode: PanelMode): void;
  version(e: Event): void;
  restore(): void;
  edit(): void;
  copy(): void;
  download(): void;
}

/** What `Download as app` asks of a file that stores data: its size, and what the person answers. */
export interface AppDataQuestion {
  readonly keys: number;
  readonly bytes: number;
  answer(include: boolean | undefined): void;
}

/** `Include its stored data (3 keys, 1.2 KB)?` with `Include data`, `Without data` and `Cancel`. */
export function renderAppDataQuestion(question: AppDataQuestion, size: string) {
  const title = msg(
    str`Include its stored data (${question.keys === 1 ? '1 key' : `${question.keys} keys`}, ${size})?`,
  );
  return html`<div class="question" role="alertdialog" aria-label=${title}>
    <span><strong>${title}</strong> ${msg('The app then starts with what it keeps here, the first time it is opened.')}</span>
    <button type="button" @click=${() => question.answer(true)}>${msg('Include data')}</button>
    <button type="button" @click=${() => question.answer(false)}>${msg('Without data')}</button>
    <button type="button" @click=${() => question.answer(undefined)}>${msg('Cancel')}</button>
  </div>`;
}

/**
 * `Changes`, versions, and what is often done with the file shown (`Copy`, `Download`); the rarer actions are
 * in the header's `⋯` menu. Incomplete text is only read (Code, Copy): it never runs, and it is no version to
 * compare, restore, edit or download.
 */
export function renderToolbar(state: ToolbarState, on: ToolbarHandlers) {
  const { shown, mode, editing } = state;
  const { file, version } = shown;
  const busy = shown.streaming;
  const partial = shown.incomplete !== undefined;
  const pressed = (m: PanelMode) => (mode === m ? 'true' : 'false');
  // A binary file has no text: no source, no editing, nothing to copy.
  const binary = shown.binary !== undefined;
  return html`<div class="toolbar" role="toolbar" aria-label=${msg('File actions')}>
    ${
      file && !busy && !partial
        ? html`<button type="button" aria-pressed=${pressed('changes')} @click=${() => on.mode('changes')}>${msg('Changes')}</button>`
        : nothing
    }
    ${
      file && !busy && (file.versions.length > 1 || shown.hasIncomplete)
        ? html`<select aria-label=${msg('Version')} .value=${partial ? INCOMPLETE : String(version?.version)} @change=${on.version} ?disabled=${editing}>
            ${shown.hasIncomplete ? html`<option value=${INCOMPLETE} ?selected=${partial}>${msg('Incomplete (not saved)')}</option>` : nothing}
            ${[...file.versions]
              .reverse()
              .map(
                (v) =>
                  html`<option value=${String(v.version)} ?selected=${v === version}>${versionLabel(v, v === file.current)}</option>`,
              )}
          </select>`
        : nothing
    }
    ${!shown.latest && version && !busy ? html`<button type="button" @click=${on.restore}>${msg('Restore this version')}</button>` : nothing}
    ${mode === 'code' && shown.latest && !editing && !binary ? html`<button type="button" @click=${on.edit}>${msg('Edit')}</button>` : nothing}
    ${busy ? html`<span class="status">${msg('Writing…')}</span>` : nothing}
    ${partial ? html`<span class="status">${msg('Incomplete')}</span>` : nothing}
    <span class="spacer"></span>
    ${binary ? nothing : html`<button type="button" @click=${on.copy}>${state.copyLabel}</button>`}
    <button type="button" ?disabled=${busy || partial} @click=${on.download}>${msg('Download')}</button>
  </div>`;
}
