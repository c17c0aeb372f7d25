import type { AgentMessage } from '../agent';
import type { EaselDatabase } from './db';
import type { AttachmentBlobRecord } from './schema';
import { parseAttachmentBlobRecord } from './validate';

/**
 * Ids of the attachment bytes the messages refer to: each file's (`id`) and its bytes as attached beside a
 * conversion (`sourceId`), which go wherever the file goes.
 */
export function attachmentBlobIds(messages: readonly AgentMessage[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'user-with-attachments'
      ? m.attachments.flatMap((a) => (a.sourceId === undefined ? [a.id] : [a.id, a.sourceId]))
      : [],
  );
}

/** What `get` found: the bytes, nothing, or a record that failed its check. */
export type AttachmentLookup =
  | { readonly kind: 'found'; readonly record: AttachmentBlobRecord }
  | { readonly kind: 'missing' }
  | { readonly kind: 'invalid'; readonly problem: string };

/**
 * The files of an incognito chat (`SessionSaver.startIncognito`): held in memory only, never written anywhere,
 * read by `AttachmentsRepository.get` like stored ones, and let go when the chat ends.
 */
export class HeldFiles {
  private readonly records = new Map<string, AttachmentBlobRecord>();

  hold(record: AttachmentBlobRecord): void {
    this.records.set(record.id, record);
  }

  get(id: string): AttachmentBlobRecord | undefined {
    return this.records.get(id);
  }

  clear(): void {
    this.records.clear();
  }
}

/**
 * Attachment bytes as Blobs, one record per file, keyed by the id the message's `AttachmentRecord` holds.
 * Bytes are written once, when the file is attached, and never re-encoded when the session is saved. With
 * `held`, `hold` keeps an incognito chat's files in memory instead, and `get` finds them there first.
 */
export class AttachmentsRepository {
  constructor(
    private readonly db: EaselDatabase,
    private readonly held?: HeldFiles,
  ) {}

  /** Stores the bytes of a file for a session. */
  async put(record: AttachmentBlobRecord): Promise<void> {
    await this.db.put('attachments', record);
  }

  /** Keeps the bytes of a file of an incognito chat in memory only; refuses without `held` (nothing written). */
  hold(record: AttachmentBlobRecord): void {
    if (!this.held) throw new Error('This browser tab cannot keep files of an incognito chat.');
    this.held.hold(record);
  }

  async get(id: string): Promise<AttachmentLookup> {
    const held = this.held?.get(id);
    if (held) return { kind: 'found', record: held };
    const value: unknown = await this.db.get('attachments', id);
    if (value === undefined) return { kind: 'missing' };
    const parsed = parseAttachmentBlobRecord(value);
    return parsed.ok ? { kind: 'found', record: parsed.value } : { kind: 'invalid', problem: parsed.problem };
  }

  async exists(id: string): Promise<boolean> {
    return (await this.db.getKey('attachments', id)) !== undefined;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete('attachments', id);
  }

  /**
   * Makes the files with these ids (those still stored) belong to `sessionId`, in one transaction, so that
   * purging the session they were stored under no longer removes them. Returns how many moved.
   */
  async moveToSession(ids: Iterable<string>, sessionId: string): Promise<number> {
    const tx = this.db.transaction('attachments', 'readwrite');
    let moved = 0;
    for (const id of ids) {
      const parsed = parseAttachmentBlobRecord(await tx.store.get(id));
      if (!parsed.ok || parsed.value.sessionId === sessionId) continue;
      await tx.store.put({ ...parsed.value, sessionId });
      moved += 1;
    }
    await tx.done;
    return moved;
  }

  /** Every attachment of a session; bad records are reported and skipped. */
  async listForSession(
    sessionId: string,
  ): Promise<{ readonly records: readonly AttachmentBlobRecord[]; readonly problems: readonly string[] }> {
    const values: unknown[] = await this.db.getAllFromIndex('attachments', 'bySession', sessionId);
    const records: AttachmentBlobRecord[] = [];
    const problems: string[] = [];
    for (const value of values) {
      const parsed = parseAttachmentBlobRecord(value);
      if (parsed.ok) records.push(parsed.value);
      else problems.push(parsed.problem);
    }
    return { records, problems };
  }
}
