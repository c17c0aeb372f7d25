/** The folder backup's types: what it writes into, what it reports, what it needs. */
import type { Clock } from './clock';
import type { EaselDatabase } from './db';
import type { NoticeChannel } from './notices';
import type { SessionsRepository } from './sessions-repo';

/** A file in the backup folder: the part of `FileSystemFileHandle` used here. */
export interface BackupFile {
  createWritable(): Promise<{
    write(data: string): Promise<void>;
    close(): Promise<void>;
    abort?(): Promise<void>;
  }>;
}

/**
 * The folder the person chose: the part of `FileSystemDirectoryHandle` used here. The permission methods are
 * Chromium's (`queryPermission`, and `requestPermission`, which needs a click); without them writing is allowed.
 */
export interface BackupFolder {
  readonly kind: 'directory';
  readonly name: string;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<BackupFile>;
  removeEntry(name: string): Promise<void>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
}

/** What the backup knows in every state but `off`. */
export interface BackupFacts {
  /** The folder's name (the browser gives no path). */
  readonly folder: string;
  /** Epoch ms of the last file written or removed there, from any tab. */
  readonly lastBackupAt: number | undefined;
  /** Sessions whose changes are not in the folder yet. */
  readonly pending: number;
}

/**
 * - `off`: no folder chosen.
 * - `on`: this tab writes each changed session to the folder.
 * - `elsewhere`: another tab writes them; this one takes over when that tab closes.
 * - `permission`: the browser asks again before Easel may write (after a reload, say): `resume()`, from a click.
 * - `failed`: a write failed with `reason`; `fix` is what the person can do (`retry`, or `choose` another
 *   folder when this one is gone). What waits stays queued in every state.
 */
export type BackupState =
  | { readonly kind: 'off' }
  | ({ readonly kind: 'on' | 'elsewhere' } & BackupFacts)
  | ({ readonly kind: 'permission' } & BackupFacts)
  | ({ readonly kind: 'failed'; readonly reason: string; readonly fix: 'retry' | 'choose' } & BackupFacts);

/** `navigator.locks`: the part used to let one tab at a time write the folder. */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

/** Where the chosen folder is kept (IndexedDB by default: a directory handle is structured-cloneable). */
export interface FolderStore {
  get(): Promise<unknown>;
  set(folder: BackupFolder): Promise<void>;
  delete(): Promise<void>;
}

export interface BackupOptions {
  readonly db: EaselDatabase;
  /** Where changes are heard (this tab's and other tabs'). */
  readonly channel?: NoticeChannel;
  /** This tab's writer (`SessionSaver.writer`): this tab keeps in IndexedDB what its own changes queue. */
  readonly writer: string;
  /** `systemClock` by default. */
  readonly clock?: Clock;
  /** `navigator.locks` by default; `null` where there is none (then every tab writes). */
  readonly locks?: LockManagerLike | null;
  /** The settings store of `db` by default (tests keep an in-memory folder). */
  readonly folders?: FolderStore;
  /** How long after a session's last change its file is written (5 s). */
  readonly debounceMs?: number;
  /** How long a deleted session can be brought back with `Undo`; its file is removed after that (60 s). */
  readonly undoWindowMs?: number;
}

/** What the engine uses of the modules the first screen loads anyway (`FolderBackup` hands them over). */
export interface BackupDeps {
  readonly clock: Clock;
  readonly sessions: SessionsRepository;
  /** The export file of session `id` alone (`exportSessions`, `serializeExport`), made at `at`. */
  readonly exportText: (id: string, at: number) => Promise<string>;
  /**
   * Claude's memory files as an export file of no sessions (Import reads them back), made at `at`; `undefined`
   * when there are none.
   */
  readonly memoriesText: (at: number) => Promise<string | undefined>;
}

/** The settings record holding the chosen folder. */
export const BACKUP_FOLDER_KEY = 'backup.folder';
