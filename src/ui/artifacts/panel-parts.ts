/** Parts of the artifacts panel that are plain templates: the header (tab list and window buttons), the toolbar. */
import { html, nothing } from 'lit';
import { runsInSandbox } from '../../artifacts';
import { msg, str } from '../l10n';
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
  fullscreen(): void;
  close(): void;
}

/** The panel's header: the tabs, `Full screen` (pressed while the panel covers the window), `Close artifacts`. */
export function renderHeader(
  tabs: readonly TabView[],
  active: string | undefined,
  fullscreen: boolean,
  on: HeaderHandlers,
) {
  return html`<header>
    ${renderTabs(tabs, active, on)}
    <button
      type="button"
      class="icon"
      aria-label=${msg('Full screen')}
      aria-pressed=${fullscreen ? 'true' : 'false'}
      title=${msg('Full screen')}
      @click=${on.fullscreen}
    >⤢</button>
    <button type="button" class="icon" aria-label=${msg('Close artifacts')} title=${msg('Close')} @click=${on.close}>✕</button>
  </header>`;
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
  /** `Download as app` (files that run only). */
  downloadApp(): void;
  openInNewTab(): void;
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
 * View switches, versions, and what can be done with the file shown. Incomplete text is only read (Code,
 * Copy): it never runs, and it is no version to compare, restore, edit or download.
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
      binary
        ? html`<button type="button" aria-pressed=${pressed('preview')} @click=${() => on.mode('preview')}>${msg('Preview')}</button>`
        : hasPreview(shown.kind) && !partial
          ? html`<button type="button" aria-pressed=${pressed('preview')} @click=${() => on.mode('preview')}>${msg('Preview')}</button>
          <button type="button" aria-pressed=${pressed('code')} @click=${() => on.mode('code')}>${msg('Code')}</button>`
          : html`<button type="button" aria-pressed=${pressed('code')} @click=${() => on.mode('code')}>${msg('Code')}</button>`
    }
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
    ${runsInSandbox(shown.kind) ? html`<button type="button" ?disabled=${busy || partial} @click=${on.downloadApp}>${msg('Download as app')}</button>` : nothing}
    ${binary ? nothing : html`<button type="button" ?disabled=${busy || partial} @click=${on.openInNewTab}>${msg('Open in new tab')}</button>`}
  </div>`;
}
