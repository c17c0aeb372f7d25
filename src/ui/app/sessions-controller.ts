/** `SessionsController`: the app shell's sessions — list, search, the open one's address and save status. */
import type { ReactiveControllerHost } from 'lit';
import { assertNever, errorText } from '../../agent';
import type { SaveStatus, SessionLibrary, SessionRecord, SessionSaver, StorageLoss } from '../../storage';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import { msg, str } from '../l10n';
import { type SessionSearchHit, sessionHref } from '../sessions';
import { RecoveryActions } from './recovery-actions';
import { refreshThrottle } from './refresh-throttle';
import { SessionRouter } from './session-router';
import {
  attempt,
  download,
  exportProblems,
  failure,
  problemsNotice,
  type SessionsShared,
} from './sessions-shared';
import { StorageActions } from './storage-actions';

/** How long a deleted session can be brought back with Undo before it is purged. */
const UNDO_WINDOW = 60_000;
/** Least time between two reads of the list for other writers' changes. */
const REFRESH_GAP_MS = 250;

/**
 * Sessions for the app shell: the sidebar's list and search, the URL (`#/s/<id>`) naming the open session
 * (`router`: reload, back/forward and bookmarks work), the saver's status (saved, quota, errors, deleted in
 * another tab), the choices when the open conversation is not saved (`recovery`) and the storage settings
 * (`storage`). Whatever the person asks for that fails is reported — in `notice`, or in
 * `storage.storageProblem` for the storage settings — never dropped.
 */
export class SessionsController implements SessionsShared {
  sessions: readonly SessionRecord[] = [];
  searchResults: readonly SessionSearchHit[] | undefined;
  problems: readonly string[] = [];
  /** A problem with saving or opening, shown as an alert; cleared when it is resolved. */
  notice = '';

  readonly router = new SessionRouter(this, (id) => this.sessions.some((s) => s.id === id));
  /** `Restore`, `Save as new chat`, `Save it again`, `Download this conversation`, `Reload`. */
  readonly recovery = new RecoveryActions(this);
  /** Health, `Export all`, `Import` and `Keep my data`, for the storage settings. */
  readonly storage = new StorageActions(this, () => this.refresh());

  private libraryRef: SessionLibrary | undefined;
  private saverRef: SessionSaver | undefined;
  private searchSeq = 0;
  /**
   * One refresh for a burst of changes (an import posts one notice per session), and while other writers keep
   * posting (a sync landing batches), at most one every `REFRESH_GAP_MS`.
   */
  private readonly refreshSoon = refreshThrottle(() => void this.refresh(), REFRESH_GAP_MS);

  /** Subscribed while the host is connected; a host put back into the page follows again. */
  private readonly subscriptions = new SubscriptionController(this.host, () => {
    const { library, saver } = this;
    if (!library || !saver) return [];
    return [
      saver.subscribe((status) => this.handleStatus(status)),
      // Other tabs' changes keep the list current too (this tab's own saves arrive as saver statuses).
      library.subscribe((n) => n.writer !== saver.writer && this.refreshSoon()),
      listen(window, 'hashchange', () => void this.router.route()),
    ];
  });

  /**
   * `streaming` says whether an answer is streaming: the host then renders often anyway, and the saves of the
   * answer (every half second) need no render of their own.
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly streaming: () => boolean = () => false,
  ) {}

  get library(): SessionLibrary | undefined {
    return this.libraryRef;
  }

  get saver(): SessionSaver | undefined {
    return this.saverRef;
  }

  get currentId(): string | undefined {
    return this.saverRef?.sessionId;
  }

  /**
   * The open session was deleted in another tab: nothing is saved for it until the person chooses `Restore`
   * or `Save as new chat` (`recovery`; the app says so, with both buttons).
   */
  get openDeleted(): boolean {
    return this.saverRef?.deletedElsewhere ?? false;
  }

  /** Stored data was cleared, or Easel was updated in another tab: the open conversation is not saved. */
  get storageLost(): StorageLoss | undefined {
    return this.saverRef?.storageLost;
  }

  /** Follows `library` and `saver` (the host calls this when its services are set). */
  connect(library: SessionLibrary, saver: SessionSaver): void {
    if (library === this.libraryRef && saver === this.saverRef) return;
    this.libraryRef = library;
    this.saverRef = saver;
    this.subscriptions.refresh();
    library.purgeDeleted(UNDO_WINDOW).then(
      () => this.refresh(),
      (error: unknown) => this.report(msg(str`Deleted sessions could not be cleared: ${errorText(error)}`)),
    );
    void this.router.route();
  }

  /** Reads the session list again (metadata only). */
  async refresh(): Promise<void> {
    const library = this.libraryRef;
    if (!library) return;
    try {
      const { sessions, problems } = await library.list();
      this.sessions = sessions;
      this.problems = problems;
    } catch (error) {
      this.notice = failure(msg('Reading the list of sessions'), error);
    }
    this.host.requestUpdate();
  }

