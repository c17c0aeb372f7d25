/**
 * Importing an export file. Everything in it is checked; what cannot be read is reported and left out; an
 * existing session is never overwritten (a session or attachment whose id is taken gets a new one).
 */

import type { AgentMessage } from '../agent';
import { staleTotals, utf8Size } from './app-data-records';
import type { EaselDatabase } from './db';
import { type CheckedFile, type CheckedSession, checkExportText } from './import-check';
import type { StoredMessageRecord } from './large-texts';
import { MemoriesRepository } from './memories-repo';
import { allRequests } from './requests';
import type {
  AppDataRecord,
  AttachmentBlobRecord,
  MemoryRecord,
  MessageRecord,
  SessionRecord,
  TokenTotals,
} from './schema';
import { addTokens, ZERO_TOKENS } from './session-write';
import { newId, SortKeyGenerator } from './sort-key';
import { TextChunkWriter } from './text-chunks';

export interface ImportedSession {
  /** The id it has here. */
  readonly id: string;
  readonly title: string;
  /** Set when the file's id was already taken here, so this is an imported copy under a new id. */
  readonly copyOf?: string;
  readonly messageCount: number;
}

export { checkExportFile } from './import-check';

export interface ImportReport {
  readonly imported: readonly ImportedSession[];
  /** Claude's memory files written (those already here with the same text are not counted). */
  readonly memories?: number;
  /** One sentence per thing that could not be read or was changed on the way in. */
  readonly problems: readonly string[];
}

/** Imports the text of an export file. Never throws for bad content; the report says what happened. */
export function importSessions(db: EaselDatabase, text: string): Promise<ImportReport> {
  return importChecked(db, checkExportText(text));
}

/** Writes what `checkExportText` or `readExportFile` found, one transaction per session. */
export async function importChecked(db: EaselDatabase, checked: CheckedFile): Promise<ImportReport> {
  if ('error' in checked) return { imported: [], problems: [checked.error] };
  const problems = [...checked.problems];
  const imported: ImportedSession[] = [];
  const keys = new SortKeyGenerator();
  for (const session of checked.sessions) imported.push(await writeSession(db, session, keys, problems));
  const memories = await writeMemories(db, checked.memories ?? [], problems);
  return { imported, problems, ...(memories > 0 ? { memories } : {}) };
}

/**
 * Writes the file's memory files in one transaction. One already here with the same text is left as it is; one
 * here with another text is kept, and the file's goes beside it as `<name> (imported)` — nothing is lost.
 */
async function writeMemories(
  db: EaselDatabase,
  memories: readonly MemoryRecord[],
  problems: string[],
): Promise<number> {
  if (memories.length === 0) return 0;
  const repo = new MemoriesRepository(db);
  const here = new Map((await repo.list()).map((r) => [`${r.space}\u0000${r.path}`, r.text]));
  const writes: MemoryRecord[] = [];
  for (const record of memories) {
    const existing = here.get(`${record.space}\u0000${record.path}`);
    if (existing === record.text) continue;
    if (existing === undefined) {
      writes.push(record);
      continue;
    }
    let path = importedPath(record.path, 1);
    for (let n = 2; here.has(`${record.space}\u0000${path}`); n++) path = importedPath(record.path, n);
    here.set(`${record.space}\u0000${path}`, record.text);
    writes.push({ ...record, path });
    problems.push(
      `Memory ${record.path} already exists here with other text, so the file's was imported as ${path}.`,
    );
  }
  await repo.putAll(writes);
  return writes.length;
}

/** `notes.md` → `notes (imported).md`, then `notes (imported 2).md`. */
function importedPath(path: string, n: number): string {
  const mark = n === 1 ? ' (imported)' : ` (imported ${n})`;
  const match = /^(.*?)(\.[^./]+)?$/.exec(path);
  return `${match?.[1] ?? path}${mark}${match?.[2] ?? ''}`;
}

