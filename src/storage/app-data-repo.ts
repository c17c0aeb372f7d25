import type { IDBPIndex } from 'idb';
import type { EaselDatabase } from './db';
import { isObject, isString } from './guards';
import type { AppDataRecord, AppDataScope, EaselDB } from './schema';

/** Largest value, in UTF-8 bytes (Claude.ai's artifacts: under 5 MB a value). */
export const MAX_APP_VALUE_BYTES = 5 * 1024 * 1024;
/** Most data of one artifact, keys and values, in UTF-8 bytes. */
export const MAX_APP_ARTIFACT_BYTES = 20 * 1024 * 1024;

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
 * is one transaction. An artifact's total is read from the `byArtifact` index's keys, never its values, so
 * checking the 20 MB limit costs the number of keys, not their size. Each change, once written, is told to
 * `notify` (by default `APP_DATA_CHANNEL`, where sync hears it); a value from another device is written with
 * a `notify` that tells no one, so it is not sent back.
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
   * 5 MB a value or 20 MB an artifact.
   */
  async set(owner: AppDataOwner, scope: AppDataScope, key: string, value: string): Promise<void> {
    const size = utf8Size(key) + utf8Size(value);
    if (utf8Size(value) > MAX_APP_VALUE_BYTES)
      throw new AppDataLimitError(
        `The value for "${key}" is ${bytes(utf8Size(value))}; a stored value can be at most ${bytes(MAX_APP_VALUE_BYTES)} (5 MB). Nothing was stored.`,
      );
    const tx = this.db.transaction('appData', 'readwrite');
    const id: AppDataKey = [owner.sessionId, owner.file, scope, key];
    const [total, old] = await Promise.all([totalOf(tx.store.index('byArtifact'), owner), tx.store.get(id)]);
    const after = total - (isAppDataRecord(old) ? old.size : 0) + size;
    if (after > MAX_APP_ARTIFACT_BYTES) {
      tx.abort();
      await tx.done.catch(() => undefined);
      throw new AppDataLimitError(
        `Storing "${key}" would bring this artifact's data to ${bytes(after)}; an artifact can keep at most ${bytes(MAX_APP_ARTIFACT_BYTES)} (20 MB). Delete keys it no longer needs. Nothing was stored.`,
      );
    }
    const record: AppDataRecord = { ...owner, scope, key, value, size };
    await Promise.all([tx.store.put(record), tx.done]);
    this.told(owner, [[scope, key]]);
  }

  /** Deletes `key`; returns whether it was there. */
  async delete(owner: AppDataOwner, scope: AppDataScope, key: string): Promise<boolean> {
    const tx = this.db.transaction('appData', 'readwrite');
    const id: AppDataKey = [owner.sessionId, owner.file, scope, key];
    const had = (await tx.store.getKey(id)) !== undefined;
    if (had) await tx.store.delete(id);
    await tx.done;
    if (had) this.told(owner, [[scope, key]]);
    return had;
  }

  /** The keys of `scope` that start with `prefix`, in order. */
  async list(owner: AppDataOwner, scope: AppDataScope, prefix: string): Promise<string[]> {
    const range = IDBKeyRange.bound(
      [owner.sessionId, owner.file, scope, prefix],
      [owner.sessionId, owner.file, scope, `${prefix}\uffff`],
    );
    const keys = await this.db.getAllKeys('appData', range);
    return keys.map((k) => k[3]).filter((k) => k.startsWith(prefix));
  }

  /** How much the artifact keeps. */
  async usage(owner: AppDataOwner): Promise<AppDataUsage> {
    const tx = this.db.transaction('appData');
    const [usage] = await Promise.all([usageOf(tx.store.index('byArtifact'), owner), tx.done]);
    return usage;
  }

  /** Deletes everything the artifact keeps, in both scopes. */
  async clear(owner: AppDataOwner): Promise<void> {
    const tx = this.db.transaction('appData', 'readwrite');
    const range = IDBKeyRange.bound([owner.sessionId, owner.file], [owner.sessionId, owner.file, [], []]);
    const keys = await tx.store.getAllKeys(range);
    await tx.store.delete(range);
    await tx.done;
    const refs = keys.map(([, , scope, key]): AppDataRef => [scope, key]);
    for (let i = 0; i < refs.length; i += MAX_NOTICE_KEYS)
      this.told(owner, refs.slice(i, i + MAX_NOTICE_KEYS));
  }

  /** Every value of a session's artifacts (for export); records that fail their check are left out. */
  async listForSession(sessionId: string): Promise<AppDataRecord[]> {
    const values: unknown[] = await this.db.getAllFromIndex('appData', 'bySession', sessionId);
    return values.filter(isAppDataRecord);
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

/** True for a well-formed stored value (another version or a broken disk may have written something else). */
export function isAppDataRecord(value: unknown): value is AppDataRecord {
  return (
    isObject(value) &&
    isString(value.sessionId) &&
    isString(value.file) &&
    (value.scope === 0 || value.scope === 1) &&
    isString(value.key) &&
    isString(value.value) &&
    typeof value.size === 'number' &&
    Number.isSafeInteger(value.size) &&
    value.size >= 0
  );
}

/** The UTF-8 size of `text`, without encoding it. */
export function utf8Size(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

function artifactRange(owner: AppDataOwner): IDBKeyRange {
  return IDBKeyRange.bound([owner.sessionId, owner.file, 0], [owner.sessionId, owner.file, Infinity]);
}

type AppDataKey = [string, string, AppDataScope, string];
type ByArtifact = IDBPIndex<EaselDB, ['appData'], 'appData', 'byArtifact', IDBTransactionMode>;

/** Keys and total size of an artifact's data, from the index's keys alone (values are never read). */
async function usageOf(index: ByArtifact, owner: AppDataOwner): Promise<AppDataUsage> {
  let keys = 0;
  let bytes = 0;
  let cursor = await index.openKeyCursor(artifactRange(owner));
  while (cursor) {
    keys += 1;
    bytes += cursor.key[2];
    cursor = await cursor.continue();
  }
  return { keys, bytes };
}

async function totalOf(index: ByArtifact, owner: AppDataOwner): Promise<number> {
  return (await usageOf(index, owner)).bytes;
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
