import { staleTotals } from './app-data-records';
import type { EaselDatabase } from './db';
import { sessionRange } from './ranges';
import type { SessionRecord } from './schema';
import { parseSessionRecord } from './validate';

/** Session records read back, with a sentence for each record that failed its check and was skipped. */
export interface SessionList {
  /** Newest `updated` first; deleted (awaiting purge) sessions are left out. */
  readonly sessions: readonly SessionRecord[];
  readonly problems: readonly string[];
}

/** What `get` found: the session, nothing, or a record that failed its check. */
export type SessionLookup =
  | { readonly kind: 'found'; readonly session: SessionRecord }
  | { readonly kind: 'missing' }
  | { readonly kind: 'invalid'; readonly problem: string };

/**
 * Typed access to the `sessions` store, plus the purge that removes a session with its messages, search
 * texts and attachment bytes. Deleting is two steps so it can be undone: `markDeleted` hides the session,
 * `restore` brings it back, `purge` (after the undo window, or at the next start) removes it for good.
 */
export class SessionsRepository {
  constructor(private readonly db: EaselDatabase) {}

  /**
   * All live sessions, newest first. Reads the whole (small) metadata store rather than walking the
   * `byUpdated` index, so a record whose `updated` is broken is reported instead of silently missing.
   */
  async list(): Promise<SessionList> {
    const values: unknown[] = await this.db.getAll('sessions');
    const sessions: SessionRecord[] = [];
    const problems: string[] = [];
    for (const value of values) {
      const parsed = parseSessionRecord(value);
      if (!parsed.ok) problems.push(parsed.problem);
      else if (parsed.value.deletedAt === undefined) sessions.push(parsed.value);
    }
    sessions.sort((a, b) => b.updated - a.updated);
    return { sessions, problems };
  }

  /** One session, deleted or not. */
  async get(id: string): Promise<SessionLookup> {
    const value: unknown = await this.db.get('sessions', id);
    if (value === undefined) return { kind: 'missing' };
    const parsed = parseSessionRecord(value);
    return parsed.ok
      ? { kind: 'found', session: parsed.value }
      : { kind: 'invalid', problem: parsed.problem };
  }

  /** Whether any record (valid or not) has this id. */
  async exists(id: string): Promise<boolean> {
    return (await this.db.getKey('sessions', id)) !== undefined;
  }

  async put(session: SessionRecord): Promise<void> {
    await this.db.put('sessions', session);
  }

  /** Sets the title; `undefined` when there is no such session. */
  rename(id: string, title: string): Promise<SessionRecord | undefined> {
    return this.change(id, (s) => ({ ...s, title: title.trim() }));
  }

  /** Puts a session in a project, or (`undefined`) outside any. */
  moveToProject(id: string, projectId: string | undefined): Promise<SessionRecord | undefined> {
    return this.change(id, ({ projectId: _old, ...s }) => (projectId ? { ...s, projectId } : s));
  }

  /** Pins a session (`at`: when, epoch ms) or, with `undefined`, unpins it. */
  pin(id: string, at: number | undefined): Promise<SessionRecord | undefined> {
    return this.change(id, ({ pinnedAt: _old, ...s }) => (at === undefined ? s : { ...s, pinnedAt: at }));
  }

  /** Hides a session until `restore` or `purge`. */
  markDeleted(id: string, at: number): Promise<SessionRecord | undefined> {
    return this.change(id, (s) => ({ ...s, deletedAt: at }));
  }

  /** Undoes `markDeleted`. */
  restore(id: string): Promise<SessionRecord | undefined> {
    return this.change(id, ({ deletedAt: _deleted, ...s }) => s);
  }

  markExported(ids: readonly string[], at: number): Promise<unknown> {
    return Promise.all(ids.map((id) => this.change(id, (s) => ({ ...s, lastExportAt: at }))));
  }

  /** Removes a session, its messages, search texts, attachment bytes and artifacts' data in one transaction. */
  async purge(id: string): Promise<void> {
    const tx = this.db.transaction(
      ['sessions', 'messages', 'texts', 'attachments', 'appData', 'appDataTotals'],
      'readwrite',
    );
    const attachmentKeys = await tx.objectStore('attachments').index('bySession').getAllKeys(id);
    const appDataKeys = await tx.objectStore('appData').index('bySession').getAllKeys(id);
    await Promise.all([
      ...appDataKeys.map((key) => tx.objectStore('appData').delete(key)),
      ...staleTotals(id).map((key) => tx.objectStore('appDataTotals').delete(key)),
      tx.objectStore('sessions').delete(id),
      tx.objectStore('messages').delete(sessionRange(id)),
      tx.objectStore('texts').delete(sessionRange(id)),
      ...attachmentKeys.map((key) => tx.objectStore('attachments').delete(key)),
      tx.done,
    ]);
  }

  /** Purges every session deleted at or before `before` (epoch ms); returns their ids. */
  async purgeDeleted(before: number): Promise<string[]> {
    const values: unknown[] = await this.db.getAll('sessions');
    const ids: string[] = [];
    for (const value of values) {
      const parsed = parseSessionRecord(value);
      if (parsed.ok && parsed.value.deletedAt !== undefined && parsed.value.deletedAt <= before) {
        ids.push(parsed.value.id);
      }
    }
    for (const id of ids) await this.purge(id);
    return ids;
  }

  private async change(
    id: string,
    apply: (session: SessionRecord) => SessionRecord,
  ): Promise<SessionRecord | undefined> {
    const tx = this.db.transaction('sessions', 'readwrite');
    const parsed = parseSessionRecord(await tx.store.get(id));
    if (!parsed.ok) {
      await tx.done;
      return undefined;
    }
    const next = apply(parsed.value);
    await Promise.all([tx.store.put(next), tx.done]);
    return next;
  }
}
