/**
 * Search over session titles and message text.
 *
 * Design: the searchable text of messages is stored when they are saved, in `texts` chunks of up to 64
 * messages per record (same transaction; see `text-chunks.ts`). The first search loads every chunk once
 * into memory (lower-cased): a few thousand large records, which IndexedDB reads many times faster than
 * one small record per message. After that, notices from the saver and from other tabs keep it current by
 * reading only the messages they name. A search is then a scan of in-memory strings plus one read of the
 * (small) session metadata store, so it stays fast with hundreds of sessions of hundreds of messages. Loading
 * and matching run in slices of a few milliseconds (small batches, and a yield to the page between slices), so
 * neither makes a long task however many sessions there are.
 */

import type { EaselDatabase } from './db';
import type { NoticeChannel, StorageNotice } from './notices';
import { sessionRange } from './ranges';
import type { SessionRecord } from './schema';
import { SessionsRepository } from './sessions-repo';
import { readText } from './text-chunks';
import { parseTextChunk } from './validate';

/** A session that matches every word of a query. */
export interface SearchHit {
  readonly session: SessionRecord;
  /** Where a word matched in a message: a short stretch of its text; `''` when the title held every word. */
  readonly snippet: string;
}

export interface SearchResult {
  readonly query: string;
  /** Newest first. */
  readonly hits: readonly SearchHit[];
  readonly problems: readonly string[];
}

/**
 * Text chunks read per request while loading: each request's records are deserialised in one task of the page,
 * so a batch is kept small enough (some 1,500 messages) that no task of the first search is long.
 */
const DEFAULT_BATCH = 24;
/** Work done between two yields to the page while loading and matching (ms). */
const SLICE_MS = 8;
const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;

