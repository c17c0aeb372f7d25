import { type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import { DB_NAME, DB_VERSION, type EaselDB } from './schema';

export type EaselDatabase = IDBPDatabase<EaselDB>;

export interface OpenOptions {
  readonly name?: string;
  /** Called when another tab needs a newer schema: close and ask the person to reload. */
  readonly onBlocking?: () => void;
}

/** Opens (and if needed creates or migrates) the database. */
export function openEaselDb(options: OpenOptions = {}): Promise<EaselDatabase> {
  return openDB<EaselDB>(options.name ?? DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      migrate(db, oldVersion, tx);
    },
    blocking() {
      options.onBlocking?.();
    },
  });
}

/** Forward migrations as a fall-through switch: each case brings version N to N+1. */
function migrate(
  db: EaselDatabase,
  oldVersion: number,
  _tx: IDBPTransaction<EaselDB, StoreNames<EaselDB>[], 'versionchange'>,
): void {
  switch (oldVersion) {
    case 0: {
      db.createObjectStore('settings', { keyPath: 'key' });
      db.createObjectStore('keys', { keyPath: 'provider' });
      const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
      sessions.createIndex('byUpdated', 'updated');
      db.createObjectStore('messages', { keyPath: ['sessionId', 'position'] });
      db.createObjectStore('attachments', { keyPath: 'id' });
    }
  }
}
