/**
 * The sync engine, loaded with PouchDB only once sync is on. Easel's own stores stay the truth; beside them a
 * PouchDB database in this browser (`easel-sync-…`) holds the sealed documents, and PouchDB replicates it with
 * the server both ways, continuously, resuming from its checkpoints. The engine mirrors between the two:
 *
 * - out: each change notice (this tab's or another's) names what changed; just those records are read, sealed
 *   and written to the mirror — one new message is one document, whatever the size of the library;
 * - in: the mirror's change feed (documents from the server, and the engine's own) is opened, checked and
 *   written into Easel's stores through `src/storage`'s remote writes, which post notices so the open views
 *   refresh.
 *
 * One queue runs both, one job at a time.
 */

import PouchDB, {
  type Change,
  type Changes,
  type PouchDoc,
  type PouchError,
  type Sync,
} from 'pouchdb-browser';
import type { AgentMessage } from '../agent';
import {
  AttachmentsRepository,
  type EaselDatabase,
  type MessageRecord,
  MessagesRepository,
  type NoticeChannel,
  newWriterId,
  type SessionRecord,
  SessionsRepository,
  type StorageNotice,
} from '../storage';
// Storage's second entry: what only sync needs, kept out of the first load.
import {
  APP_DATA_CHANNEL,
  type AppDataRef,
  allSessionRecords,
  messageToJson,
  parseAppDataNotice,
  parseRemoteSession,
  writeRemoteMessages,
  writeRemoteSession,
} from '../storage/remote-write';
import { type AppDataPayload, AppDataSync } from './app-data-sync';
import {
  BYTES_NAME,
  createKeysDoc,
  digest,
  KEYS_DOC_ID,
  opaqueId,
  open,
  openBytes,
  openKeysDoc,
  parseKeysDoc,
  type SealedDoc,
  type SyncKeys,
  seal,
  sealBytes,
} from './crypto';
import { type Stamp, type TitleEdit, wins, withTitle } from './merge';
import { pacer } from './pace';
import { type Payload, parsePayload } from './payloads';
import type { SyncStatus } from './status';
import type { RenamedSession, SyncConfig } from './types';

/** A sealed message larger than this is not sent (CouchDB refuses documents over 8 MB by default). */
export const MAX_SEALED_CHARS = 6_000_000;

export interface EngineDeps {
  readonly db: EaselDatabase;
  readonly channel: NoticeChannel;
  readonly onStatus: (status: SyncStatus) => void;
  readonly now?: () => number;
}

/** What this device remembers about one session (a local document of the mirror; never replicated). */
interface SessionMeta {
  readonly sent: boolean;
  /** `updated` of the session when its messages were last all sent. */
  readonly sentUpdated: number;
  readonly title?: TitleEdit;
  /** The titles seen, winner first: the losing ones can be taken back from here. */
  readonly titles: readonly TitleEdit[];
  readonly state?: Stamp & { readonly deleted: boolean };
}

/** Where one direction of replication is. */
type ReplicationState = 'active' | 'idle' | { readonly offline: string } | { readonly error: string };

const EMPTY_META: SessionMeta = { sent: false, sentUpdated: -1, titles: [] };
/**
 * Most changes from the feed applied before their notices go out. A first sync has thousands waiting; in one
 * go, the sidebar would then draw hundreds of new sessions in one task (some 300 ms of layout for 500).
 */
const APPLY_BATCH = 500;
/**
 * Documents PouchDB pulls in one request. It writes a batch into the mirror and hands it on in one task: 100
 * made tasks of 30-56 ms on a quiet machine (traced: PouchDB's `afterPutMetadata`, `afterPutDoc`).
 */
const PULL_BATCH = 50;
/** Most revisions noted as this engine's own (`wrote`). */
const MAX_OWN = 50_000;
/** How often `Syncing n` may change while it counts down (each change re-renders the header and Settings). */
const PENDING_STATUS_MS = 250;
/** How many sessions renamed on more than one device are listed (the latest). */
const KEPT_RENAMED = 200;

