/**
 * `BackupEngine`: writes each changed session to the folder the person chose, as `<title> — <id>.json` (the
 * export file of that one session, which Import reads back). Loaded with the first folder chosen, or at
 * start-up when one was chosen before (`FolderBackup`).
 *
 * - Debounced: a session is written 5 s after its last change (`BackupQueue`), one at a time, through
 *   `createWritable` (the browser writes a copy and swaps it in on `close`), never blocking the page.
 * - Resumable: each change puts a mark (`backup.mark/<id>`: the time of the change) in IndexedDB, removed once
 *   that change is in the folder; a reload, a crash or another tab taking over starts from the marks.
 * - One tab at a time: the tab holding the Web Lock `easel-backup` writes; the others keep marks of their own
 *   changes and take over when it closes.
 * - A deleted session's file is removed once its undo window has passed (or at once when it is purged); a
 *   renamed session's old file is removed when the new one is written.
 * - Claude's memory files go in one more file, `memories.json` (an export file of no sessions, which Import
 *   reads back), written 5 s after the last change to any of them and removed when none is left.
 * - A failure (permission lapsed, the folder gone, the disk full) pauses the writing with the reason; the
 *   marks stay, so nothing is lost.
 */

import { errorText } from '../agent';
import { backupFileName } from './backup-names';
import { BackupQueue, type BackupRunResult } from './backup-queue';
import type {
  BackupDeps,
  BackupFolder,
  BackupOptions,
  BackupState,
  FolderStore,
  LockManagerLike,
} from './backup-types';
import type { Clock } from './clock';
import type { EaselDatabase } from './db';
// Not a first-screen module (Settings → Memory and the memory tool load it): imported here, not handed over.
import { MemoriesRepository } from './memories-repo';
import type { StorageNotice } from './notices';
import type { SessionsRepository } from './sessions-repo';

// This file imports no module the first screen loads (types only): a shared one would be split into a chunk
// of its own, which costs the first screen more than it saves. What it needs of those comes in `BackupDeps`.
const LOCK_NAME = 'easel-backup';
/** `BACKUP_FOLDER_KEY` (backup-types.ts), written again: a value imported from there would split it out. */
const FOLDER_KEY = 'backup.folder';
const MARK_PREFIX = 'backup.mark/';
const FILE_PREFIX = 'backup.file/';
const LAST_KEY = 'backup.lastAt';
/** The queue's and the marks' key for the memory files (no session id has a NUL). */
const MEMORIES_KEY = '\u0000memories';
/** The file they are written to. */
const MEMORIES_FILE = 'memories.json';

type Kind = Exclude<BackupState['kind'], 'off'>;

export class BackupEngine {
  private folder: BackupFolder | undefined;
  private kind: Kind = 'on';
  private reason = '';
  private fix: 'retry' | 'choose' = 'retry';
  private lastBackupAt: number | undefined;
  /** Marks of sessions waiting, for a tab that does not write (read from IndexedDB). */
  private waitingElsewhere = 0;
  private leading = false;
  /** Lets go of the lock (resolves what the lock's callback waits for). */
  private release: (() => void) | undefined;
  private readonly db: EaselDatabase;
  private readonly clock: Clock;
  private readonly folders: FolderStore;
  private readonly locks: LockManagerLike | null;
  private readonly sessions: SessionsRepository;
  private readonly queue: BackupQueue;
  private readonly unsubscribe: () => void;
  /** Heard for changes to the memory files, in any tab. */
  private readonly memories: MemoriesRepository;
  private readonly unsubscribeMemories: () => void;

  constructor(
    private readonly options: BackupOptions,
    private readonly deps: BackupDeps,
    private readonly report: (state: BackupState) => void,
  ) {
    this.db = options.db;
    this.clock = deps.clock;
    this.folders = options.folders ?? settingsFolder(options.db);
    this.locks = options.locks === undefined ? browserLocks() : options.locks;
    this.sessions = deps.sessions;
    this.queue = new BackupQueue({
      clock: this.clock,
      debounceMs: options.debounceMs ?? 5000,
      run: (id) => this.backUp(id),
      changed: () => this.emit(),
    });
    this.unsubscribe = options.channel?.subscribe((notice) => this.heard(notice)) ?? (() => undefined);
    this.memories = new MemoriesRepository(this.db);
    this.unsubscribeMemories = this.memories.subscribe(() => this.heardMemories());
  }

