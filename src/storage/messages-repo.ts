import { errorText } from '../agent';
import type { EaselDatabase } from './db';
import { bad } from './guards';
import { withLargeTextsApart, withLargeTextsRead } from './large-texts';
import { textOf } from './message-text';
import { sessionRange } from './ranges';
import { allRequests } from './requests';
import type { MessageRecord, SessionRecord } from './schema';
import { applyChange, type SessionWrite, type SessionWriteTarget } from './session-write';
import { TextChunkWriter } from './text-chunks';
import { parseMessageRecord, parseSessionRecord } from './validate';

/** A session's message records in key order, with a sentence for each record that was skipped. */
export interface MessageRecords {
  readonly records: readonly MessageRecord[];
  readonly problems: readonly string[];
}

/**
 * Typed access to the `messages` store (and the `texts` chunks that mirror it for search). Every write of
 * a message also updates its search text, in the same transaction.
 */
export class MessagesRepository implements SessionWriteTarget {
  constructor(private readonly db: EaselDatabase) {}

  /** Every message record of a session, in key order; bad records are reported and skipped. */
  async load(sessionId: string): Promise<MessageRecords> {
    const values: unknown[] = await this.db.getAll('messages', sessionRange(sessionId));
    return await parseAll(values);
  }

  /** The records with these keys that exist (another tab's new messages, say), in key order. */
  async getMany(sessionId: string, keys: readonly string[]): Promise<MessageRecords> {
    const tx = this.db.transaction('messages');
    const values: unknown[] = await Promise.all(keys.map((key) => tx.store.get([sessionId, key])));
    await tx.done;
    const found = await parseAll(values.filter((v) => v !== undefined));
    return { ...found, records: [...found.records].sort((a, b) => compareKeys(a.key, b.key)) };
  }

  /**
   * The saver's atomic save: deletes, puts (with their search texts), and the session's metadata updated
   * from its stored value in the same transaction, so two tabs saving at once never lose each other's
   * counts. The session record is created on the first save. Streaming snapshots (`partial`) are not
   * indexed for search; their finished version is.
   */
  async commit(write: SessionWrite): Promise<SessionRecord | undefined> {
    const tx = this.db.transaction(['sessions', 'messages', 'texts'], 'readwrite');
    try {
      const sessions = tx.objectStore('sessions');
      const messages = tx.objectStore('messages');
      const value: unknown = await sessions.get(write.sessionId);
      if (value === undefined && write.ifMissing === 'skip') {
        await tx.done;
        return undefined;
      }
      const stored = parseSessionRecord(value);
      const next = applyChange(stored.ok ? stored.value : undefined, write.sessionId, write.change);
      const texts = new TextChunkWriter(tx.objectStore('texts'), write.sessionId);
      for (const key of write.deletes) await texts.remove(key);
      for (const record of write.puts)
        if (!record.partial) await texts.set(record.key, textOf(record.message));
      await allRequests((add) => {
        for (const key of write.deletes) add(messages.delete([write.sessionId, key]));
        for (const record of write.puts) add(messages.put(withLargeTextsApart(record)));
        add(sessions.put(next));
        add(texts.finish());
        add(tx.done);
      });
      return next;
    } catch (error) {
      // All or nothing, also when a request threw before the transaction could fail by itself.
      tx.done.catch(() => undefined);
      abortQuietly(tx);
      // A full disk may fail one request or only the commit; the transaction's own error says which.
      throw tx.error ?? error;
    }
  }
}

/** Sort keys compare as plain strings (code unit order, the same order IndexedDB uses for them). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}

/** Checks stored records, reading their long texts back first (see `large-texts.ts`). */
async function parseAll(values: readonly unknown[]): Promise<MessageRecords> {
  const records: MessageRecord[] = [];
  const problems: string[] = [];
  const read = await Promise.all(
    values.map((value) =>
      withLargeTextsRead(value).then(
        (record) => parseMessageRecord(record),
        (error: unknown) => bad<MessageRecord>(`A message could not be read: ${errorText(error)}.`),
      ),
    ),
  );
  for (const parsed of read) {
    if (parsed.ok) records.push(parsed.value);
    else problems.push(parsed.problem);
  }
  return { records, problems };
}
