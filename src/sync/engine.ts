/**
 * The sync engine, loaded with PouchDB only once sync is on. Easel's own stores stay the truth; beside them a
 * PouchDB database in this browser (the mirror, `easel-sync-…`) holds the sealed documents, and the replicator
 * keeps it in step with the server both ways. The engine wires its parts, one job each:
 *
 * - `Outbox`: each change notice (this tab's or another's) names what changed; just those records are read,
 *   sealed and written to the mirror;
 * - `Inbox`: the mirror's change feed is opened, checked and written into Easel's stores;
 * - `TitleLedger`: what this device remembers of each session (sent, titles, deletions);
 * - `Replicator` and `StatusLine`: the replication and the status it makes.
 *
 * One queue runs the outbox's and the inbox's jobs, one at a time.
 */

import PouchDB, { type Changes, type PouchDoc, type PouchError } from 'pouchdb-browser';
import {
  AttachmentsRepository,
  type EaselDatabase,
  MessagesRepository,
  type NoticeChannel,
  newWriterId,
  SessionsRepository,
} from '../storage';
// Storage's second entry: what only sync needs, kept out of the first load.
import { APP_DATA_CHANNEL, parseAppDataNotice } from '../storage/remote-write';
import { AppDataSync } from './app-data-sync';
import { createKeysDoc, digest, KEYS_DOC_ID, openKeysDoc, parseKeysDoc, type SyncKeys } from './crypto';
import { Inbox } from './inbox';
import { JobQueue } from './job-queue';
import { TitleLedger } from './ledger';
import { MemorySync } from './memory-sync';
import { Mirror, upsert } from './mirror';
import { Outbox } from './outbox';
import { Replicator, reasonOf } from './replicator';
import type { SyncStatus } from './status';
import { StatusLine, statusOf } from './status-line';
import type { RenamedSession, SyncConfig } from './types';

export { MAX_SEALED_CHARS } from './mirror';

export interface EngineDeps {
  readonly db: EaselDatabase;
  readonly channel: NoticeChannel;
  readonly onStatus: (status: SyncStatus) => void;
  readonly now?: () => number;
}

/** Connects (or says why not) and runs until `stop()`. */
export class SyncEngine {
  private readonly writer = newWriterId();
  private readonly sessions: SessionsRepository;
  private readonly mirror: Mirror;
  private readonly ledger: TitleLedger;
  private readonly outbox: Outbox;
  private readonly inbox: Inbox;
  private readonly replicator: Replicator;
  private readonly statusLine: StatusLine;
  private readonly jobs: JobQueue;
  private fault = '';
  private feed: Changes | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Where artifacts' repositories say which stored values changed (this tab's and the others'). */
  private appDataChannel: BroadcastChannel | undefined;
  private readonly memories: MemorySync;
  private unsubscribeMemories: (() => void) | undefined;
  private stopped = false;

  private constructor(
    private readonly deps: EngineDeps,
    local: PouchDB,
    remote: PouchDB,
    keys: SyncKeys,
    device: string,
  ) {
    const { db, channel } = deps;
    const now = deps.now ?? Date.now;
    const report = (problem: string) => this.fail(problem);
    this.sessions = new SessionsRepository(db);
    const attachments = new AttachmentsRepository(db);
    this.mirror = new Mirror(local);
    this.ledger = new TitleLedger(this.mirror, keys);
    this.statusLine = new StatusLine(deps.onStatus);
    this.jobs = new JobQueue(
      (error) => this.fail(`Sync could not write: ${reasonOf(error)}.`),
      () => this.emit(),
    );
    const appData = new AppDataSync({
      db,
      local,
      keys,
      device,
      now,
      sessionExists: (id) => this.sessions.exists(id),
      wrote: (id, rev) => this.mirror.wrote(id, rev),
    });
    this.memories = new MemorySync({
      db,
      local,
      keys,
      device,
      now,
      wrote: (id, rev) => this.mirror.wrote(id, rev),
    });
    const shared = {
      db,
      sessions: this.sessions,
      attachments,
      mirror: this.mirror,
      ledger: this.ledger,
      memories: this.memories,
    };
    this.outbox = new Outbox({
      ...shared,
      messages: new MessagesRepository(db),
      appData,
      keys,
      device,
      now,
      report,
    });
    this.inbox = new Inbox({
      ...shared,
      channel,
      writer: this.writer,
      appData,
      keys,
      now,
      run: (job) => this.jobs.run(job),
      changed: () => this.emit(),
      report,
    });
    this.replicator = new Replicator(local, remote, () => this.emit());
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
    const device = await new Mirror(local).deviceId(newWriterId);
    const engine = new SyncEngine(deps, local, remote, keys, device);
    void engine.start();
    return engine;
  }

