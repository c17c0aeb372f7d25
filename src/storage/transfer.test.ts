import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { AttachmentsRepository } from './attachments-repo';
import type { EaselDatabase } from './db';
import { importSessions } from './import';
import { loadSession } from './load';
import { sessionToMarkdown } from './markdown-export';
import { MessagesRepository } from './messages-repo';
import { SettingsRepository } from './settings-repo';
import { artifact, assistant, freshDb, user } from './test-support';
import { EXPORT_FORMAT, exportSessions, serializeExport } from './transfer';

const photo: AgentMessage = {
  role: 'user-with-attachments',
  text: 'What is in this picture?',
  attachments: [
    { id: 'img-1', name: 'cat.png', mimeType: 'image/png', size: 4, kind: 'image', width: 1, height: 1 },
  ],
  timestamp: 5,
};

async function seedSession(db: EaselDatabase, id = 's1'): Promise<readonly AgentMessage[]> {
  const messages: AgentMessage[] = [
    photo,
    assistant('A cat. Here is a drawing:'),
    artifact('cat.svg', '<svg><circle r="4"/></svg>'),
    user('Thanks'),
    assistant('You are wel', { stopReason: 'stop' }),
  ];
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: messages.map((message, i) => ({
      sessionId: id,
      key: `00000000000000${i}-w-000000`,
      message,
      ...(i === 4 ? { partial: true as const } : {}),
    })),
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: messages.length,
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      cost: 0.01,
      title: 'Cat picture',
      preview: 'Thanks',
      model: 'claude-test',
      thinkingLevel: 'medium',
      at: 1000,
    },
  });
  await new AttachmentsRepository(db).put({
    id: 'img-1',
    sessionId: id,
    blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
    mimeType: 'image/png',
    size: 4,
  });
  return messages;
}

async function loaded(db: EaselDatabase, id: string) {
  const result = await loadSession(db, id);
  if (result.kind !== 'found') throw new Error(result.message);
  return result;
}

