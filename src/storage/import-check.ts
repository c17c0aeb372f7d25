/**
 * Reading an export file: its size, its JSON, and every session, message and attachment in it checked. Pure
 * code, run in a worker by `readExportFile` (import-read.ts), so a large file never parses on the page.
 */

import type { AgentMessage } from '../agent';
import { base64ToBytes } from './base64';
import { isObject, isString } from './guards';
import { messageApart, type StoredLargeText } from './large-texts';
import { parseMemoryRecord } from './memory-record';
import { messageFromJson } from './message-json';
import { textOf } from './message-text';
import type { MemoryRecord, SessionRecord } from './schema';
import { EXPORT_FORMAT, EXPORT_VERSION } from './transfer';
import { parseSessionRecord } from './validate';
import { parseImportedMessage } from './validate-import';

/**
 * The largest file Import reads: 512 MiB. Its text must fit in one JavaScript string (about 536 million
 * characters in Chromium), and parsing it takes several times its size in memory.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export interface CheckedAttachment {
  readonly id: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** A message of the file, checked and made ready to store. */
export interface CheckedMessage {
  /** The message, its long strings replaced by `''` (they are in `largeTexts`). */
  readonly message: AgentMessage;
  readonly partial?: true;
  readonly largeTexts?: readonly StoredLargeText[];
  /** What search finds it by (`textOf`), taken before the long strings were set apart. */
  readonly text: string;
  /** Its index in the file's list of messages. */
  readonly position: number;
  /** The `position` of the message before it on its branch (`null`: none); an index out of range is not kept. */
  readonly parent: number | null;
}

/** A value an artifact stored, checked (see `ExportedAppData`). */
export interface CheckedAppData {
  readonly file: string;
  readonly shared: boolean;
  readonly key: string;
  readonly value: string;
}

export interface CheckedSession {
  readonly session: SessionRecord;
  /** What its artifacts stored (none in files made before artifacts could store anything). */
  readonly appData: readonly CheckedAppData[];
  /** Ready to store: long strings already apart (`largeTexts`), the searchable text already taken. */
  readonly messages: readonly CheckedMessage[];
  readonly attachments: readonly CheckedAttachment[];
  /** The `position` of the last message of the branch the person was on, when the file names a valid one. */
  readonly activeMessage?: number;
}

/** Checks a parsed export file: the sessions that can be imported, and what was left out and why. */
export function checkExportFile(value: unknown): CheckedFile {
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
  return { sessions, memories: checkMemories(value.memories, problems), problems };
}

/** The file's memory files that check (`parseMemoryRecord`); each that does not is named in `problems`. */
function checkMemories(value: unknown, problems: string[]): MemoryRecord[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push('The memories of the file were skipped: they are not a list.');
    return [];
  }
  const memories: MemoryRecord[] = [];
  value.forEach((item: unknown, i: number) => {
    const record = parseMemoryRecord(item);
    if (record) memories.push(record);
    else
      problems.push(
        `Memory ${i + 1} of the file was skipped: it needs a space (person or project:<id>), a path under /memories without .. or controls, a text and a time.`,
      );
  });
  return memories;
}

function checkSession(entry: unknown, index: number, problems: string[]): CheckedSession | undefined {
  const parsed = isObject(entry) ? parseSessionRecord(entry.session) : undefined;
  if (!isObject(entry) || !parsed?.ok) {
    problems.push(
      `Session ${index + 1} of the file was skipped: ${parsed && !parsed.ok ? parsed.problem : 'it is not an object.'}`,
    );
    return undefined;
  }
  // A branch mark is a key of the database that made the file: `activeMessage` says it here.
  const { deletedAt: _deleted, activeLeaf: _leaf, ...session } = parsed.value;
  const label = `Session "${session.title || session.id}"`;
  const messages: CheckedMessage[] = [];
  (Array.isArray(entry.messages) ? entry.messages : []).forEach((item: unknown, i: number) => {
    const message = isObject(item) ? parseImportedMessage(messageFromJson(item.message)) : undefined;
    if (isObject(item) && message?.ok && (item.partial === undefined || item.partial === true)) {
      const text = item.partial ? '' : textOf(message.value);
      const stored = messageApart(message.value);
      const parent = isPosition(item.parent, i)
        ? item.parent
        : item.parent === null || i === 0
          ? null
          : i - 1;
      messages.push({
        ...stored,
        text,
        position: i,
        parent,
        ...(item.partial ? { partial: true as const } : {}),
      });
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
  const appData: CheckedAppData[] = [];
  (Array.isArray(entry.appData) ? entry.appData : []).forEach((item: unknown, i: number) => {
    if (
      isObject(item) &&
      isString(item.file) &&
      typeof item.shared === 'boolean' &&
      isString(item.key) &&
      item.key !== '' &&
      isString(item.value)
    )
      appData.push({ file: item.file, shared: item.shared, key: item.key, value: item.value });
    else
      problems.push(
        `${label}: stored value ${i + 1} of its artifacts was skipped (missing file, key or value).`,
      );
  });
  const count = Array.isArray(entry.messages) ? entry.messages.length : 0;
  const active = isPosition(entry.activeMessage, count) ? { activeMessage: entry.activeMessage } : {};
  return { session, messages, attachments, appData, ...active };
}

/** Whether `value` is the index of a message before `before` in the file's list. */
function isPosition(value: unknown, before: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < before;
}

/** A file read and checked: the sessions to write and what was left out, or why nothing can be imported. */
export type CheckedFile =
  | {
      readonly sessions: readonly CheckedSession[];
      /** Claude's memory files in the file, checked (absent: none). */
      readonly memories?: readonly MemoryRecord[];
      readonly problems: readonly string[];
    }
  | { readonly error: string };

/** The refusal for a file over `MAX_IMPORT_BYTES`, or `undefined` when its size is fine. */
export function sizeProblem(bytes: number): string | undefined {
  if (bytes <= MAX_IMPORT_BYTES) return undefined;
  const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
  return (
    `This file is ${mb(bytes)}; Easel imports files of up to ${mb(MAX_IMPORT_BYTES)}, so nothing was imported. ` +
    'Export fewer sessions per file and import them one file at a time.'
  );
}

/** Parses and checks the text of an export file. */
export function checkExportText(text: string): CheckedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return error instanceof RangeError
      ? { error: 'The file is too large to read here, so nothing was imported.' }
      : { error: 'The file is not valid JSON, so nothing was imported.' };
  }
  return checkExportFile(value);
}
