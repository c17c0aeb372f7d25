import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { assertNever } from '../../agent';
import {
  type ImportReport,
  isQuotaError,
  type SaveStatus,
  type SessionLibrary,
  type SessionRecord,
  type SessionSaver,
  type StorageHealth,
  type StorageLoss,
} from '../../storage';
import { SubscriptionController } from '../controllers/subscriptions';
import {
  parseSessionRoute,
  type SessionRecoveryAction,
  type SessionSearchHit,
  sessionHref,
} from '../sessions';

/** How long a deleted session can be brought back with Undo before it is purged. */
const UNDO_WINDOW = 60_000;

/**
 * Sessions for the app shell: the sidebar's list and search, the URL (`#/s/<id>`) naming the open session
 * (reload, back/forward and bookmarks work), the saver's status (saved, quota, errors, deleted in another
 * tab) and storage health. Whatever the person asks for that fails is reported — in `notice`, or in
 * `storageProblem` for the storage settings — never dropped.
 */
export class SessionsController implements ReactiveController {
  sessions: readonly SessionRecord[] = [];
  searchResults: readonly SessionSearchHit[] | undefined;
  problems: readonly string[] = [];
  /** A problem with saving or opening, shown as an alert; cleared when it is resolved. */
  notice = '';
  health: StorageHealth | undefined;
  importReport: ImportReport | undefined;
  /** Why the last `Export all` or `Import` failed, shown in the storage settings until the next one. */
  storageProblem = '';
  busy = false;
  /** `Restore` or `Save as new chat` is under way (for a session deleted in another tab). */
  recovering = false;

  private library: SessionLibrary | undefined;
  private saver: SessionSaver | undefined;
  private searchSeq = 0;
  private refreshQueued = false;
  private readonly handleHashChange = () => void this.route();

  /**
   * `streaming` says whether an answer is streaming: the host then renders often anyway, and the saves of the
   * answer (every half second) need no render of their own.
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly streaming: () => boolean = () => false,
  ) {
    host.addController(this);
  }

  get currentId(): string | undefined {
    return this.saver?.sessionId;
  }

  /**
   * The open session was deleted in another tab: nothing is saved for it until the person chooses
   * `restoreOpen()` or `saveOpenAsNew()` (the app says so, with both buttons).
   */
  get openDeleted(): boolean {
    return this.saver?.deletedElsewhere ?? false;
  }

  /** Stored data was cleared, or Easel was updated in another tab: the open conversation is not saved. */
  get storageLost(): StorageLoss | undefined {
    return this.saver?.storageLost;
  }

  /** Follows `library` and `saver` (the host calls this when its services are set). */
  connect(library: SessionLibrary | undefined, saver: SessionSaver | undefined): void {
    if (library === this.library && saver === this.saver) return;
    this.library = library;
    this.saver = saver;
    this.subscriptions.refresh();
    if (!library || !saver) return;
    library.purgeDeleted(UNDO_WINDOW).then(
      () => this.refresh(),
      (error: unknown) => this.report(`Deleted sessions could not be cleared: ${messageOf(error)}`),
    );
    void this.route();
  }

  /** Subscribed while the host is connected; a host put back into the page follows again. */
  private readonly subscriptions = new SubscriptionController(this.host, () => {
    const { library, saver } = this;
    if (!library || !saver) return [];
    window.addEventListener('hashchange', this.handleHashChange);
    return [
      saver.subscribe((status) => this.handleStatus(status)),
      // Other tabs' changes keep the list current too (this tab's own saves arrive as saver statuses).
      library.subscribe((n) => n.writer !== saver.writer && this.refreshSoon()),
      () => window.removeEventListener('hashchange', this.handleHashChange),
    ];
  });

  hostConnected(): void {}

  hostDisconnected(): void {}

  /** Reads the session list again (metadata only). */
  async refresh(): Promise<void> {
    const library = this.library;
    if (!library) return;
    try {
      const { sessions, problems } = await library.list();
      this.sessions = sessions;
      this.problems = problems;
    } catch (error) {
      this.notice = failure('Reading the list of sessions', error);
    }
    this.host.requestUpdate();
  }

  /** One refresh for a burst of changes (an import posts one notice per session). */
  private refreshSoon(): void {
    if (this.refreshQueued) return;
    this.refreshQueued = true;
    queueMicrotask(() => {
      this.refreshQueued = false;
      void this.refresh();
    });
  }

  newChat(): void {
    if (location.hash === '' || location.hash === '#/') void this.startNew();
    else location.hash = '#/';
  }