export class SearchIndex {
  /** Lower-cased text by session id, then by message key. */
  private readonly texts = new Map<string, Map<string, string>>();
  private built: Promise<readonly string[]> | undefined;
  private readonly sessions: SessionsRepository;
  private readonly unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: EaselDatabase,
    channel?: NoticeChannel,
    /** How many text chunks the first search reads per request. */
    private readonly batchSize = DEFAULT_BATCH,
  ) {
    this.sessions = new SessionsRepository(db);
    this.unsubscribe = channel?.subscribe((notice) => void this.apply(notice));
  }

  /**
   * Sessions whose title and messages together hold every word of `query` (case-insensitive substrings),
   * newest first, at most `limit`. An empty query finds nothing.
   */
  async search(query: string, limit = 100): Promise<SearchResult> {
    const terms = query
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => t.length > 0);
    if (terms.length === 0) return { query, hits: [], problems: [] };
    const buildProblems = await this.ensureBuilt();
    const { sessions, problems } = await this.sessions.list();
    const matches: { session: SessionRecord; at?: { key: string; term: string } }[] = [];
    const slice = new Slicer();
    for (const session of sessions) {
      await slice.pause();
      const match = this.match(session, terms);
      if (match) matches.push({ session, ...(match === true ? {} : { at: match }) });
      if (matches.length >= limit) break;
    }
    const snippets = await this.snippets(
      matches.map((m) => (m.at ? { id: m.session.id, ...m.at } : undefined)),
    );
    const hits = matches.map((m, i) => ({ session: m.session, snippet: snippets[i] ?? '' }));
    return { query, hits, problems: [...buildProblems, ...problems] };
  }

  /**
   * Loads the texts now (the first search otherwise does it): call it when the person is about to search,
   * e.g. when the search box gets focus. Resolves with the records that could not be read.
   */
  prepare(): Promise<readonly string[]> {
    return this.ensureBuilt();
  }

  dispose(): void {
    this.unsubscribe?.();
    this.texts.clear();
  }

  /**
   * `false`: no match; `true`: the title holds every term; else the message to quote: one holding every
   * term the title lacks when there is one, else where the first of them matched.
   */
  private match(
    session: SessionRecord,
    terms: readonly string[],
  ): false | true | { key: string; term: string } {
    const title = session.title.toLowerCase();
    const texts = this.texts.get(session.id);
    const rest = terms.filter((term) => !title.includes(term));
    const first = rest[0];
    if (first === undefined) return true;
    if (!texts) return false;
    let firstKey: string | undefined;
    for (const term of rest) {
      const key = findKey(texts, (text) => text.includes(term));
      if (key === undefined) return false;
      firstKey ??= key;
    }
    const together =
      rest.length > 1 ? findKey(texts, (text) => rest.every((t) => text.includes(t))) : undefined;
    return { key: together ?? firstKey ?? '', term: first };
  }

  private ensureBuilt(): Promise<readonly string[]> {
    this.built ??= this.build().catch((error: unknown) => {
      this.built = undefined;
      throw error;
    });
    return this.built;
  }

  /** Reads every text chunk once, in batches in key order. */
  private async build(): Promise<readonly string[]> {
    const problems: string[] = [];
    let range: IDBKeyRange | undefined;
    const slice = new Slicer();
    for (;;) {
      const values: unknown[] = await this.db.getAll('texts', range, this.batchSize);
      let last: [string, string] | undefined;
      for (const value of values) {
        await slice.pause();
        const parsed = parseTextChunk(value);
        if (!parsed.ok) {
          problems.push(parsed.problem);
          continue;
        }
        const { sessionId, firstKey, entries } = parsed.value;
        for (const entry of entries) this.set(sessionId, entry.key, entry.text);
        last = [sessionId, firstKey];
      }
      if (values.length < this.batchSize || !last) break;
      range = IDBKeyRange.lowerBound(last, true);
    }
    return problems;
  }

  /** Brings the loaded texts up to date with a notice (the channel subscription calls it). */
  async apply(notice: StorageNotice): Promise<void> {
    if (!this.built) return;
    await this.built.catch(() => undefined);
    const { sessionId } = notice;
    if (notice.type === 'messages') {
      const texts = this.texts.get(sessionId);
      for (const key of notice.deleted) texts?.delete(key);
      const store = this.db.transaction('texts').store;
      const found = await Promise.all(notice.put.map((key) => readText(store, sessionId, key)));
      notice.put.forEach((key, i) => {
        const text = found[i];
        if (text !== undefined) this.set(sessionId, key, text);
      });
      return;
    }
    if (notice.change === 'purged') {
      this.texts.delete(sessionId);
      return;
    }
    if (notice.change !== 'imported') return;
    const values: unknown[] = await this.db.getAll('texts', sessionRange(sessionId));
    this.texts.delete(sessionId);
    for (const value of values) {
      const parsed = parseTextChunk(value);
      if (parsed.ok) for (const entry of parsed.value.entries) this.set(sessionId, entry.key, entry.text);
    }
  }

  private set(sessionId: string, key: string, text: string): void {
    let texts = this.texts.get(sessionId);
    if (!texts) {
      texts = new Map();
      this.texts.set(sessionId, texts);
    }
    texts.set(key, text.toLowerCase());
  }

  /** Snippets of the original (not lower-cased) text for the matches that have a message. */
  private async snippets(
    places: readonly ({ id: string; key: string; term: string } | undefined)[],
  ): Promise<string[]> {
    if (places.every((p) => p === undefined)) return places.map(() => '');
    const store = this.db.transaction('texts').store;
    const texts = await Promise.all(places.map((p) => (p ? readText(store, p.id, p.key) : undefined)));
    return texts.map((text, i) => {
      const term = places[i]?.term;
      return text !== undefined && term ? snippet(text, term) : '';
    });
  }
}

/**
 * Splits a long loop into tasks of about `SLICE_MS`: `pause()` resolves at once while the slice lasts, else after
 * the page has had its turn (a new task).
 */
class Slicer {
  private deadline = performance.now() + SLICE_MS;

  async pause(): Promise<void> {
    if (performance.now() < this.deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.deadline = performance.now() + SLICE_MS;
  }
}

function findKey(texts: ReadonlyMap<string, string>, test: (text: string) => boolean): string | undefined {
  for (const [key, text] of texts) if (test(text)) return key;
  return undefined;
}

function snippet(text: string, term: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(term));
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(text.length, at + term.length + SNIPPET_AFTER);
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
