import type { DBSchema } from 'idb';

/** The database name. Tests may open another name to stay isolated. */
export const DB_NAME = 'easel';

/**
 * The current schema version. Bump it and add a `case` to `migrate` (db.ts) for every change; never edit an
 * older case.
 */
export const DB_VERSION = 1;

/** A setting as stored. Values are `unknown` on the way out: callers validate what they read. */
export interface SettingRecord {
  readonly key: string;
  readonly value: unknown;
}

/** An API key remembered on this device (only when the person asked for it). */
export interface KeyRecord {
  readonly provider: string;
  readonly key: string;
  readonly savedAt: number;
}

/**
 * Easel's IndexedDB schema, version 1.
 *
 * `sessions`, `messages` and `attachments` are created now so later features only add fields and indexes;
 * their record shapes are owned by the sessions and attachments repositories. Records are `unknown` here:
 * everything read back is validated by its repository.
 */
export interface EaselDB extends DBSchema {
  settings: { key: string; value: SettingRecord };
  keys: { key: string; value: KeyRecord };
  sessions: { key: string; value: unknown; indexes: { byUpdated: number } };
  messages: { key: [string, number]; value: unknown };
  attachments: { key: string; value: unknown };
}