  /** Retries the connection now (after the server came back, say) rather than after the back-off. */
  syncNow(): void {
    if (!this.stopped) this.replicator.start();
  }

  /** Stops replicating and mirroring. Easel's stores keep everything; `forget` also deletes the mirror. */
  async stop(forget: boolean): Promise<void> {
    this.stopped = true;
    this.statusLine.stop();
    this.unsubscribe?.();
    this.appDataChannel?.close();
    this.unsubscribeMemories?.();
    this.feed?.cancel();
    this.replicator.stop();
    this.jobs.stop();
    await this.jobs.idle();
    this.memories.repo.dispose();
    if (forget) await this.mirror.db.destroy();
    else await this.mirror.db.close();
  }

  /** Sessions renamed on more than one device, with the titles that lost. */
  renamed(): Promise<readonly RenamedSession[]> {
    return this.ledger.renamed(this.sessions);
  }

  /** Gives the session one of its earlier titles: a new rename, later than every other, so it wins everywhere. */
  restoreTitle(sessionId: string, title: string): Promise<void> {
    return new Promise((resolve) => {
      this.jobs.run(async () => {
        try {
          await this.inbox.rename(sessionId, title);
          await this.outbox.sendSession(sessionId);
        } finally {
          resolve();
        }
      });
    });
  }

  private async start(): Promise<void> {
    this.emit();
    // What the server has first, so sessions sent before (from this device's last mirror or another's) are known.
    await this.replicator.pullOnce();
    if (this.stopped) return;
    const since = await this.mirror.appliedSeq();
    if (this.stopped) return;
    this.feed = this.mirror.db
      .changes({ since, live: true, include_docs: true, conflicts: true, batch_size: 100 })
      .on('change', (change) => this.inbox.receive(change))
      .on('error', (error) => this.fail(`The local sync copy could not be read: ${reasonOf(error)}.`));
    this.unsubscribe = this.deps.channel.subscribe((notice) => {
      if (notice.writer === this.writer) return; // what sync itself wrote
      const job = this.outbox.jobFor(notice);
      if (job) this.jobs.run(job);
    });
    if (typeof BroadcastChannel === 'function') {
      this.appDataChannel = new BroadcastChannel(APP_DATA_CHANNEL);
      this.appDataChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
        const notice = parseAppDataNotice(event.data);
        if (notice && this.outbox.gatherAppData(notice.sessionId, notice.file, notice.keys))
          this.jobs.run(() => this.outbox.sendAppData());
      });
    }
    // Memory files written in any tab (and those sync itself writes, which are found unchanged and not sent).
    this.unsubscribeMemories = this.memories.repo.subscribe((spaces) => {
      if (this.outbox.gatherMemories(spaces)) this.jobs.run(() => this.outbox.sendMemories());
    });
    this.jobs.run(() => this.outbox.sendChanged(() => this.stopped));
    this.replicator.start();
  }

  private emit(): void {
    if (this.stopped) return;
    this.statusLine.update(
      statusOf({
        replication: this.replicator.state,
        fault: this.fault,
        busy: this.jobs.busy,
        pending: this.inbox.waiting + this.replicator.pending,
      }),
    );
  }

  private fail(reason: string): void {
    this.fault = reason;
    this.emit();
  }
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
