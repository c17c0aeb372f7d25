/** `<easel-artifacts-panel>`: the `Artifacts` region — a tab per file, its toolbar, viewer and console. */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import {
  type ArtifactChange,
  type ArtifactStore,
  EMPTY_LOG,
  entryOf,
  type PreviewLog,
  runsInSandbox,
  withEntry,
} from '../../artifacts';
import { CopyFeedback } from '../controllers/copy-feedback';
import { formatBytes } from '../format';
import { loadRenderer } from '../markdown/renderer-loader';
import type { EaselArtifactPreview } from './artifact-preview';
import {
  ArtifactRestoreEvent,
  ArtifactsCloseEvent,
  type PreviewMessageEvent,
  type PreviewStartEvent,
} from './events';
import { downloadArtifact, openArtifactInNewTab, saveBlob } from './file-actions';
import { type AppDataQuestion, renderAppDataQuestion, renderHeader, renderToolbar } from './panel-parts';
import { panelStyles } from './panel-styles';
import {
  fallbackTab,
  INCOMPLETE,
  modeShown,
  type PanelMode,
  type Selection,
  type ShownFile,
  shownFile,
  tabForKey,
  tabsOf,
} from './panel-view';
import type { PreviewHost } from './preview-host';
import { PreviewRuntime } from './preview-runtime';
import { ArtifactStoreController } from './store-controller';
import { renderViewer } from './viewers';
import './artifact-console';
import { errorText } from '../../agent';
import { msg, str } from '../l10n';

/**
 * The artifacts panel: the `region` named `Artifacts`, a tab per file, the file's preview, code or changes,
 * its versions, its console, and what can be done with it.
 *
 * It follows the store: when a call starts writing a file, that file is shown (growing); when the model
 * changes a file, that file is shown; when a file is deleted, its tab goes. Changes the person makes go up
 * as events (`artifact-edit`, `artifact-restore`, `artifact-fix`, `artifacts-close`); the panel changes
 * nothing itself.
 */
@customElement('easel-artifacts-panel')
export class EaselArtifactsPanel extends LitElement {
  static override styles = panelStyles;

  /** The artifacts to show. */
  @property({ attribute: false }) store: ArtifactStore | undefined;
  /** Keeps the consoles the `artifacts` tool reads; the panel reports what its preview prints. */
  @property({ attribute: false }) previewHost: PreviewHost | undefined;
  /** Whether the panel covers the whole window. */
  @property({ type: Boolean, reflect: true }) fullscreen = false;

  @state() private active: string | undefined;
  @state() private mode: PanelMode = 'preview';
  @state() private selectedVersion: Selection;
  @state() private editing = false;
  /** Why the last `Open in new tab` failed; `''` when it did not. */
  @state() private openFailed = '';
  /** `Download as app` of a file that stores data asks whether to include it. */
  @state() private appData: AppDataQuestion | undefined;
  /** What the preview on screen printed (any version). */
  @state() private localLog: PreviewLog = EMPTY_LOG;
  /** Whether the header's `⋯` menu is open. */
  @state() private menuOpen = false;

