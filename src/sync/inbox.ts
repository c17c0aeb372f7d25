/**
 * In: the mirror's change feed (documents from the server) to Easel's stores. Each change is opened, checked
 * (`parsePayload`, then as an import checks a session or a message, in `src/storage/remote-write.ts`), written,
 * and announced with storage notices so the open views refresh: held while a batch is written, then each
 * session's said once. One job applies what the feed has gathered, at most `APPLY_BATCH` changes at a time.
 */

import type { Change, PouchDoc } from 'pouchdb-browser';
import type {
  AttachmentsRepository,
  EaselDatabase,
  NoticeChannel,
  SessionsRepository,
  StorageNotice,
} from '../storage';
import { parseRemoteSession, writeRemoteMessages, writeRemoteSession } from '../storage/remote-write';
import type { AppDataPayload, AppDataSync } from './app-data-sync';
import { BYTES_NAME, KEYS_DOC_ID, open, openBytes, type SyncKeys } from './crypto';
import type { TitleLedger } from './ledger';
import type { MemoryPayload, MemorySync } from './memory-sync';
import { type Stamp, type TitleEdit, wins, withTitle } from './merge';
import type { Mirror } from './mirror';
import { pacer } from './pace';
import { type Payload, parsePayload } from './payloads';

/**
 * Most changes from the feed applied before their notices go out. A first sync has thousands waiting; in one
 * go, the sidebar would then draw hundreds of new sessions in one task (some 300 ms of layout for 500).
 */
export const APPLY_BATCH = 500;

export interface InboxDeps {
  readonly db: EaselDatabase;
  readonly channel: NoticeChannel;
  /** The writer id on the notices this posts (so the outbox does not send back what came in). */
  readonly writer: string;
  readonly sessions: SessionsRepository;
  readonly attachments: AttachmentsRepository;
  readonly mirror: Mirror;
  readonly ledger: TitleLedger;
  readonly appData: AppDataSync;
  readonly memories: MemorySync;
  readonly keys: SyncKeys;
  readonly now: () => number;
  /** Queues a job after the engine's others. */
  readonly run: (job: () => Promise<void>) => void;
  /** Told when the number of changes waiting changed. */
  readonly changed: () => void;
  /** Told what could not be applied (a sentence); the rest goes on. */
  readonly report: (problem: string) => void;
}

type FilePayload = Extract<Payload, { kind: 'attachment' }>;

export class Inbox {
  private incoming: Change[] = [];
  /** A job to apply `incoming` is queued and has not started. */
  private applyQueued = false;
  /** Notices held while a batch from the server is written: one refresh of the views per batch, not per record. */
  private held: StorageNotice[] | undefined;

  constructor(private readonly deps: InboxDeps) {}

  /** Changes gathered and not applied yet. */
  get waiting(): number {
    return this.incoming.length;
  }

  /** A change from the feed: gathered, and applied by the next job. */
  receive(change: Change): void {
    this.incoming.push(change);
    this.scheduleApply();
  }

  /** Gives a session a title on this device (a rename from another, or one taken back). */
  async rename(sessionId: string, title: string): Promise<void> {
    const found = await this.deps.sessions.get(sessionId);
    if (found.kind !== 'found' || found.session.title === title) return;
    await this.deps.sessions.rename(sessionId, title);
    this.post({ type: 'session', writer: this.deps.writer, sessionId, change: 'renamed' });
  }

  /**
   * Queues one job that applies what the feed has gathered, unless one is waiting: a first sync brings thousands
   * of changes, and a job (three promises, two status checks) for each was garbage for the collector.
   */
  private scheduleApply(): void {
    this.deps.changed();
    if (this.applyQueued) return;
    this.applyQueued = true;
    this.deps.run(async () => {
      this.applyQueued = false;
      try {
        await this.applyIncoming();
      } finally {
        // Past `APPLY_BATCH` (or after a batch that failed), the rest in a job of its own, after what was
        // queued meanwhile.
        if (this.incoming.length > 0) this.scheduleApply();
      }
    });
  }

  /** Applies at most `APPLY_BATCH` changes; their notices go out once, merged, when they are written. */
  private async applyIncoming(): Promise<void> {
    const changes = this.incoming.splice(0, APPLY_BATCH);
    if (changes.length === 0) return;
    this.held = [];
    try {
      await this.apply(changes);
    } finally {
      const held = this.held;
      this.held = undefined;
      // In one task: the views gather the notices of a task into one refresh.
      for (const notice of mergeNotices(held)) this.deps.channel.post(notice);
    }
  }

