import type { EaselDatabase } from './db';
import { isObject, isString } from './guards';
import type { AppDataRecord } from './schema';

// What the rest of storage needs of artifacts' data (export, import, purge) without the repository, which
// loads with the first artifact that calls `window.storage` (`lazyAppData`).

/** The key of a total: `[sessionId, file]`, `[sessionId, '']` a session's, `['', '']` every artifact's. */
export type TotalKey = [sessionId: string, file: string];

/** The total of every artifact. */
export const EVERY: TotalKey = ['', ''];

/** Every value of a session's artifacts (for export); records that fail their check are left out. */
export async function appDataOfSession(db: EaselDatabase, sessionId: string): Promise<AppDataRecord[]> {
  const values: unknown[] = await db.getAllFromIndex('appData', 'bySession', sessionId);
  return values.filter(isAppDataRecord);
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

/**
 * The totals that a change of `sessionId`'s values made outside the repository makes wrong (an import, a
 * purge): delete them in that transaction, and the next write counts them again from the keys (once).
 */
export function staleTotals(sessionId: string): [IDBKeyRange, TotalKey] {
  return [sessionTotalsRange(sessionId), EVERY];
}

function sessionTotalsRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}
