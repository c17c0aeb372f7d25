/**
 * Keeping the `texts` chunks of a session up to date inside a write transaction.
 *
 * A message's text goes into the chunk with the greatest `firstKey` at or below its key (one cursor step to
 * find). A message after the last entry of a full chunk starts a new chunk, so a chunk grows to at most
 * about `CHUNK_ENTRIES` entries or `CHUNK_CHARS` characters (more only when another tab's messages land in
 * the middle of it). Every change therefore reads and rewrites one bounded chunk: the cost of saving a
 * message never depends on the length of the session.
 */

import { allRequests } from './requests';
import type { TextChunkRecord, TextEntry } from './schema';
import { parseTextChunk } from './validate';

export const CHUNK_ENTRIES = 64;
export const CHUNK_CHARS = 64_000;

/** The part of a `texts` object store this needs (a readwrite or versionchange transaction's). */
export interface TextsStore {
  openCursor(
    query: IDBKeyRange,
    direction: IDBCursorDirection,
  ): Promise<{ readonly key: unknown; readonly value: unknown } | null>;
  put(value: TextChunkRecord): Promise<unknown>;
  delete(key: [string, string]): Promise<unknown>;
}

interface Chunk {
  readonly firstKey: string;
  entries: TextEntry[];
}

/** Collects text changes for one session; `finish()` writes every chunk it touched. */
export class TextChunkWriter {
  private readonly touched = new Map<string, Chunk>();

  /**
   * `stored: 'none'` says the session has no chunk in storage (a session being imported, written from nothing):
   * no cursor is opened to find one, so writing n messages costs n entries, not n reads.
   */
  constructor(
    private readonly store: TextsStore,
    private readonly sessionId: string,
    private readonly options: { readonly stored?: 'none' } = {},
  ) {}

  /** Sets (or, for empty text, removes) a message's searchable text. */
  async set(key: string, text: string): Promise<void> {
    if (!text) return this.remove(key);
    const chunk = await this.chunkFor(key);
    if (!chunk) {
      this.touched.set(key, { firstKey: key, entries: [{ key, text }] });
      return;
    }
    const at = chunk.entries.findIndex((e) => e.key >= key);
    if (at >= 0 && chunk.entries[at]?.key === key) {
      chunk.entries[at] = { key, text };
    } else if (at === -1 && isFull(chunk)) {
      this.touched.set(key, { firstKey: key, entries: [{ key, text }] });
    } else {
      chunk.entries.splice(at === -1 ? chunk.entries.length : at, 0, { key, text });
    }
  }

  async remove(key: string): Promise<void> {
    const chunk = await this.chunkFor(key);
    if (chunk) chunk.entries = chunk.entries.filter((e) => e.key !== key);
  }

  /** Writes the touched chunks (an emptied chunk is deleted). */
  async finish(): Promise<void> {
    const chunks = [...this.touched.values()];
    this.touched.clear();
    await allRequests((add) => {
      for (const chunk of chunks) {
        add(
          chunk.entries.length === 0
            ? this.store.delete([this.sessionId, chunk.firstKey])
            : this.store.put({ sessionId: this.sessionId, firstKey: chunk.firstKey, entries: chunk.entries }),
        );
      }
    });
  }

  /** The chunk a key belongs in: the greatest `firstKey` at or below it, stored or touched. */
  private async chunkFor(key: string): Promise<Chunk | undefined> {
    const cursor =
      this.options.stored === 'none'
        ? null
        : await this.store.openCursor(IDBKeyRange.bound([this.sessionId], [this.sessionId, key]), 'prev');
    const stored = cursor ? parseTextChunk(cursor.value) : undefined;
    let best = cursor ? firstKeyOf(cursor.key) : undefined;
    for (const firstKey of this.touched.keys()) {
      if (firstKey <= key && (best === undefined || firstKey > best)) best = firstKey;
    }
    if (best === undefined) return undefined;
    const cached = this.touched.get(best);
    if (cached) return cached;
    // A stored chunk that fails its check is replaced by what is written from now on.
    const chunk: Chunk = { firstKey: best, entries: stored?.ok ? [...stored.value.entries] : [] };
    this.touched.set(best, chunk);
    return chunk;
  }
}

/** The text of one message, read from its chunk; `undefined` when it has none. */
export async function readText(store: Pick<TextsStore, 'openCursor'>, sessionId: string, key: string) {
  const cursor = await store.openCursor(IDBKeyRange.bound([sessionId], [sessionId, key]), 'prev');
  const parsed = cursor ? parseTextChunk(cursor.value) : undefined;
  return parsed?.ok ? parsed.value.entries.find((e) => e.key === key)?.text : undefined;
}

/** The `firstKey` part of a `[sessionId, firstKey]` primary key. */
function firstKeyOf(key: unknown): string | undefined {
  const part: unknown = Array.isArray(key) ? key[1] : undefined;
  return typeof part === 'string' ? part : undefined;
}

function isFull(chunk: Chunk): boolean {
  if (chunk.entries.length >= CHUNK_ENTRIES) return true;
  let chars = 0;
  for (const entry of chunk.entries) chars += entry.text.length;
  return chars >= CHUNK_CHARS;
}
