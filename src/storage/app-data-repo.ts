import type { IDBPIndex, IDBPTransaction } from 'idb';
import { appDataOfSession, EVERY, isAppDataRecord, type TotalKey, utf8Size } from './app-data-records';
import type { EaselDatabase } from './db';
import { isObject } from './guards';
import { allRequests } from './requests';
import type { AppDataRecord, AppDataScope, AppDataTotalRecord, EaselDB } from './schema';

export { isAppDataRecord, utf8Size } from './app-data-records';

/** Largest value, in UTF-8 bytes (Claude.ai's artifacts: under 5 MB a value). */
export const MAX_APP_VALUE_BYTES = 5 * 1024 * 1024;
/** Most data of one artifact, keys and values, in UTF-8 bytes (Claude.ai's artifacts: 20 MB). */
export const MAX_APP_ARTIFACT_BYTES = 20 * 1024 * 1024;
/**
 * Most data of the artifacts of one session: one artifact at its limit and room for a few small ones, so one
 * answer's files cannot multiply the artifact limit (three files stored 40 MB before there was this limit).
 */
export const MAX_APP_SESSION_BYTES = 30 * 1024 * 1024;
/**
 * Most data of every artifact together: the same database holds the person's conversations and attachments,
 * and the browser's quota (a share of the free disk) is the database's, so artifacts get a bounded part of it;
 * sync also sends every value.
 */
export const MAX_APP_TOTAL_BYTES = 200 * 1024 * 1024;

/** Which artifact: a file of a session. */
export interface AppDataOwner {
  readonly sessionId: string;
  readonly file: string;
}

/** The BroadcastChannel on which repositories say which keys of an artifact changed (sync listens there). */
export const APP_DATA_CHANNEL = 'easel-app-data';
/** Most keys one notice names (a `clear` of more says so in several notices). */
export const MAX_NOTICE_KEYS = 1000;

/** One stored value's place in its artifact. */
export type AppDataRef = readonly [scope: AppDataScope, key: string];

/** Keys of one artifact whose values were set or deleted: names only, never the values. */
export interface AppDataNotice {
  readonly type: 'appData';
  readonly sessionId: string;
  readonly file: string;
  readonly keys: readonly AppDataRef[];
}

/** Where a repository says what it changed. */
export type AppDataNotify = (notice: AppDataNotice) => void;

/**
 * Notices on `APP_DATA_CHANNEL`. A BroadcastChannel delivers to every other object of its name, in this tab
 * too, so sync hears this tab's artifacts and the other tabs' alike. The channel opens with the first notice.
 */
export function broadcastAppData(): AppDataNotify {
  let channel: BroadcastChannel | undefined;
  return (notice) => {
    if (typeof BroadcastChannel !== 'function') return;
    channel ??= new BroadcastChannel(APP_DATA_CHANNEL);
    channel.postMessage(notice);
  };
}

/** A value that cannot be stored, with the sentence the artifact is rejected with. */
export class AppDataLimitError extends Error {
  override readonly name = 'AppDataLimitError';
}

/** How much an artifact keeps: keys of both scopes and their total UTF-8 size. */
export interface AppDataUsage {
  readonly keys: number;
  readonly bytes: number;
}

/**
 * What artifacts keep with `window.storage`, by artifact (session and file): the store `appData`. Each call
 * is one transaction. The totals of the artifact, its session and every artifact (`appDataTotals`) are read
 * and written in the same transaction as the value, so checking the limits costs three reads whatever the
 * number of keys; a total that is missing or broken is counted again from the `byArtifact` index's keys
 * (never the values). Each change, once written, is told to `notify` (by default `APP_DATA_CHANNEL`, where sync
 * hears it); a value from another device is written with a `notify` that tells no one, so it is not sent back.
 */
export class AppDataRepository {
  constructor(
    private readonly db: EaselDatabase,
    private readonly notify: AppDataNotify = broadcastAppData(),
  ) {}

  /** The value under `key`, or `undefined`. */
  async get(owner: AppDataOwner, scope: AppDataScope, key: string): Promise<string | undefined> {
    const value: unknown = await this.db.get('appData', [owner.sessionId, owner.file, scope, key]);
    return isAppDataRecord(value) ? value.value : undefined;
  }