  async search(query: string): Promise<void> {
    const seq = ++this.searchSeq;
    const library = this.library;
    if (!query.trim() || !library) {
      this.searchResults = undefined;
    } else {
      try {
        const result = await library.search(query);
        if (seq !== this.searchSeq) return;
        this.searchResults = result.hits;
      } catch (error) {
        if (seq !== this.searchSeq) return;
        this.notice = failure('Search', error);
      }
    }
    this.host.requestUpdate();
  }

  prepareSearch(): void {
    this.library?.prepareSearch().catch((error: unknown) => this.report(failure('Search', error)));
  }

  async rename(id: string, title: string): Promise<void> {
    await this.attempt('Renaming', async (library) => {
      await library.rename(id, title);
    });
    await this.refresh();
  }

  async delete(id: string): Promise<void> {
    await this.attempt('Deleting', async (library) => {
      await library.delete(id);
      if (id === this.currentId) this.newChat();
    });
    await this.refresh();
  }

  async undoDelete(id: string): Promise<void> {
    await this.attempt('Undo', async (library) => {
      await library.restore(id);
    });
    await this.refresh();
  }

  /** The undo notice for a deleted session closed: remove it for good (unless it was restored meanwhile). */
  async purge(id: string): Promise<void> {
    await this.attempt('Removing the deleted session', async (library) => {
      await library.purge(id);
    });
  }

  async exportSession(id: string, format: 'json' | 'markdown'): Promise<void> {
    await this.attempt('Export', async (library) => {
      const file = format === 'json' ? await library.exportJson([id]) : await library.exportMarkdown(id);
      if (!file) throw new Error('the session is no longer there');
      download(file.fileName, file.mimeType, file.text);
      if (file.problems.length > 0) this.report(exportProblems(file.problems));
    });
  }

  async exportAll(): Promise<void> {
    await this.whileBusy('Export', async (library) => {
      const file = await library.exportJson('all');
      download(file.fileName, file.mimeType, file.text);
      if (file.problems.length > 0) this.storageProblem = exportProblems(file.problems);
    });
    await this.loadHealth();
  }

  async import(file: File): Promise<void> {
    await this.whileBusy('Import', async (library) => {
      this.importReport = await library.import(await file.text());
    });
    await this.refresh();
    await this.loadHealth();
  }

  /** A choice in the notice about the open conversation not being saved (`<easel-recovery-notice>`). */
  recover(action: SessionRecoveryAction): Promise<void> {
    switch (action) {
      case 'restore':
        return this.restoreOpen();
      case 'save-as-new':
        return this.saveOpenAsNew();
      case 'save-again':
        return this.saveAgain();
      case 'download':
        return this.downloadOpen();
      case 'reload':
        location.reload();
        return Promise.resolve();
      default:
        return assertNever(action);
    }
  }

  /** `Download this conversation`: the open one, from memory, as a file `Import` reads back. */
  async downloadOpen(): Promise<void> {
    await this.whileRecovering('Downloading the conversation', async (saver) => {
      const file = await saver.downloadOpen();
      if (!file) throw new Error('no conversation is open');
      download(file.fileName, file.mimeType, file.text);
      if (file.problems.length > 0) this.notice = `Downloaded, with a problem: ${firstOf(file.problems)}`;
    });
  }

  /** `Save it again` after stored data was cleared: the open conversation is written anew and saved on. */
  async saveAgain(): Promise<void> {
    await this.whileRecovering('Saving the conversation again', async (saver) => {
      const lostFiles = await saver.saveAgain();
      if (lostFiles.length > 0) {
        const names = lostFiles.map((n) => `"${n}"`).join(', ');
        this.notice = `Saved again, but these files were lost with the stored data: ${names}. Attach them again if Claude still needs them.`;
      }
    });
  }

  /** `Restore` for the open session deleted in another tab: it comes back with what was written since. */
  async restoreOpen(): Promise<void> {
    await this.whileRecovering('Restoring the conversation', (saver) => saver.restore());
  }

  /** `Save as new chat` for the open session deleted in another tab: what this tab holds becomes a new one. */
  async saveOpenAsNew(): Promise<void> {
    await this.whileRecovering('Saving as a new chat', (saver) => saver.saveAsNew());
  }

  async persist(): Promise<void> {
    await this.attempt('Keeping the data', async (library) => {
      await library.requestPersistence();
    });
    await this.loadHealth();
  }

  async loadHealth(): Promise<void> {
    try {
      this.health = await this.library?.health();
    } catch (error) {
      this.report(`Storage could not be checked: ${messageOf(error)}`);
      return;
    }
    this.host.requestUpdate();
  }

  /** Saves what is pending now (the page is being hidden or closed). */
  flush(): void {
    void this.saver?.flush();
  }

