import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ImportReport, SessionLibrary, SessionRecord, SessionSaver, StorageHealth } from '../../storage';
import { SubscriptionController } from '../controllers/subscriptions';
import { parseSessionRoute, type SessionSearchHit, sessionHref } from '../sessions';

/** How long a deleted session can be brought back with Undo before it is purged. */
const UNDO_WINDOW = 60_000;

/**
 * Sessions for the app shell: the sidebar's list and search, the URL (`#/s/<id>`) naming the open session
 * (reload, back/forward and bookmarks work), the saver's status (saved, quota, errors) and storage health.
 */
export class SessionsController implements ReactiveController {
  sessions: readonly SessionRecord[] = [];
  searchResults: readonly SessionSearchHit[] | undefined;
  problems: readonly string[] = [];
  /** A problem with saving or opening, shown as an alert; cleared when it is resolved. */
  notice = '';
  health: StorageHealth | undefined;
  importReport: ImportReport | undefined;
  busy = false;

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
    if (!this.library) return;
    const { sessions, problems } = await this.library.list();
    this.sessions = sessions;
    this.problems = problems;
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
    if (!query.trim() || !this.library) {
      this.searchResults = undefined;
    } else {
      const result = await this.library.search(query);
      if (seq !== this.searchSeq) return;
      this.searchResults = result.hits;
    }
    this.host.requestUpdate();
  }

  prepareSearch(): void {
    void this.library?.prepareSearch();
  }

  async rename(id: string, title: string): Promise<void> {
    await this.library?.rename(id, title);
    await this.refresh();
  }

  async delete(id: string): Promise<void> {
    await this.library?.delete(id);
    if (id === this.currentId) this.newChat();
    await this.refresh();
  }

  async undoDelete(id: string): Promise<void> {
    await this.library?.restore(id);
    await this.refresh();
  }

  /** The undo notice for a deleted session closed: remove it for good (unless it was restored meanwhile). */
  async purge(id: string): Promise<void> {
    await this.library?.purge(id);
  }

  async exportSession(id: string, format: 'json' | 'markdown'): Promise<void> {
    const file =
      format === 'json' ? await this.library?.exportJson([id]) : await this.library?.exportMarkdown(id);
    if (file) download(file.fileName, file.mimeType, file.text);
  }

  async exportAll(): Promise<void> {
    await this.whileBusy(async () => {
      const file = await this.library?.exportJson('all');
      if (file) download(file.fileName, file.mimeType, file.text);
    });
    await this.loadHealth();
  }

  async import(file: File): Promise<void> {
    await this.whileBusy(async () => {
      this.importReport = await this.library?.import(await file.text());
    });
    await this.refresh();
    await this.loadHealth();
  }

  async persist(): Promise<void> {
    await this.library?.requestPersistence();
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

  private async route(): Promise<void> {
    const saver = this.saver;
    if (!saver) return;
    const route = parseSessionRoute(location.hash);
    if (route.kind === 'new') {
      // A notice about the session left behind goes with it; one about unsaved writes stays until they save.
      if (!this.notice.startsWith('Not saved')) this.notice = '';
      if (saver.sessionId === undefined || this.sessions.some((s) => s.id === saver.sessionId)) {
        await this.startNew();
      }
      this.host.requestUpdate();
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
    this.host.requestUpdate();
  }

  private async startNew(): Promise<void> {
    await this.saver?.startNew();
    this.host.requestUpdate();
  }

  private handleStatus(status: Parameters<Parameters<SessionSaver['subscribe']>[0]>[0]): void {
    switch (status.kind) {
      case 'saved': {
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
    }
    this.host.requestUpdate();
  }

  private async whileBusy(work: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.host.requestUpdate();
    try {
      await work();
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  private report(text: string): void {
    this.notice = text;
    this.host.requestUpdate();
  }
}

function problemsNotice(problems: readonly string[]): string {
  const first = problems[0] ?? '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `Some saved messages could not be read and were skipped: ${first}${more}`;
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
  return error instanceof Error ? error.message : String(error);
}
