/**
 * `SyncService`: what Settings → Sync does — connect with a config (kept in the key vault once it works), show
 * the status, `Sync now`, `Stop syncing`. One tab of the browser syncs at a time (a Web Lock); the engine, with
 * PouchDB, loads only when this tab is the one.
 */

import type { EaselDatabase, NoticeChannel, SettingsRepository } from '../storage';
import type { SyncEngine } from './engine';
import { type SyncStatus, VAULT_ENTRY } from './status';
import {
  checkSyncConfig,
  parseSyncConfig,
  type RenamedSession,
  type SyncConfig,
  type SyncTarget,
} from './types';

export interface SyncServiceOptions {
  readonly db: EaselDatabase;
  readonly channel: NoticeChannel;
  /** Holds the key vault the config is kept in. */
  readonly settings: SettingsRepository;
}

const LOCK = 'easel-sync';

export class SyncService {
  private current: SyncStatus = { state: 'off' };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private engine: SyncEngine | undefined;
  private release: (() => void) | undefined;
  private waiting: AbortController | undefined;

  constructor(private readonly options: SyncServiceOptions) {}

  get status(): SyncStatus {
    return this.current;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Where this device syncs to (no secrets), or `undefined` when sync is off. */
  async target(): Promise<SyncTarget | undefined> {
    const config = await this.saved();
    return config ? { url: config.url, database: config.database, user: config.user } : undefined;
  }

  /** Starts syncing with the saved config, if there is one (at start-up). */
  async resume(): Promise<void> {
    const config = await this.saved();
    if (!config || this.engine) return;
    await this.whenOurTurn();
    const problem = await this.start(config);
    if (problem) this.set({ state: 'error', reason: problem });
  }

  /**
   * Connects with `config` (empty password or passphrase: the saved ones). Resolves to a sentence when it
   * cannot (nothing is saved or sent then), or `undefined` once syncing has started and the config is kept.
   */
  async connect(typed: SyncConfig): Promise<string | undefined> {
    const saved = await this.saved();
    const config: SyncConfig = {
      ...typed,
      password: typed.password || (saved?.password ?? ''),
      passphrase: typed.passphrase || (saved?.passphrase ?? ''),
    };
    const problem = checkSyncConfig(config);
    if (problem) return problem;
    if (!(await this.lock(true)))
      return 'Another Easel tab of this browser is syncing: change sync settings there.';
    await this.engine?.stop(false);
    this.engine = undefined;
    return await this.start(config);
  }

  /** Sessions renamed on more than one device, with the titles that lost (none while this tab does not sync). */
  async renamed(): Promise<readonly RenamedSession[]> {
    return (await this.engine?.renamed()) ?? [];
  }

  /** Gives a session one of its earlier titles, on every device. */
  async restoreTitle(sessionId: string, title: string): Promise<void> {
    await this.engine?.restoreTitle(sessionId, title);
  }

  /** Tries the server again now (after being offline). */
  syncNow(): void {
    if (this.engine) this.engine.syncNow();
    else void this.resume();
  }

  /** Stops syncing and forgets the config and the local sealed copy; Easel's sessions all stay. */
  async stop(): Promise<void> {
    this.waiting?.abort();
    await this.engine?.stop(true);
    this.engine = undefined;
    await this.options.settings.deleteKey(VAULT_ENTRY);
    this.release?.();
    this.release = undefined;
    this.set({ state: 'off' });
  }

  private async start(config: SyncConfig): Promise<string | undefined> {
    this.set({ state: 'connecting' });
    let result: Awaited<ReturnType<typeof SyncEngine.connect>>;
    try {
      const { SyncEngine } = await import('./engine');
      result = await SyncEngine.connect(config, {
        db: this.options.db,
        channel: this.options.channel,
        onStatus: (status) => this.set(status),
      });
    } catch (error) {
      result = {
        problem: `Sync could not start: ${error instanceof Error ? error.message : String(error)}.`,
      };
    }
    if ('problem' in result) {
      this.set({ state: 'off' });
      return result.problem;
    }
    this.engine = result;
    await this.options.settings.setKey(VAULT_ENTRY, JSON.stringify(config));
    return undefined;
  }

  private async saved(): Promise<SyncConfig | undefined> {
    return parseSyncConfig(await this.options.settings.getKey(VAULT_ENTRY));
  }

  /** Waits, showing `elsewhere`, while another tab syncs. */
  private async whenOurTurn(): Promise<void> {
    if (await this.lock(true)) return;
    this.set({ state: 'elsewhere' });
    await this.lock(false);
  }

  /** Takes the sync lock (`now`: only if free). Resolves to whether this tab holds it. */
  private lock(now: boolean): Promise<boolean> {
    if (this.release) return Promise.resolve(true);
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return Promise.resolve(true);
    this.waiting = new AbortController();
    return new Promise<boolean>((resolve) => {
      const options: LockOptions = now ? { ifAvailable: true } : { signal: this.waiting!.signal };
      locks
        .request(LOCK, options, (lock) => {
          if (!lock) {
            resolve(false);
            return undefined;
          }
          resolve(true);
          return new Promise<void>((done) => {
            this.release = done;
          });
        })
        .catch(() => resolve(false));
    });
  }

  private set(status: SyncStatus): void {
    this.current = status;
    for (const listener of [...this.listeners]) listener(status);
  }
}