  /** Picks up the folder chosen before: writes at once when the browser still allows it, else asks. */
  async start(): Promise<void> {
    const stored = await this.folders.get();
    if (!isBackupFolder(stored)) {
      this.folder = undefined;
      this.emit();
      return;
    }
    this.folder = stored;
    this.lastBackupAt = await this.readLast();
    if ((await permissionOf(stored, false)) === 'granted') this.lead();
    else this.pause('permission', `Easel needs your permission again to write to “${stored.name}”.`);
  }

  /** The person chose `folder`: it replaces any other, and every session is written there now. */
  async choose(folder: BackupFolder): Promise<void> {
    this.letGo();
    this.queue.clear();
    await this.forgetRecords();
    await this.folders.set(folder);
    this.folder = folder;
    this.lastBackupAt = undefined;
    const now = this.clock.now();
    const { sessions } = await this.sessions.list();
    const tx = this.db.transaction('settings', 'readwrite');
    // Marked as changed one debounce ago: due at once.
    const changedAt = now - (this.options.debounceMs ?? 5000);
    await Promise.all([
      ...sessions.map((s) => tx.store.put({ key: MARK_PREFIX + s.id, value: changedAt })),
      tx.store.put({ key: MARK_PREFIX + MEMORIES_KEY, value: changedAt }),
      tx.done,
    ]);
    this.lead();
  }

  /**
   * Asks the browser again for permission to write (call it from a click: the browser asks the person only
   * then), and writes what waits once it is given.
   */
  async resume(): Promise<void> {
    const folder = this.folder;
    if (!folder) return;
    const permission = await permissionOf(folder, true);
    if (permission !== 'granted') {
      this.pause('permission', `Easel was not allowed to write to “${folder.name}”.`);
      return;
    }
    if (this.leading) this.retry();
    else this.lead();
  }

  /** Writes what waits again after a failure. */
  retry(): void {
    if (!this.folder) return;
    this.kind = this.leading ? 'on' : 'elsewhere';
    this.emit();
    if (this.leading) this.queue.resume();
    else this.lead();
  }

  /** Forgets the folder (its files stay there) and what waited for it. */
  async stop(): Promise<void> {
    this.letGo();
    this.queue.clear();
    this.folder = undefined;
    await this.folders.delete();
    await this.forgetRecords();
    this.emit();
  }

  /** Reads again what another tab may have changed (the last backup time, what waits), for Settings. */
  async refresh(): Promise<void> {
    if (!this.folder) return;
    this.lastBackupAt = await this.readLast();
    if (!this.leading) this.waitingElsewhere = (await this.markKeys()).length;
    this.emit();
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeMemories();
    this.memories.dispose();
    this.letGo();
  }

  private heard(notice: StorageNotice): void {
    if (!this.folder) return;
    const at = this.clock.now();
    if (notice.writer === this.options.writer) {
      void this.db.put('settings', { key: MARK_PREFIX + notice.sessionId, value: at }).catch(() => undefined);
      if (!this.leading) this.waitingElsewhere += 1;
    }
    if (this.leading) this.queue.touch(notice.sessionId, at);
    else this.emit();
  }

  /** A memory file changed (in any tab: every tab hears it, so each puts the same mark). */
  private heardMemories(): void {
    if (!this.folder) return;
    const at = this.clock.now();
    void this.db.put('settings', { key: MARK_PREFIX + MEMORIES_KEY, value: at }).catch(() => undefined);
    if (this.leading) this.queue.touch(MEMORIES_KEY, at);
    else this.emit();
  }

