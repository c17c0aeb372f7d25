/**
 * The tab's one database connection, kept usable when the browser takes it away: site data cleared (in the
 * browser's settings, by `Clear-Site-Data`, or to free space) closes the connection and empties the database;
 * another tab opening a newer schema asks this one to close.
 */

import { type EaselDatabase, type OpenOptions, openEaselDb } from './db';

/**
 * Why stored data is gone or out of reach:
 * - `cleared`: the browser closed the connection (site data cleared), or the database was deleted. What was
 *   stored is gone; the connection is opened again, on an empty database, so saving can start over when the
 *   person says so;
 * - `replaced`: another tab opened a newer version of Easel's database. This tab cannot write to it any
 *   more; only a reload (with the newer version) can.
 */
export type StorageLoss = 'cleared' | 'replaced';

export type ConnectionEvent =
  | { readonly kind: 'lost'; readonly reason: StorageLoss }
  /** After `cleared`: the database is open again (and empty); writes succeed from now on. */
  | { readonly kind: 'reopened' };

/** What the saver and the app need of the connection: hearing of a loss, and waiting for the reopening. */
export interface DatabaseConnection {
  subscribe(listener: (event: ConnectionEvent) => void): () => void;
  /** Resolves once the database is open; rejects when it cannot be (another tab replaced it). */
  ready(): Promise<void>;
}

export interface ConnectionOptions extends Omit<OpenOptions, 'onBlocking' | 'onTerminated'> {
  /** Opens the database (tests pass one that fails on cue). Default `openEaselDb`. */
  readonly open?: (options: OpenOptions) => Promise<EaselDatabase>;
  /** Waits before reopening attempt `n` (0-based) after a failed reopen. Default 250 ms × 2ⁿ, at most 5 s. */
  readonly retryDelayMs?: (attempt: number) => number;
}

/**
 * `db` is one stable object for the whole tab: every repository keeps it, and each call on it goes to the
 * connection open now. Between a loss and the reopening, calls fail like calls on a closed connection.
 */
export class EaselConnection implements DatabaseConnection {
  readonly db: EaselDatabase;
  private current: EaselDatabase;
  private loss: StorageLoss | undefined;
  private reopening: Promise<void> | undefined;
  /** Counts losses, so an opening that a later loss overtook is not taken for the database being back. */
  private losses = 0;
  private readonly listeners = new Set<(event: ConnectionEvent) => void>();

  private constructor(
    first: EaselDatabase,
    private readonly options: ConnectionOptions,
  ) {
    this.current = first;
    this.db = forwardingTo(() => this.current);
  }

  /** Opens the database; rejects as `openEaselDb` does (a failed migration, storage disabled). */
  static async open(options: ConnectionOptions = {}): Promise<EaselConnection> {
    let connection: EaselConnection | undefined;
    const first = await (options.open ?? openEaselDb)({
      ...options,
      onBlocking: (version) => connection?.handleBlocking(version),
      onTerminated: () => connection?.lose(),
    });
    connection = new EaselConnection(first, options);
    return connection;
  }

  /** The loss not yet behind us: `cleared` until the database is open again, `replaced` for good. */
  get lost(): StorageLoss | undefined {
    return this.loss;
  }

  subscribe(listener: (event: ConnectionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async ready(): Promise<void> {
    while (this.reopening) await this.reopening;
    if (this.loss === 'replaced') throw new Error('Easel was updated in another tab: reload this page');
  }

  /** Another tab opens a newer schema (`replaced`), or the database is being deleted (`cleared`). */
  private handleBlocking(blockedVersion: number | null): void {
    this.current.close();
    if (blockedVersion === null) {
      this.lose();
      return;
    }
    this.loss = 'replaced';
    this.emit({ kind: 'lost', reason: 'replaced' });
  }

  /** The connection is gone, and so (as far as this tab can tell) is what was stored: open it again. */
  private lose(): void {
    if (this.loss === 'replaced') return;
    this.losses += 1;
    if (this.loss !== 'cleared') {
      this.loss = 'cleared';
      this.emit({ kind: 'lost', reason: 'cleared' });
    }
    this.reopening ??= this.reopen().finally(() => {
      this.reopening = undefined;
    });
  }

  private async reopen(): Promise<void> {
    const delay = this.options.retryDelayMs ?? ((n: number) => Math.min(5000, 250 * 2 ** n));
    for (let attempt = 0; this.loss === 'cleared'; attempt++) {
      const losses = this.losses;
      try {
        this.current = await (this.options.open ?? openEaselDb)({
          ...this.options,
          onBlocking: (version) => this.handleBlocking(version),
          onTerminated: () => this.lose(),
        });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
        continue;
      }
      // Lost again while opening (the delete that clears the data came after this open): open once more.
      if (this.losses !== losses) continue;
      if (this.loss !== 'cleared') return; // replaced meanwhile: stays lost
      this.loss = undefined;
      this.emit({ kind: 'reopened' });
      return;
    }
  }

  private emit(event: ConnectionEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/**
 * A database object whose every property is read from `current()` at the time of the call, methods bound to
 * it (idb's wrapped methods need their own connection as `this`).
 */
function forwardingTo(current: () => EaselDatabase): EaselDatabase {
  return new Proxy({} as EaselDatabase, {
    get(_target, property) {
      const db = current();
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
    has(_target, property) {
      return Reflect.has(current(), property);
    },
  });
}
