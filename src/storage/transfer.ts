/**
 * Export and import of sessions as a versioned JSON file: metadata, every message (artifact records
 * included), the attachment bytes in base64 and what artifacts stored; `Export all` adds Claude's memory files. Settings and API keys are never part
 * of it.
 */

import type { AgentMessage } from '../agent';
import { appDataOfSession } from './app-data-records';
import { AttachmentsRepository } from './attachments-repo';
import { blobToBase64, bytesToBase64 } from './base64';
import { BranchTree } from './branch-tree';
import type { EaselDatabase } from './db';
import { parseMemoryRecord } from './memory-record';
import { MessagesRepository } from './messages-repo';
import type { MemoryRecord, MessageRecord, SessionRecord } from './schema';
import { SessionsRepository } from './sessions-repo';

export const EXPORT_FORMAT = 'easel-export';
export const EXPORT_VERSION = 1;

export interface ExportedMessage {
  readonly message: AgentMessage;
  /** The answer was still streaming when it was last saved (it imports as an interrupted answer). */
  readonly partial?: true;
  /**
   * The index in `messages` of the message before this one on its branch (`null`: it starts a branch at the
   * top). Absent: the message before it in the list, so a session without branches is one path, as in files
   * made before branches.
   */
  readonly parent?: number | null;
}

export interface ExportedAttachment {
  /** The id the messages' attachment records refer to. */
  readonly id: string;
  readonly mimeType: string;
  /** The file name, from the message that holds it. */
  readonly name?: string;
  readonly base64: string;
}

/** A value an artifact of the session stored with `window.storage`. */
export interface ExportedAppData {
  /** The artifact's file name. */
  readonly file: string;
  readonly shared: boolean;
  readonly key: string;
  readonly value: string;
}

export interface ExportedSession {
  /** The metadata as stored (without any deletion mark, and its `activeLeaf` as `activeMessage`). */
  readonly session: SessionRecord;
  /** Every message of every branch, in the order they were written. */
  readonly messages: readonly ExportedMessage[];
  /** The index in `messages` of the last message of the branch the person was on (absent: the latest). */
  readonly activeMessage?: number;
  readonly attachments: readonly ExportedAttachment[];
  /** What its artifacts stored; left out when they stored nothing (files made before it existed lack it). */
  readonly appData?: readonly ExportedAppData[];
}

/** Version 1 of the export file. A later version adds fields or bumps `version`; never reuse a number. */
export interface ExportFile {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: typeof EXPORT_VERSION;
  /** ISO 8601. */
  readonly exportedAt: string;
  readonly sessions: readonly ExportedSession[];
  /**
   * Claude's memory files (`memories` store), in an export of everything (`Export all`); left out of an
   * export of chosen sessions and of files made before memory existed.
   */
  readonly memories?: readonly MemoryRecord[];
}

export interface ExportResult {
  readonly file: ExportFile;
  /** Records that could not be read and are not in the file. */
  readonly problems: readonly string[];
}

/** Builds an export of the given sessions (`'all'`: every live session, newest first). */
export async function exportSessions(
  db: EaselDatabase,
  ids: readonly string[] | 'all',
  now: number = Date.now(),
): Promise<ExportResult> {
  const sessionsRepo = new SessionsRepository(db);
  const problems: string[] = [];
  let sessions: SessionRecord[] = [];
  if (ids === 'all') {
    const list = await sessionsRepo.list();
    sessions = [...list.sessions];
    problems.push(...list.problems);
  } else {
    for (const id of ids) {
      const lookup = await sessionsRepo.get(id);
      if (lookup.kind === 'found') sessions.push(lookup.session);
      else
        problems.push(lookup.kind === 'invalid' ? lookup.problem : `There is no session "${id}" to export.`);
    }
  }
  const exported: ExportedSession[] = [];
  for (const session of sessions) exported.push(await exportOne(db, session, problems));
  const memories = ids === 'all' ? await storedMemories(db) : [];
  return {
    file: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(now).toISOString(),
      sessions: exported,
      ...(memories.length > 0 ? { memories } : {}),
    },
    problems,
  };
}

/** Every stored memory file that checks (for `Export all` and the backup folder's `memories.json`). */
export async function storedMemories(db: EaselDatabase): Promise<MemoryRecord[]> {
  // Read here rather than through `MemoriesRepository`, which the first screen does not carry.
  return ((await db.getAll('memories')) as unknown[]).flatMap((v) => parseMemoryRecord(v) ?? []);
}

