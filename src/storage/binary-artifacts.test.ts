import 'fake-indexeddb/auto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import type { EaselDatabase } from './db';
import { SessionLibrary } from './library';
import { loadSession } from './load';
import { sessionToMarkdown } from './markdown-export';
import { messageFromJson, messageToJson } from './message-json';
import { MessagesRepository } from './messages-repo';
import { writeRemoteMessages } from './remote-write';
import { SettingsRepository } from './settings-repo';
import { freshDb, user } from './test-support';
import { exportSessions, openBranch, serializeExport } from './transfer';
import { parseImportedMessage } from './validate-import';
import { parseAgentMessage } from './validate-message';

/** Every byte value, so no encoding along the way can go unnoticed. */
const BYTES = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);

function binary(version: number, bytes: Uint8Array): AgentMessage {
  return {
    role: 'artifact',
    action: version === 1 ? 'create' : 'rewrite',
    filename: 'report.pdf',
    content: '',
    bytes,
    mimeType: 'application/pdf',
    version,
    author: 'model',
    toolCallId: `call-${version}`,
    timestamp: 3,
  };
}

async function seed(db: EaselDatabase): Promise<void> {
  const messages = [user('Make a report'), binary(1, BYTES), binary(2, new Uint8Array([1, 2, 3]))];
  await new MessagesRepository(db).commit({
    sessionId: 's1',
    puts: messages.map((message, i) => ({ sessionId: 's1', key: `00000000000000${i}-w-000000`, message })),
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: messages.length,
      tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      title: 'Report',
      preview: 'Make a report',
      model: 'claude-test',
      thinkingLevel: 'off',
      at: 1000,
    },
  });
}

function libraryOf(db: EaselDatabase): SessionLibrary {
  return new SessionLibrary({
    db,
    settings: new SettingsRepository(db),
    storage: { persisted: async () => false, estimate: async () => ({ usage: 1, quota: 2 }) },
    now: () => Date.UTC(2026, 0, 31),
  });
}

async function loadedBytes(db: EaselDatabase): Promise<number[][]> {
  const loaded = await loadSession(db, 's1');
  if (loaded.kind !== 'found') throw new Error('not loaded');
  return loaded.messages.flatMap((m) => (m.role === 'artifact' && m.bytes ? [[...m.bytes]] : []));
}

describe('binary artifacts in storage', () => {
  it('are stored as bytes and read back as the same bytes', async () => {
    const db = await freshDb();
    await seed(db);
    const loaded = await loadSession(db, 's1');
    if (loaded.kind !== 'found') throw new Error('not loaded');
    const record = loaded.messages[1];
    expect(record?.role === 'artifact' && record.bytes).toBeInstanceOf(Uint8Array);
    expect(await loadedBytes(db)).toEqual([[...BYTES], [1, 2, 3]]);
  });

  it('are base64 in the export file and bytes again after Import', async () => {
    const source = await freshDb();
    await seed(source);
    const { file } = await exportSessions(source, ['s1']);
    const text = serializeExport(file);
    const json = JSON.parse(text);
    expect(json.sessions[0].messages[1].message.bytes).toBe(btoa(String.fromCharCode(...BYTES)));
    expect(json.sessions[0].messages[2].message.bytes).toBe('AQID');

    const target = await freshDb();
    const report = await libraryOf(target).import(text);
    expect(report.problems).toEqual([]);
    expect(await loadedBytes(target)).toEqual([[...BYTES], [1, 2, 3]]);
  });

  it('are in the zip as their exact bytes, every version, and round-trip through Import', async () => {
    const source = await freshDb();
    await seed(source);
    const download = await libraryOf(source).exportZip('s1');
    if (!download) throw new Error('no zip');
    const bytes = new Uint8Array(await download.blob.arrayBuffer());
    const zip = await JSZip.loadAsync(bytes);
    expect([...((await zip.file('artifacts/report.pdf')?.async('uint8array')) ?? [])]).toEqual([1, 2, 3]);
    expect([
      ...((await zip.file('artifacts/versions/report.pdf/v1.pdf')?.async('uint8array')) ?? []),
    ]).toEqual([...BYTES]);

    const target = await freshDb();
    const report = await libraryOf(target).import(new File([bytes], 'report.zip'));
    expect(report.problems).toEqual([]);
    expect(await loadedBytes(target)).toEqual([[...BYTES], [1, 2, 3]]);
  });

  it('are named with their type and size in the Markdown copy, never written out as text', async () => {
    const db = await freshDb();
    await seed(db);
    const { file } = await exportSessions(db, ['s1']);
    const only = file.sessions[0];
    if (!only) throw new Error('no session');
    const markdown = sessionToMarkdown(only.session, openBranch(only));
    expect(markdown).toContain('_Version 2, the latest: a binary file (application/pdf, 3 bytes)._');
  });

  it('travel in a sync payload as base64 and are written as bytes on the other device', async () => {
    const payload = JSON.parse(JSON.stringify(messageToJson(binary(1, BYTES))));
    expect(typeof payload.bytes).toBe('string');
    const db = await freshDb();
    const written = await writeRemoteMessages(db, 's1', [
      { key: '000000000000001-w-000000', message: payload },
    ]);
    expect(written.problems).toEqual([]);
    expect(await loadedBytes(db)).toEqual([[...BYTES]]);
  });

  it('are refused when the bytes are not bytes, or not valid base64 in a file', () => {
    const bad = { ...binary(1, BYTES), bytes: [1, 2, 3] };
    expect(parseAgentMessage(bad)).toMatchObject({ ok: false });
    expect(
      parseImportedMessage(messageFromJson({ ...binary(1, BYTES), bytes: 'not base64!' })),
    ).toMatchObject({ ok: false });
    expect(parseAgentMessage({ ...binary(1, BYTES), mimeType: 7 })).toMatchObject({ ok: false });
    expect(parseAgentMessage(binary(1, BYTES))).toMatchObject({ ok: true });
  });
});
