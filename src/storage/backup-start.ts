/**
 * `FolderBackup`: the part of the folder backup that is always there. The engine (`backup.ts`) loads only
 * once a folder is chosen (`load()`) or at start-up when one was chosen before (`start()`).
 */
import type { BackupEngine } from './backup';
import { BACKUP_FOLDER_KEY, type BackupDeps, type BackupOptions, type BackupState } from './backup-types';
import { systemClock } from './clock';
import { SessionsRepository } from './sessions-repo';
import type * as Transfer from './transfer';

export class FolderBackup {
  /** The latest state (`off` until the engine has loaded and says otherwise). */
  state: BackupState = { kind: 'off' };
  private readonly listeners = new Set<(state: BackupState) => void>();
  private engine: Promise<BackupEngine> | undefined;

  constructor(private readonly options: BackupOptions) {}

  /** Loads the engine when a folder was chosen before; else loads nothing. */
  async start(): Promise<void> {
    if ((await this.options.db.getKey('settings', BACKUP_FOLDER_KEY)) !== undefined) await this.load();
  }

  /** The engine, loaded and started at the first call. */
  load(): Promise<BackupEngine> {
    // The export's code (what a backup file is) loads with the engine, not with the first screen.
    this.engine ??= Promise.all([import('./backup'), import('./transfer')]).then(
      async ([{ BackupEngine }, transfer]) => {
        const deps = backupDeps(this.options, transfer);
        const engine = new BackupEngine(this.options, deps, (state) => this.set(state));
        await engine.start();
        return engine;
      },
      (error: unknown) => {
        this.engine = undefined;
        throw error;
      },
    );
    return this.engine;
  }

  /** Calls `listener` with the state now and on every change; returns the unsubscribe function. */
  subscribe(listener: (state: BackupState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    // Another tab may have written since: the last backup time and what waits are read again.
    void this.engine?.then((engine) => engine.refresh());
    return () => {
      this.listeners.delete(listener);
    };
  }

  private set(state: BackupState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}

/** What the engine needs of the modules loaded with the first screen, and of the export (`transfer`). */
export function backupDeps(options: BackupOptions, transfer: typeof Transfer): BackupDeps {
  const { db } = options;
  const { EXPORT_FORMAT, EXPORT_VERSION, exportSessions, serializeExport, storedMemories } = transfer;
  return {
    clock: options.clock ?? systemClock,
    sessions: new SessionsRepository(db),
    exportText: async (id, at) => serializeExport((await exportSessions(db, [id], at)).file),
    memoriesText: async (at) => {
      const records = await storedMemories(db);
      if (records.length === 0) return undefined;
      const exportedAt = new Date(at).toISOString();
      return serializeExport({
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt,
        sessions: [],
        memories: records,
      });
    },
  };
}