  private readonly storeController = new ArtifactStoreController(this);
  /** What the Copy button says for a moment after a copy. */
  private readonly copied = new CopyFeedback(this);
  private offHost: (() => void) | undefined;
  /** The preview on screen shows the file's current version, so its console is the file's console. */
  private previewIsCurrent = false;
  private ownRuntime: PreviewRuntime | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('keydown', this.handleHostKeydown);
    document.addEventListener('pointerdown', this.handleOutsidePointer, true);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.handleHostKeydown);
    document.removeEventListener('pointerdown', this.handleOutsidePointer, true);
    this.offHost?.();
    this.offHost = undefined;
    this.previewHost?.live.detached();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store')) this.storeController.store = this.store;
    if (changed.has('previewHost') || (this.previewHost && !this.offHost)) {
      this.offHost?.();
      this.offHost = this.previewHost?.subscribe(() => this.requestUpdate());
    }
    for (const change of this.storeController.takeChanges()) this.follow(change);
    const snapshot = this.storeController.snapshot;
    if (!this.active || !tabsOf(snapshot).some((t) => t.filename === this.active)) {
      this.editing = false; // the file being edited is gone
      this.select(fallbackTab(snapshot));
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('previewHost')) changed.get('previewHost')?.live.detached();
    this.previewHost?.live.showing(this.previewShows());
  }

  /**
   * The file whose preview is on screen, when it shows the file's newest version or its stream. Not while
   * the panel is hidden: a page laid out at no size says other things than one on screen.
   */
  private previewShows(): string | undefined {
    if (this.hidden) return undefined;
    const shown = this.active
      ? shownFile(this.storeController.snapshot, this.active, this.selectedVersion)
      : undefined;
    if (!shown || !runsInSandbox(shown.kind) || !(shown.latest || shown.streaming)) return undefined;
    return modeShown(shown, this.mode, this.editing) === 'preview' ? shown.filename : undefined;
  }

  override render() {
    const snapshot = this.storeController.snapshot;
    const tabs = tabsOf(snapshot);
    const shown = this.active ? shownFile(snapshot, this.active, this.selectedVersion) : undefined;
    return html`<section role="region" aria-label=${msg('Artifacts')}>
      ${renderHeader(
        {
          tabs,
          active: this.active,
          shown,
          mode: shown ? modeShown(shown, this.mode, this.editing) : this.mode,
          fullscreen: this.fullscreen,
          menuOpen: this.menuOpen,
        },
        {
          select: (f) => this.select(f),
          keydown: (e) => this.handleTabKeydown(e),
          mode: (m) => this.setMode(m),
          fullscreen: () => this.fromMenu(() => this.handleFullscreen()),
          close: () => this.handleClose(),
          menu: () => this.handleMenu(),
          menuKeydown: (e) => this.handleMenuKeydown(e),
          downloadApp: () => this.fromMenu(() => shown && void this.handleDownloadApp(shown)),
          openInNewTab: () => this.fromMenu(() => shown && this.handleOpen(shown)),
        },
      )}
      ${
        shown
          ? this.renderFile(
              shown,
              tabs.findIndex((t) => t.filename === shown.filename),
            )
          : html`<p class="empty">${msg('No files yet.')}</p>`
      }
    </section>`;
  }

  private renderFile(shown: ShownFile, index: number) {
    const mode = modeShown(shown, this.mode, this.editing);
    return html`${renderToolbar(
      { shown, mode, editing: this.editing, copyLabel: this.copied.text },
      {
        mode: (m) => this.setMode(m),
        version: (e) => this.handleVersion(e),
        restore: () => this.handleRestore(shown),
        edit: () => this.handleEdit(),
        copy: () => this.copied.copy(shown.content),
        download: () => downloadArtifact(shown.filename, shown.kind, shown.content, shown.binary),
      },
    )}
      ${this.appData ? renderAppDataQuestion(this.appData, formatBytes(this.appData.bytes)) : nothing}
      ${this.openFailed ? html`<p class="note" role="alert">${this.openFailed}</p>` : nothing}
      <div role="tabpanel" id="file-panel" aria-labelledby=${`tab-${index}`}>
        ${renderViewer(shown, mode, this.editing, this.runtime(), {
          previewStart: (e) => this.handlePreviewStart(e),
          previewMessage: (e) => this.handlePreviewMessage(e),
          editCancel: () => this.handleEditDone(),
          editSave: () => this.handleEditSave(),
        })}
        ${
          runsInSandbox(shown.kind) && !shown.streaming && !shown.incomplete && !this.editing
            ? html`<easel-artifact-console .filename=${shown.filename} .log=${this.consoleFor(shown, mode)} .apps=${this.previewHost?.runtime.apps}></easel-artifact-console>`
            : nothing
        }
      </div>`;
  }

  private handleVersion(e: Event) {
    const raw = (e.target as HTMLSelectElement).value;
    const value = Number(raw);
    this.selectedVersion = raw === INCOMPLETE ? INCOMPLETE : Number.isFinite(value) ? value : undefined;
  }

  private handleRestore(shown: ShownFile) {
    if (shown.version) this.dispatchEvent(new ArtifactRestoreEvent(shown.filename, shown.version.version));
    this.selectedVersion = undefined;
  }

  private handleEdit() {
    this.editing = true;
    void this.updateComplete.then(() => this.renderRoot.querySelector('easel-artifact-editor')?.focus());
  }

  private handleEditSave() {
    // The event goes on up to whoever applies it; the editor closes.
    this.handleEditDone();
  }

  private handleEditDone() {
    this.editing = false;
    this.selectedVersion = undefined;
  }

  private handleOpen(shown: ShownFile) {
    this.openFailed = '';
    this.openInNewTab(shown).catch((error: unknown) => {
      const reason = errorText(error);
      this.openFailed = msg(str`${shown.filename} could not be opened in a new tab: ${reason}`);
    });
  }

  /** Saves the file as an app; when it stores data, first asks whether the app starts with it. */
  private async handleDownloadApp(shown: ShownFile) {
    this.openFailed = '';
    // A question still open is answered `Cancel`.
    this.appData?.answer(undefined);
    if (!runsInSandbox(shown.kind)) return;
    const apps = this.previewHost?.runtime.apps;
    const usage = apps ? await apps.usage(shown.filename).catch(() => undefined) : undefined;
    const include =
      apps && usage && usage.keys > 0
        ? await new Promise<boolean | undefined>((resolve) => {
            const question: AppDataQuestion = {
              ...usage,
              answer: (answer) => {
                if (this.appData === question) this.appData = undefined;
                resolve(answer);
              },
            };
            this.appData = question;
          })
        : false;
    if (include === undefined) return;
    const name = `${shown.filename.replace(/\.[^.]+$/, '')}.app.html`;
    try {
      // The file maker loads with the first app saved: it is not needed on the first screen.
      const { buildAppFile, readStoredData } = await import('./app-file');
      const data = include && apps ? await readStoredData(apps, shown.filename) : [];
      saveBlob(name, await buildAppFile(this.runtime(), shown.filename, shown.content, shown.kind, data));
    } catch (error) {
      const reason = errorText(error);
      this.openFailed = msg(str`${shown.filename} could not be saved as an app: ${reason}`);
    }
  }

  private async openInNewTab(shown: ShownFile): Promise<void> {
    const rendered =
      shown.kind === 'markdown' ? (await loadRenderer()).renderMarkdown(shown.content) : undefined;
    openArtifactInNewTab(this.runtime(), shown.filename, shown.kind, shown.content, rendered);
  }

  /** The preview runtime: the host's (one per app), or one of the panel's own when it has no host. */
  private runtime(): PreviewRuntime {
    if (this.previewHost) return this.previewHost.runtime;
    this.ownRuntime ??= new PreviewRuntime();
    return this.ownRuntime;
  }

  private handlePreviewStart(e: PreviewStartEvent) {
    const file = this.store?.get(e.filename);
    const streaming = this.store?.snapshot.streaming.some((s) => s.filename === e.filename) ?? true;
    this.localLog = EMPTY_LOG;
    this.previewIsCurrent = !streaming && file?.current.content === e.content;
    if (this.previewIsCurrent) this.previewHost?.liveStarted(e.filename);
    this.previewHost?.live.started(e.filename, e.content, e.target as EaselArtifactPreview);
  }

  private handlePreviewMessage(e: PreviewMessageEvent) {
    const entry = entryOf(e.message);
    if (entry) this.localLog = withEntry(this.localLog, entry);
    if (this.previewIsCurrent) this.previewHost?.liveMessage(e.filename, e.message);
    this.previewHost?.live.message(e.message);
  }

  private handleTabKeydown(e: KeyboardEvent) {
    const next = tabForKey(tabsOf(this.storeController.snapshot), this.active, e.key);
    if (next === undefined) return;
    e.preventDefault();
    this.select(next);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    );
  }

  /** Opens or closes the `⋯` menu; open, its first item takes the focus. */
  private handleMenu() {
    this.menuOpen = !this.menuOpen;
    if (!this.menuOpen) return;
    void this.updateComplete.then(() => this.menuItems()[0]?.focus());
  }

  /** Arrow keys, Home and End move through the menu; Escape closes it, focus back on `⋯`; Tab closes it. */
  private handleMenuKeydown(e: KeyboardEvent) {
    const items = this.menuItems();
    const at = items.findIndex((i) => i.matches(':focus'));
    const next =
      e.key === 'ArrowDown'
        ? items[(at + 1) % items.length]
        : e.key === 'ArrowUp'
          ? items[(at - 1 + items.length) % items.length]
          : e.key === 'Home'
            ? items[0]
            : e.key === 'End'
              ? items.at(-1)
              : undefined;
    if (next) {
      e.preventDefault();
      next.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.closeMenu(true);
    } else if (e.key === 'Tab') {
      this.closeMenu(false);
    }
  }

  /** Runs a menu item's action once the menu has closed. */
  private fromMenu(run: () => void) {
    this.closeMenu(true);
    run();
  }

  private closeMenu(refocus: boolean) {
    if (!this.menuOpen) return;
    this.menuOpen = false;
    if (refocus)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('button.more')?.focus());
  }

  private menuItems(): HTMLElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[role="menu"] > button')];
  }

  private readonly handleOutsidePointer = (e: PointerEvent) => {
    if (!this.menuOpen) return;
    const wrap = this.renderRoot.querySelector('.menu-wrap');
    if (wrap && !e.composedPath().includes(wrap)) this.closeMenu(false);
  };

  private handleFullscreen() {
    this.fullscreen = !this.fullscreen;
  }

  private handleClose() {
    this.fullscreen = false;
    this.dispatchEvent(new ArtifactsCloseEvent());
  }

  private readonly handleHostKeydown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.fullscreen && !this.editing) this.fullscreen = false;
  };

  private consoleFor(shown: ShownFile, mode: PanelMode): PreviewLog {
    const fromHost = shown.latest ? this.previewHost?.getLogs(shown.filename) : undefined;
    if (mode === 'preview') return this.previewIsCurrent ? (fromHost ?? this.localLog) : this.localLog;
    return fromHost ?? EMPTY_LOG;
  }

  private follow(change: ArtifactChange): void {
    if (change.kind === 'stream' && change.phase === 'begin') this.select(change.filename);
    if (change.kind === 'incomplete' && change.phase === 'left') this.select(change.filename);
    if (change.kind !== 'record') return;
    const { record } = change;
    if (record.action === 'delete') this.previewHost?.forget(record.filename);
    else if (record.author === 'model') this.select(record.filename);
  }

  /** Shows a file's newest version (e.g. when its pill in the conversation is clicked). */
  showFile(filename: string): void {
    if (this.store?.get(filename)) this.select(filename);
  }

  private select(filename: string | undefined): void {
    if (filename === this.active) return;
    if (this.editing && this.active !== undefined) return; // never throw away an edit in progress
    this.active = filename;
    this.selectedVersion = undefined;
    this.localLog = EMPTY_LOG;
    this.previewIsCurrent = false;
  }

  private setMode(mode: PanelMode): void {
    this.mode = mode;
    if (mode !== 'code') this.editing = false;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifacts-panel': EaselArtifactsPanel;
  }
}
