/**
 * Out: local changes to sealed documents. Each storage notice names what changed; just those records are read,
 * sealed and written to the mirror (one new message is one document, whatever the size of the library), and at
 * start what changed while sync was not running is found by comparing each session with what was sent.
 */

import type { AgentMessage } from '../agent';
import type {
  AttachmentsRepository,
  EaselDatabase,
  MessageRecord,
  MessagesRepository,
  SessionChange,
  SessionRecord,
  SessionsRepository,
  StorageNotice,
} from '../storage';
import { type AppDataRef, allSessionRecords, messageToJson } from '../storage/remote-write';
import type { AppDataSync } from './app-data-sync';
import { BYTES_NAME, opaqueId, type SealedDoc, type SyncKeys, seal, sealBytes } from './crypto';
import type { SessionMeta, TitleLedger } from './ledger';
import type { MemorySync } from './memory-sync';
import { type TitleEdit, withTitle } from './merge';
import type { Mirror } from './mirror';
import { pacer } from './pace';
import type { Payload } from './payloads';

/**
 * The session changes that are sent. Not a purge (its deletion was sent; the purge is this device's own
 * cleaning), nor a move between projects (projects are this device's own).
 */
const SENT_CHANGES: ReadonlySet<SessionChange> = new Set<SessionChange>([
  'created',
  'imported',
  'renamed',
  'deleted',
  'restored',
]);

export interface OutboxDeps {
  readonly db: EaselDatabase;
  readonly sessions: SessionsRepository;
  readonly messages: MessagesRepository;
  readonly attachments: AttachmentsRepository;
  readonly mirror: Mirror;
  readonly ledger: TitleLedger;
  readonly appData: AppDataSync;
  readonly memories: MemorySync;
  readonly keys: SyncKeys;
  readonly device: string;
  readonly now: () => number;
  /** Told what could not be sent (a sentence); the rest goes on. */
  readonly report: (problem: string) => void;
}

export class Outbox {
  /** Stored values changed and not sent yet, by artifact: one job sends all that gathered meanwhile. */
  private appDataPending = new Map<
    string,
    { sessionId: string; file: string; keys: Map<string, AppDataRef> }
  >();
  /** Memory spaces changed and not sent yet: one job sends all that gathered meanwhile. */
  private memoryPending = new Set<string>();

  constructor(private readonly deps: OutboxDeps) {}

  /** The job a storage notice calls for, if any (only sessions and their messages sync). */
  jobFor(notice: StorageNotice): (() => Promise<void>) | undefined {
    if (notice.type === 'messages')
      return notice.put.length > 0 ? () => this.sendMessages(notice.sessionId, notice.put) : undefined;
    if (notice.type !== 'session') return undefined;
    return SENT_CHANGES.has(notice.change) ? () => this.sendSession(notice.sessionId) : undefined;
  }

  /**
   * At start: what changed while sync was not running (compares each session with what was sent, then each
   * value artifacts store). Ends early once `stopped` says so.
   */
  async sendChanged(stopped: () => boolean): Promise<void> {
    const pace = pacer();
    for (const session of await allSessionRecords(this.deps.db)) {
      await pace();
      if (stopped()) return;
      const meta = await this.deps.ledger.meta(session.id);
      if (!meta.sent || meta.sentUpdated < session.updated) await this.sendAll(session, meta);
      else await this.sendMutable(session, meta);
    }
    const problems = await this.deps.appData.sendChanged();
    if (problems.length > 0) this.deps.report(problems.join(' '));
    if (stopped()) return;
    await this.deps.memories.send();
  }

  /** Gathers changed memory spaces; true for the first of a burst (its caller queues `sendMemories`). */
  gatherMemories(spaces: readonly string[]): boolean {
    const first = this.memoryPending.size === 0;
    for (const space of spaces) this.memoryPending.add(space);
    return first && this.memoryPending.size > 0;
  }

