/**
 * `SyncService`: what Settings → Sync does — connect with a config (kept in the key vault once it works), show
 * the status, `Sync now`, `Stop syncing`. One tab of the browser syncs at a time (a Web Lock); the engine, with
 * PouchDB, loads only when this tab is the one.
 */

import type { EaselDatabase, NoticeChannel, SettingsRepository } from '../storage';
import type { SyncEngine } from './engine';
import { STOPPED_WHILE_STARTING, SyncLifecycle } from './lifecycle';
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
  private readonly lifecycle: SyncLifecycle<SyncEngine>;
  private release: (() => void) | undefined;
  private waiting: AbortController | undefined;

  constructor(private readonly options: SyncServiceOptions) {
    this.lifecycle = new SyncLifecycle<SyncEngine>({
      connect: (config, current) => this.connectEngine(config, current),
      keep: (config) => options.settings.setKey(VAULT_ENTRY, JSON.stringify(config)),
      forget: () => options.settings.deleteKey(VAULT_ENTRY),
      changed: (phase) => {
        if (phase === 'starting') this.set({ state: 'connecting' });
        else if (phase === 'off') this.set({ state: 'off' });
      },
    });
  }

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

  /** Starts syncing with the saved config, if there is one (at start-up), once it is this tab's turn. */
  async resume(): Promise<void> {
    const config = await this.saved();
    if (!config || this.lifecycle.phase !== 'off') return;
    const problem = await this.lifecycle.start(config);
    if (problem && problem !== STOPPED_WHILE_STARTING) this.set({ state: 'error', reason: problem });
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
    return await this.lifecycle.start(config);
  }

  /** Sessions renamed on more than one device, with the titles that lost (none while this tab does not sync). */
  async renamed(): Promise<readonly RenamedSession[]> {
    return (await this.lifecycle.engine?.renamed()) ?? [];
  }

  /** Gives a session one of its earlier titles, on every device. */
  async restoreTitle(sessionId: string, title: string): Promise<void> {
    await this.lifecycle.engine?.restoreTitle(sessionId, title);
  }

  /** Tries the server again now (after being offline). */
  syncNow(): void {
    const engine = this.lifecycle.engine;
    if (engine) engine.syncNow();
    else void this.resume();
  }

  /**
   * Stops syncing, a start in progress included, and forgets the config (from every store it was kept in) and
   * the local sealed copy; Easel's sessions all stay. Resolves once nothing of it is left.
   */
  async stop(): Promise<void> {
    this.waiting?.abort();
    await this.lifecycle.stop();
    this.release?.();
    this.release = undefined;
  }

  private async connectEngine(
    config: SyncConfig,
    current: () => boolean,
  ): Promise<SyncEngine | { problem: string }> {
    if (!(await this.whenOurTurn()) || !current()) return { problem: STOPPED_WHILE_STARTING };
    const { SyncEngine } = await import('./engine');
    return SyncEngine.connect(config, {
      db: this.options.db,
      channel: this.options.channel,
      // A start called off says nothing more: the status is the stop's.
      onStatus: (status) => {
        if (current()) this.set(status);
      },
    });
  }

  private async saved(): Promise<SyncConfig | undefined> {
    return parseSyncConfig(await this.options.settings.getKey(VAULT_ENTRY));
  }

  /** Waits, showing `elsewhere`, while another tab syncs. Resolves to whether this tab may sync now. */
  private async whenOurTurn(): Promise<boolean> {
    if (await this.lock(true)) return true;
    this.set({ state: 'elsewhere' });
    return this.lock(false);
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