  /**
   * Stores `value` under `key`, replacing what was there. Throws `AppDataLimitError` (and stores nothing) past
   * 5 MB a value, 20 MB an artifact, 30 MB the artifacts of a session or 200 MB every artifact. A write that
   * does not grow the data is never refused (an import may have brought more than the limits).
   */
  async set(owner: AppDataOwner, scope: AppDataScope, key: string, value: string): Promise<void> {
    const size = utf8Size(key) + utf8Size(value);
    if (utf8Size(value) > MAX_APP_VALUE_BYTES)
      throw new AppDataLimitError(
        `The value for "${key}" is ${bytes(utf8Size(value))}; a stored value can be at most ${bytes(MAX_APP_VALUE_BYTES)} (5 MB). Nothing was stored.`,
      );
    const tx = this.db.transaction(['appData', 'appDataTotals'], 'readwrite');
    const id: AppDataKey = [owner.sessionId, owner.file, scope, key];
    const [old, totals] = await Promise.all([tx.objectStore('appData').get(id), readTotals(tx, owner)]);
    const grows = size - (isAppDataRecord(old) ? old.size : 0);
    const added = old === undefined ? 1 : 0;
    const after = totals.map((t) => ({ keys: t.keys + added, bytes: t.bytes + grows }));
    const over = grows > 0 ? LIMITS.findIndex(([limit], i) => (after[i]?.bytes ?? 0) > limit) : -1;
    const limit = LIMITS[over];
    if (limit) {
      tx.abort();
      await tx.done.catch(() => undefined);
      const [most, whose, who, wayForward] = limit;
      throw new AppDataLimitError(
        `Storing "${key}" would bring ${whose} to ${bytes(after[over]?.bytes ?? 0)}; ${who} can keep at most ${bytes(most)} (${most / 1024 / 1024} MB). ${wayForward} with Clear stored data in its console, under its preview. Nothing was stored.`,
      );
    }
    const record: AppDataRecord = { ...owner, scope, key, value, size };
    await allRequests((add) => {
      add(tx.objectStore('appData').put(record));
      writeTotals(add, tx, owner, after);
      add(tx.done);
    });
    this.told(owner, [[scope, key]]);
  }

  /** Deletes `key`; returns whether it was there. */
  async delete(owner: AppDataOwner, scope: AppDataScope, key: string): Promise<boolean> {
    const tx = this.db.transaction(['appData', 'appDataTotals'], 'readwrite');
    const id: AppDataKey = [owner.sessionId, owner.file, scope, key];
    const [old, totals] = await Promise.all([tx.objectStore('appData').get(id), readTotals(tx, owner)]);
    const had = old !== undefined;
    if (had) {
      const freed = isAppDataRecord(old) ? old.size : 0;
      const after = totals.map((t) => ({ keys: t.keys - 1, bytes: t.bytes - freed }));
      await allRequests((add) => {
        add(tx.objectStore('appData').delete(id));
        writeTotals(add, tx, owner, after);
      });
    }
    await tx.done;
    if (had) this.told(owner, [[scope, key]]);
    return had;
  }

  /** The keys of `scope` that start with `prefix`, in order (one request, whatever the number of keys). */
  async list(owner: AppDataOwner, scope: AppDataScope, prefix: string): Promise<string[]> {
    const range = IDBKeyRange.bound(
      [owner.sessionId, owner.file, scope, prefix],
      [owner.sessionId, owner.file, scope, `${prefix}\uffff`],
    );
    const keys = await this.db.getAllKeys('appData', range);
    return keys.map((k) => k[3]).filter((k) => k.startsWith(prefix));
  }

  /** How much the artifact keeps (its total, read in one request). */
  async usage(owner: AppDataOwner): Promise<AppDataUsage> {
    const tx = this.db.transaction(['appData', 'appDataTotals']);
    const [usage] = await Promise.all([readTotal(tx, [owner.sessionId, owner.file]), tx.done]);
    return usage;
  }

  /** Deletes everything the artifact keeps, in both scopes. */
  async clear(owner: AppDataOwner): Promise<void> {
    const tx = this.db.transaction(['appData', 'appDataTotals'], 'readwrite');
    const store = tx.objectStore('appData');
    const range = IDBKeyRange.bound([owner.sessionId, owner.file], [owner.sessionId, owner.file, [], []]);
    const [keys, [artifact, session, every]] = await Promise.all([
      store.getAllKeys(range),
      readTotals(tx, owner),
    ]);
    const less = (t: AppDataUsage) => ({ keys: t.keys - artifact.keys, bytes: t.bytes - artifact.bytes });
    await allRequests((add) => {
      add(store.delete(range));
      writeTotals(add, tx, owner, [{ keys: 0, bytes: 0 }, less(session), less(every)]);
      add(tx.done);
    });
    const refs = keys.map(([, , scope, key]): AppDataRef => [scope, key]);
    for (let i = 0; i < refs.length; i += MAX_NOTICE_KEYS)
      this.told(owner, refs.slice(i, i + MAX_NOTICE_KEYS));
  }

