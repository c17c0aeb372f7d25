/**
 * Writing what another device sent (sync): sessions and messages that arrive are untrusted, so they are checked
 * as an import checks a file (`parseImportedMessage`, the session's fields), and written through the saver's
 * own commit (`MessagesRepository.commit`), which keeps the session's counts, totals and search text. A message
 * already stored is left alone, so writing the same thing twice changes nothing.
 *
 * The folder's second entry (src/sync imports it as `../storage/remote-write`): re-exported by `index.ts`, its
 * modules would be in the first load; only the sync engine, which loads once sync is on, needs them.
 */

import { isThinkingLevel, type ThinkingLevel } from '../agent';
import {
  AppDataLimitError,
  type AppDataNotice,
  type AppDataRef,
  AppDataRepository,
  MAX_NOTICE_KEYS,
} from './app-data-repo';
import type { EaselDatabase } from './db';
import { isFiniteNumber, isObject, isString } from './guards';
import { messageFromJson } from './message-json';
import { MAX_TITLE, previewOf, titleFrom } from './message-text';
import { MessagesRepository } from './messages-repo';
import { sessionRange } from './ranges';
import type { AppDataScope, MessageRecord, SessionRecord, TokenTotals } from './schema';
import { addTokens, ZERO_TOKENS } from './session-write';
import { parseSessionRecord } from './validate';
import { parseImportedMessage } from './validate-import';

export { APP_DATA_CHANNEL, type AppDataNotice, type AppDataRef } from './app-data-repo';
/** A message as a payload carries it (bytes as base64); `writeRemoteMessages` reads it back. */
export { messageToJson } from './message-json';

/**
 * An `AppDataNotice` from another tab (or this one's repositories), or `undefined` when the data is not one. Here,
 * not beside the repository: only sync reads these notices, and this module loads with it.
 */
export function parseAppDataNotice(data: unknown): AppDataNotice | undefined {
  if (!isObject(data) || data.type !== 'appData' || !isString(data.sessionId) || !isString(data.file))
    return undefined;
  const keys = data.keys;
  if (!Array.isArray(keys) || keys.length > MAX_NOTICE_KEYS) return undefined;
  const refs: AppDataRef[] = [];
  for (const ref of keys as unknown[]) {
    if (!Array.isArray(ref) || ref.length !== 2 || (ref[0] !== 0 && ref[0] !== 1) || !isString(ref[1]))
      return undefined;
    refs.push([ref[0], ref[1]]);
  }
  return { type: 'appData', sessionId: data.sessionId, file: data.file, keys: refs };
}

/** A session as another device describes it: what it was created with (counts come from its messages). */
export interface RemoteSession {
  readonly id: string;
  readonly title: string;
  readonly created: number;
  readonly model: string;
  readonly thinkingLevel: ThinkingLevel;
}

/** Ids and keys are short printable strings; anything else is refused. */
const ID = /^[\w-]{1,100}$/;

/** The session described by `value`, or `undefined` when it is not one. */
export function parseRemoteSession(value: unknown): RemoteSession | undefined {
  if (!isObject(value)) return undefined;
  const { id, title, created, model, thinkingLevel } = value;
  if (!isString(id) || !ID.test(id) || !isString(title) || !isFiniteNumber(created) || !isString(model))
    return undefined;
  if (!isThinkingLevel(thinkingLevel)) return undefined;
  return { id, title: title.trim().slice(0, MAX_TITLE * 4), created, model, thinkingLevel };
}

/** Whether `value` may be a message key or a session id from another device. */
export function isRemoteId(value: unknown): value is string {
  return isString(value) && ID.test(value);
}

/**
 * Stores a session another device created, when this device has no session of that id. Returns whether it was
 * written (an existing session, deleted or not, is never changed here).
 */
export async function writeRemoteSession(db: EaselDatabase, session: RemoteSession): Promise<boolean> {
  if ((await db.getKey('sessions', session.id)) !== undefined) return false;
  const written = await new MessagesRepository(db).commit({
    sessionId: session.id,
    puts: [],
    deletes: [],
    change: {
      messageCount: 0,
      tokens: ZERO_TOKENS,
      cost: 0,
      title: session.title,
      model: session.model,
      thinkingLevel: session.thinkingLevel,
      at: session.created,
    },
    ifMissing: 'create',
  });
  return written !== undefined;
}

/** What `writeRemoteMessages` did. */
export interface RemoteWrite {
  /** Keys of the messages written (the others were stored already, or refused). */
  readonly written: readonly string[];
  /** Whether the session record was created by this write. */
  readonly created: boolean;
  /** One sentence per message refused. */
  readonly problems: readonly string[];
}

/**
 * Stores messages of one session from another device, in one transaction: each is checked like an imported
 * message; those already stored are skipped; a record's `parent` on its branch is kept when it is a key or
 * `null`. The session is created when missing (its messages may arrive before its description). Streaming
 * snapshots are never sent, so none is accepted.
 */
