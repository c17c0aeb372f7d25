/**
 * Artifacts' stored data (`window.storage`) in sync: one sealed document per key, its id the HMAC of session,
 * file, scope and key, updated with each change. A change is stamped `{ at, device }` when it is sent; the
 * latest stamp wins on every device (`merge.ts`, as for titles), and a deletion is a change with `value: null`
 * (a tombstone), so a key deleted on one device is deleted on the others unless it was set again later.
 *
 * Two devices changing a key apart leave two revisions of its document in conflict; whichever device sees
 * both first keeps the winner's and removes the other, so the conflict does not outlive one round trip.
 *
 * What this device sent or applied for each key is kept in a local document per artifact (never replicated):
 * the stamp, and a digest of the value, so a value changed while sync was not running is sent at the next
 * start and one changed back to what was sent is not sent again.
 */

import type PouchDB from 'pouchdb-browser';
import type { PouchDoc } from 'pouchdb-browser';
import { AppDataRepository, type EaselDatabase } from '../storage';
import { type AppDataRef, allAppDataRefs, writeRemoteAppData } from '../storage/remote-write';
import { digest, opaqueId, type SealedDoc, type SyncKeys, seal } from './crypto';
import { type Stamp, wins } from './merge';
import type { Payload } from './payloads';
import { conflictCandidates, putSealed, resolve } from './sealed-docs';

export type AppDataPayload = Extract<Payload, { kind: 'appData' }>;

/**
 * A sealed value larger than this is not sent: CouchDB refuses documents over 8 MB by default, and a 5 MB
 * value (the most `window.storage` keeps) seals to about 7 million characters.
 */
const MAX_SEALED_CHARS = 7_500_000;

/** What this device last sent or applied for one key: its stamp and a digest of its value ('' for none). */
interface KeyMeta extends Stamp {
  readonly sum: string;
}

/** This device's notes on one artifact's keys, by `<scope>/<key>` (a key has no slash). */
interface ArtifactMeta {
  readonly sessionId: string;
  readonly file: string;
  readonly keys: Readonly<Record<string, KeyMeta>>;
}

/** The local document listing every artifact's notes (so keys deleted while sync was off are found). */
const LIST_ID = '_local/app-data';

export interface AppDataSyncDeps {
  readonly db: EaselDatabase;
  readonly local: PouchDB;
  readonly keys: SyncKeys;
  readonly device: string;
  readonly now: () => number;
  /** Whether the session is stored on this device (deleted or not). */
  readonly sessionExists: (sessionId: string) => Promise<boolean>;
  /** Told each revision this writes to the mirror (the change feed need not open it again). */
  readonly wrote: (id: string, rev: string) => void;
}

export class AppDataSync {
  /** Reads only: a repository whose notices go nowhere. */
  private readonly repo: AppDataRepository;

  constructor(private readonly deps: AppDataSyncDeps) {
    this.repo = new AppDataRepository(deps.db, () => undefined);
  }

  /** Sends the current value (or the deletion) of each of `refs`; returns sentences for what could not go. */
  async send(sessionId: string, file: string, refs: readonly AppDataRef[]): Promise<string[]> {
    const { keys, device } = this.deps;
    const meta = await this.meta(sessionId, file);
    const entries: Record<string, KeyMeta> = { ...meta.keys };
    const docs: SealedDoc[] = [];
    let tooLarge = 0;
    for (const [scope, key] of refs) {
      const value = (await this.repo.get({ sessionId, file }, scope, key)) ?? null;
      const sum = value === null ? '' : await digest(value);
      const name = `${scope}/${key}`;
      const entry = entries[name];
      // Unchanged since it was sent or applied (or deleted before it was ever sent).
      if (entry ? entry.sum === sum : value === null) continue;
      const at = Math.max(this.deps.now(), (entry?.at ?? 0) + 1);
      const id = await appDataId(keys, sessionId, file, scope, key);
      const payload: AppDataPayload = { kind: 'appData', sessionId, file, scope, key, value, at, device };
      const sealed = await seal(keys, id, payload);
      if (sealed.ct.length > MAX_SEALED_CHARS) {
        tooLarge += 1;
        continue;
      }
      docs.push(sealed);
      entries[name] = { sum, at, device };
    }
    if (docs.length === 0)
      return tooLarge > 0 ? [`${tooLarge} stored value(s) of artifacts are too large to sync.`] : [];
    await putSealed(this.deps.local, docs, this.deps.wrote, 'a stored value');
    await this.setMeta({ ...meta, keys: entries });
    return tooLarge > 0 ? [`${tooLarge} stored value(s) of artifacts are too large to sync.`] : [];
  }

