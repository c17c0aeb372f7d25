/**
 * Importing an export file. Everything in it is checked; what cannot be read is reported and left out; an
 * existing session is never overwritten (a session or attachment whose id is taken gets a new one).
 */

import type { AgentMessage } from '../agent';
import { base64ToBytes } from './base64';
import type { EaselDatabase } from './db';
import { isObject, isString } from './guards';
import { withLargeTextsApart } from './large-texts';
import { textOf } from './message-text';
import { allRequests } from './requests';
import type { AttachmentBlobRecord, MessageRecord, SessionRecord, TokenTotals } from './schema';
import { addTokens, ZERO_TOKENS } from './session-write';
import { newId, SortKeyGenerator } from './sort-key';
import { TextChunkWriter } from './text-chunks';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedMessage } from './transfer';
import { parseSessionRecord } from './validate';
import { parseImportedMessage } from './validate-message';

export interface ImportedSession {
  /** The id it has here. */
  readonly id: string;
  readonly title: string;
  /** Set when the file's id was already taken here, so this is an imported copy under a new id. */
  readonly copyOf?: string;
  readonly messageCount: number;
}

export interface ImportReport {
  readonly imported: readonly ImportedSession[];
  /** One sentence per thing that could not be read or was changed on the way in. */
  readonly problems: readonly string[];
}

interface CheckedAttachment {
  readonly id: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

interface CheckedSession {
  readonly session: SessionRecord;
  readonly messages: readonly ExportedMessage[];
  readonly attachments: readonly CheckedAttachment[];
}

/** Imports the text of an export file. Never throws for bad content; the report says what happened. */
export async function importSessions(db: EaselDatabase, text: string): Promise<ImportReport> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { imported: [], problems: ['The file is not valid JSON, so nothing was imported.'] };
  }
  const checked = checkExportFile(value);
  if ('error' in checked) return { imported: [], problems: [checked.error] };
  const problems = [...checked.problems];
  const imported: ImportedSession[] = [];
  const keys = new SortKeyGenerator();
  for (const session of checked.sessions) imported.push(await writeSession(db, session, keys, problems));
  return { imported, problems };
}

/** Checks a parsed export file: the sessions that can be imported, and what was left out and why. */
export function checkExportFile(
  value: unknown,
):
  | { readonly sessions: readonly CheckedSession[]; readonly problems: readonly string[] }
  | { readonly error: string } {
  if (!isObject(value) || value.format !== EXPORT_FORMAT)
    return { error: 'This is not an Easel export file.' };
  if (value.version !== EXPORT_VERSION) {
    return typeof value.version === 'number' && value.version > EXPORT_VERSION
      ? {
          error: `This file was made by a newer version of Easel (format ${value.version}); update Easel to import it.`,
        }
      : { error: 'This Easel export has an unknown format version.' };
  }
  if (!Array.isArray(value.sessions)) return { error: 'This Easel export has no list of sessions.' };
  const problems: string[] = [];
  const sessions: CheckedSession[] = [];
  value.sessions.forEach((entry: unknown, index: number) => {
    const session = checkSession(entry, index, problems);
    if (session) sessions.push(session);
  });
  return { sessions, problems };
}

function checkSession(entry: unknown, index: number, problems: string[]): CheckedSession | undefined {
  const parsed = isObject(entry) ? parseSessionRecord(entry.session) : undefined;
  if (!isObject(entry) || !parsed?.ok) {
    problems.push(
      `Session ${index + 1} of the file was skipped: ${parsed && !parsed.ok ? parsed.problem : 'it is not an object.'}`,
    );
    return undefined;
  }
  const { deletedAt: _deleted, ...session } = parsed.value;
  const label = `Session "${session.title || session.id}"`;
  const messages: ExportedMessage[] = [];
  (Array.isArray(entry.messages) ? entry.messages : []).forEach((item: unknown, i: number) => {
    const message = isObject(item) ? parseImportedMessage(item.message) : undefined;
    if (isObject(item) && message?.ok && (item.partial === undefined || item.partial === true)) {
      messages.push(item.partial ? { message: message.value, partial: true } : { message: message.value });
    } else {
      problems.push(
        `${label}: message ${i + 1} was skipped (${message && !message.ok ? message.problem : 'not a message'}).`,
      );
    }
  });
  if (!Array.isArray(entry.messages)) problems.push(`${label} has no list of messages.`);
  const attachments: CheckedAttachment[] = [];
  (Array.isArray(entry.attachments) ? entry.attachments : []).forEach((item: unknown, i: number) => {
    const bytes = isObject(item) && isString(item.base64) ? base64ToBytes(item.base64) : undefined;
    if (isObject(item) && isString(item.id) && isString(item.mimeType) && bytes) {
      attachments.push({ id: item.id, mimeType: item.mimeType, bytes });
    } else {
      problems.push(`${label}: attachment ${i + 1} was skipped (missing id, type or valid base64 bytes).`);
    }
  });
  return { session, messages, attachments };
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
  const records: MessageRecord[] = checked.messages.map(({ message, partial }) => ({
    sessionId: id,
    key: keys.next(),
    message: withAttachmentIds(message, renamed),
    ...(partial ? { partial } : {}),
  }));
  const totals = totalsOf(records);
  const session: SessionRecord = { ...original, id, messageCount: records.length, ...totals };
  const tx = db.transaction(['sessions', 'messages', 'texts', 'attachments'], 'readwrite');
  try {
    const texts = new TextChunkWriter(tx.objectStore('texts'), id);
    for (const record of records) if (!record.partial) await texts.set(record.key, textOf(record.message));
    await allRequests((add) => {
      for (const blob of blobs) add(tx.objectStore('attachments').put(blob));
      for (const record of records) add(tx.objectStore('messages').put(withLargeTextsApart(record)));
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

/** The message with attachment references pointing at renamed ids. */
function withAttachmentIds(message: AgentMessage, renamed: ReadonlyMap<string, string>): AgentMessage {
  if (renamed.size === 0 || message.role !== 'user-with-attachments') return message;
  return {
    ...message,
    attachments: message.attachments.map((a) => ({ ...a, id: renamed.get(a.id) ?? a.id })),
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