  /** Waits for the lock (another tab may hold it), then writes what the marks say waits. */
  private lead(): void {
    this.letGo();
    this.kind = 'elsewhere';
    this.emit();
    const locks = this.locks;
    if (!locks) {
      void this.begin();
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.release = release;
    locks
      .request(LOCK_NAME, async () => {
        if (this.release !== release) return;
        await this.begin();
        await held;
      })
      .catch((error: unknown) => this.failed(error));
  }

  private async begin(): Promise<void> {
    this.leading = true;
    this.kind = 'on';
    try {
      const marks = await this.db.getAll('settings', markRange());
      for (const mark of marks) {
        const at = typeof mark.value === 'number' ? mark.value : 0;
        this.queue.touch(mark.key.slice(MARK_PREFIX.length), at);
      }
    } catch (error) {
      this.failed(error);
      return;
    }
    this.emit();
    this.queue.resume();
  }

  private letGo(): void {
    this.leading = false;
    this.release?.();
    this.release = undefined;
    this.queue.pause();
  }

  /** Writes (or removes) one session's file. Never throws: a failure pauses the queue. */
  private async backUp(id: string): Promise<BackupRunResult> {
    const folder = this.folder;
    if (!folder || !this.leading) return { kind: 'paused' };
    const started = this.clock.now();
    try {
      if (id === MEMORIES_KEY) await this.backUpMemories(folder, started);
      else {
        const later = await this.backUpSession(folder, id, started);
        if (later) return later;
      }
      await this.clearMark(id, started);
      this.lastBackupAt = this.clock.now();
      await this.db.put('settings', { key: LAST_KEY, value: this.lastBackupAt });
    } catch (error) {
      this.failed(error);
      return { kind: 'paused' };
    }
    if (this.kind === 'failed') this.kind = 'on';
    this.emit();
    return { kind: 'done' };
  }

  /** Writes or removes one session's file; a deleted session's waits for its undo window (`later`). */
  private async backUpSession(
    folder: BackupFolder,
    id: string,
    started: number,
  ): Promise<BackupRunResult | undefined> {
    const lookup = await this.sessions.get(id);
    const fileKey = FILE_PREFIX + id;
    const old = await this.db.get('settings', fileKey);
    const oldName = typeof old?.value === 'string' ? old.value : undefined;
    if (lookup.kind === 'found' && lookup.session.deletedAt === undefined) {
      const name = backupFileName(lookup.session.title, id);
      await writeFile(folder, name, await this.deps.exportText(id, started));
      if (oldName !== undefined && oldName !== name) await removeFile(folder, oldName);
      await this.db.put('settings', { key: fileKey, value: name });
    } else if (lookup.kind === 'found' && lookup.session.deletedAt !== undefined) {
      const until = lookup.session.deletedAt + (this.options.undoWindowMs ?? 60_000);
      if (started < until) return { kind: 'later', at: until };
      if (oldName !== undefined) await removeFile(folder, oldName);
      await this.db.delete('settings', fileKey);
    } else if (lookup.kind === 'missing') {
      if (oldName !== undefined) await removeFile(folder, oldName);
      await this.db.delete('settings', fileKey);
    }
    return undefined;
  }

  /** Writes the memory files' file, or removes it once none is left. */
  private async backUpMemories(folder: BackupFolder, started: number): Promise<void> {
    const fileKey = FILE_PREFIX + MEMORIES_KEY;
    const text = await this.deps.memoriesText(started);
    if (text !== undefined) {
      await writeFile(folder, MEMORIES_FILE, text);
      await this.db.put('settings', { key: fileKey, value: MEMORIES_FILE });
    } else if ((await this.db.get('settings', fileKey)) !== undefined) {
      await removeFile(folder, MEMORIES_FILE);
      await this.db.delete('settings', fileKey);
    }
  }

  /** Removes the mark of `id` unless a change came after `started` (that change waits for the next write). */
  private async clearMark(id: string, started: number): Promise<void> {
    const tx = this.db.transaction('settings', 'readwrite');
    const mark = await tx.store.get(MARK_PREFIX + id);
    if (mark && (typeof mark.value !== 'number' || mark.value <= started)) await tx.store.delete(mark.key);
    await tx.done;
  }

  private failed(error: unknown): void {
    const folder = this.folder?.name ?? '';
    const name = errorName(error);
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      this.pause('permission', `Easel may no longer write to “${folder}”.`);
    } else if (name === 'NotFoundError') {
      this.pause('failed', `The folder “${folder}” is gone (moved, renamed or deleted).`, 'choose');
    } else if (name === 'QuotaExceededError') {
      this.pause('failed', `The disk holding “${folder}” is full. Free some space, then retry.`);
    } else {
      this.pause('failed', `Writing to “${folder}” failed: ${errorMessage(error)}.`);
    }
  }

