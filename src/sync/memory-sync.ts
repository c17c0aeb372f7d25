/**
 * Memory files (the memory tool's, `src/memory`) in sync: one sealed document per file, its id the HMAC of
 * space and path, updated with each change. A change is stamped `{ at, device }` (`at` is when the file was
 * written, or when its deletion was seen); the newest stamp wins on every device (`merge.ts`, as for titles
 * and artifacts' stored values), and a deletion is a change with `text: null` (a tombstone).
 *
 * What this device sent or applied for each file is kept in one local document (never replicated): the stamp
 * and a digest of the text, so a file changed while sync was not running is sent at the next start, and a
 * file written here because it came from another device is not sent back.
 */

import type PouchDB from 'pouchdb-browser';
import type { PouchDoc } from 'pouchdb-browser';
import { type EaselDatabase, MemoriesRepository, type MemoryRecord } from '../storage';
import { digest, opaqueId, type SealedDoc, type SyncKeys, seal } from './crypto';
import { type Stamp, wins } from './merge';
import { upsert } from './mirror';
import type { Payload } from './payloads';
import { conflictCandidates, putSealed, resolve } from './sealed-docs';

export type MemoryPayload = Extract<Payload, { kind: 'memory' }>;

/** What this device last sent or applied for one file: its stamp and a digest of its text ('' for none). */
interface FileMeta extends Stamp {
  readonly sum: string;
}

/** This device's notes on every memory file, by `<space>\u0000<path>`. */
const META_ID = '_local/memories';

export interface MemorySyncDeps {
  readonly db: EaselDatabase;
  readonly local: PouchDB;
  readonly keys: SyncKeys;
  readonly device: string;
  readonly now: () => number;
  /** Told each revision this writes to the mirror (the change feed need not open it again). */
  readonly wrote: (id: string, rev: string) => void;
}

export class MemorySync {
  /** Reads and writes; its notices reach Settings → Memory and open chats in every tab. */
  readonly repo: MemoriesRepository;

  constructor(private readonly deps: MemorySyncDeps) {
    this.repo = new MemoriesRepository(deps.db, deps.now);
  }

  /**
   * Sends what changed in `spaces` (every space when left out) since it was last sent or applied: each file
   * whose text differs, and each file sent before and no longer stored, as deleted.
   */
  async send(spaces?: readonly string[]): Promise<void> {
    const { keys, device } = this.deps;
    const meta = await this.meta();
    const entries: Record<string, FileMeta> = { ...meta };
    const inScope = (space: string) => spaces === undefined || spaces.includes(space);
    const stored = new Map<string, MemoryRecord>();
    for (const space of spaces ?? [undefined])
      for (const record of await this.repo.list(space)) stored.set(nameOf(record.space, record.path), record);
    const names = new Set([
      ...stored.keys(),
      ...Object.keys(meta).filter((name) => inScope(name.slice(0, name.indexOf('\u0000')))),
    ]);
    const docs: SealedDoc[] = [];
    for (const name of names) {
      const record = stored.get(name);
      const sum = record ? await digest(record.text) : '';
      const entry = entries[name];
      // Unchanged since it was sent or applied (or deleted before it was ever sent).
      if (entry ? entry.sum === sum : record === undefined) continue;
      const [space, path] = splitName(name);
      const at = Math.max(record?.updated ?? this.deps.now(), (entry?.at ?? 0) + 1);
      const id = await memoryId(keys, space, path);
      const payload: MemoryPayload = { kind: 'memory', space, path, text: record?.text ?? null, at, device };
      docs.push(await seal(keys, id, payload));
      entries[name] = { sum, at, device };
    }
    if (docs.length === 0) return;
    await putSealed(this.deps.local, docs, this.deps.wrote, 'a memory file');
    await this.setMeta(entries);
  }

  /**
   * Applies a memory file from the mirror (`doc`, opened as `payload`) and any revision in conflict with it:
   * the newest stamp wins, and is written here when it is newer than what this device sent, applied or has
   * written since. Returns a sentence when it was refused; nothing stored here is touched then.
   */
  async receive(doc: PouchDoc, payload: MemoryPayload): Promise<string | undefined> {
    const { keys, local } = this.deps;
    const { space, path } = payload;
    if (doc._id !== (await memoryId(keys, space, path)))
      return 'A memory file from another device was refused: it was filed under another name.';
    const { best, conflicts } = await conflictCandidates(
      local,
      keys,
      doc,
      payload,
      (opened): opened is MemoryPayload =>
        opened.kind === 'memory' && opened.space === space && opened.path === path,
    );
    const name = nameOf(space, path);
    const meta = await this.meta();
    const here = (await this.repo.list(space)).find((r) => r.path === path);
    // A write here not sent yet counts as an edit stamped with its own time.
    const unsent = here && (await digest(here.text)) !== (meta[name]?.sum ?? '');
    const mine: Stamp | undefined = unsent ? { at: here.updated, device: this.deps.device } : meta[name];
    if (wins(best.payload, mine)) {
      const { text, at, device } = best.payload;
      // The notes first: the repository's notice then finds nothing to send back.
      await this.setMeta({ ...meta, [name]: { sum: text === null ? '' : await digest(text), at, device } });
      if (text === null) {
        if (here) await this.repo.write(space, [{ path, text: null }]);
      } else if (here?.text !== text) await this.repo.putAll([{ space, path, text, updated: at }]);
    }
    await resolve(local, doc, best, conflicts);
    return undefined;
  }

  private async meta(): Promise<Record<string, FileMeta>> {
    try {
      const files = (await this.deps.local.get(META_ID)).files;
      return typeof files === 'object' && files !== null ? (files as Record<string, FileMeta>) : {};
    } catch {
      return {};
    }
  }

  private async setMeta(files: Record<string, FileMeta>): Promise<void> {
    await upsert(this.deps.local, META_ID, () => ({ files }));
  }
}

/** The document id of one memory file: the same on every device, opaque to the server. */
export function memoryId(keys: SyncKeys, space: string, path: string): Promise<string> {
  return opaqueId(keys, 'memory', space, path);
}

function nameOf(space: string, path: string): string {
  return `${space}\u0000${path}`;
}

function splitName(name: string): [string, string] {
  const at = name.indexOf('\u0000');
  return [name.slice(0, at), name.slice(at + 1)];
}