describe('export and import', () => {
  it('reproduces a session exactly in a fresh database, files included', async () => {
    const source = await freshDb();
    await seedSession(source);
    await new SettingsRepository(source).setKey('anthropic', 'sk-secret-key');
    const { file, problems } = await exportSessions(source, ['s1'], Date.UTC(2025, 0, 31));
    expect(problems).toEqual([]);
    const text = serializeExport(file);
    expect(text).not.toContain('sk-secret-key');
    expect(file).toMatchObject({ format: EXPORT_FORMAT, version: 1, exportedAt: '2025-01-31T00:00:00.000Z' });
    expect(file.sessions[0]?.attachments).toEqual([
      { id: 'img-1', mimeType: 'image/png', name: 'cat.png', base64: 'iVBORw==' },
    ]);

    const target = await freshDb();
    const report = await importSessions(target, text);
    expect(report).toEqual({ imported: [{ id: 's1', title: 'Cat picture', messageCount: 5 }], problems: [] });
    const before = await loaded(source, 's1');
    const after = await loaded(target, 's1');
    expect(after.messages).toEqual(before.messages);
    expect(after.entries.map((e) => e.partial)).toEqual([false, false, false, false, true]);
    expect(after.session).toMatchObject({
      title: 'Cat picture',
      model: 'claude-test',
      thinkingLevel: 'medium',
      messageCount: 5,
      created: 1000,
    });
    const bytes = await new AttachmentsRepository(target).get('img-1');
    expect(bytes.kind === 'found' && [...new Uint8Array(await bytes.record.blob.arrayBuffer())]).toEqual([
      137, 80, 78, 71,
    ]);
    expect(await target.get('keys', 'anthropic')).toBeUndefined();
  });

  it('imports a session whose id exists as a copy, with its own files, and says so', async () => {
    const db = await freshDb();
    await seedSession(db);
    const { file } = await exportSessions(db, 'all');
    const report = await importSessions(db, serializeExport(file));

    expect(report.problems).toEqual([
      'Session "Cat picture" already exists here, so it was imported as a copy.',
    ]);
    const copy = report.imported[0];
    expect(copy?.copyOf).toBe('s1');
    expect(copy?.id).not.toBe('s1');
    const original = await loaded(db, 's1');
    const imported = await loaded(db, copy?.id ?? '');
    expect(original.messages).toHaveLength(5);
    const copiedPhoto = imported.messages[0];
    expect(copiedPhoto?.role === 'user-with-attachments' && copiedPhoto.attachments[0]?.id).not.toBe('img-1');
    expect(imported.messages.slice(1)).toEqual(original.messages.slice(1));
    expect((await new AttachmentsRepository(db).listForSession(copy?.id ?? '')).records).toHaveLength(1);
  });

  it('checks every record and reports what it could not read', async () => {
    const db = await freshDb();
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: '2025-01-31T00:00:00.000Z',
      sessions: [
        {
          session: {
            id: 'ok',
            title: 'Fine',
            created: 1,
            updated: 2,
            model: '',
            thinkingLevel: 'off',
            messageCount: 9,
            tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            cost: 0,
            preview: '',
          },
          messages: [
            { message: user('hello') },
            { message: { role: 'user' } },
            { message: { role: 'robot', timestamp: 1 } },
          ],
          attachments: [{ id: 'x', mimeType: 'text/plain', base64: '!!not base64!!' }],
        },
        { session: { id: 'broken' }, messages: [], attachments: [] },
      ],
    };
    const report = await importSessions(db, JSON.stringify(file));

    expect(report.imported).toEqual([{ id: 'ok', title: 'Fine', messageCount: 1 }]);
    expect(report.problems).toEqual([
      'Session "Fine": message 2 was skipped (the user message has a missing or invalid content, timestamp).',
      'Session "Fine": message 3 was skipped (the message has an unknown kind "robot").',
      'Session "Fine": attachment 1 was skipped (missing id, type or valid base64 bytes).',
      'Session 2 of the file was skipped: Session "broken" has a missing or invalid title, created, updated, model, thinkingLevel, messageCount, tokens, cost, preview.',
    ]);
    expect((await loaded(db, 'ok')).session.messageCount).toBe(1);
  });

  it('skips a message whose file name has a bidi override, says why, and imports the rest', async () => {
    const db = await freshDb();
    const spoofed = artifact('invoice\u202Elmth.txt', '<p>pay</p>');
    const file = {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: '2025-01-31T00:00:00.000Z',
      sessions: [
        {
          session: {
            id: 'bidi',
            title: 'Invoice',
            created: 1,
            updated: 2,
            model: '',
            thinkingLevel: 'off',
            messageCount: 4,
            tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            cost: 0,
            preview: '',
          },
          messages: [
            { message: user('make an invoice') },
            { message: spoofed },
            {
              message: {
                role: 'user-with-attachments',
                text: 'and this picture',
                attachments: [
                  { id: 'i', name: 'cat\u2067.png', mimeType: 'image/png', size: 4, kind: 'image' },
                ],
                timestamp: 6,
              },
            },
            { message: assistant('Done.') },
          ],
          attachments: [],
        },
      ],
    };
    const report = await importSessions(db, JSON.stringify(file));

    expect(report.imported).toEqual([{ id: 'bidi', title: 'Invoice', messageCount: 2 }]);
    expect(report.problems).toEqual([
      'Session "Invoice": message 2 was skipped (the artifact file name "invoice<U+202E>lmth.txt" contains ' +
        'U+202E, an invisible formatting character that can make a name look like another).',
      'Session "Invoice": message 3 was skipped (the attachment name "cat<U+2067>.png" contains U+2067, an ' +
        'invisible formatting character that can make a name look like another).',
    ]);
    expect((await loaded(db, 'bidi')).messages).toEqual([user('make an invoice'), assistant('Done.')]);
  });

  it('refuses files that are not Easel exports or come from a newer version', async () => {
    const db = await freshDb();
    expect((await importSessions(db, 'not json')).problems).toEqual([
      'The file is not valid JSON, so nothing was imported.',
    ]);
    expect((await importSessions(db, '{"sessions":[]}')).problems).toEqual([
      'This is not an Easel export file.',
    ]);
    expect(
      (await importSessions(db, JSON.stringify({ format: EXPORT_FORMAT, version: 7, sessions: [] })))
        .problems,
    ).toEqual(['This file was made by a newer version of Easel (format 7); update Easel to import it.']);
  });

  it('writes a session as readable Markdown', async () => {
    const db = await freshDb();
    await seedSession(db);
    const { file } = await exportSessions(db, ['s1']);
    const only = file.sessions[0];
    if (!only) throw new Error('no session');
    const markdown = sessionToMarkdown(only.session, only.messages);
    expect(markdown).toContain('# Cat picture');
    expect(markdown).toMatch(
      /## You · [\d-]+ [\d:]+ UTC\n\nWhat is in this picture\?\n\n\*\*Attached:\*\*\n\n- `cat\.png` — image\/png, 4 bytes, 1 × 1/,
    );
    expect(markdown).toContain(
      '### cat.svg\n\n_Version 1, the latest._\n\n```svg\n<svg><circle r="4"/></svg>\n```',
    );
    expect(markdown).toContain('You are wel\n\n_(This answer was interrupted.)_');
  });
});