/**
 * The file's text. Compact JSON: exports of long sessions with images are large. Bytes (a binary artifact's)
 * are written as base64 strings, which `parseImportedMessage` turns back into bytes.
 */
export function serializeExport(file: ExportFile): string {
  return JSON.stringify(file, bytesAsBase64);
}

function bytesAsBase64(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? bytesToBase64(value) : value;
}

/** A file name like `easel-2025-01-31.json` or `easel-<title>-2025-01-31.json` (`.md`, `.zip`). */
export function exportFileName(file: ExportFile, extension: 'json' | 'md' | 'zip' = 'json'): string {
  const date = file.exportedAt.slice(0, 10);
  const only = file.sessions.length === 1 ? file.sessions[0]?.session.title : undefined;
  const slug = (only ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `easel-${slug ? `${slug}-` : ''}${date}.${extension}`;
}

async function exportOne(
  db: EaselDatabase,
  stored: SessionRecord,
  problems: string[],
): Promise<ExportedSession> {
  const { deletedAt: _deleted, activeLeaf, ...session } = stored;
  const loaded = await new MessagesRepository(db).load(session.id);
  problems.push(...loaded.problems);
  const { messages, activeMessage } = exportedBranches(loaded.records, activeLeaf);
  const names = attachmentNames(messages.map((m) => m.message));
  const blobs = await new AttachmentsRepository(db).listForSession(session.id);
  problems.push(...blobs.problems);
  const attachments: ExportedAttachment[] = [];
  for (const record of blobs.records) {
    const name = names.get(record.id);
    attachments.push({
      id: record.id,
      mimeType: record.mimeType,
      ...(name === undefined ? {} : { name }),
      base64: await blobToBase64(record.blob),
    });
  }
  const appData: ExportedAppData[] = (await appDataOfSession(db, session.id)).map((r) => ({
    file: r.file,
    shared: r.scope === 1,
    key: r.key,
    value: r.value,
  }));
  const have = new Set(attachments.map((a) => a.id));
  for (const [id, name] of names) {
    if (!have.has(id))
      problems.push(`The file "${name}" of session "${session.title || session.id}" is missing.`);
  }
  return {
    session,
    messages,
    ...(activeMessage === undefined ? {} : { activeMessage }),
    attachments,
    ...(appData.length > 0 ? { appData } : {}),
  };
}

/**
 * A session's records (in key order) as the file lists them: each with its parent's index where that is not
 * the message before it, and the index of `activeLeaf`'s message.
 */
export function exportedBranches(
  records: readonly MessageRecord[],
  activeLeaf: string | undefined,
): { readonly messages: ExportedMessage[]; readonly activeMessage?: number } {
  const entries = BranchTree.fromRecords(records).entries();
  const position = new Map(entries.map((e, i) => [e.key, i]));
  const messages = entries.map((e, i): ExportedMessage => {
    const parent = e.parent === null ? null : (position.get(e.parent) ?? null);
    const implied = i === 0 ? null : i - 1;
    return {
      message: e.message,
      ...(e.partial ? { partial: true as const } : {}),
      ...(parent === implied ? {} : { parent }),
    };
  });
  const activeMessage = activeLeaf === undefined ? undefined : position.get(activeLeaf);
  return activeMessage === undefined ? { messages } : { messages, activeMessage };
}

/**
 * The messages of the branch that was open (`activeMessage`, else the latest message), oldest first: what a
 * reading copy (Markdown) shows. Every other branch is still in `session.messages`.
 */
export function openBranch(session: ExportedSession): ExportedMessage[] {
  const { messages } = session;
  const path: ExportedMessage[] = [];
  let at: number | null = session.activeMessage ?? messages.length - 1;
  while (at !== null && at >= 0) {
    const message: ExportedMessage | undefined = messages[at];
    if (!message) break;
    path.push(message);
    // Parents always come earlier in the list (the import checks it), so this ends.
    const parent: number | null = message.parent === undefined ? at - 1 : message.parent;
    at = parent !== null && parent < at ? parent : null;
  }
  return path.reverse();
}

/** Attachment ids referenced by the messages, with their file names. */
export function attachmentNames(messages: readonly AgentMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (m.role === 'user-with-attachments') for (const a of m.attachments) names.set(a.id, a.name);
  }
  return names;
}
