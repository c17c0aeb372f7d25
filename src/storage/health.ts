/** Durability: persistent storage, how much of the quota is used, and when the person last exported. */

import type { SettingsRepository } from './settings-repo';

/** What Settings shows about storage. `undefined` means the browser cannot tell. */
export interface StorageHealth {
  /** True when the browser promised not to evict this site's data under storage pressure. */
  readonly persisted: boolean | undefined;
  /** Bytes used by this site. */
  readonly usage: number | undefined;
  /** Bytes this site may use. */
  readonly quota: number | undefined;
  /** Epoch ms of the last export (one session or all). */
  readonly lastExportAt: number | undefined;
}

/** The part of `navigator.storage` used here (every method may be missing in older browsers). */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

const LAST_EXPORT_KEY = 'lastExportAt';

/**
 * Asks the browser to keep this site's data under storage pressure. Call it after the first session is
 * saved (browsers grant it more readily to a site in use). Never throws; `false` when refused or unsupported.
 */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = browserStorage(),
): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Reads persistence, usage, quota and the last export time. Never throws. */
export async function storageHealth(
  settings: SettingsRepository,
  storage: StorageManagerLike | undefined = browserStorage(),
): Promise<StorageHealth> {
  const [persisted, estimate, lastExportAt] = await Promise.all([
    storage?.persisted?.().catch(() => undefined),
    storage?.estimate?.().catch(() => undefined),
    lastExport(settings),
  ]);
  return {
    persisted: typeof persisted === 'boolean' ? persisted : undefined,
    usage: finite(estimate?.usage),
    quota: finite(estimate?.quota),
    lastExportAt,
  };
}

/** Remembers when an export was made. */
export async function recordExport(settings: SettingsRepository, at: number): Promise<void> {
  await settings.set(LAST_EXPORT_KEY, at);
}

async function lastExport(settings: SettingsRepository): Promise<number | undefined> {
  try {
    return finite(await settings.get(LAST_EXPORT_KEY));
  } catch {
    return undefined;
  }
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function browserStorage(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}