  /**
   * At start: what changed while sync was not running. Every stored value is compared with what was sent
   * (its digest); a key sent before and no longer stored is sent as deleted, unless its session is gone from
   * this device (purged: that is this device's own cleaning, as for sessions).
   */
  async sendChanged(): Promise<string[]> {
    const problems: string[] = [];
    const stored = await allAppDataRefs(this.deps.db);
    const known = await this.listed();
    const artifacts = new Map<string, { sessionId: string; file: string; keys: AppDataRef[] }>();
    for (const entry of stored.values()) artifacts.set(await this.metaId(entry.sessionId, entry.file), entry);
    for (const id of known) {
      if (artifacts.has(id)) continue;
      const meta = await this.readMeta(id);
      if (meta) artifacts.set(id, { sessionId: meta.sessionId, file: meta.file, keys: [] });
    }
    for (const { sessionId, file, keys } of artifacts.values()) {
      const meta = await this.meta(sessionId, file);
      const here = new Set(keys.map(([scope, key]) => `${scope}/${key}`));
      const gone = Object.entries(meta.keys)
        .filter(([name, entry]) => !here.has(name) && entry.sum !== '')
        .map(([name]): AppDataRef => [name.startsWith('1/') ? 1 : 0, name.slice(2)]);
      if (gone.length > 0 && !(await this.deps.sessionExists(sessionId))) {
        problems.push(...(await this.send(sessionId, file, keys)));
        continue;
      }
      problems.push(...(await this.send(sessionId, file, [...keys, ...gone])));
    }
    return problems;
  }

  /**
   * Applies a stored value from the mirror (`doc`, opened as `payload`) and any revision in conflict with it:
   * the latest stamp of them wins, and is written here when it is later than what this device sent or applied.
   * Returns a sentence when it was refused.
   */
  async receive(doc: PouchDoc, payload: AppDataPayload): Promise<string | undefined> {
    const { keys, local } = this.deps;
    const { sessionId, file, scope, key } = payload;
    if (doc._id !== (await appDataId(keys, sessionId, file, scope, key)))
      return 'A value an artifact stored on another device was refused: it was filed under another key.';
    const { best, conflicts } = await conflictCandidates(
      local,
      keys,
      doc,
      payload,
      (opened): opened is AppDataPayload => opened.kind === 'appData' && sameKey(opened, payload),
    );
    let problem: string | undefined;
    const meta = await this.meta(sessionId, file);
    const name = `${scope}/${key}`;
    if (wins(best.payload, meta.keys[name])) {
      const { value, at, device } = best.payload;
      problem = await writeRemoteAppData(this.deps.db, { sessionId, file, scope, key, value });
      if (!problem) {
        const sum = value === null ? '' : await digest(value);
        await this.setMeta({ ...meta, keys: { ...meta.keys, [name]: { sum, at, device } } });
      }
    }
    await resolve(local, doc, best, conflicts);
    return problem;
  }

  private metaId(sessionId: string, file: string): Promise<string> {
    return opaqueId(this.deps.keys, 'appData-artifact', sessionId, file).then((id) => `_local/d-${id}`);
  }

  private async meta(sessionId: string, file: string): Promise<ArtifactMeta> {
    return (await this.readMeta(await this.metaId(sessionId, file))) ?? { sessionId, file, keys: {} };
  }

  private async readMeta(id: string): Promise<ArtifactMeta | undefined> {
    try {
      const doc = await this.deps.local.get(id);
      const { sessionId, file, keys } = doc as Record<string, unknown>;
      if (typeof sessionId !== 'string' || typeof file !== 'string' || typeof keys !== 'object' || !keys)
        return undefined;
      return { sessionId, file, keys: keys as Record<string, KeyMeta> };
    } catch {
      return undefined;
    }
  }

  private async setMeta(meta: ArtifactMeta): Promise<void> {
    const id = await this.metaId(meta.sessionId, meta.file);
    let rev: string | undefined;
    try {
      rev = (await this.deps.local.get(id))._rev;
    } catch {
      rev = undefined;
      const listed = await this.listed();
      await upsertList(this.deps.local, [...listed, id]);
    }
    await this.deps.local.put({ ...meta, _id: id, ...(rev ? { _rev: rev } : {}) });
  }

  private async listed(): Promise<string[]> {
    try {
      const ids = (await this.deps.local.get(LIST_ID)).ids;
      return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  }
}

/** The document id of one stored value: the same on every device, opaque to the server. */
export function appDataId(
  keys: SyncKeys,
  sessionId: string,
  file: string,
  scope: 0 | 1,
  key: string,
): Promise<string> {
  return opaqueId(keys, 'appData', sessionId, file, String(scope), key);
}

function sameKey(a: AppDataPayload, b: AppDataPayload): boolean {
  return a.sessionId === b.sessionId && a.file === b.file && a.scope === b.scope && a.key === b.key;
}

async function upsertList(local: PouchDB, ids: readonly string[]): Promise<void> {
  let rev: string | undefined;
  try {
    rev = (await local.get(LIST_ID))._rev;
  } catch {
    rev = undefined;
  }
  await local.put({ _id: LIST_ID, ids: [...new Set(ids)], ...(rev ? { _rev: rev } : {}) });
}