  /** Every value of a session's artifacts (for export); records that fail their check are left out. */
  async listForSession(sessionId: string): Promise<AppDataRecord[]> {
    return appDataOfSession(this.db, sessionId);
  }

  private told(owner: AppDataOwner, keys: readonly AppDataRef[]): void {
    try {
      this.notify({ type: 'appData', sessionId: owner.sessionId, file: owner.file, keys });
    } catch (error) {
      // The value is stored; only its notice failed (a closed channel), which costs a sync until the next start.
      console.error(error);
    }
  }
}

/**
 * The limits a write is checked against, in the order of `totalKeys` (the artifact, its session, every
 * artifact), with the words that name each and what the person can do.
 */
const LIMITS = [
  [
    MAX_APP_ARTIFACT_BYTES,
    "this artifact's data",
    'an artifact',
    'Delete keys it no longer needs, or clear its data',
  ],
  [
    MAX_APP_SESSION_BYTES,
    "the data of this conversation's artifacts",
    'the artifacts of one conversation',
    "Clear another artifact's data",
  ],
  [
    MAX_APP_TOTAL_BYTES,
    'the data of every artifact in this browser',
    'all artifacts together',
    "Delete conversations you no longer need, or clear an artifact's data",
  ],
] as const;

type AppDataKey = [string, string, AppDataScope, string];
type TotalsTransaction = IDBPTransaction<EaselDB, ('appData' | 'appDataTotals')[], IDBTransactionMode>;

/** The totals a write of `owner` changes: its artifact's, its session's, every artifact's (as `LIMITS`). */
function totalKeys(owner: AppDataOwner): [TotalKey, TotalKey, TotalKey] {
  return [[owner.sessionId, owner.file], [owner.sessionId, ''], EVERY];
}

function readTotals(
  tx: TotalsTransaction,
  owner: AppDataOwner,
): Promise<[AppDataUsage, AppDataUsage, AppDataUsage]> {
  const [artifact, session, every] = totalKeys(owner);
  return Promise.all([readTotal(tx, artifact), readTotal(tx, session), readTotal(tx, every)]);
}

/** A total as kept, or counted again from the index's keys when it is missing or broken. */
async function readTotal(tx: TotalsTransaction, key: TotalKey): Promise<AppDataUsage> {
  const record: unknown = await tx.objectStore('appDataTotals').get(key);
  if (isTotal(record)) return { keys: record.keys, bytes: record.bytes };
  return countTotal(tx.objectStore('appData').index('byArtifact'), key);
}

function writeTotals(
  add: (request: Promise<unknown>) => void,
  tx: IDBPTransaction<EaselDB, ('appData' | 'appDataTotals')[], 'readwrite'>,
  owner: AppDataOwner,
  totals: readonly AppDataUsage[],
): void {
  const store = tx.objectStore('appDataTotals');
  for (const [i, [sessionId, file]] of totalKeys(owner).entries()) {
    const total = totals[i];
    if (!total) continue;
    const record: AppDataTotalRecord = {
      sessionId,
      file,
      keys: Math.max(0, total.keys),
      bytes: Math.max(0, total.bytes),
    };
    add(store.put(record));
  }
}

/** True for a total as the repository writes it (`appDataTotals`; its key says whose it is). */
function isTotal(value: unknown): value is AppDataTotalRecord {
  return isObject(value) && isCount(value.keys) && isCount(value.bytes);
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

type ByArtifact = IDBPIndex<
  EaselDB,
  ('appData' | 'appDataTotals')[],
  'appData',
  'byArtifact',
  IDBTransactionMode
>;

/**
 * Counts a total from the `byArtifact` index's keys (`[sessionId, file, size]`; values are never read): the
 * cost of every key it covers, paid only when a total is missing (a database an import or a purge left
 * without one), never on every write.
 */
async function countTotal(index: ByArtifact, [sessionId, file]: TotalKey): Promise<AppDataUsage> {
  const range =
    sessionId === ''
      ? undefined
      : file === ''
        ? IDBKeyRange.bound([sessionId], [sessionId, []])
        : IDBKeyRange.bound([sessionId, file, 0], [sessionId, file, Infinity]);
  let keys = 0;
  let bytes = 0;
  let cursor = await index.openKeyCursor(range);
  while (cursor) {
    keys += 1;
    bytes += cursor.key[2];
    cursor = await cursor.continue();
  }
  return { keys, bytes };
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
