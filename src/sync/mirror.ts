/**
 * The mirror: the PouchDB database in this browser (`easel-sync-…`) that holds the sealed documents and
 * replicates with the server. What is written to it goes through here, with the revisions this device wrote
 * noted so the change feed can skip them, and this device's own notes kept as local documents (`_local/…`,
 * which PouchDB never replicates).
 */

import type PouchDB from 'pouchdb-browser';
import type { PouchDoc } from 'pouchdb-browser';
import type { SealedDoc } from './crypto';

/** A sealed message larger than this is not sent (CouchDB refuses documents over 8 MB by default). */
export const MAX_SEALED_CHARS = 6_000_000;
/** Most revisions noted as this device's own. */
const MAX_OWN = 50_000;

export class Mirror {
  /**
   * Revisions written here that the change feed has not brought back yet: the feed skips them (they are what
   * this device has), rather than opening and checking its own documents again.
   */
  private readonly own = new Set<string>();

  constructor(readonly db: PouchDB) {}

  /**
   * Writes new documents; one already there (same id) is the same immutable content and is left. Returns a
   * sentence for the documents too large to go (the others are written), or `''`.
   */
  async write(docs: readonly SealedDoc[]): Promise<string> {
    const fitting = docs.filter((d) => d.ct.length <= MAX_SEALED_CHARS);
    const problem =
      fitting.length < docs.length
        ? `${docs.length - fitting.length} message(s) are too large to sync (over ${MAX_SEALED_CHARS / 1_000_000} MB sealed).`
        : '';
    if (fitting.length === 0) return problem;
    const results = await this.db.bulkDocs(fitting as unknown as PouchDoc[]);
    for (const r of results) if (r.ok && r.id && r.rev) this.wrote(r.id, r.rev);
    const failed = results.find((r) => r.error && r.status !== 409);
    if (failed) throw new Error(`the local sync copy refused a document (${String(failed.error)})`);
    return problem;
  }

  /**
   * Notes a revision this device wrote, for the feed to skip. A revision the feed never brings back (a stored
   * value changed again before the feed read it) would stay noted: past `MAX_OWN` the notes start over, which
   * costs only opening some of this device's own documents again.
   */
  wrote(id: string, rev: string): void {
    if (this.own.size >= MAX_OWN) this.own.clear();
    this.own.add(`${id}\n${rev}`);
  }

  /** Whether the feed brought back a revision this device wrote (forgotten once asked). */
  takeOwn(doc: PouchDoc): boolean {
    return this.own.delete(`${doc._id}\n${doc._rev}`);
  }

  /** Which of `ids` the mirror holds. */
  async present(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.db.allDocs({ keys: ids });
    return new Set(rows.filter((r) => !r.error && r.value !== undefined).map((r) => r.key));
  }

  /** A local document's fields, or `undefined`. */
  async local(id: `_local/${string}`): Promise<PouchDoc | undefined> {
    try {
      return await this.db.get(id);
    } catch {
      return undefined;
    }
  }

  /** Writes a local document from its current value. */
  upsert(
    id: `_local/${string}`,
    fields: (current: PouchDoc | undefined) => Record<string, unknown>,
  ): Promise<void> {
    return upsert(this.db, id, fields);
  }

  /** Where the change feed has got to (`_local/applied`), 0 at first. */
  async appliedSeq(): Promise<number | string> {
    const seq = (await this.local('_local/applied'))?.seq;
    return typeof seq === 'number' || typeof seq === 'string' ? seq : 0;
  }

  setAppliedSeq(seq: number | string): Promise<void> {
    return this.upsert('_local/applied', () => ({ seq }));
  }

  /** This device's id with this server, made at the first start. */
  async deviceId(newId: () => string): Promise<string> {
    const kept = (await this.local('_local/device'))?.device;
    if (typeof kept === 'string') return kept;
    const device = newId();
    await this.upsert('_local/device', () => ({ device }));
    return device;
  }
}

/** Writes a document of a PouchDB database from its current value (a local one: `_local/…`). */
export async function upsert(
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