/** Writes one checked session in one transaction, under new ids where the file's are taken. */
async function writeSession(
  db: EaselDatabase,
  checked: CheckedSession,
  keys: SortKeyGenerator,
  problems: string[],
): Promise<ImportedSession> {
  const original = checked.session;
  const taken = (await db.getKey('sessions', original.id)) !== undefined;
  const id = taken ? newId() : original.id;
  const title = original.title;
  if (taken) {
    problems.push(`Session "${title || original.id}" already exists here, so it was imported as a copy.`);
  }
  const renamed = new Map<string, string>();
  const blobs: AttachmentBlobRecord[] = [];
  for (const a of checked.attachments) {
    const attachmentTaken = renamed.has(a.id) || (await db.getKey('attachments', a.id)) !== undefined;
    const attachmentId = attachmentTaken ? newId() : a.id;
    if (attachmentTaken) renamed.set(a.id, attachmentId);
    blobs.push({
      id: attachmentId,
      sessionId: id,
      blob: new Blob([a.bytes], { type: a.mimeType }),
      mimeType: a.mimeType,
      size: a.bytes.byteLength,
    });
  }
  const imported = new Set(checked.attachments.map((a) => a.id));
  // Keys in the file's order, so each parent (an earlier message) sorts before its children.
  const keyAt = new Map<number, string>();
  const records: StoredMessageRecord[] = checked.messages.map(
    ({ message, partial, largeTexts, position, parent }) => {
      const key = keys.next();
      keyAt.set(position, key);
      // A parent that was skipped is left out: the message then follows the one before it.
      const parentKey = parent === null ? null : keyAt.get(parent);
      return {
        sessionId: id,
        key,
        message: withAttachmentIds(message, renamed, imported),
        ...(parentKey === undefined ? {} : { parent: parentKey }),
        ...(partial ? { partial } : {}),
        ...(largeTexts ? { largeTexts } : {}),
      };
    },
  );
  const totals = totalsOf(records);
  const activeLeaf = checked.activeMessage === undefined ? undefined : keyAt.get(checked.activeMessage);
  const session: SessionRecord = {
    ...original,
    id,
    messageCount: records.length,
    ...totals,
    ...(activeLeaf === undefined ? {} : { activeLeaf }),
  };
  const appData: AppDataRecord[] = checked.appData.map((d) => ({
    sessionId: id,
    file: d.file,
    scope: d.shared ? 1 : 0,
    key: d.key,
    value: d.value,
    size: utf8Size(d.key) + utf8Size(d.value),
  }));
  const tx = db.transaction(
    ['sessions', 'messages', 'texts', 'attachments', 'appData', 'appDataTotals'],
    'readwrite',
  );
  try {
    // No session has this id here: chunks left under it (none are, unless a purge was cut short) go first, and
    // the chunks are then built without reading any.
    await tx.objectStore('texts').delete(IDBKeyRange.bound([id], [id, '\uffff']));
    const texts = new TextChunkWriter(tx.objectStore('texts'), id, { stored: 'none' });
    for (const [i, record] of records.entries()) {
      const text = checked.messages[i]?.text ?? '';
      if (!record.partial && text) await texts.set(record.key, text);
    }
    await allRequests((add) => {
      for (const blob of blobs) add(tx.objectStore('attachments').put(blob));
      for (const record of appData) add(tx.objectStore('appData').put(record));
      // The totals this session's values change are counted again by the next write (an import is rare).
      if (appData.length > 0)
        for (const key of staleTotals(id)) add(tx.objectStore('appDataTotals').delete(key));
      for (const record of records) add(tx.objectStore('messages').put(record));
      add(tx.objectStore('sessions').put(session));
      add(texts.finish());
      add(tx.done);
    });
  } catch (error) {
    // A full disk fails the requests with AbortError; the transaction's own error says why (reported by
    // this throw, so its `done` need not be).
    tx.done.catch(() => undefined);
    throw tx.error ?? error;
  }
  return { id, title, messageCount: records.length, ...(taken ? { copyOf: original.id } : {}) };
}

/**
 * The message with attachment references pointing at renamed ids. A file's bytes as attached (`sourceId`) are
 * read only from the same session's attachments: a `sourceId` naming none of them is dropped.
 */
function withAttachmentIds(
  message: AgentMessage,
  renamed: ReadonlyMap<string, string>,
  imported: ReadonlySet<string>,
): AgentMessage {
  if (message.role !== 'user-with-attachments') return message;
  if (
    renamed.size === 0 &&
    message.attachments.every((a) => a.sourceId === undefined || imported.has(a.sourceId))
  )
    return message;
  return {
    ...message,
    attachments: message.attachments.map(({ sourceId, ...a }) => ({
      ...a,
      id: renamed.get(a.id) ?? a.id,
      ...(sourceId !== undefined && imported.has(sourceId)
        ? { sourceId: renamed.get(sourceId) ?? sourceId }
        : {}),
    })),
  };
}

function totalsOf(records: readonly MessageRecord[]): { tokens: TokenTotals; cost: number } {
  let tokens = ZERO_TOKENS;
  let cost = 0;
  for (const { message, partial } of records) {
    if (message.role !== 'assistant' || partial) continue;
    tokens = addTokens(tokens, message.usage);
    cost += message.usage.cost?.total ?? 0;
  }
  return { tokens, cost };
}
