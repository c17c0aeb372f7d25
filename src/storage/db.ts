import { type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import { textOf } from './message-text';
import { allRequests } from './requests';
import { DB_NAME, DB_VERSION, type EaselDB, type MessageRecord } from './schema';
import { v1SortKey } from './sort-key';
import { TextChunkWriter } from './text-chunks';
import { parseAgentMessage } from './validate-message';

export type EaselDatabase = IDBPDatabase<EaselDB>;
type UpgradeTransaction = IDBPTransaction<EaselDB, StoreNames<EaselDB>[], 'versionchange'>;

export interface OpenOptions {
  readonly name?: string;
  /**
   * Called when another tab (or the browser) waits for this connection to close: to open a newer schema
   * (`blockedVersion` is that version), or to delete the database (`null`). Close the connection.
   */
  readonly onBlocking?: (blockedVersion: number | null) => void;
  /**
   * Called when the browser closed the connection on its own (site data cleared, say): every later call on it
   * fails. `EaselConnection` opens the database again.
   */
  readonly onTerminated?: () => void;
  /** The schema version to open; defaults to `DB_VERSION`. Tests open older versions to check migrations. */
  readonly version?: number;
}

/** Opens (and if needed creates or migrates) the database. A failed migration aborts and rejects. */
export function openEaselDb(options: OpenOptions = {}): Promise<EaselDatabase> {
  const version = options.version ?? DB_VERSION;
  return openDB<EaselDB>(options.name ?? DB_NAME, version, {
    upgrade(db, oldVersion, newVersion, tx) {
      migrate(db, oldVersion, newVersion ?? version, tx).catch((error: unknown) => {
        console.error('Easel: the database migration failed.', error);
        tx.abort();
      });
    },
    blocking(_currentVersion, blockedVersion) {
      options.onBlocking?.(blockedVersion);
    },
    terminated() {
      options.onTerminated?.();
    },
  });
}

/**
 * Runs the migration steps from `oldVersion` up to `newVersion` inside the upgrade transaction. Only
 * requests of that transaction are awaited, so it stays active throughout.
 */
async function migrate(db: EaselDatabase, oldVersion: number, newVersion: number, tx: UpgradeTransaction) {
  for (let version = oldVersion; version < newVersion; version++) {
    const step = migrationStep(db, version, tx);
    if (step) await step;
  }
}

/** One forward migration per case: each brings version N to N+1. Never edit a released case. */
function migrationStep(
  db: EaselDatabase,
  fromVersion: number,
  tx: UpgradeTransaction,
): Promise<void> | undefined {
  switch (fromVersion) {
    case 0: {
      db.createObjectStore('settings', { keyPath: 'key' });
      db.createObjectStore('keys', { keyPath: 'provider' });
      const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
      sessions.createIndex('byUpdated', 'updated');
      db.createObjectStore('messages', { keyPath: ['sessionId', 'position'] });
      db.createObjectStore('attachments', { keyPath: 'id' });
      return undefined;
    }
    case 1:
      return toVersion2(db, tx);
    case 2: {
      // What artifacts keep with `window.storage` (nothing to carry over: it did not exist before).
      const appData = db.createObjectStore('appData', { keyPath: ['sessionId', 'file', 'scope', 'key'] });
      appData.createIndex('byArtifact', ['sessionId', 'file', 'size']);
      appData.createIndex('bySession', 'sessionId');
      return undefined;
    }
    case 3:
      // Projects (sessions name theirs with an optional `projectId`: no session record changes).
      db.createObjectStore('projects', { keyPath: 'id' });
      return undefined;
    case 4:
      // Memory files (nothing to carry over: memory did not exist before).
      db.createObjectStore('memories', { keyPath: ['space', 'path'] });
      return undefined;
    case 5:
      // The totals of what artifacts keep: each is counted from the keys by the first write that needs it.
      db.createObjectStore('appDataTotals', { keyPath: ['sessionId', 'file'] });
      return undefined;
    default:
      throw new Error(`There is no migration from schema version ${fromVersion}.`);
  }
}

/**
 * Version 2: messages are keyed by a writer-unique sort key instead of a position (two tabs computing the
 * same position would overwrite each other), the searchable text of messages is kept in `texts` chunks, and
 * attachments are indexed by session. Version-1 message records (`{ sessionId, position, message }`) are carried over
 * with a sort key that keeps their order; their content is checked when read, like any record.
 */
async function toVersion2(db: EaselDatabase, tx: UpgradeTransaction): Promise<void> {
  const old: unknown[] = await tx.objectStore('messages').getAll();
  db.deleteObjectStore('messages');
  const messages = db.createObjectStore('messages', { keyPath: ['sessionId', 'key'] });
  const texts = db.createObjectStore('texts', { keyPath: ['sessionId', 'firstKey'] });
  tx.objectStore('attachments').createIndex('bySession', 'sessionId');
  const writers = new Map<string, TextChunkWriter>();
  const records = old.flatMap((value) => fromVersion1(value) ?? []);
  for (const record of records) {
    const message = parseAgentMessage(record.message);
    if (!message.ok) continue;
    let writer = writers.get(record.sessionId);
    if (!writer) {
      writer = new TextChunkWriter(texts, record.sessionId);
      writers.set(record.sessionId, writer);
    }
    await writer.set(record.key, textOf(message.value));
  }
  await allRequests((add) => {
    for (const record of records) add(messages.put(record));
    for (const writer of writers.values()) add(writer.finish());
  });
}

/** A version-1 message record in the version-2 shape; `undefined` when it had no usable key. */
function fromVersion1(value: unknown): MessageRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sessionId, position, ...rest } = value as Record<string, unknown>;
  if (typeof sessionId !== 'string' || typeof position !== 'number' || !Number.isFinite(position)) {
    return undefined;
  }
  // Unchecked on purpose: the record is carried over as it was and validated when a session is loaded.
  return { ...rest, sessionId, key: v1SortKey(position) } as unknown as MessageRecord;
}
