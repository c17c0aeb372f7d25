/**
 * One atomic save of a session: message records to put, keys to delete, and the change to the session's
 * metadata. Its cost depends only on what changed, never on how long the session is.
 */

import type { ThinkingLevel } from '../agent';
import type { MessageRecord, SessionRecord, TokenTotals } from './schema';

/** How the session's metadata changes with this save. Counts and totals are differences, not values. */
export interface MetadataChange {
  /** Messages added minus messages removed. */
  readonly messageCount: number;
  readonly tokens: TokenTotals;
  readonly cost: number;
  /** The new preview, when the latest conversational message changed. */
  readonly preview?: string;
  /** A title taken from the first user message; applied only while the stored title is empty. */
  readonly title?: string;
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
  /** The last message of the branch the person is on now. */
  readonly activeLeaf?: string;
  /** The project a new session starts in: applied only by the write that creates the session. */
  readonly projectId?: string;
  /** Epoch ms of this save; becomes `updated` (and `created` when the session is new). */
  readonly at: number;
}

export interface SessionWrite {
  readonly sessionId: string;
  /** Records to write, in order; a later record with the same key replaces an earlier one. */
  readonly puts: readonly MessageRecord[];
  /** Keys of records to delete (applied before `puts`). */
  readonly deletes: readonly string[];
  readonly change: MetadataChange;
  /**
   * `create` for a session that may not be stored yet (the first save creates it); `skip` for one that was
   * stored before: if it is gone (purged, here or in another tab), the write is dropped, not resurrected.
   */
  readonly ifMissing: 'create' | 'skip';
}

/** Where the saver commits its writes. The default is `MessagesRepository`; tests wrap it to fail on cue. */
export interface SessionWriteTarget {
  /**
   * Applies the whole write in one transaction (all or nothing) and returns the session as stored, or
   * `undefined` when the session is gone and `ifMissing` is `skip` (nothing was written).
   */
  commit(write: SessionWrite): Promise<SessionRecord | undefined>;
}

export const ZERO_TOKENS: TokenTotals = Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

/** The metadata after `change`; a new record when `current` is missing (the session's first save). */
export function applyChange(
  current: SessionRecord | undefined,
  id: string,
  change: MetadataChange,
): SessionRecord {
  const base: SessionRecord = current ?? {
    id,
    title: '',
    created: change.at,
    updated: change.at,
    model: change.model,
    thinkingLevel: change.thinkingLevel,
    messageCount: 0,
    tokens: ZERO_TOKENS,
    cost: 0,
    preview: '',
    ...(change.projectId ? { projectId: change.projectId } : {}),
  };
  return {
    ...base,
    title: base.title === '' && change.title ? change.title : base.title,
    updated: Math.max(base.updated, change.at),
    model: change.model || base.model,
    thinkingLevel: change.thinkingLevel,
    messageCount: Math.max(0, base.messageCount + change.messageCount),
    tokens: atLeastZero(addTokens(base.tokens, change.tokens)),
    cost: Math.max(0, base.cost + change.cost),
    preview: change.preview ?? base.preview,
    ...(change.activeLeaf === undefined ? {} : { activeLeaf: change.activeLeaf }),
  };
}

/** `a + sign * b`, field by field (differences may be negative). */
export function addTokens(a: TokenTotals, b: TokenTotals, sign: 1 | -1 = 1): TokenTotals {
  return {
    input: a.input + sign * b.input,
    output: a.output + sign * b.output,
    cacheRead: a.cacheRead + sign * b.cacheRead,
    cacheWrite: a.cacheWrite + sign * b.cacheWrite,
  };
}

function atLeastZero(t: TokenTotals): TokenTotals {
  return {
    input: Math.max(0, t.input),
    output: Math.max(0, t.output),
    cacheRead: Math.max(0, t.cacheRead),
    cacheWrite: Math.max(0, t.cacheWrite),
  };
}