  async search(query: string): Promise<void> {
    const seq = ++this.searchSeq;
    const library = this.libraryRef;
    if (!query.trim() || !library) {
      this.searchResults = undefined;
    } else {
      try {
        const result = await library.search(query);
        if (seq !== this.searchSeq) return;
        this.searchResults = result.hits;
      } catch (error) {
        if (seq !== this.searchSeq) return;
        this.notice = failure(msg('Search'), error);
      }
    }
    this.host.requestUpdate();
  }

  prepareSearch(): void {
    this.libraryRef?.prepareSearch().catch((error: unknown) => this.report(failure(msg('Search'), error)));
  }

  async rename(id: string, title: string): Promise<void> {
    await attempt(this, msg('Renaming'), async (library) => {
      await library.rename(id, title);
    });
    await this.refresh();
  }

  async move(id: string, projectId: string | undefined): Promise<void> {
    await attempt(this, msg('Moving the session'), async (library) => {
      await library.moveToProject(id, projectId);
      if (id === this.currentId) this.saverRef?.placeIn(projectId);
    });
    await this.refresh();
  }

  async pin(id: string, pinned: boolean): Promise<void> {
    await attempt(this, pinned ? msg('Pinning') : msg('Unpinning'), async (library) => {
      await library.pin(id, pinned);
    });
    await this.refresh();
  }

  async delete(id: string): Promise<void> {
    await attempt(this, msg('Deleting'), async (library) => {
      await library.delete(id);
      if (id === this.currentId) this.router.newChat();
    });
    await this.refresh();
  }

  async undoDelete(id: string): Promise<void> {
    await attempt(this, msg('Undo'), async (library) => {
      await library.restore(id);
    });
    await this.refresh();
  }

  /** The undo notice for a deleted session closed: remove it for good (unless it was restored meanwhile). */
  async purge(id: string): Promise<void> {
    await attempt(this, msg('Removing the deleted session'), async (library) => {
      await library.purge(id);
    });
  }

  async exportSession(id: string, format: 'json' | 'markdown' | 'zip'): Promise<void> {
    await attempt(this, msg('Export'), async (library) => {
      const file =
        format === 'zip'
          ? await library.exportZip(id)
          : format === 'json'
            ? await library.exportJson([id])
            : await library.exportMarkdown(id);
      if (!file) throw new Error('the session is no longer there');
      download(file.fileName, file.mimeType, 'blob' in file ? file.blob : file.text);
      if (file.problems.length > 0) this.report(exportProblems(file.problems));
    });
  }

  /** Saves what is pending now (the page is being hidden or closed). */
  flush(): void {
    void this.saverRef?.flush();
  }

  report(text: string): void {
    this.notice = text;
    this.host.requestUpdate();
  }

  requestUpdate(): void {
    this.host.requestUpdate();
  }

  private handleStatus(status: SaveStatus): void {
    switch (status.kind) {
      case 'saved': {
        // A write that landed just as another tab deleted the session: it stays out of the list.
        if (status.session.deletedAt !== undefined) break;
        // Saved: a "not saved" notice is over, and so is one about the link that led to this new session.
        const notice = this.notice;
        if (this.notice.startsWith(msg(str`Not saved yet: ${''}`)) || status.created) this.notice = '';
        if (status.created) {
          history.replaceState(null, '', sessionHref(status.session.id));
          void this.libraryRef?.requestPersistence();
        }
        const first = this.sessions[0];
        this.sessions = [status.session, ...this.sessions.filter((s) => s.id !== status.session.id)];
        // A save while the answer streams that moves nothing in the list (the session is already first, under
        // the same title) is shown by the app's next render: the stream's updates render the conversation alone,
        // but the app renders again when the streaming message ends, is followed by a tool's, or the run ends.
        const shownSoon =
          this.streaming() &&
          notice === this.notice &&
          first?.id === status.session.id &&
          first.title === status.session.title;
        if (shownSoon) return;
        break;
      }
      case 'quota':
      case 'error':
        this.notice = msg(str`Not saved yet: ${status.message}`);
        break;
      case 'merged':
        if (status.problems.length > 0) this.notice = problemsNotice(status.problems);
        break;
      case 'deleted':
        // The app shows `openDeleted` as its own notice, with `Restore` and `Save as new chat`.
        break;
      case 'lost':
        // The app shows `storageLost` as its own notice; a notice about failed writes is over.
        if (this.notice.startsWith(msg(str`Not saved yet: ${''}`))) this.notice = '';
        // Cleared: the list is read again once the database is open again (it is empty then).
        if (status.reason === 'cleared')
          void this.saverRef?.storageReady().then(
            () => this.refresh(),
            () => {},
          );
        break;
      case 'restored':
        // Restored here (this tab's own notices do not refresh the list) or saved as a new session.
        void this.refresh();
        break;
      default:
        assertNever(status);
    }
    this.host.requestUpdate();
  }
}