  private async apply(changes: readonly Change[]): Promise<void> {
    const payloads: Payload[] = [];
    const files: { docId: string; file: FilePayload }[] = [];
    const values: { doc: PouchDoc; value: AppDataPayload }[] = [];
    const memories: { doc: PouchDoc; memory: MemoryPayload }[] = [];
    let unreadable = 0;
    let refusedMemories = 0;
    const pace = pacer();
    for (const change of changes) {
      const doc = change.doc;
      if (!doc || change.deleted || doc._id === KEYS_DOC_ID || doc._id.startsWith('_')) continue;
      // This device's own document, as it wrote it (a conflict aside, which only another device can make).
      if (this.deps.mirror.takeOwn(doc) && !doc._conflicts) continue;
      await pace();
      try {
        const opened = await open(this.deps.keys, doc);
        const payload = parsePayload(opened);
        if (payload?.kind === 'attachment') files.push({ docId: doc._id, file: payload });
        else if (payload?.kind === 'appData') values.push({ doc, value: payload });
        else if (payload?.kind === 'memory') memories.push({ doc, memory: payload });
        else if (payload) payloads.push(payload);
        else if ((opened as { kind?: unknown } | null)?.kind === 'memory') refusedMemories += 1;
        else unreadable += 1;
      } catch {
        unreadable += 1;
      }
    }
    const problems: string[] = [];
    for (const p of payloads)
      if (p.kind === 'session') {
        await pace();
        await this.receiveSession(p.session, p.device);
      }
    // Files before the messages that show them.
    for (const { docId, file } of files) {
      await pace();
      const problem = await this.receiveFile(docId, file);
      if (problem) problems.push(problem);
    }
    const bySession = new Map<string, { key: string; message: unknown; parent?: string | null }[]>();
    for (const p of payloads) {
      if (p.kind !== 'message') continue;
      const items = bySession.get(p.sessionId);
      if (items) items.push(p);
      else bySession.set(p.sessionId, [p]);
    }
    for (const [sessionId, items] of bySession) {
      await pace();
      problems.push(...(await this.receiveMessages(sessionId, items)));
    }
    for (const p of payloads)
      if (p.kind === 'title' || p.kind === 'state') {
        await pace();
        if (p.kind === 'title') await this.receiveTitle(p.sessionId, p);
        else await this.receiveState(p.sessionId, p);
      }
    // Artifacts' stored values after the sessions and messages they belong to.
    for (const { doc, value } of values) {
      await pace();
      const problem = await this.deps.appData.receive(doc, value);
      if (problem) problems.push(problem);
    }
    for (const { doc, memory } of memories) {
      await pace();
      const problem = await this.deps.memories.receive(doc, memory);
      if (problem) problems.push(problem);
    }
    await this.deps.mirror.setAppliedSeq(changes[changes.length - 1]!.seq);
    if (refusedMemories > 0)
      problems.push(
        `${refusedMemories} memory file(s) from another device were refused (a bad name, or over 100 KB) and skipped; the memory files here are unchanged.`,
      );
    if (unreadable > 0)
      problems.push(`${unreadable} document(s) from the server could not be read and were skipped.`);
    if (problems.length > 0) this.deps.report(problems.join(' '));
  }

  private async receiveSession(value: unknown, device: string): Promise<void> {
    const { ledger, writer } = this.deps;
    const session = parseRemoteSession(value);
    if (!session) {
      this.deps.report('A session from another device was refused: its description is not valid.');
      return;
    }
    const meta = await ledger.meta(session.id);
    if (meta.state?.deleted) return;
    if (!(await writeRemoteSession(this.deps.db, session))) return;
    this.post({ type: 'session', writer, sessionId: session.id, change: 'created' });
    const initial: TitleEdit | undefined = session.title
      ? { title: session.title, at: session.created, device }
      : undefined;
    const next = await ledger.setMeta(session.id, (m) => ({
      ...m,
      sent: true,
      sentUpdated: Math.max(m.sentUpdated, session.created),
      ...(initial ? { titles: withTitle(m.titles, initial) } : {}),
      ...(initial && wins(initial, m.title) ? { title: initial } : {}),
    }));
    // A rename that arrived before the session did.
    if (next.title && next.title.title !== session.title) await this.rename(session.id, next.title.title);
  }

