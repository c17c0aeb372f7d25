/**
 * `SessionLibrary`: what the sidebar and Settings do with stored sessions — list, search, rename, delete
 * with undo, export, import, storage health. Opening a session into the agent is `SessionSaver.open`.
 */

import { errorText } from '../agent';
import type { EaselDatabase } from './db';
import type { StorageHealth, StorageManagerLike } from './health';
import type { ImportReport } from './import';
import { type LoadedSession, loadSession } from './load';
import type { NoticeChannel, NoticeListener, SessionChange } from './notices';
import type { SessionRecord } from './schema';
import type { SearchIndex, SearchResult } from './search';
import { type SessionList, type SessionLookup, SessionsRepository } from './sessions-repo';
import type { SettingsRepository } from './settings-repo';
import { newWriterId } from './sort-key';
import type { ExportFile } from './transfer';

/** Export loads with the first one (`transfer.ts`: reading every record of a session, then the file). */
const loadTransfer = () => import('./transfer');
/** Storage health (Settings → Storage, `Keep my data`, the time of the last export) loads with its first use. */
const loadHealth = () => import('./health');

export interface SessionLibraryOptions {
  readonly db: EaselDatabase;
  /** Where last-export time is kept. */
  readonly settings: SettingsRepository;
  /** Tells other tabs about renames, deletions and imports, and hears theirs. */
  readonly channel?: NoticeChannel;
  /** `navigator.storage` by default. */
  readonly storage?: StorageManagerLike;
  /**
   * The `writer` of the notices it posts: give the tab's `SessionSaver.writer`, so the saver knows a
   * session this tab deletes from one deleted in another tab. Default: a writer of its own.
   */
  readonly writer?: string;
  readonly now?: () => number;
}

/** A file ready to download. */
export interface ExportDownload {
  readonly fileName: string;
  readonly mimeType: 'application/json' | 'text/markdown';
  readonly text: string;
  /** Records that could not be read and are missing from the file. */
  readonly problems: readonly string[];
}

/** A zip ready to download (`exportZip`). */
export interface ZipDownload {
  readonly fileName: string;
  readonly mimeType: 'application/zip';
  readonly blob: Blob;
  /** Records that could not be read and are missing from the zip. */
  readonly problems: readonly string[];
}

export class SessionLibrary {
  private readonly sessions: SessionsRepository;
  /** Built at the first search (or `prepareSearch`): its code and the texts it reads load then. */
  private index: Promise<SearchIndex> | undefined;
  private disposed = false;
  private readonly writer: string;
  private readonly now: () => number;

  constructor(private readonly options: SessionLibraryOptions) {
    this.writer = options.writer ?? newWriterId();
    this.sessions = new SessionsRepository(options.db);
    this.now = options.now ?? Date.now;
  }

  /** Live sessions, newest first (metadata only; messages are never read). */
  list(): Promise<SessionList> {
    return this.sessions.list();
  }

  /** One session's metadata, deleted or not. */
  get(id: string): Promise<SessionLookup> {
    return this.sessions.get(id);
  }

  /** A session's metadata and messages, without opening it in the agent (for an export, say). */
  load(id: string): Promise<LoadedSession> {
    return loadSession(this.options.db, id);
  }

  /**
   * Calls `listener` for every change to stored sessions, made here or in another tab: metadata (`session`
   * notices: created, renamed, deleted, restored, purged, imported) and finished messages (`messages`).
   * Returns the unsubscribe function. Without a channel nothing is ever reported.
   */
  subscribe(listener: NoticeListener): () => void {
    return this.options.channel?.subscribe(listener) ?? (() => undefined);
  }

  /** Sessions matching every word of `query` in their title or message text. */
  search(query: string, limit?: number): Promise<SearchResult> {
    return this.searchIndex().then((index) => index.search(query, limit));
  }

  /** Loads the search texts ahead of the first search (when the search box gets focus, say). */
  async prepareSearch(): Promise<void> {
    await (await this.searchIndex()).prepare();
  }

  async rename(id: string, title: string): Promise<SessionRecord | undefined> {
    return this.announce(await this.sessions.rename(id, title), 'renamed');
  }

  /** Puts a session in a project, or (`undefined`) outside any. */
  async moveToProject(id: string, projectId: string | undefined): Promise<SessionRecord | undefined> {
    return this.announce(await this.sessions.moveToProject(id, projectId), 'placed');
  }

  /** Tells every tab that these sessions changed project (a deleted project took them out of it). */
  announcePlaced(ids: readonly string[]): void {
    for (const id of ids) this.post(id, 'placed');
  }

  /** Pins a session (listed first) or unpins it. */
  async pin(id: string, pinned: boolean): Promise<SessionRecord | undefined> {
    return this.announce(await this.sessions.pin(id, pinned ? this.now() : undefined), 'placed');
  }

  /** Hides a session at once; `restore` undoes it; `purgeDeleted` removes it for good later. */
  async delete(id: string): Promise<SessionRecord | undefined> {
    return this.announce(await this.sessions.markDeleted(id, this.now()), 'deleted');
  }

  async restore(id: string): Promise<SessionRecord | undefined> {
    return this.announce(await this.sessions.restore(id), 'restored');
  }

  /**
   * Removes one deleted session for good, with its messages, texts and files (call it when its undo notice
   * closes). A session that is not marked deleted (restored meanwhile, here or in another tab) is kept.
   * Returns whether it was purged.
   */
  async purge(id: string): Promise<boolean> {
    const lookup = await this.sessions.get(id);
    if (lookup.kind !== 'found' || lookup.session.deletedAt === undefined) return false;
    await this.sessions.purge(id);
    this.post(id, 'purged');
    return true;
  }