  private pause(kind: 'permission' | 'failed', reason: string, fix: 'retry' | 'choose' = 'retry'): void {
    this.queue.pause();
    this.kind = kind;
    this.reason = reason;
    this.fix = fix;
    this.emit();
  }

  private emit(): void {
    const folder = this.folder;
    if (!folder) {
      this.report({ kind: 'off' });
      return;
    }
    const facts = {
      folder: folder.name,
      lastBackupAt: this.lastBackupAt,
      pending: this.leading ? this.queue.size : this.waitingElsewhere,
    };
    switch (this.kind) {
      case 'on':
      case 'elsewhere':
        this.report({ kind: this.kind, ...facts });
        break;
      case 'permission':
        this.report({ kind: 'permission', ...facts });
        break;
      case 'failed':
        this.report({ kind: 'failed', reason: this.reason, fix: this.fix, ...facts });
        break;
    }
  }

  private async readLast(): Promise<number | undefined> {
    const value = (await this.db.get('settings', LAST_KEY))?.value;
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  private markKeys(): Promise<string[]> {
    return this.db.getAllKeys('settings', markRange());
  }

  /** Deletes the marks, the names of the files written and the last backup time. */
  private async forgetRecords(): Promise<void> {
    const tx = this.db.transaction('settings', 'readwrite');
    await Promise.all([
      tx.store.delete(markRange()),
      tx.store.delete(IDBKeyRange.bound(FILE_PREFIX, `${FILE_PREFIX}\uffff`)),
      tx.store.delete(LAST_KEY),
      tx.done,
    ]);
  }
}

/** A stored value that is a folder to write to (anything else, from an older version say, is not). */
export function isBackupFolder(value: unknown): value is BackupFolder {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    'name' in value &&
    'getFileHandle' in value &&
    'removeEntry' in value &&
    value.kind === 'directory' &&
    typeof value.name === 'string' &&
    typeof value.getFileHandle === 'function' &&
    typeof value.removeEntry === 'function'
  );
}

async function permissionOf(folder: BackupFolder, ask: boolean): Promise<PermissionState> {
  const descriptor = { mode: 'readwrite' } as const;
  if (ask) return folder.requestPermission ? folder.requestPermission(descriptor) : 'granted';
  return folder.queryPermission ? folder.queryPermission(descriptor) : 'granted';
}

async function writeFile(folder: BackupFolder, name: string, text: string): Promise<void> {
  const handle = await folder.getFileHandle(name, { create: true });
  const writable = await handle.createWritable();
  try {
    await writable.write(text);
    await writable.close();
  } catch (error) {
    await writable.abort?.().catch(() => undefined);
    throw error;
  }
}

async function removeFile(folder: BackupFolder, name: string): Promise<void> {
  try {
    await folder.removeEntry(name);
  } catch (error) {
    if (errorName(error) !== 'NotFoundError') throw error;
  }
}

function markRange(): IDBKeyRange {
  return IDBKeyRange.bound(MARK_PREFIX, `${MARK_PREFIX}\uffff`);
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';
}

/** The error's message without its final stop, for a sentence of ours. */
function errorMessage(error: unknown): string {
  return errorText(error).replace(/[.\s]+$/, '');
}

/** The settings record `backup.folder`. */
function settingsFolder(db: EaselDatabase): FolderStore {
  return {
    get: async () => (await db.get('settings', FOLDER_KEY))?.value,
    set: async (folder) => {
      await db.put('settings', { key: FOLDER_KEY, value: folder });
    },
    delete: () => db.delete('settings', FOLDER_KEY),
  };
}

function browserLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}