/** Connects (or says why not) and runs until `stop()`. */
export class SyncEngine {
  private readonly writer = newWriterId();
  private readonly sessions: SessionsRepository;
  private readonly messages: MessagesRepository;
  private readonly attachments: AttachmentsRepository;
  private readonly now: () => number;
  private queue: Promise<void> = Promise.resolve();
  private busy = 0;
  private incoming: Change[] = [];
  /** A job to apply `incoming` is queued and has not started. */
  private applyQueued = false;
  private replication: ReplicationState = 'active';
  private directions: { readonly push: ReplicationState; readonly pull: ReplicationState } = {
    push: 'active',
    pull: 'active',
  };
  private fault = '';
  /** Documents the replication says are still to go (its last `change` event's `pending`). */
  private pendingRemote = 0;
  private feed: Changes | undefined;
  private live: readonly Sync[] = [];
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  /** Notices held while a batch from the server is written: one refresh of the views per batch, not per record. */
  private held: StorageNotice[] | undefined;
  private lastStatus = '';
  /** A `syncing` status waiting for `PENDING_STATUS_MS` to pass since the last one was shown. */
  private statusTimer: ReturnType<typeof setTimeout> | undefined;
  private lastShown: SyncStatus | undefined;
  /**
   * Revisions this engine wrote to the mirror and the change feed has not brought back yet: the feed skips
   * them (they are what this device has), rather than opening and checking its own documents again.
   */
  private readonly own = new Set<string>();
  private readonly appData: AppDataSync;
  /** Where artifacts' repositories say which stored values changed (this tab's and the others'). */
  private appDataChannel: BroadcastChannel | undefined;
  /** Stored values changed and not sent yet, by artifact: one job sends all that gathered meanwhile. */
  private appDataPending = new Map<
    string,
    { sessionId: string; file: string; keys: Map<string, AppDataRef> }
  >();

  private constructor(
    private readonly deps: EngineDeps,
    private readonly local: PouchDB,
    private readonly remote: PouchDB,
    private readonly keys: SyncKeys,
    private readonly device: string,
  ) {
    this.sessions = new SessionsRepository(deps.db);
    this.messages = new MessagesRepository(deps.db);
    this.attachments = new AttachmentsRepository(deps.db);
    this.now = deps.now ?? Date.now;
    this.appData = new AppDataSync({
      db: deps.db,
      local,
      keys,
      device,
      now: this.now,
      sessionExists: (id) => this.sessions.exists(id),
      wrote: (id, rev) => this.wrote(id, rev),
    });
  }

  /**
   * Opens the server's database with the passphrase. A wrong passphrase, refused credentials or a database set
   * up by something else give a sentence, and nothing is written anywhere. An unreachable server is fine once
   * this device has synced with it before (it works offline from the keys it kept); the first time it is not.
   */
  static async connect(config: SyncConfig, deps: EngineDeps): Promise<SyncEngine | { problem: string }> {
    const address = `${config.url.replace(/\/+$/, '')}/${encodeURIComponent(config.database)}`;
    const auth = { username: config.user, password: config.password };
    const remote = new PouchDB(address, { skip_setup: true, auth });
    const name = `easel-sync-${(await digest(`${address}\n${config.user}`)).slice(0, 24)}`;
    let keysDoc: unknown;
    try {
      keysDoc = await remote.get(KEYS_DOC_ID);
    } catch (error) {
      const e = error as PouchError;
      if (e.status === 401 || e.status === 403)
        return { problem: `The server refused the user name or password (${e.status}). Nothing was synced.` };
      if (e.status === 404) keysDoc = undefined;
      else {
        // Unreachable: go on offline with the keys document kept from an earlier sync, if there is one.
        const kept = await keptKeys(name);
        if (!kept)
          return {
            problem:
              `Easel cannot reach ${config.url} (${reasonOf(e)}). Check the address, that the server runs, and that ` +
              'it allows requests from this page (CORS).',
          };
        keysDoc = kept;
      }
    }
    let keys: SyncKeys;
    if (keysDoc === undefined) {
      // A new database (or one without Easel's keys yet): set it up with this passphrase.
      await new PouchDB(address, { auth }).info();
      const created = await createKeysDoc(config.passphrase);
      try {
        await remote.put(created.doc as unknown as PouchDoc);
        keys = created.keys;
      } catch (error) {
        if ((error as PouchError).status !== 409) throw error;
        // Another device set it up at the same moment: use theirs.
        const opened = await openKeysDoc(config.passphrase, await remote.get(KEYS_DOC_ID));
        if ('problem' in opened) return opened;
        keys = opened.keys;
      }
      keysDoc = created.doc;
    } else {
      const opened = await openKeysDoc(config.passphrase, keysDoc);
      if ('problem' in opened) return opened;
      keys = opened.keys;
    }
    const local = new PouchDB(name, { auto_compaction: true });
    const doc = parseKeysDoc(keysDoc);
    if (doc) await upsert(local, '_local/keys', () => ({ doc }));
    const device = await deviceId(local);
    const engine = new SyncEngine(deps, local, remote, keys, device);
    void engine.start();
    return engine;
  }

