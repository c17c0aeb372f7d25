/** A file's bytes as attached (`sourceId`), kept beside the conversion Claude reads: saved, moved, exported and deleted with it. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { AttachmentsRepository, attachmentBlobIds } from './attachments-repo';
import type { EaselDatabase } from './db';
import { importSessions } from './import';
import { loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import { SessionsRepository } from './sessions-repo';
import { assistant, freshDb } from './test-support';
import { exportSessions, serializeExport } from './transfer';

const CSV = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('a,"b ""c"""\r\n1,2\r\n')]);

const sheet: AgentMessage = {
  role: 'user-with-attachments',
  text: 'Chart this',
  attachments: [
    {
      id: 'md-1',
      name: 'data.csv',
      mimeType: 'text/markdown',
      size: 9,
      kind: 'text',
      sourceId: 'src-1',
      sourceSize: CSV.length,
    },
  ],
  timestamp: 5,
};

async function seed(db: EaselDatabase, message: AgentMessage = sheet, id = 's1'): Promise<void> {
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: [message, assistant('Done.')].map((m, i) => ({
      sessionId: id,
      key: `0000000000000${i}-w-000000`,
      message: m,
    })),
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: 2,
      tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      title: 'Data',
      preview: 'Chart this',
      model: 'claude-test',
      thinkingLevel: 'off',
      at: 1000,
    },
  });
  const files = new AttachmentsRepository(db);
  await files.put({
    id: 'md-1',
    sessionId: id,
    blob: new Blob(['a table']),
    mimeType: 'text/markdown',
    size: 7,
  });
  await files.put({
    id: 'src-1',
    sessionId: id,
    blob: new Blob([CSV]),
    mimeType: 'text/csv',
    size: CSV.length,
  });
}

async function bytesOf(db: EaselDatabase, id: string): Promise<number[] | undefined> {
  const found = await new AttachmentsRepository(db).get(id);
  return found.kind === 'found' ? [...new Uint8Array(await found.record.blob.arrayBuffer())] : undefined;
}

async function firstAttachment(db: EaselDatabase, id: string) {
  const result = await loadSession(db, id);
  if (result.kind !== 'found') throw new Error(result.message);
  const first = result.messages[0];
  if (first?.role !== 'user-with-attachments') throw new Error('no attachments');
  return first.attachments[0];
}

describe('bytes as attached', () => {
  it('go with the export and come back with the import, byte for byte, under their reference', async () => {
    const source = await freshDb();
    await seed(source);
    const { file, problems } = await exportSessions(source, ['s1']);
    expect(problems).toEqual([]);
    const target = await freshDb();
    expect((await importSessions(target, serializeExport(file))).problems).toEqual([]);
    expect(await firstAttachment(target, 's1')).toMatchObject({ id: 'md-1', sourceId: 'src-1' });
    expect(await bytesOf(target, 'src-1')).toEqual([...CSV]);
  });

  it('are renamed with the copy when the session is imported again', async () => {
    const db = await freshDb();
    await seed(db);
    const { file } = await exportSessions(db, 'all');
    const copy = (await importSessions(db, serializeExport(file))).imported[0]?.id ?? '';
    const attachment = await firstAttachment(db, copy);
    expect(attachment?.sourceId).toEqual(expect.any(String));
    expect(attachment?.sourceId).not.toBe('src-1');
    expect(await bytesOf(db, attachment?.sourceId ?? '')).toEqual([...CSV]);
  });

  it('are read only from the imported session: a reference to other bytes is dropped', async () => {
    const db = await freshDb();
    await seed(db);
    const { file } = await exportSessions(db, ['s1']);
    const exported = file.sessions[0];
    if (!exported) throw new Error('no session');
    const forged = {
      ...file,
      sessions: [{ ...exported, attachments: exported.attachments.filter((a) => a.id !== 'src-1') }],
    };
    const target = await freshDb();
    await seed(target, { ...sheet, attachments: [] }, 'other');
    await importSessions(target, serializeExport(forged));
    const attachment = await firstAttachment(target, 's1');
    // Another session here holds bytes under "src-1": the imported file does not reach them.
    expect(await bytesOf(target, 'src-1')).toEqual([...CSV]);
    expect(attachment).toMatchObject({ name: 'data.csv', sourceSize: CSV.length });
    expect(attachment).not.toHaveProperty('sourceId');
  });

  it('move with their file, and are deleted with the session', async () => {
    const db = await freshDb();
    await seed(db);
    expect(attachmentBlobIds([sheet, assistant('x')])).toEqual(['md-1', 'src-1']);
    const files = new AttachmentsRepository(db);
    expect(await files.moveToSession(attachmentBlobIds([sheet]), 's2')).toBe(2);
    await files.moveToSession(attachmentBlobIds([sheet]), 's1');
    await new SessionsRepository(db).purge('s1');
    expect(await bytesOf(db, 'md-1')).toBeUndefined();
    expect(await bytesOf(db, 'src-1')).toBeUndefined();
  });
});
