/** Parts of the artifacts panel that are plain templates: the tab list and the toolbar. */
import { html, nothing } from 'lit';
import { hasPreview, type PanelMode, type ShownFile, type TabView, versionLabel } from './panel-view';

export interface TabHandlers {
  select(filename: string): void;
  keydown(e: KeyboardEvent): void;
}

/** The `tablist`: one `tab` per file, named by the file name; a dot marks a file being written. */
export function renderTabs(tabs: readonly TabView[], active: string | undefined, on: TabHandlers) {
  return html`<div role="tablist" aria-label="Files" @keydown=${on.keydown}>
    ${tabs.map(
      (tab, i) => html`<button
        type="button"
        role="tab"
        id=${`tab-${i}`}
        aria-selected=${tab.filename === active ? 'true' : 'false'}
        aria-controls="file-panel"
        tabindex=${tab.filename === active ? 0 : -1}
        @click=${() => on.select(tab.filename)}
      >${tab.filename}${tab.streaming ? html`<span class="writing" aria-hidden="true" title="Being written"></span>` : nothing}</button>`,
    )}
  </div>`;
}

export interface ToolbarState {
  readonly shown: ShownFile;
  readonly mode: PanelMode;
  readonly editing: boolean;
  readonly copied: boolean;
}

export interface ToolbarHandlers {
  mode(mode: PanelMode): void;
  version(e: Event): void;
  restore(): void;
  edit(): void;
  copy(): void;
  download(): void;
  openInNewTab(): void;
}

/** View switches, versions, and what can be done with the file shown. */
export function renderToolbar(state: ToolbarState, on: ToolbarHandlers) {
  const { shown, mode, editing } = state;
  const { file, version } = shown;
  const busy = shown.streaming;
  const pressed = (m: PanelMode) => (mode === m ? 'true' : 'false');
  return html`<div class="toolbar" role="toolbar" aria-label="File actions">
    ${
      hasPreview(shown.kind)
        ? html`<button type="button" aria-pressed=${pressed('preview')} @click=${() => on.mode('preview')}>Preview</button>
          <button type="button" aria-pressed=${pressed('code')} @click=${() => on.mode('code')}>Code</button>`
        : html`<button type="button" aria-pressed=${pressed('code')} @click=${() => on.mode('code')}>Code</button>`
    }
    ${
      file && !busy
        ? html`<button type="button" aria-pressed=${pressed('changes')} @click=${() => on.mode('changes')}>Changes</button>`
        : nothing
    }
    ${
      file && version && !busy && file.versions.length > 1
        ? html`<select aria-label="Version" .value=${String(version.version)} @change=${on.version} ?disabled=${editing}>
            ${[...file.versions]
              .reverse()
              .map(
                (v) =>
                  html`<option value=${String(v.version)} ?selected=${v === version}>${versionLabel(v, v === file.current)}</option>`,
              )}
          </select>`
        : nothing
    }
    ${!shown.latest && file && !busy ? html`<button type="button" @click=${on.restore}>Restore this version</button>` : nothing}
    ${mode === 'code' && shown.latest && !editing ? html`<button type="button" @click=${on.edit}>Edit</button>` : nothing}
    ${busy ? html`<span class="status">Writing…</span>` : nothing}
    <span class="spacer"></span>
    <button type="button" @click=${on.copy}>${state.copied ? 'Copied' : 'Copy'}</button>
    <button type="button" ?disabled=${busy} @click=${on.download}>Download</button>
    <button type="button" ?disabled=${busy} @click=${on.openInNewTab}>Open in new tab</button>
  </div>`;
}
