/**
 * What artifact data (`app-data-sync.ts`) and memory files (`memory-sync.ts`) do alike with their sealed
 * documents in the local sync copy: put a batch over the current revisions, and settle a document whose
 * revisions are in conflict (the latest stamp wins; the others are removed, so one revision is left).
 */

import type PouchDB from 'pouchdb-browser';
import type { PouchDoc } from 'pouchdb-browser';
import { open, type SealedDoc, type SyncKeys } from './crypto';
import { type Stamp, wins } from './merge';
import { type Payload, parsePayload } from './payloads';

/** One revision of a document in conflict, opened. */
export interface Candidate<P> {
  readonly rev: string | undefined;
  readonly doc: PouchDoc;
  readonly payload: P;
}

/**
 * Puts `docs` over their current revisions and tells `wrote` each revision written. Throws, naming `what`, when
 * the local copy refuses one (the others are written).
 */
export async function putSealed(
  local: PouchDB,
  docs: readonly SealedDoc[],
  wrote: (id: string, rev: string) => void,
  what: string,
): Promise<void> {
  const { rows } = await local.allDocs({ keys: docs.map((d) => d._id) });
  const revs = new Map<string, string>();
  for (const row of rows) {
    const rev = (row.value as { rev?: unknown } | undefined)?.rev;
    if (!row.error && typeof rev === 'string') revs.set(row.key, rev);
  }
  const results = await local.bulkDocs(
    docs.map((d) => ({
      ...d,
      ...(revs.get(d._id) ? { _rev: revs.get(d._id) } : {}),
    })) as unknown as PouchDoc[],
  );
  for (const r of results) if (r.ok && r.id && r.rev) wrote(r.id, r.rev);
  const failed = results.find((r) => r.error);
  if (failed) throw new Error(`the local sync copy refused ${what} (${String(failed.error)})`);
}

/**
 * The winner among `doc` (opened as `payload`) and the revisions in conflict with it (`conflicts`). A revision
 * that does not open, or opens to something `same` refuses, stands in with `payload`: it loses, and `resolve`
 * removes it.
 */
export async function conflictCandidates<P extends Stamp>(
  local: PouchDB,
  keys: SyncKeys,
  doc: PouchDoc,
  payload: P,
  same: (opened: Payload) => opened is Payload & P,
): Promise<{ readonly best: Candidate<P>; readonly conflicts: readonly Candidate<P>[] }> {
  const candidates: Candidate<P>[] = [{ rev: doc._rev, doc, payload }];
  for (const rev of doc._conflicts ?? []) {
    try {
      const other = await local.get(doc._id, { rev });
      const opened = parsePayload(await open(keys, other));
      candidates.push(opened && same(opened) ? { rev, doc: other, payload: opened } : { rev, doc, payload });
    } catch {
      // A revision that does not open is left out of the choice (and removed by `resolve`).
      candidates.push({ rev, doc, payload });
    }
  }
  let best = candidates[0] as Candidate<P>;
  for (const c of candidates.slice(1)) if (wins(c.payload, best.payload)) best = c;
  return { best, conflicts: candidates.slice(1) };
}

/**
 * Leaves one revision of `current`, the winner's: the revisions in conflict are removed, and the current one
 * takes the winner's content. Nothing is written when there was no conflict.
 */
export async function resolve<P>(
  local: PouchDB,
  current: PouchDoc,
  winner: Candidate<P>,
  conflicts: readonly Candidate<P>[],
): Promise<void> {
  if (conflicts.length === 0) return;
  const edits: Record<string, unknown>[] = conflicts.flatMap((o) =>
    o.rev ? [{ _id: current._id, _rev: o.rev, _deleted: true }] : [],
  );
  if (winner.doc !== current)
    edits.push({ _id: current._id, _rev: current._rev, v: 1, iv: winner.doc.iv, ct: winner.doc.ct });
  await local.bulkDocs(edits as unknown as PouchDoc[]);
}