  /** Sends the memory files of the spaces gathered so far. */
  async sendMemories(): Promise<void> {
    const spaces = [...this.memoryPending];
    this.memoryPending = new Set();
    if (spaces.length > 0) await this.deps.memories.send(spaces);
  }

  /** Gathers changed stored values; true for the first of a burst (its caller queues `sendAppData`). */
  gatherAppData(sessionId: string, file: string, keys: readonly AppDataRef[]): boolean {
    const id = `${sessionId}\u0000${file}`;
    const first = this.appDataPending.size === 0;
    let entry = this.appDataPending.get(id);
    if (!entry) {
      entry = { sessionId, file, keys: new Map() };
      this.appDataPending.set(id, entry);
    }
    for (const ref of keys) entry.keys.set(`${ref[0]}/${ref[1]}`, ref);
    return first;
  }

  /** Sends the stored values gathered so far. */
  async sendAppData(): Promise<void> {
    const pending = [...this.appDataPending.values()];
    this.appDataPending = new Map();
    const problems: string[] = [];
    for (const { sessionId, file, keys } of pending)
      problems.push(...(await this.deps.appData.send(sessionId, file, [...keys.values()])));
    if (problems.length > 0) this.deps.report(problems.join(' '));
  }

  async sendSession(id: string): Promise<void> {
    const found = await this.deps.sessions.get(id);
    if (found.kind !== 'found') return;
    const meta = await this.deps.ledger.meta(id);
    if (!meta.sent) await this.sendAll(found.session, meta);
    else await this.sendMutable(found.session, meta);
  }

  async sendMessages(sessionId: string, keys: readonly string[]): Promise<void> {
    const found = await this.deps.sessions.get(sessionId);
    if (found.kind !== 'found') return;
    const meta = await this.deps.ledger.meta(sessionId);
    if (!meta.sent) {
      await this.sendAll(found.session, meta);
      return;
    }
    const { records } = await this.deps.messages.getMany(sessionId, keys);
    const finished = records.filter((r) => !r.partial);
    const docs = await Promise.all(finished.map((r) => this.messageDoc(sessionId, r)));
    docs.push(
      ...(await this.attachmentDocs(
        sessionId,
        finished.map((r) => r.message),
      )),
    );
    await this.write(docs);
    const caughtUp = meta.sentUpdated >= 0;
    await this.deps.ledger.setMeta(sessionId, (m) => ({
      ...m,
      sentUpdated: caughtUp ? found.session.updated : m.sentUpdated,
    }));
  }

  /** The session's description, every finished message not yet in the mirror, its title and its state. */
  private async sendAll(session: SessionRecord, meta: SessionMeta): Promise<void> {
    const { keys, device, mirror, ledger } = this.deps;
    const docs: SealedDoc[] = [];
    if (!meta.sent) {
      const { id, title, created, model, thinkingLevel } = session;
      const description = { id, title, created, model, thinkingLevel };
      docs.push(await this.seal(['session', id], { kind: 'session', session: description, device }));
    }
    const { records } = await this.deps.messages.load(session.id);
    const finished = records.filter((r) => !r.partial);
    const ids = await Promise.all(finished.map((r) => opaqueId(keys, 'message', session.id, r.key)));
    const present = await mirror.present(ids);
    const pace = pacer();
    for (const [i, r] of finished.entries()) {
      if (present.has(ids[i]!)) continue;
      await pace();
      docs.push(await this.messageDoc(session.id, r));
    }
    docs.push(
      ...(await this.attachmentDocs(
        session.id,
        finished.map((r) => r.message),
      )),
    );
    await this.write(docs);
    const initial: TitleEdit | undefined =
      !meta.sent && session.title ? { title: session.title, at: session.created, device } : undefined;
    const next = await ledger.setMeta(session.id, (m) => ({
      ...m,
      sent: true,
      sentUpdated: session.updated,
      ...(initial && !m.title ? { title: initial, titles: withTitle(m.titles, initial) } : {}),
    }));
    await this.sendMutable(session, next);
  }

