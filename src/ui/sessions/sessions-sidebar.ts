import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  SessionDeleteEvent,
  SessionExportEvent,
  SessionPurgeEvent,
  SessionRenameEvent,
  SessionSearchEvent,
  SessionSearchPrepareEvent,
  SessionUndoDeleteEvent,
} from './events';
import { groupByDate } from './groups';
import { sessionHref } from './route';
import { sidebarStyles } from './sidebar-styles';
import { displayTitle, type SessionSearchHit, type SessionSummary } from './types';

/** How long `Undo` is offered after a delete. */
const UNDO_MS = 10_000;
const SEARCH_DEBOUNCE_MS = 150;

/**
 * The sessions sidebar: `New chat`, a `Search sessions` searchbox, and the sessions grouped by date (or the
 * search results), each a link named by its title to `#/s/<id>`. Rename happens in place; delete shows an
 * `Undo` notice for ten seconds, then asks for the session to be purged. It shows what it is given and
 * reports what the person does through events (`events.ts`); it never touches storage.
 */
@customElement('easel-sessions-sidebar')
export class EaselSessionsSidebar extends LitElement {
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

  @state() private query = '';
  @state() private editingId: string | undefined;
  @state() private deleted: { readonly id: string; readonly title: string } | undefined;

  @query('input.rename') private renameInput: HTMLInputElement | undefined;
  @query('.notice button') private undoButton: HTMLButtonElement | undefined;

  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private undoTimer: ReturnType<typeof setTimeout> | undefined;
  private focusUndo = false;
  private searchPrepared = false;
  /** After renaming (or cancelling), focus goes back to this session's `Rename` button. */
  private focusRenameOf: string | undefined;

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
    if (this.focusRenameOf !== undefined) {
      const id = this.focusRenameOf;
      this.focusRenameOf = undefined;
      const button = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button[data-rename]')].find(
        (b) => b.dataset.rename === id,
      );
      button?.focus();
    }
    if (this.focusUndo && this.undoButton) {
      this.focusUndo = false;
      this.undoButton.focus();
    }
  }

  override render() {
    return html`<nav aria-label="Sessions">
      <div class="top">
        <input
          type="search"
          aria-label="Search sessions"
          placeholder="Search sessions"
          autocomplete="off"
          .value=${this.query}
          @focus=${this.handleSearchFocus}
          @input=${this.handleSearchInput}
          @keydown=${this.handleSearchKeydown}
        />
      </div>
      <div class="list">
        ${this.problems.length > 0 ? html`<p class="problems" role="status">${this.problemText()}</p>` : nothing}
        ${this.searchResults !== undefined && this.query.trim() ? this.renderResults(this.searchResults) : this.renderGroups()}
      </div>
      <div class="notice" role="status">${this.deleted ? this.renderUndo(this.deleted.title) : nothing}</div>
    </nav>`;
  }

  private renderGroups() {
    const visible = this.sessions.filter((s) => s.id !== this.deleted?.id);
    if (visible.length === 0) return html`<p class="empty">No sessions yet.</p>`;
    return groupByDate(visible, this.now ?? Date.now()).map(
      (group, i) => html`<h2 id=${`group-${i}`}>${group.label}</h2>
        <ul aria-labelledby=${`group-${i}`}>
          ${repeat(
            group.sessions,
            (s) => s.id,
            (s) => this.renderRow(s, s.preview ?? ''),
          )}
        </ul>`,
    );
  }

  private renderResults(hits: readonly SessionSearchHit[]) {
    const visible = hits.filter((h) => h.session.id !== this.deleted?.id);
    if (visible.length === 0) return html`<p class="empty">No sessions match “${this.query.trim()}”.</p>`;
    return html`<h2 id="results">Results</h2>
      <ul aria-labelledby="results">
        ${repeat(
          visible,
          (h) => h.session.id,
          (h) => this.renderRow(h.session, h.snippet || (h.session.preview ?? '')),
        )}
      </ul>`;
  }

  private renderRow(session: SessionSummary, sub: string) {
    const title = displayTitle(session);
    const current = session.id === this.currentId;
    if (session.id === this.editingId) {
      return html`<li class=${current ? 'current' : ''}>
        <input
          class="rename"
          aria-label=${`New title for ${title}`}
          .value=${session.title}
          @keydown=${(e: KeyboardEvent) => this.handleRenameKeydown(e, session)}
          @blur=${(e: FocusEvent) => this.commitRename(session, e.target as HTMLInputElement)}
        />
      </li>`;
    }
    return html`<li class=${current ? 'current' : ''}>
      <a href=${sessionHref(session.id)} aria-current=${current ? 'page' : nothing} title=${title}>${title}</a>
      <div class="sub">${sub}</div>
      <div class="actions">
        <button
          type="button"
          data-rename=${session.id}
          aria-label=${`Rename ${title}`}
          title="Rename"
          @click=${() => this.handleRename(session.id)}
        >
          Rename
        </button>
        <button type="button" aria-label=${`Export ${title}`} title="Download as an Easel file" @click=${() => this.handleExport(session.id, 'json')}>
          Export
        </button>
        <button type="button" aria-label=${`Export ${title} as Markdown`} title="Download as Markdown" @click=${() => this.handleExport(session.id, 'markdown')}>
          Markdown
        </button>
        <button type="button" aria-label=${`Export ${title} with files`} title="Download as a zip with its files" @click=${() => this.handleExport(session.id, 'zip')}>
          Files
        </button>
        <button type="button" class="danger" aria-label=${`Delete ${title}`} title="Delete" @click=${() => this.handleDelete(session)}>
          Delete
        </button>
      </div>
    </li>`;
  }

  private renderUndo(title: string) {
    return html`<span>Deleted “${title}”.</span>
      <button type="button" @click=${this.handleUndo}>Undo</button>`;
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

  private handleRenameKeydown(e: KeyboardEvent, session: SessionSummary) {
    if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      this.commitRename(session, e.target as HTMLInputElement, true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.editingId = undefined;
      this.focusRenameOf = session.id;
    }
  }

  /** Saves the edited title; `refocus` (Enter) puts focus back on the row, a blur leaves it where it went. */
  private commitRename(session: SessionSummary, input: HTMLInputElement, refocus = false) {
    if (this.editingId !== session.id) return;
    this.editingId = undefined;
    if (refocus) this.focusRenameOf = session.id;
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
    return `${n} saved record${n === 1 ? '' : 's'} could not be read and ${n === 1 ? 'was' : 'were'} skipped: ${this.problems[0]}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-sessions-sidebar': EaselSessionsSidebar;
  }
}