  /**
   * Removes sessions deleted at least `olderThanMs` ago, with their messages and files (call it at start-up,
   * with the undo window, for deletions whose notice never closed). Returns the purged ids.
   */
  async purgeDeleted(olderThanMs = 0): Promise<string[]> {
    const ids = await this.sessions.purgeDeleted(this.now() - olderThanMs);
    for (const id of ids) this.post(id, 'purged');
    return ids;
  }

  /**
   * One session or all (`'all'`) as a JSON export file; remembers when. A record that cannot be read, or a
   * time that cannot be saved, is in `problems`; failing to read the sessions at all rejects.
   */
  async exportJson(ids: readonly string[] | 'all'): Promise<ExportDownload> {
    const at = this.now();
    const { exportFileName, exportSessions, serializeExport } = await loadTransfer();
    const { file, problems } = await exportSessions(this.options.db, ids, at);
    return {
      fileName: exportFileName(file),
      mimeType: 'application/json',
      text: serializeExport(file),
      problems: await this.noteExport(file, at, problems),
    };
  }

  /**
   * One session as a zip with its files (`session.json` that `import` reads back, `session.md`, the files
   * Claude wrote with every version, the attachments; see zip-export.ts); remembers when, as `exportJson` does.
   * `undefined` when the session does not exist.
   */
  async exportZip(id: string): Promise<ZipDownload | undefined> {
    const at = this.now();
    const { exportFileName, exportSessions } = await loadTransfer();
    const { file, problems } = await exportSessions(this.options.db, [id], at);
    if (file.sessions.length === 0) return undefined;
    // Loaded, with jszip, only when a session is exported with its files.
    const bytes = await (await import('./zip-export')).sessionZip(file);
    return {
      fileName: exportFileName(file, 'zip'),
      mimeType: 'application/zip',
      blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
      problems: await this.noteExport(file, at, problems),
    };
  }

  /** One session as Markdown; `undefined` when it does not exist. */
  async exportMarkdown(id: string): Promise<ExportDownload | undefined> {
    const { exportFileName, exportSessions, openBranch } = await loadTransfer();
    const { file, problems } = await exportSessions(this.options.db, [id], this.now());
    const only = file.sessions[0];
    if (!only) return undefined;
    return {
      fileName: exportFileName(file, 'md'),
      mimeType: 'text/markdown',
      // Loaded only when a session is exported as Markdown.
      text: (await import('./markdown-export')).sessionToMarkdown(only.session, openBranch(only)),
      problems,
    };
  }

  /**
   * Imports an export file or a zip made by `exportZip` (read and checked in a worker: a large file never
   * parses on the page), or an export file's text; never overwrites a session here (see `ImportReport`).
   */
  async import(file: Blob | string): Promise<ImportReport> {
    // The import's checks and writes load with the first import; the file reader (and the zip reader it may
    // load) with the first import of a file.
    const { importChecked, importSessions } = await import('./import');
    let report: ImportReport;
    if (typeof file === 'string') report = await importSessions(this.options.db, file);
    else {
      const { readExportFile } = await import('./import-read');
      report = await importChecked(this.options.db, await readExportFile(file));
    }
    for (const session of report.imported) this.post(session.id, 'imported');
    return report;
  }

  async health(): Promise<StorageHealth> {
    return (await loadHealth()).storageHealth(this.options.settings, this.options.storage);
  }

  /** Asks for persistent storage (after the first saved session). */
  async requestPersistence(): Promise<boolean> {
    return (await loadHealth()).requestPersistence(this.options.storage);
  }

  dispose(): void {
    this.disposed = true;
    void this.index?.then(
      (index) => index.dispose(),
      () => undefined,
    );
  }

  /**
   * The search index, whose code loads with the first search. It hears the change channel from when it is built,
   * before it reads any text, so nothing written meanwhile is missed. A failed load is said, and tried again.
   */
  private searchIndex(): Promise<SearchIndex> {
    this.index ??= import('./search').then(
      ({ SearchIndex }) => {
        const index = new SearchIndex(this.options.db, this.options.channel);
        if (this.disposed) index.dispose();
        return index;
      },
      (error: unknown) => {
        this.index = undefined;
        throw new Error(
          `Easel could not load its search (${errorText(error)}). Check the connection and search again.`,
        );
      },
    );
    return this.index;
  }

  /** Marks the file's sessions exported at `at`; returns `problems` with a failure to save that added. */
  private async noteExport(
    file: ExportFile,
    at: number,
    problems: readonly string[],
  ): Promise<readonly string[]> {
    try {
      await this.sessions.markExported(
        file.sessions.map((s) => s.session.id),
        at,
      );
      await (await loadHealth()).recordExport(this.options.settings, at);
      return problems;
    } catch (error) {
      // The file is what matters (a full disk is when it is needed most): it is still given, and says this.
      return [
        ...problems,
        `The time of this export could not be saved: ${errorText(error).replace(/[.\s]+$/, '')}.`,
      ];
    }
  }

  private announce(session: SessionRecord | undefined, change: SessionChange): SessionRecord | undefined {
    if (session) this.post(session.id, change);
    return session;
  }

  private post(sessionId: string, change: SessionChange): void {
    this.options.channel?.post({ type: 'session', writer: this.writer, sessionId, change });
  }
}