  /** Retries the connection now (after the server came back, say) rather than after the back-off. */
  syncNow(): void {
    if (this.stopped) return;
    for (const live of this.live) live.cancel();
    this.startReplication();
  }

  /** Stops replicating and mirroring. Easel's stores keep everything; `forget` also deletes the mirror. */
  async stop(forget: boolean): Promise<void> {
    this.stopped = true;
    clearTimeout(this.statusTimer);
    this.unsubscribe?.();
    this.appDataChannel?.close();
    this.feed?.cancel();
    for (const live of this.live) live.cancel();
    await this.queue;
    if (forget) await this.local.destroy();
    else await this.local.close();
  }

  private async start(): Promise<void> {
    this.emit();
    // What the server has first, so sessions sent before (from this device's last mirror or another's) are known.
    await new Promise<void>((resolve) => {
      const pull = this.local.replicate.from(this.remote, { batch_size: PULL_BATCH });
      pull.on('error', () => resolve());
      pull.then(
        () => resolve(),
        () => resolve(),
      );
    });
    if (this.stopped) return;
    const since = await this.local.get('_local/applied').then(
      (d) => (typeof d.seq === 'number' || typeof d.seq === 'string' ? d.seq : 0),
      () => 0,
    );
    this.feed = this.local
      .changes({ since, live: true, include_docs: true, conflicts: true, batch_size: 100 })
      .on('change', (change) => {
        this.incoming.push(change);
        this.scheduleApply();
      })
      .on('error', (error) => this.fail(`The local sync copy could not be read: ${reasonOf(error)}.`));
    this.unsubscribe = this.deps.channel.subscribe((notice) => this.handleNotice(notice));
    if (typeof BroadcastChannel === 'function') {
      this.appDataChannel = new BroadcastChannel(APP_DATA_CHANNEL);
      this.appDataChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
        const notice = parseAppDataNotice(event.data);
        if (notice) this.queueAppData(notice.sessionId, notice.file, notice.keys);
      });
    }
    this.run(() => this.sendChanged());
    this.startReplication();
  }

  /**
   * One live replication each way (PouchDB's `sync` pairs them but reports no reason when one is paused by an
   * error; each direction alone does), retried with back-off while the server is away.
   */
  private startReplication(): void {
    this.directions = { push: 'active', pull: 'active' };
    this.replication = 'active';
    this.emit();
    const options = {
      live: true,
      retry: true,
      batch_size: 100,
      // 1 s, then doubling, at most 30 s between attempts while the server is away.
      back_off_function: (delay: number) => (delay === 0 ? 1000 : Math.min(delay * 2, 30_000)),
    };
    const push = this.local.replicate.to(this.remote, options);
    const pull = this.local.replicate.from(this.remote, { ...options, batch_size: PULL_BATCH });
    this.live = [push, pull];
    for (const [direction, live] of [
      ['push', push],
      ['pull', pull],
    ] as const)
      live
        .on('active', () => this.setDirection(live, direction, 'active'))
        .on('change', (info) => {
          this.pendingRemote = pendingOf(info);
          this.emit();
        })
        .on('paused', (error) =>
          this.setDirection(live, direction, error ? { offline: reasonOf(error) } : 'idle'),
        )
        .on('denied', (error) =>
          this.setDirection(live, direction, {
            error: `The server refused a document: ${reasonOf(error)}.`,
          }),
        )
        .on('error', (error) =>
          this.setDirection(live, direction, { error: `Replication stopped: ${reasonOf(error)}.` }),
        );
  }

  /** One direction's news; the status is the worse of the two (error, then offline, then active, then idle). */
  private setDirection(live: Sync, direction: 'push' | 'pull', state: ReplicationState): void {
    if (!this.live.includes(live) || this.stopped) return;
    this.directions = { ...this.directions, [direction]: state };
    if (state !== 'active') this.pendingRemote = 0;
    const both = [this.directions.push, this.directions.pull];
    this.replication =
      both.find((d) => typeof d === 'object' && 'error' in d) ??
      both.find((d) => typeof d === 'object') ??
      (both.includes('active') ? 'active' : 'idle');
    this.emit();
  }

  private emit(): void {
    if (this.stopped) return;
    const r = this.replication;
    const status: SyncStatus =
      typeof r === 'object' && 'error' in r
        ? { state: 'error', reason: r.error }
        : this.fault
          ? { state: 'error', reason: this.fault }
          : typeof r === 'object'
            ? { state: 'offline', reason: r.offline }
            : r === 'active' || this.busy > 0
              ? { state: 'syncing', pending: this.busy + this.incoming.length + this.pendingRemote }
              : { state: 'synced' };
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    // While syncing, only the count changes: shown at most every PENDING_STATUS_MS, the latest one.
    if (status.state === 'syncing' && this.lastShown?.state === 'syncing') {
      this.statusTimer ??= setTimeout(() => {
        this.statusTimer = undefined;
        if (!this.stopped) this.show(JSON.parse(this.lastStatus) as SyncStatus);
      }, PENDING_STATUS_MS);
      return;
    }
    clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
    this.show(status);
  }

  private show(status: SyncStatus): void {
    this.lastShown = status;
    this.deps.onStatus(status);
  }

  private fail(reason: string): void {
    this.fault = reason;
    this.emit();
  }

  /** Runs `job` after the jobs before it; a failing job is reported and the queue goes on. */
  private run(job: () => Promise<void>): void {
    this.busy += 1;
    this.emit();
    this.queue = this.queue
      .then(() => (this.stopped ? undefined : job()))
      .catch((error: unknown) => this.fail(`Sync could not write: ${reasonOf(error)}.`))
      .finally(() => {
        this.busy -= 1;
        this.emit();
      });
  }

  // Out: local changes to sealed documents.

  private handleNotice(notice: StorageNotice): void {
    if (notice.writer === this.writer) return; // what sync itself wrote
    if (notice.type === 'messages') {
      if (notice.put.length > 0) this.run(() => this.sendMessages(notice.sessionId, notice.put));
      return;
    }
    // Only sessions and their messages sync; any other notice is about something this device keeps alone.
    if (notice.type !== 'session') return;
    switch (notice.change) {
      case 'created':
      case 'imported':
      case 'renamed':
      case 'deleted':
      case 'restored':
        this.run(() => this.sendSession(notice.sessionId));
        return;
      case 'purged':
        return; // its deletion was sent; the purge is this device's own cleaning
    }
  }

  /**
   * At start: what changed while sync was not running (compares each session with what was sent, then each
   * value artifacts store).
   */
  private async sendChanged(): Promise<void> {
    const pace = pacer();
    for (const session of await allSessionRecords(this.deps.db)) {
      await pace();
      if (this.stopped) return;
      const meta = await this.meta(session.id);
      if (!meta.sent || meta.sentUpdated < session.updated) await this.sendAll(session, meta);
      else await this.sendMutable(session, meta);
    }
    const problems = await this.appData.sendChanged();
    if (problems.length > 0) this.fail(problems.join(' '));
  }

  /** Gathers changed stored values; the first of a burst queues the job that sends them all. */
  private queueAppData(sessionId: string, file: string, keys: readonly AppDataRef[]): void {
    const id = `${sessionId}\u0000${file}`;
    const first = this.appDataPending.size === 0;
    let entry = this.appDataPending.get(id);
    if (!entry) {
      entry = { sessionId, file, keys: new Map() };
      this.appDataPending.set(id, entry);
    }
    for (const ref of keys) entry.keys.set(`${ref[0]}/${ref[1]}`, ref);
    if (first) this.run(() => this.sendAppData());
  }

  private async sendAppData(): Promise<void> {
    const pending = [...this.appDataPending.values()];
    this.appDataPending = new Map();
    const problems: string[] = [];
    for (const { sessionId, file, keys } of pending)
      problems.push(...(await this.appData.send(sessionId, file, [...keys.values()])));
    if (problems.length > 0) this.fail(problems.join(' '));
  }

  private async sendSession(id: string): Promise<void> {
    const found = await this.sessions.get(id);
    if (found.kind !== 'found') return;
    const meta = await this.meta(id);
    if (!meta.sent) await this.sendAll(found.session, meta);
    else await this.sendMutable(found.session, meta);
  }

  private async sendMessages(sessionId: string, keys: readonly string[]): Promise<void> {
    const found = await this.sessions.get(sessionId);
    if (found.kind !== 'found') return;
    const meta = await this.meta(sessionId);
    if (!meta.sent) {
      await this.sendAll(found.session, meta);
      return;
    }
    const { records } = await this.messages.getMany(sessionId, keys);
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
    await this.setMeta(sessionId, (m) => ({
      ...m,
      sentUpdated: caughtUp ? found.session.updated : m.sentUpdated,
    }));
  }

  /** The session's description, every finished message not yet in the mirror, its title and its state. */
  private async sendAll(session: SessionRecord, meta: SessionMeta): Promise<void> {
    const docs: SealedDoc[] = [];
    if (!meta.sent) {
      const { id, title, created, model, thinkingLevel } = session;
      const description = { id, title, created, model, thinkingLevel };
      docs.push(
        await this.seal(['session', id], { kind: 'session', session: description, device: this.device }),
      );
    }
    const { records } = await this.messages.load(session.id);
    const finished = records.filter((r) => !r.partial);
    const ids = await Promise.all(finished.map((r) => opaqueId(this.keys, 'message', session.id, r.key)));
    const present = await this.present(ids);
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
      !meta.sent && session.title
        ? { title: session.title, at: session.created, device: this.device }
        : undefined;
    const next = await this.setMeta(session.id, (m) => ({
      ...m,
      sent: true,
      sentUpdated: session.updated,
      ...(initial && !m.title ? { title: initial, titles: withTitle(m.titles, initial) } : {}),
    }));
    await this.sendMutable(session, next);
  }

  /** A rename or a deletion not sent yet becomes a stamped event (`merge.ts`). */
  private async sendMutable(session: SessionRecord, meta: SessionMeta): Promise<void> {
    const at = this.now();
    const docs: SealedDoc[] = [];
    let title: TitleEdit | undefined;
    if (session.title !== (meta.title?.title ?? '') && session.title !== '') {
      title = { title: session.title, at: Math.max(at, (meta.title?.at ?? 0) + 1), device: this.device };
      docs.push(
        await this.seal(['title', session.id, String(title.at), this.device], {
          kind: 'title',
          sessionId: session.id,
          ...title,
        }),
      );
    }
    const deleted = session.deletedAt !== undefined;
    let state: SessionMeta['state'];
    if (deleted !== (meta.state?.deleted ?? false)) {
      state = { deleted, at: Math.max(at, (meta.state?.at ?? 0) + 1), device: this.device };
      docs.push(
        await this.seal(['state', session.id, String(state.at), this.device], {
          kind: 'state',
          sessionId: session.id,
          ...state,
        }),
      );
    }
    if (docs.length === 0) return;
    await this.write(docs);
    const next = await this.setMeta(session.id, (m) => ({
      ...m,
      ...(title ? { title, titles: withTitle(m.titles, title) } : {}),
      ...(state ? { state } : {}),
    }));
    if (title) await this.noteRenamed(session.id, next);
  }

  /**
   * Sessions given titles on more than one device, with the titles that lost (each one's latest event kept by
   * `withTitle`): what a person can take back with `restoreTitle`.
   */
  async renamed(): Promise<readonly RenamedSession[]> {
    const ids = await this.local.get('_local/renamed').then(
      (d) => (Array.isArray(d.ids) ? (d.ids as unknown[]).filter((id) => typeof id === 'string') : []),
      () => [],
    );
    const list: RenamedSession[] = [];
    for (const sessionId of ids) {
      const found = await this.sessions.get(sessionId);
      if (found.kind !== 'found' || found.session.deletedAt !== undefined) continue;
      const { titles } = await this.meta(sessionId);
      const title = found.session.title;
      const others = [...new Set(titles.map((t) => t.title))].filter((t) => t !== title);
      if (others.length > 0) list.push({ sessionId, title, others });
    }
    return list;
  }

  /** Gives the session one of its earlier titles: a new rename, later than every other, so it wins everywhere. */
  restoreTitle(sessionId: string, title: string): Promise<void> {
    return new Promise((resolve) => {
      this.run(async () => {
        try {
          await this.rename(sessionId, title);
          await this.sendSession(sessionId);
        } finally {
          resolve();
        }
      });
    });
  }

  private async noteRenamed(sessionId: string, meta: SessionMeta): Promise<void> {
    const devices = new Set(meta.titles.map((t) => t.device));
    const titles = new Set(meta.titles.map((t) => t.title));
    if (devices.size < 2 || titles.size < 2) return;
    await upsert(this.local, '_local/renamed', (doc) => {
      const ids = Array.isArray(doc?.ids)
        ? (doc.ids as unknown[]).filter((id) => typeof id === 'string')
        : [];
      return { ids: [...ids.filter((id) => id !== sessionId), sessionId].slice(-KEPT_RENAMED) };
    });
  }

  private async messageDoc(sessionId: string, record: MessageRecord): Promise<SealedDoc> {
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
    const fileIds = messages.flatMap((m) =>
      m.role === 'user-with-attachments'
        ? m.attachments.flatMap((a) => (a.sourceId === undefined ? [a.id] : [a.id, a.sourceId]))
        : [],
    );
    if (fileIds.length === 0) return [];
    const ids = await Promise.all(fileIds.map((id) => opaqueId(this.keys, 'attachment', id)));
    const present = await this.present(ids);
    const docs: SealedDoc[] = [];
    for (const [i, fileId] of fileIds.entries()) {
      const id = ids[i]!;
      if (present.has(id)) continue;
      const found = await this.attachments.get(fileId);
      if (found.kind !== 'found') continue;
      const { mimeType, blob } = found.record;
      const bytes = await blob.arrayBuffer();
      const sealed = await seal(this.keys, id, {
        kind: 'attachment',
        sessionId,
        id: fileId,
        mimeType,
        size: bytes.byteLength,
      });
      const data = new Blob([await sealBytes(this.keys, id, bytes)], { type: 'application/octet-stream' });
      docs.push({
        ...sealed,
        _attachments: { [BYTES_NAME]: { content_type: 'application/octet-stream', data } },
      });
      present.add(id);
    }
    return docs;
  }

  private async seal(parts: readonly string[], payload: Payload): Promise<SealedDoc> {
    return seal(this.keys, await opaqueId(this.keys, ...parts), payload);
  }

  /** Writes new documents; one already there (same id) is the same immutable content and is left. */
  private async write(docs: readonly SealedDoc[]): Promise<void> {
    const fitting = docs.filter((d) => d.ct.length <= MAX_SEALED_CHARS);
    if (fitting.length < docs.length)
      this.fail(
        `${docs.length - fitting.length} message(s) are too large to sync (over ${MAX_SEALED_CHARS / 1_000_000} MB sealed).`,
      );
    if (fitting.length === 0) return;
    const results = await this.local.bulkDocs(fitting as unknown as PouchDoc[]);
    for (const r of results) if (r.ok && r.id && r.rev) this.wrote(r.id, r.rev);
    const failed = results.find((r) => r.error && r.status !== 409);
    if (failed) throw new Error(`the local sync copy refused a document (${String(failed.error)})`);
  }

  /**
   * Notes a revision this engine wrote, for the feed to skip. A revision the feed never brings back (a stored
   * value changed again before the feed read it) would stay noted: past `MAX_OWN` the notes start over, which
   * costs only opening some of this device's own documents again.
   */
  private wrote(id: string, rev: string): void {
    if (this.own.size >= MAX_OWN) this.own.clear();
    this.own.add(`${id}\n${rev}`);
  }

  private async present(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.local.allDocs({ keys: ids });
    return new Set(rows.filter((r) => !r.error && r.value !== undefined).map((r) => r.key));
  }

  // In: sealed documents to Easel's stores.

  /**
   * Queues one job that applies what the feed has gathered, unless one is waiting: a first sync brings thousands
   * of changes, and a job (three promises, two status checks) for each was garbage for the collector.
   */
  private scheduleApply(): void {
    this.emit();
    if (this.applyQueued) return;
    this.applyQueued = true;
    this.run(async () => {
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

  /**
   * Applies the changes gathered so far, at most `APPLY_BATCH` of them; their notices go out once, merged, when
   * they are written.
   */
  private async applyIncoming(): Promise<void> {
    const changes = this.incoming.splice(0, APPLY_BATCH);
    if (changes.length === 0) return;
    this.held = [];
    try {
      await this.applyChanges(changes);
    } finally {
      const held = this.held;
      this.held = undefined;
      // In one task: the views gather the notices of a task into one refresh.
      for (const notice of mergeNotices(held)) this.deps.channel.post(notice);
    }
  }

  private async applyChanges(changes: readonly Change[]): Promise<void> {
    const payloads: Payload[] = [];
    const files: { docId: string; file: Extract<Payload, { kind: 'attachment' }> }[] = [];
    const values: { doc: PouchDoc; value: AppDataPayload }[] = [];
    let unreadable = 0;
    const pace = pacer();
    for (const change of changes) {
      const doc = change.doc;
      if (!doc || change.deleted || doc._id === KEYS_DOC_ID || doc._id.startsWith('_')) continue;
      // This device's own document, as it wrote it (a conflict aside, which only another device can make).
      if (this.own.delete(`${doc._id}\n${doc._rev}`) && !doc._conflicts) continue;
      await pace();
      try {
        const payload = parsePayload(await open(this.keys, doc));
        if (payload?.kind === 'attachment') files.push({ docId: doc._id, file: payload });
        else if (payload?.kind === 'appData') values.push({ doc, value: payload });
        else if (payload) payloads.push(payload);
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
      const problem = await this.appData.receive(doc, value);
      if (problem) problems.push(problem);
    }
    const last = changes[changes.length - 1]!;
    await upsert(this.local, '_local/applied', () => ({ seq: last.seq }));
    if (unreadable > 0)
      problems.push(`${unreadable} document(s) from the server could not be read and were skipped.`);
    if (problems.length > 0) this.fail(problems.join(' '));
  }

  private async receiveSession(value: unknown, device: string): Promise<void> {
    const session = parseRemoteSession(value);
    if (!session) {
      this.fail('A session from another device was refused: its description is not valid.');
      return;
    }
    const meta = await this.meta(session.id);
    if (meta.state?.deleted) return;
    if (!(await writeRemoteSession(this.deps.db, session))) return;
    this.post({ type: 'session', writer: this.writer, sessionId: session.id, change: 'created' });
    const initial: TitleEdit | undefined = session.title
      ? { title: session.title, at: session.created, device }
      : undefined;
    const next = await this.setMeta(session.id, (m) => ({
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
    const meta = await this.meta(sessionId);
    if (meta.state?.deleted && !(await this.sessions.exists(sessionId))) return [];
    const result = await writeRemoteMessages(this.deps.db, sessionId, items);
    if (result.created) this.post({ type: 'session', writer: this.writer, sessionId, change: 'created' });
    if (result.written.length > 0) {
      this.post({ type: 'messages', writer: this.writer, sessionId, put: result.written, deleted: [] });
      const found = await this.sessions.get(sessionId);
      // Messages from elsewhere are not this device's to send again.
      if (found.kind === 'found')
        await this.setMeta(sessionId, (m) =>
          m.sent && m.sentUpdated >= 0
            ? { ...m, sentUpdated: Math.max(m.sentUpdated, found.session.updated) }
            : m,
        );
    }
    return result.problems;
  }

  /** Stores a file another device attached, once its sealed bytes open and have the size they claim. */
  private async receiveFile(
    docId: string,
    file: Extract<Payload, { kind: 'attachment' }>,
  ): Promise<string | undefined> {
    if (await this.attachments.exists(file.id)) return undefined;
    let bytes: ArrayBuffer;
    try {
      const sealed = await this.local.getAttachment(docId, BYTES_NAME);
      bytes = await openBytes(this.keys, docId, await sealed.arrayBuffer());
    } catch {
      return 'An attached file from another device could not be read and was skipped.';
    }
    if (bytes.byteLength !== file.size)
      return 'An attached file from another device was refused: its size is not the one it was sent with.';
    const blob = new Blob([bytes], { type: file.mimeType });
    await this.attachments.put({
      id: file.id,
      sessionId: file.sessionId,
      blob,
      mimeType: file.mimeType,
      size: bytes.byteLength,
    });
    return undefined;
  }

  private async receiveTitle(sessionId: string, edit: TitleEdit): Promise<void> {
    const meta = await this.meta(sessionId);
    const winsNow = wins(edit, meta.title);
    const next = await this.setMeta(sessionId, (m) => ({
      ...m,
      titles: withTitle(m.titles, edit),
      ...(winsNow ? { title: edit } : {}),
    }));
    if (winsNow) await this.rename(sessionId, edit.title);
    await this.noteRenamed(sessionId, next);
  }

  private async receiveState(sessionId: string, state: Stamp & { deleted: boolean }): Promise<void> {
    const meta = await this.meta(sessionId);
    if (!wins(state, meta.state)) return;
    await this.setMeta(sessionId, (m) => ({
      ...m,
      state: { deleted: state.deleted, at: state.at, device: state.device },
    }));
    const found = await this.sessions.get(sessionId);
    if (found.kind !== 'found') return;
    if (state.deleted && found.session.deletedAt === undefined) {
      await this.sessions.markDeleted(sessionId, this.now());
      this.post({ type: 'session', writer: this.writer, sessionId, change: 'deleted' });
    } else if (!state.deleted && found.session.deletedAt !== undefined) {
      await this.sessions.restore(sessionId);
      this.post({ type: 'session', writer: this.writer, sessionId, change: 'restored' });
    }
  }

  private async rename(sessionId: string, title: string): Promise<void> {
    const found = await this.sessions.get(sessionId);
    if (found.kind !== 'found' || found.session.title === title) return;
    await this.sessions.rename(sessionId, title);
    this.post({ type: 'session', writer: this.writer, sessionId, change: 'renamed' });
  }

  /** Posts a notice, or holds it while a batch from the server is written (`applyIncoming`). */
  private post(notice: StorageNotice): void {
    if (this.held) this.held.push(notice);
    else this.deps.channel.post(notice);
  }

  // This device's notes on each session (local documents: PouchDB never replicates `_local/…`).

  private async meta(sessionId: string): Promise<SessionMeta> {
    const id = `_local/s-${await opaqueId(this.keys, 'session', sessionId)}`;
    try {
      const doc = await this.local.get(id);
      return { ...EMPTY_META, ...(doc.meta as Partial<SessionMeta>) };
    } catch {
      return EMPTY_META;
    }
  }

  private async setMeta(sessionId: string, change: (meta: SessionMeta) => SessionMeta): Promise<SessionMeta> {
    const id = `_local/s-${await opaqueId(this.keys, 'session', sessionId)}`;
    let next = EMPTY_META;
    await upsert(this.local, id, (doc) => {
      next = change({ ...EMPTY_META, ...((doc?.meta as Partial<SessionMeta> | undefined) ?? {}) });
      return { meta: next };
    });
    return next;
  }
}

/**
 * The notices of one batch, each said once: a session's changes in the order they first happened, and all its
 * new messages in one `messages` notice.
 */
function mergeNotices(notices: readonly StorageNotice[]): StorageNotice[] {
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

/** Writes a document of the mirror from its current value (a local one: `_local/…`). */
async function upsert(
  db: PouchDB,
  id: string,
  fields: (current: PouchDoc | undefined) => Record<string, unknown>,
): Promise<void> {
  let current: PouchDoc | undefined;
  try {
    current = await db.get(id);
  } catch {
    current = undefined;
  }
  await db.put({ ...fields(current), _id: id, ...(current?._rev ? { _rev: current._rev } : {}) });
}

/** The keys document kept from an earlier sync with this server, if this device has one. */
async function keptKeys(name: string): Promise<unknown> {
  const local = new PouchDB(name, { auto_compaction: true });
  try {
    return (await local.get('_local/keys')).doc;
  } catch {
    return undefined;
  } finally {
    await local.close();
  }
}

async function deviceId(local: PouchDB): Promise<string> {
  try {
    const doc = await local.get('_local/device');
    if (typeof doc.device === 'string') return doc.device;
  } catch {
    // First start with this server.
  }
  const device = newWriterId();
  await upsert(local, '_local/device', () => ({ device }));
  return device;
}

/** `pending` of a sync `change` event (`{ direction, change: { pending } }`), 0 when it has none. */
function pendingOf(info: unknown): number {
  const change = (info as { change?: { pending?: unknown } } | undefined)?.change;
  const pending = change?.pending;
  return typeof pending === 'number' && Number.isFinite(pending) && pending > 0 ? pending : 0;
}

function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const e = error as PouchError;
    const text = e.reason || e.message || e.name;
    if (text) return e.status ? `${text} (${e.status})` : text;
  }
  return String(error);
}