  /** Opens what the URL names; never rejects (a failure is reported). */
  private async route(): Promise<void> {
    const saver = this.saver;
    if (!saver) return;
    try {
      await this.follow(saver, parseSessionRoute(location.hash));
    } catch (error) {
      this.notice = failure('Opening the session', error);
    }
    this.host.requestUpdate();
  }

  private async follow(saver: SessionSaver, route: ReturnType<typeof parseSessionRoute>): Promise<void> {
    if (route.kind === 'new') {
      // A notice about the session left behind goes with it; one about unsaved writes stays until they save.
      if (!this.notice.startsWith('Not saved')) this.notice = '';
      const open = saver.sessionId;
      // The chat shown is a new one unless it is saved (listed) or was deleted in another tab meanwhile.
      if (open === undefined || saver.deletedElsewhere || this.sessions.some((s) => s.id === open)) {
        await this.startNew();
      }
      return;
    }
    if (route.id === saver.sessionId) return;
    const result = await saver.open(route.id);
    if (result.kind === 'not-found') {
      this.notice = result.message;
      await saver.startNew();
    } else if (result.kind === 'opened') {
      this.notice = result.problems.length > 0 ? problemsNotice(result.problems) : '';
    }
  }

  private async startNew(): Promise<void> {
    await this.saver?.startNew();
    this.host.requestUpdate();
  }

  private handleStatus(status: SaveStatus): void {
    switch (status.kind) {
      case 'saved': {
        // A write that landed just as another tab deleted the session: it stays out of the list.
        if (status.session.deletedAt !== undefined) break;
        // Saved: a "not saved" notice is over, and so is one about the link that led to this new session.
        const notice = this.notice;
        if (this.notice.startsWith('Not saved') || status.created) this.notice = '';
        if (status.created) {
          history.replaceState(null, '', sessionHref(status.session.id));
          void this.library?.requestPersistence();
        }
        const first = this.sessions[0];
        this.sessions = [status.session, ...this.sessions.filter((s) => s.id !== status.session.id)];
        // A save while the answer streams that moves nothing in the list (the session is already first, under
        // the same title) is shown by the stream's next render, which comes within a fifth of a second.
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
        this.notice = `Not saved yet: ${status.message}`;
        break;
      case 'merged':
        if (status.problems.length > 0) this.notice = problemsNotice(status.problems);
        break;
      case 'deleted':
        // The app shows `openDeleted` as its own notice, with `Restore` and `Save as new chat`.
        break;
      case 'lost':
        // The app shows `storageLost` as its own notice; a notice about failed writes is over.
        if (this.notice.startsWith('Not saved')) this.notice = '';
        // Cleared: the list is read again once the database is open again (it is empty then).
        if (status.reason === 'cleared')
          void this.saver?.storageReady().then(
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

  /** Runs what the person asked of the library; a failure becomes the notice "<what> failed: <reason>." */
  private async attempt(what: string, work: (library: SessionLibrary) => Promise<void>): Promise<void> {
    const library = this.library;
    if (!library) return;
    try {
      await work(library);
    } catch (error) {
      this.report(failure(what, error));
    }
  }

  /** `Export all` and `Import`: the buttons wait meanwhile, and a failure is shown beside them. */
  private async whileBusy(what: string, work: (library: SessionLibrary) => Promise<void>): Promise<void> {
    const library = this.library;
    if (!library) return;
    this.busy = true;
    this.storageProblem = '';
    this.host.requestUpdate();
    try {
      await work(library);
    } catch (error) {
      this.storageProblem = failure(what, error);
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  private async whileRecovering(
    what: string,
    work: (saver: SessionSaver) => Promise<unknown>,
  ): Promise<void> {
    const saver = this.saver;
    if (!saver || this.recovering) return;
    this.recovering = true;
    this.host.requestUpdate();
    try {
      await work(saver);
    } catch (error) {
      this.notice = failure(what, error);
    } finally {
      this.recovering = false;
      this.host.requestUpdate();
    }
  }

  private report(text: string): void {
    this.notice = text;
    this.host.requestUpdate();
  }
}

function problemsNotice(problems: readonly string[]): string {
  return `Some saved messages could not be read and were skipped: ${firstOf(problems)}`;
}

function exportProblems(problems: readonly string[]): string {
  return `Exported, with a problem: ${firstOf(problems)}`;
}

function firstOf(problems: readonly string[]): string {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${problems[0] ?? ''}${more}`;
}

/** Offers text as a file download (a download never runs code in the page). */
function download(fileName: string, mimeType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** "Export failed: <reason>." — with what to do when the disk is full. */
export function failure(what: string, error: unknown): string {
  const reason = isQuotaError(error)
    ? 'storage is full. Free some space (export, then delete old sessions) and try again'
    : messageOf(error).replace(/[.\s]+$/, '');
  return `${what} failed: ${reason}.`;
}