  private async receiveMessages(
    sessionId: string,
    items: readonly { key: string; message: unknown; parent?: string | null }[],
  ): Promise<readonly string[]> {
    const { ledger, sessions, writer } = this.deps;
    const meta = await ledger.meta(sessionId);
    if (meta.state?.deleted && !(await sessions.exists(sessionId))) return [];
    const result = await writeRemoteMessages(this.deps.db, sessionId, items);
    if (result.created) this.post({ type: 'session', writer, sessionId, change: 'created' });
    if (result.written.length > 0) {
      this.post({ type: 'messages', writer, sessionId, put: result.written, deleted: [] });
      const found = await sessions.get(sessionId);
      // Messages from elsewhere are not this device's to send again.
      if (found.kind === 'found')
        await ledger.setMeta(sessionId, (m) =>
          m.sent && m.sentUpdated >= 0
            ? { ...m, sentUpdated: Math.max(m.sentUpdated, found.session.updated) }
            : m,
        );
    }
    return result.problems;
  }

  /** Stores a file another device attached, once its sealed bytes open and have the size they claim. */
  private async receiveFile(docId: string, file: FilePayload): Promise<string | undefined> {
    if (await this.deps.attachments.exists(file.id)) return undefined;
    let bytes: ArrayBuffer;
    try {
      const sealed = await this.deps.mirror.db.getAttachment(docId, BYTES_NAME);
      bytes = await openBytes(this.deps.keys, docId, await sealed.arrayBuffer());
    } catch {
      return 'An attached file from another device could not be read and was skipped.';
    }
    if (bytes.byteLength !== file.size)
      return 'An attached file from another device was refused: its size is not the one it was sent with.';
    const blob = new Blob([bytes], { type: file.mimeType });
    await this.deps.attachments.put({
      id: file.id,
      sessionId: file.sessionId,
      blob,
      mimeType: file.mimeType,
      size: bytes.byteLength,
    });
    return undefined;
  }

  private async receiveTitle(sessionId: string, edit: TitleEdit): Promise<void> {
    const { ledger } = this.deps;
    const meta = await ledger.meta(sessionId);
    const winsNow = wins(edit, meta.title);
    const next = await ledger.setMeta(sessionId, (m) => ({
      ...m,
      titles: withTitle(m.titles, edit),
      ...(winsNow ? { title: edit } : {}),
    }));
    if (winsNow) await this.rename(sessionId, edit.title);
    await ledger.noteRenamed(sessionId, next);
  }

  private async receiveState(sessionId: string, state: Stamp & { deleted: boolean }): Promise<void> {
    const { ledger, sessions, writer } = this.deps;
    const meta = await ledger.meta(sessionId);
    if (!wins(state, meta.state)) return;
    await ledger.setMeta(sessionId, (m) => ({
      ...m,
      state: { deleted: state.deleted, at: state.at, device: state.device },
    }));
    const found = await sessions.get(sessionId);
    if (found.kind !== 'found') return;
    if (state.deleted && found.session.deletedAt === undefined) {
      await sessions.markDeleted(sessionId, this.deps.now());
      this.post({ type: 'session', writer, sessionId, change: 'deleted' });
    } else if (!state.deleted && found.session.deletedAt !== undefined) {
      await sessions.restore(sessionId);
      this.post({ type: 'session', writer, sessionId, change: 'restored' });
    }
  }

  /** Posts a notice, or holds it while a batch from the server is written (`applyIncoming`). */
  private post(notice: StorageNotice): void {
    if (this.held) this.held.push(notice);
    else this.deps.channel.post(notice);
  }
}

/**
 * The notices of one batch, each said once: a session's changes in the order they first happened, and all its
 * new messages in one `messages` notice.
 */
export function mergeNotices(notices: readonly StorageNotice[]): StorageNotice[] {
  const merged: StorageNotice[] = [];
  const seen = new Set<string>();
  const messages = new Map<string, { writer: string; put: string[] }>();
  for (const notice of notices) {
    if (notice.type === 'messages') {
      const entry = messages.get(notice.sessionId);
      if (entry) entry.put.push(...notice.put);
      else messages.set(notice.sessionId, { writer: notice.writer, put: [...notice.put] });
      continue;
    }
    if (notice.type !== 'session') {
      merged.push(notice);
      continue;
    }
    const id = `${notice.sessionId}\u0000${notice.change}`;
    if (seen.has(id)) continue;
    seen.add(id);
    merged.push(notice);
  }
  for (const [sessionId, { writer, put }] of messages)
    merged.push({ type: 'messages', writer, sessionId, put: [...new Set(put)], deleted: [] });
  return merged;
}
