import { html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '../l10n';
import {
  SessionDeleteEvent,
  SessionExportEvent,
  SessionMoveEvent,
  SessionPinEvent,
  SessionPurgeEvent,
  SessionRenameEvent,
  SessionSearchEvent,
  SessionSearchPrepareEvent,
  SessionUndoDeleteEvent,
} from './events';
import { arrangeSessions } from './groups';
import type { RowMenuHost } from './row-menu';
import { rowKeyTarget, updateRoving } from './row-navigation';
import { groupName, SidebarRows } from './sidebar-rows';
import { sidebarStyles } from './sidebar-styles';
import { displayTitle, type ProjectSummary, type SessionSearchHit, type SessionSummary } from './types';

/** How long focus waits for a moved or pinned row to show in its new place. */
const FOCUS_WAIT_MS = 3000;
/** How long `Undo` is offered after a delete. */
const UNDO_MS = 10_000;
const SEARCH_DEBOUNCE_MS = 150;

/**
 * The sessions sidebar: a `Search sessions` searchbox, then the pinned sessions, the projects (each a disclosure
 * button with its sessions, `New chat in <name>` and `Edit project <name>`) and the other sessions by date (or
 * the search results), each a link named by its title to `#/s/<id>`. Rename and move to a project happen in
 * place; delete shows an `Undo` notice for ten seconds, then asks for the session to be purged. It shows what it
 * is given and reports what the person does through events (`events.ts`); it never touches storage. Its rows
 * are drawn by its base class (`sidebar-rows.ts`) and moved between by `row-navigation.ts`; the `⋯` menu loads
 * lazily (`row-menu.ts`).
 */
@customElement('easel-sessions-sidebar')
export class EaselSessionsSidebar extends SidebarRows {
  static override styles = sidebarStyles;

  /** The sessions, newest first (deleted ones already left out). */
  @property({ attribute: false }) sessions: readonly SessionSummary[] = [];
  /** The open session, marked `aria-current="page"`. */
  @property({ attribute: false }) currentId: string | undefined;
  /** Results for the current query; `undefined` shows the date groups. */
  @property({ attribute: false }) searchResults: readonly SessionSearchHit[] | undefined;
  /** Records that could not be read, shown as a notice. */
  @property({ attribute: false }) problems: readonly string[] = [];
  /** The time date groups are computed against (tests may pin it). */
  @property({ attribute: false }) now: number | undefined;
  /** The projects, in the order to list them. */
  @property({ attribute: false }) projects: readonly ProjectSummary[] = [];
  /** The project of the open chat (a new chat in a project has one before it is saved). */
  @property({ attribute: false }) currentProjectId: string | undefined;

  @state() private query = '';
  @state() private deleted: { readonly id: string; readonly title: string } | undefined;
  @state() protected editingId: string | undefined;
  @state() protected movingId: string | undefined;
  /** Projects the person opened or closed; the others are open when they hold the open chat. */
  @state() protected expanded: ReadonlyMap<string, boolean> = new Map();
  /** The session whose `⋯` menu is open. */
  @state() protected menuId: string | undefined;
  /** The rows' menu, once loaded (`row-menu.ts`), and why it could not be. */
  @state() private rowMenu: typeof import('./row-menu') | undefined;
  @state() private rowMenuProblem: string | undefined;
  private rowMenuLoading: Promise<void> | undefined;

  @query('input.rename') private renameInput: HTMLInputElement | undefined;
  @query('.move button') private moveButton: HTMLButtonElement | undefined;
  @query('.notice button') private undoButton: HTMLButtonElement | undefined;

  private undoTimer: ReturnType<typeof setTimeout> | undefined;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private searchPrepared = false;
  private focusUndo = false;
  /** Focus the first item of the menu once it is drawn. */
  private focusMenu = false;
  /** The row link last focused: the list's one Tab stop. */
  private activeRow: string | undefined;
  /**
   * After renaming, moving or pinning (or cancelling), focus goes back to this button of the session's row — once
   * the list shows the session where it went (`ready`), since its row is then a new one in another group; if that
   * does not happen within `FOCUS_WAIT_MS` (the change failed), to the row where it is.
   */
  private focusAfterEdit:
    | {
        readonly id: string;
        readonly button: 'rename' | 'move' | 'pin' | 'menu';
        readonly ready?: (session: SessionSummary) => boolean;
        readonly since?: number;
      }
    | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // The rows' menu is one click away: its code loads while the page is idle.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void this.loadRowMenu());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.searchTimer);
    this.purgePending();
  }

  override updated(changed: PropertyValues): void {
    if (changed.has('editingId') && this.editingId && this.renameInput) {
      this.renameInput.focus();
      this.renameInput.select();
    }
    if (changed.has('movingId') && this.movingId) this.moveButton?.focus();
    updateRoving(this.renderRoot, this.activeRow, this.currentId);
    if (this.focusMenu) {
      // Once the menu is drawn (its code may still be loading).
      const first = this.renderRoot.querySelector<HTMLElement>('.row-actions [role="menuitem"]');
      if (first || this.menuId === undefined) this.focusMenu = false;
      first?.focus();
    }
    if (this.focusAfterEdit !== undefined) this.refocusRow();
    if (this.focusUndo && this.undoButton) {
      this.focusUndo = false;
      this.undoButton.focus();
    }
  }

  /** Focuses `New project` (the project it was next to is gone). */
  focusNewProject(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('button.new-project')?.focus();
  }

  /**
   * Puts focus on the pending row button: now, where the row is, and again once the list shows the row in its new
   * place (its old row, and the focus in it, are then gone) — unless the person has moved focus on meanwhile.
   */
  private refocusRow(): void {
    const pending = this.focusAfterEdit;
    if (!pending) return;
    const { id, ready, since } = pending;
    const session = this.sessions.find((s) => s.id === id);
    const waiting = session !== undefined && ready !== undefined && !ready(session);
    const expired = since !== undefined && Date.now() - since > FOCUS_WAIT_MS;
    const inside = this.shadowRoot?.activeElement;
    const lost = document.activeElement === document.body || (document.activeElement === this && !inside);
    if (since === undefined || lost) {
      // The row's action was chosen from its `⋯` menu, which has closed: focus goes back to that button.
      const found = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button[data-menu]')].find(
        (b) => b.dataset.menu === id,
      );
      found?.focus();
    }
    this.focusAfterEdit = waiting && !expired ? { ...pending, since: since ?? Date.now() } : undefined;
  }

  override render() {
    // The groups stay drawn (hidden) while results show: clearing a search then shows them again at once,
    // instead of building hundreds of rows anew.
    const results = this.query.trim() ? this.searchResults : undefined;
    return html`<nav aria-label=${msg('Sessions')}>
      <div class="top">
        <input
          type="search"
          aria-label=${msg('Search sessions')}
          placeholder=${msg('Search sessions')}
          autocomplete="off"
          .value=${this.query}
          @focus=${this.handleSearchFocus}
          @input=${this.handleSearchInput}
          @keydown=${this.handleSearchKeydown}
        />
      </div>
      <div class="list" @keydown=${this.handleListKeydown} @focusin=${this.handleListFocusin}>
        ${this.problems.length > 0 ? html`<p class="problems" role="status">${this.problemText()}</p>` : nothing}
        ${results ? this.renderResults(results) : nothing}
        <div class="groups" ?hidden=${results !== undefined}>${this.renderGroups()}</div>
      </div>
      <div class="notice" role="status">${this.deleted ? this.renderUndo(this.deleted.title) : nothing}</div>
    </nav>`;
  }

  private renderGroups() {
    const visible = this.sessions.filter((s) => s.id !== this.deleted?.id);
    const { pinned, projects, dated } = arrangeSessions(visible, this.projects, this.now ?? Date.now());
    return html`${pinned.length > 0 ? this.renderList('pinned', msg('Pinned'), pinned) : nothing}
      ${this.renderProjects(projects)}
      ${dated.map((group, i) => this.renderList(`group-${i}`, groupName(group.label), group.sessions))}
      ${visible.length === 0 ? html`<p class="empty">${msg('No sessions yet.')}</p>` : nothing}`;
  }

  protected override toggleProject(id: string, open: boolean) {
    this.expanded = new Map([...this.expanded, [id, open]]);
  }

  private renderResults(hits: readonly SessionSearchHit[]) {
    const visible = hits.filter((h) => h.session.id !== this.deleted?.id);
    if (visible.length === 0)
      return html`<p class="empty">${msg(str`No sessions match “${this.query.trim()}”.`)}</p>`;
    return html`<h2 id="results">${msg('Results')}</h2>
      <ul aria-labelledby="results">
        ${repeat(
          visible,
          (h) => h.session.id,
          (h) => this.renderRow(h.session, h.snippet || (h.session.preview ?? '')),
        )}
      </ul>`;
  }

  /** The row's `⋯` menu (`row-menu.ts`), drawn once its code is here; a failed load is said in its place. */
  protected override renderMenu(session: SessionSummary, title: string) {
    if (this.rowMenu) return this.rowMenu.renderRowMenu(this.menuHost, session, title);
    if (this.rowMenuProblem) return html`<p class="menu row-actions" role="alert">${this.rowMenuProblem}</p>`;
    void this.loadRowMenu();
    return nothing;
  }

  /** Loads the rows' menu (while the page is idle, or when one is first opened). */
  private loadRowMenu(): Promise<void> {
    this.rowMenuLoading ??= import('./row-menu').then(
      (module) => {
        this.rowMenu = module;
        this.rowMenuProblem = undefined;
      },
      (error: unknown) => {
        this.rowMenuLoading = undefined;
        const reason = error instanceof Error ? error.message : String(error);
        this.rowMenuProblem = msg(
          str`Easel could not load this menu (${reason}). Check the connection and open it again.`,
        );
      },
    );
    return this.rowMenuLoading;
  }

  private readonly menuHost: RowMenuHost = {
    root: () => this.renderRoot,
    close: (id, refocus) => {
      if (this.menuId !== id) return;
      this.menuId = undefined;
      if (refocus) this.focusAfterEdit = { id, button: 'menu' };
    },
    rename: (id) => this.handleRename(id),
    pin: (session) => this.handlePin(session),
    move: (id) => {
      this.movingId = id;
    },
    exportAs: (id, format) => this.handleExport(id, format),
    remove: (session) => this.handleDelete(session),
  };

  protected override toggleMenu(id: string) {
    this.menuId = this.menuId === id ? undefined : id;
    this.focusMenu = this.menuId !== undefined;
    if (this.menuId !== undefined) this.rowMenuProblem = undefined;
  }

  /**
   * The list is one Tab stop (a roving tabindex): one row's link is in the tab order — the one last focused,
   * else the open session's, else the first — and the arrow keys move between rows (Up, Down, Home, End) and
   * between a row's link and its `⋯` button (Right, Left).
   */
  private handleListKeydown(e: KeyboardEvent) {
    const next = rowKeyTarget(e, this.renderRoot);
    if (!next) return;
    e.preventDefault();
    if (next instanceof HTMLElement) next.focus();
    else this.toggleMenu(next.menu);
  }

  private handleListFocusin(e: FocusEvent) {
    const target = e.composedPath()[0] as HTMLElement;
    const id = target.dataset?.row;
    if (id === undefined) return;
    this.activeRow = id;
    updateRoving(this.renderRoot, this.activeRow, this.currentId);
  }

  protected override handleMoveKeydown(e: KeyboardEvent, session: SessionSummary) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    this.endMove(session);
  }

  protected override commitMove(session: SessionSummary, to: string | undefined, from: string | undefined) {
    if (this.movingId !== session.id) return;
    this.movingId = undefined;
    if (to === from) {
      this.focusAfterEdit = { id: session.id, button: 'move' };
      return;
    }
    // Its row goes with it: the project it went to opens, and focus follows once the list shows it there.
    if (to !== undefined) this.toggleProject(to, true);
    this.focusAfterEdit = { id: session.id, button: 'move', ready: (s) => s.projectId === to };
    this.dispatchEvent(new SessionMoveEvent(session.id, to));
  }

  /** Ends moving without a change; focus goes back to the row's `Move` button. */
  protected override endMove(session: SessionSummary) {
    if (this.movingId !== session.id) return;
    this.movingId = undefined;
    this.focusAfterEdit = { id: session.id, button: 'move' };
  }

  private handlePin(session: SessionSummary) {
    const pin = session.pinnedAt === undefined;
    // Unpinned, it goes back to its project: that opens, so focus can follow.
    if (!pin && session.projectId && this.projects.some((p) => p.id === session.projectId))
      this.toggleProject(session.projectId, true);
    this.focusAfterEdit = { id: session.id, button: 'pin', ready: (s) => (s.pinnedAt !== undefined) === pin };
    this.dispatchEvent(new SessionPinEvent(session.id, pin));
  }

  private renderUndo(title: string) {
    return html`<span>${msg(str`Deleted “${title}”.`)}</span>
      <button type="button" @click=${this.handleUndo}>${msg('Undo')}</button>`;
  }

  private handleSearchFocus() {
    if (this.searchPrepared) return;
    this.searchPrepared = true;
    this.dispatchEvent(new SessionSearchPrepareEvent());
  }

  private handleSearchInput(e: InputEvent) {
    this.query = (e.target as HTMLInputElement).value;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(
      () => this.dispatchEvent(new SessionSearchEvent(this.query.trim())),
      SEARCH_DEBOUNCE_MS,
    );
  }

  private handleSearchKeydown(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !this.query) return;
    e.preventDefault();
    this.query = '';
    clearTimeout(this.searchTimer);
    this.dispatchEvent(new SessionSearchEvent(''));
  }

  private handleRename(id: string) {
    this.editingId = id;
  }

  protected override handleRenameKeydown(e: KeyboardEvent, session: SessionSummary) {
    if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      this.commitRename(session, e.target as HTMLInputElement, true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.editingId = undefined;
      this.focusAfterEdit = { id: session.id, button: 'rename' };
    }
  }

  /** Saves the edited title; `refocus` (Enter) puts focus back on the row, a blur leaves it where it went. */
  protected override commitRename(session: SessionSummary, input: HTMLInputElement, refocus = false) {
    if (this.editingId !== session.id) return;
    this.editingId = undefined;
    if (refocus) this.focusAfterEdit = { id: session.id, button: 'rename' };
    const title = input.value.trim();
    if (title && title !== session.title) this.dispatchEvent(new SessionRenameEvent(session.id, title));
  }

  private handleExport(id: string, format: SessionExportEvent['format']) {
    this.dispatchEvent(new SessionExportEvent(id, format));
  }

  private handleDelete(session: SessionSummary) {
    this.purgePending();
    this.deleted = { id: session.id, title: displayTitle(session) };
    this.focusUndo = true;
    this.dispatchEvent(new SessionDeleteEvent(session.id));
    this.undoTimer = setTimeout(() => this.purgePending(), UNDO_MS);
  }

  private handleUndo() {
    const deleted = this.deleted;
    if (!deleted) return;
    clearTimeout(this.undoTimer);
    this.deleted = undefined;
    this.dispatchEvent(new SessionUndoDeleteEvent(deleted.id));
  }

  /** Ends the undo window of the last delete, if any: the session goes for good. */
  private purgePending() {
    clearTimeout(this.undoTimer);
    const deleted = this.deleted;
    if (!deleted) return;
    this.deleted = undefined;
    this.dispatchEvent(new SessionPurgeEvent(deleted.id));
  }

  private problemText(): string {
    const n = this.problems.length;
    return msg(
      str`${n} saved record${n === 1 ? '' : 's'} could not be read and ${n === 1 ? 'was' : 'were'} skipped: ${this.problems[0]}`,
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-sessions-sidebar': EaselSessionsSidebar;
  }
}
