/**
 * Test support for this folder: PouchDB over its memory adapter (the same replication, changes feed and local
 * documents as the browser's IndexedDB one), keys, a notice channel that keeps what it was told. Not public.
 */

import type PouchDB from 'pouchdb-browser';
import type { Change } from 'pouchdb-browser';
import {
  AttachmentsRepository,
  MessagesRepository,
  type NoticeChannel,
  type NoticeListener,
  SessionsRepository,
  type StorageNotice,
} from '../storage';
import { freshDb } from '../storage/test-support';
import { AppDataSync } from './app-data-sync';
import { createKeysDoc, type SyncKeys } from './crypto';
import { Inbox } from './inbox';
import { JobQueue } from './job-queue';
import { TitleLedger } from './ledger';
import { MemorySync } from './memory-sync';
import { Mirror } from './mirror';
import { Outbox } from './outbox';

type PouchClass = typeof PouchDB & { plugin(plugin: unknown): void };

let loaded: Promise<PouchClass> | undefined;
let names = 0;

/** PouchDB's browser build with the memory adapter, loaded once (the build reads `self`, which Node lacks). */
function pouch(): Promise<PouchClass> {
  loaded ??= (async () => {
    (globalThis as { self?: unknown }).self ??= globalThis;
    const { default: PouchDB } = (await import('pouchdb-browser')) as unknown as { default: PouchClass };
    // @ts-expect-error: the memory adapter ships no types.
    const { default: memory } = (await import('pouchdb-adapter-memory')) as { default: unknown };
    PouchDB.plugin(memory);
    return PouchDB;
  })();
  return loaded;
}

/** A new, empty in-memory database with a name no other test uses. */
export async function memoryPouch(): Promise<PouchDB> {
  const PouchDB = await pouch();
  names += 1;
  return new PouchDB(`sync-test-${names}-${Math.random().toString(36).slice(2)}`, {
    adapter: 'memory',
  } as never);
}

/** Keys from a passphrase, with few iterations: the tests need keys, not their cost. */
export async function testKeys(passphrase = 'test passphrase'): Promise<SyncKeys> {
  return (await createKeysDoc(passphrase, 1_000)).keys;
}

/** A notice channel within the test: every notice posted is kept, in order, and delivered to subscribers. */
export class KeptNotices implements NoticeChannel {
  readonly posted: StorageNotice[] = [];
  private readonly listeners = new Set<NoticeListener>();

  post(notice: StorageNotice): void {
    this.posted.push(notice);
    for (const listener of [...this.listeners]) listener(notice);
  }

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
  }
}

/** Resolves after pending promise jobs and one macrotask. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** One device's sync parts over a fresh database and an in-memory mirror, wired as the engine wires them. */
export async function testDevice(name: string, keys: SyncKeys) {
  const db = await freshDb();
  const channel = new KeptNotices();
  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  const mirror = new Mirror(await memoryPouch());
  const ledger = new TitleLedger(mirror, keys);
  const sessions = new SessionsRepository(db);
  const attachments = new AttachmentsRepository(db);
  let clock = 1_000;
  const now = () => ++clock;
  const jobs = new JobQueue((error) => report(String(error)));
  const appData = new AppDataSync({
    db,
    local: mirror.db,
    keys,
    device: name,
    now,
    sessionExists: (id) => sessions.exists(id),
    wrote: (id, rev) => mirror.wrote(id, rev),
  });
  const memories = new MemorySync({
    db,
    local: mirror.db,
    keys,
    device: name,
    now,
    wrote: (id, rev) => mirror.wrote(id, rev),
  });
  const shared = { db, sessions, attachments, mirror, ledger, appData, memories, keys, now, report };
  const outbox = new Outbox({ ...shared, messages: new MessagesRepository(db), device: name });
  const inbox = new Inbox({
    ...shared,
    channel,
    writer: `sync-${name}`,
    run: (job) => jobs.run(job),
    changed: () => undefined,
  });
  return { db, channel, problems, mirror, ledger, sessions, memories, outbox, inbox, jobs };
}

/** Feeds every change of `device`'s mirror since `since` to its inbox and waits until they are applied. */
export async function applyFeed(
  device: Awaited<ReturnType<typeof testDevice>>,
  since: number | string = 0,
): Promise<void> {
  const { results } = (await device.mirror.db.changes({
    since,
    include_docs: true,
    conflicts: true,
  } as never)) as unknown as { results: Change[] };
  for (const change of results) device.inbox.receive(change);
  await device.jobs.idle();
}