export async function writeRemoteMessages(
  db: EaselDatabase,
  sessionId: string,
  items: readonly { readonly key: unknown; readonly message: unknown; readonly parent?: unknown }[],
): Promise<RemoteWrite> {
  const problems: string[] = [];
  const records: MessageRecord[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!isRemoteId(item.key) || seen.has(item.key)) {
      problems.push('A message from another device was refused: its key is not valid.');
      continue;
    }
    const parsed = parseImportedMessage(messageFromJson(item.message));
    if (!parsed.ok) {
      problems.push(`A message from another device was refused: ${parsed.problem}`);
      continue;
    }
    seen.add(item.key);
    // A parent that is not a key is dropped: the record then follows the previous one (branch-tree.ts).
    const parent = item.parent === null || isRemoteId(item.parent) ? { parent: item.parent } : {};
    records.push({ sessionId, key: item.key, message: parsed.value, ...parent });
  }
  const stored = await Promise.all(records.map((r) => db.getKey('messages', [sessionId, r.key])));
  const fresh = records.filter((_, i) => stored[i] === undefined).sort((a, b) => (a.key < b.key ? -1 : 1));
  if (fresh.length === 0) return { written: [], created: false, problems };
  const current = parseSessionRecord(await db.get('sessions', sessionId));
  const session: SessionRecord | undefined = current.ok ? current.value : undefined;
  const last = await lastKey(db, sessionId);
  const newest = fresh[fresh.length - 1]!;
  let tokens: TokenTotals = ZERO_TOKENS;
  let cost = 0;
  let model = '';
  let at = 0;
  for (const { message } of fresh) {
    at = Math.max(at, message.timestamp);
    if (message.role !== 'assistant') continue;
    tokens = addTokens(tokens, message.usage);
    cost += message.usage.cost?.total ?? 0;
    model = message.model || model;
  }
  // Only a message later than every stored one gives the sidebar its preview.
  const later = last === undefined || newest.key > last;
  const preview = later
    ? [...fresh]
        .reverse()
        .map((r) => previewOf(r.message))
        .find((p) => p !== '')
    : undefined;
  const title = fresh.map((r) => titleFrom(r.message)).find((t) => t !== '');
  await new MessagesRepository(db).commit({
    sessionId,
    puts: fresh,
    deletes: [],
    change: {
      messageCount: fresh.length,
      tokens,
      cost,
      ...(preview ? { preview } : {}),
      ...(title ? { title } : {}),
      model: later ? model : '',
      thinkingLevel: session?.thinkingLevel ?? 'off',
      at: at || Date.now(),
    },
    ifMissing: 'create',
  });
  return { written: fresh.map((r) => r.key), created: session === undefined, problems };
}

/** A value an artifact stored on another device, or its deletion (`value: null`). */
export interface RemoteAppData {
  readonly sessionId: string;
  readonly file: string;
  readonly scope: AppDataScope;
  readonly key: string;
  readonly value: string | null;
}

/** An artifact's file name as Easel keeps it (artifacts' own rule allows 120 characters; some room is left). */
const MAX_APP_FILE = 500;
/** `window.storage`'s own key rule (src/artifacts/protocol.ts, `storageKeyProblem`). */
const APP_KEY = /^[^\s/\\'"]{1,199}$/;

/** Whether `value` names an artifact's stored value: a session id, a file name, a scope and a key. */
export function isRemoteAppDataRef(value: {
  readonly sessionId?: unknown;
  readonly file?: unknown;
  readonly scope?: unknown;
  readonly key?: unknown;
}): boolean {
  return (
    isRemoteId(value.sessionId) &&
    isString(value.file) &&
    value.file !== '' &&
    value.file.length <= MAX_APP_FILE &&
    (value.scope === 0 || value.scope === 1) &&
    isString(value.key) &&
    APP_KEY.test(value.key)
  );
}

/**
 * Stores (or deletes) a value another device's artifact stored, under the limits `window.storage` has here.
 * Returns a sentence when it was refused (and nothing was written).
 */
export async function writeRemoteAppData(
  db: EaselDatabase,
  item: RemoteAppData,
): Promise<string | undefined> {
  if (!isRemoteAppDataRef(item) || (item.value !== null && !isString(item.value)))
    return 'A value an artifact stored on another device was refused: its key or value is not valid.';
  // No notice: what another device wrote is not this device's to send.
  const repo = new AppDataRepository(db, () => undefined);
  const owner = { sessionId: item.sessionId, file: item.file };
  if (item.value === null) {
    await repo.delete(owner, item.scope, item.key);
    return undefined;
  }
  try {
    await repo.set(owner, item.scope, item.key, item.value);
    return undefined;
  } catch (error) {
    if (error instanceof AppDataLimitError)
      return `A value an artifact stored on another device was not kept here: ${error.message}`;
    throw error;
  }
}

/** Where every stored value of artifacts is (keys only, no value is read), by session and file. */
export async function allAppDataRefs(
  db: EaselDatabase,
): Promise<Map<string, { sessionId: string; file: string; keys: AppDataRef[] }>> {
  const artifacts = new Map<string, { sessionId: string; file: string; keys: AppDataRef[] }>();
  for (const [sessionId, file, scope, key] of await db.getAllKeys('appData')) {
    const id = `${sessionId}\u0000${file}`;
    let entry = artifacts.get(id);
    if (!entry) {
      entry = { sessionId, file, keys: [] };
      artifacts.set(id, entry);
    }
    entry.keys.push([scope, key]);
  }
  return artifacts;
}

/** Every session record, deleted ones too (what sync compares with what it sent). */
export async function allSessionRecords(db: EaselDatabase): Promise<SessionRecord[]> {
  const values: unknown[] = await db.getAll('sessions');
  return values.flatMap((v) => {
    const parsed = parseSessionRecord(v);
    return parsed.ok ? [parsed.value] : [];
  });
}

async function lastKey(db: EaselDatabase, sessionId: string): Promise<string | undefined> {
  const cursor = await db.transaction('messages').store.openKeyCursor(sessionRange(sessionId), 'prev');
  const key = cursor?.key;
  return Array.isArray(key) && typeof key[1] === 'string' ? key[1] : undefined;
}
