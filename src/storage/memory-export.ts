/**
 * The open conversation as an export file, built from what the tab holds in memory rather than from storage:
 * the way to keep the work when storage is gone (site data cleared) or out of reach (replaced in another tab).
 */

import type { AgentState } from '../agent';
import { errorText } from '../agent';
import { AttachmentsRepository } from './attachments-repo';
import { blobToBase64 } from './base64';
import type { EaselDatabase } from './db';
import type { ExportDownload } from './library';
import { PendingBatch } from './pending-writes';
import type { SessionMirror } from './session-mirror';
import { applyChange } from './session-write';
import {
  attachmentNames,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedAttachment,
  type ExportFile,
  exportedBranches,
  exportFileName,
  serializeExport,
} from './transfer';

export interface MemoryExportInput {
  readonly mirror: SessionMirror;
  readonly state: AgentState;
  /** The session's stored title (a rename), or '' to take the first user message's. */
  readonly title: string;
  /** Where the files' bytes may still be (they are not held in memory); reading them may fail. */
  readonly db: EaselDatabase;
  /** Stored data was cleared: a file that cannot be read is one lost with it. */
  readonly cleared: boolean;
  readonly now: number;
}

/**
 * The file `Import` reads back: every message the tab holds (an answer still streaming is included as an
 * interrupted one), and each attached file whose bytes can still be read; the others are named in `problems`.
 */
export async function exportFromMemory(input: MemoryExportInput): Promise<ExportDownload> {
  const { mirror, state, title, now } = input;
  // A copy of the mirror, so taking its stream as a snapshot changes nothing of what the saver tracks.
  const copy = mirror.movedTo(mirror.sessionId);
  const batch = new PendingBatch(mirror.sessionId);
  copy.writeAll(batch, state, title);
  copy.flushStream(batch, state);
  const write = batch.toWrite(now, 'create');
  const { activeLeaf, ...session } = applyChange(undefined, mirror.sessionId, write.change);
  const records = write.puts.toSorted((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { messages, activeMessage } = exportedBranches(records, activeLeaf);
  const problems: string[] = [];
  const attachments: ExportedAttachment[] = [];
  const repository = new AttachmentsRepository(input.db);
  for (const [id, name] of attachmentNames(messages.map((m) => m.message))) {
    let found: Awaited<ReturnType<AttachmentsRepository['get']>>;
    try {
      found = await repository.get(id);
    } catch (error) {
      found = input.cleared ? { kind: 'missing' } : { kind: 'invalid', problem: errorText(error) };
    }
    if (found.kind === 'missing') {
      problems.push(`The file "${name}" is not in the download: its bytes were lost with the stored data.`);
      continue;
    }
    if (found.kind === 'invalid') {
      problems.push(`The file "${name}" is not in the download: it could not be read (${found.problem}).`);
      continue;
    }
    attachments.push({
      id,
      mimeType: found.record.mimeType,
      name,
      base64: await blobToBase64(found.record.blob),
    });
  }
  // The bytes as attached beside a conversion, for the files in the download.
  const included = new Set(attachments.map((a) => a.id));
  for (const { id, sourceId, name } of messages.flatMap((m) =>
    m.message.role === 'user-with-attachments' ? m.message.attachments : [],
  )) {
    if (sourceId === undefined || !included.has(id) || included.has(sourceId)) continue;
    const found = await repository.get(sourceId).catch(() => ({ kind: 'missing' }) as const);
    if (found.kind !== 'found') {
      problems.push(`The file "${name}" is in the download only as what Claude read of it, not as attached.`);
      continue;
    }
    included.add(sourceId);
    attachments.push({
      id: sourceId,
      mimeType: found.record.mimeType,
      base64: await blobToBase64(found.record.blob),
    });
  }
  const file: ExportFile = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    sessions: [{ session, messages, ...(activeMessage === undefined ? {} : { activeMessage }), attachments }],
  };
  return {
    fileName: exportFileName(file),
    mimeType: 'application/json',
    text: serializeExport(file),
    problems,
  };
}