  /** A rename or a deletion not sent yet becomes a stamped event (`merge.ts`). */
  private async sendMutable(session: SessionRecord, meta: SessionMeta): Promise<void> {
    const { device, ledger } = this.deps;
    const at = this.deps.now();
    const docs: SealedDoc[] = [];
    let title: TitleEdit | undefined;
    if (session.title !== (meta.title?.title ?? '') && session.title !== '') {
      title = { title: session.title, at: Math.max(at, (meta.title?.at ?? 0) + 1), device };
      docs.push(
        await this.seal(['title', session.id, String(title.at), device], {
          kind: 'title',
          sessionId: session.id,
          ...title,
        }),
      );
    }
    const deleted = session.deletedAt !== undefined;
    let state: SessionMeta['state'];
    if (deleted !== (meta.state?.deleted ?? false)) {
      state = { deleted, at: Math.max(at, (meta.state?.at ?? 0) + 1), device };
      docs.push(
        await this.seal(['state', session.id, String(state.at), device], {
          kind: 'state',
          sessionId: session.id,
          ...state,
        }),
      );
    }
    if (docs.length === 0) return;
    await this.write(docs);
    const next = await ledger.setMeta(session.id, (m) => ({
      ...m,
      ...(title ? { title, titles: withTitle(m.titles, title) } : {}),
      ...(state ? { state } : {}),
    }));
    if (title) await ledger.noteRenamed(session.id, next);
  }

  private messageDoc(sessionId: string, record: MessageRecord): Promise<SealedDoc> {
    const { key, message } = record;
    const parent = record.parent !== undefined ? { parent: record.parent } : {};
    return this.seal(['message', sessionId, key], {
      kind: 'message',
      sessionId,
      key,
      // A binary artifact's bytes travel as base64 inside the sealed JSON.
      message: messageToJson(message),
      ...parent,
    });
  }

  /**
   * The files these messages refer to that are not in the mirror yet: one document each, its payload saying
   * whose file it is, the bytes sealed on their own as its CouchDB attachment. A file no longer stored is left.
   */
  private async attachmentDocs(sessionId: string, messages: readonly AgentMessage[]): Promise<SealedDoc[]> {
    const { keys, mirror } = this.deps;
    const fileIds = messages.flatMap((m) =>
      m.role === 'user-with-attachments'
        ? m.attachments.flatMap((a) => (a.sourceId === undefined ? [a.id] : [a.id, a.sourceId]))
        : [],
    );
    if (fileIds.length === 0) return [];
    const ids = await Promise.all(fileIds.map((id) => opaqueId(keys, 'attachment', id)));
    const present = await mirror.present(ids);
    const docs: SealedDoc[] = [];
    for (const [i, fileId] of fileIds.entries()) {
      const id = ids[i]!;
      if (present.has(id)) continue;
      const found = await this.deps.attachments.get(fileId);
      if (found.kind !== 'found') continue;
      const { mimeType, blob } = found.record;
      const bytes = await blob.arrayBuffer();
      const sealed = await seal(keys, id, {
        kind: 'attachment',
        sessionId,
        id: fileId,
        mimeType,
        size: bytes.byteLength,
      });
      const data = new Blob([await sealBytes(keys, id, bytes)], { type: 'application/octet-stream' });
      docs.push({
        ...sealed,
        _attachments: { [BYTES_NAME]: { content_type: 'application/octet-stream', data } },
      });
      present.add(id);
    }
    return docs;
  }

  private async seal(parts: readonly string[], payload: Payload): Promise<SealedDoc> {
    return seal(this.deps.keys, await opaqueId(this.deps.keys, ...parts), payload);
  }

  private async write(docs: readonly SealedDoc[]): Promise<void> {
    const problem = await this.deps.mirror.write(docs);
    if (problem) this.deps.report(problem);
  }
}
