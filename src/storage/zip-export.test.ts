import 'fake-indexeddb/auto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { AppDataRepository } from './app-data-repo';
import { AttachmentsRepository } from './attachments-repo';
import type { EaselDatabase } from './db';
import { SessionLibrary } from './library';
import { loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import { SettingsRepository } from './settings-repo';
import { artifact, assistant, freshDb, user } from './test-support';
import { exportSessions, serializeExport } from './transfer';
import { readSessionZip, ZIP_LIMITS } from './zip-import';

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
const PDF = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55]);
const DOT = 'iVBORw0KGgo=';

/** A sheet as attached (`sourceId`), and its Markdown, which Claude reads. */
const CSV = 'a,b\n1,2\n';
const TABLE = '| a | b |\n| - | - |\n| 1 | 2 |\n';

const photo: AgentMessage = {
  role: 'user-with-attachments',
  text: 'Two pictures of the same name',
  attachments: [
    { id: 'img-1', name: 'cat.png', mimeType: 'image/png', size: 8, kind: 'image', width: 1, height: 1 },
    { id: 'img-2', name: 'cat.png', mimeType: 'application/pdf', size: 8, kind: 'pdf' },
    {
      id: 'csv-1',
      name: 'sheet.csv',
      mimeType: 'text/markdown',
      size: 28,
      kind: 'text',
      sourceId: 'csv-1-source',
    },
  ],
  timestamp: 5,
};

/** A session with two attached files of one name, a page in two versions, an image, and stored data. */
async function seed(db: EaselDatabase, id = 's1'): Promise<void> {
  const messages: AgentMessage[] = [
    photo,
    assistant('Here is a page.'),
    artifact('notes.html', '<p>one</p>'),
    artifact('notes.html', '<p>two</p>', 2),
    artifact('dot.png', DOT),
    user('Thanks'),
  ];
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: messages.map((message, i) => ({ sessionId: id, key: `00000000000000${i}-w-000000`, message })),
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: messages.length,
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      cost: 0.01,
      title: 'Cat pictures',
      preview: 'Thanks',
      model: 'claude-test',
      thinkingLevel: 'off',
      at: 1000,
    },
  });
  const files = new AttachmentsRepository(db);
  await files.put({ id: 'img-1', sessionId: id, blob: new Blob([PNG]), mimeType: 'image/png', size: 8 });
  await files.put({
    id: 'img-2',
    sessionId: id,
    blob: new Blob([PDF]),
    mimeType: 'application/pdf',
    size: 8,
  });
  await files.put({
    id: 'csv-1',
    sessionId: id,
    blob: new Blob([TABLE]),
    mimeType: 'text/markdown',
    size: 28,
  });
  await files.put({
    id: 'csv-1-source',
    sessionId: id,
    blob: new Blob([CSV]),
    mimeType: 'text/csv',
    size: 8,
  });
  await new AppDataRepository(db).set({ sessionId: id, file: 'notes.html' }, 0, 'note', 'buy milk');
}

function libraryOf(db: EaselDatabase): SessionLibrary {
  return new SessionLibrary({
    db,
    settings: new SettingsRepository(db),
    storage: { persisted: async () => false, estimate: async () => ({ usage: 1, quota: 2 }) },
    now: () => Date.UTC(2026, 0, 31),
  });
}

async function exported(db: EaselDatabase): Promise<Uint8Array> {
  const download = await libraryOf(db).exportZip('s1');
  if (!download) throw new Error('no zip');
  expect(download).toMatchObject({
    fileName: 'easel-cat-pictures-2026-01-31.zip',
    mimeType: 'application/zip',
    problems: [],
  });
  return new Uint8Array(await download.blob.arrayBuffer());
}

async function bytesOf(zip: JSZip, name: string): Promise<number[]> {
  return [...((await zip.file(name)?.async('uint8array')) ?? [])];
}

/** A zip of the given entries, stored (not deflated) so a test can find and change their bytes. */
function storedZip(entries: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(entries)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

async function importInto(db: EaselDatabase, bytes: Uint8Array, name = 'session.zip') {
  return libraryOf(db).import(new File([bytes as Uint8Array<ArrayBuffer>], name));
}

describe('Export with files', () => {
  it('holds the JSON export, the Markdown, every artifact version and the attachments, names made unique', async () => {
    const db = await freshDb();
    await seed(db);
    // The file as a JSON export gives it (before this export marks the session exported).
    const { file } = await exportSessions(db, ['s1'], Date.UTC(2026, 0, 31));
    const zip = await JSZip.loadAsync(await exported(db));

    expect(Object.keys(zip.files).filter((n) => !zip.files[n]?.dir)).toEqual([
      'README.txt',
      'session.md',
      'session.json',
      'artifacts/notes.html',
      'artifacts/dot.png',
      'artifacts/versions/notes.html/v1.html',
      'artifacts/versions/notes.html/v2.html',
      'artifacts/versions/dot.png/v1.png',
      'attachments/cat.png',
      'attachments/cat (2).png',
      'attachments/sheet.csv',
    ]);
    expect(await zip.file('session.json')?.async('string')).toBe(serializeExport(file));
    expect(await zip.file('session.md')?.async('string')).toMatch(/^# Cat pictures\n/);
    expect(await zip.file('artifacts/notes.html')?.async('string')).toBe('<p>two</p>');
    expect(await zip.file('artifacts/versions/notes.html/v1.html')?.async('string')).toBe('<p>one</p>');
    expect(await bytesOf(zip, 'artifacts/dot.png')).toEqual([...PNG]);
    expect(await bytesOf(zip, 'attachments/cat.png')).toEqual([...PNG]);
    expect(await bytesOf(zip, 'attachments/cat (2).png')).toEqual([...PDF]);
    expect(await zip.file('attachments/sheet.csv')?.async('string')).toBe(CSV);
    expect(await zip.file('README.txt')?.async('string')).toContain('session.json');
    expect((await libraryOf(db).health()).lastExportAt).toBe(Date.UTC(2026, 0, 31));
  });

  it('round-trips through Import: messages, attachment bytes, artifact versions and stored data', async () => {
    const source = await freshDb();
    await seed(source);
    const bytes = await exported(source);
    const target = await freshDb();

    const report = await importInto(target, bytes);

    expect(report).toEqual({
      imported: [{ id: 's1', title: 'Cat pictures', messageCount: 6 }],
      problems: [],
    });
    const before = await loadSession(source, 's1');
    const after = await loadSession(target, 's1');
    if (before.kind !== 'found' || after.kind !== 'found') throw new Error('not loaded');
    expect(after.messages).toEqual(before.messages);
    expect(after.session).toEqual({ ...before.session, lastExportAt: undefined });
    for (const id of ['img-1', 'img-2', 'csv-1', 'csv-1-source']) {
      const [a, b] = [
        await new AttachmentsRepository(source).get(id),
        await new AttachmentsRepository(target).get(id),
      ];
      if (a.kind !== 'found' || b.kind !== 'found') throw new Error('no file');
      expect(new Uint8Array(await b.record.blob.arrayBuffer())).toEqual(
        new Uint8Array(await a.record.blob.arrayBuffer()),
      );
      expect(b.record.mimeType).toBe(a.record.mimeType);
    }
    const strip = (r: { sessionId: string }[]) => r.map(({ sessionId: _id, ...rest }) => rest);
    expect(strip(await new AppDataRepository(target).listForSession('s1'))).toEqual(
      strip(await new AppDataRepository(source).listForSession('s1')),
    );
  });

  it('is undefined for a session that is not there', async () => {
    expect(await libraryOf(await freshDb()).exportZip('nobody')).toBeUndefined();
  });
});

describe('Import of a zip', () => {
  it('refuses a truncated zip with its reason and writes nothing', async () => {
    const source = await freshDb();
    await seed(source);
    const bytes = await exported(source);
    const target = await freshDb();

    const report = await importInto(target, bytes.subarray(0, Math.floor(bytes.length / 2)));

    expect(report).toEqual({
      imported: [],
      problems: [
        'The zip file is damaged (its directory is missing: the file is cut short or is not a zip), so nothing was imported.',
      ],
    });
    expect((await libraryOf(target).list()).sessions).toEqual([]);
    expect(await target.count('attachments')).toBe(0);
    expect(await target.count('messages')).toBe(0);
  });

  it('refuses a zip whose session.json was changed on the way (its checksum)', async () => {
    const bytes = await storedZip({ 'session.json': '{"format":"easel-export","version":1,"sessions":[]}' });
    const at = new TextDecoder('latin1').decode(bytes).indexOf('"sessions"');
    bytes[at + 1] = 'S'.charCodeAt(0);
    expect(await readSessionZip(bytes)).toEqual({
      error: 'The zip file is damaged (session.json does not match its checksum), so nothing was imported.',
    });
  });

  it('stops inflating session.json once it outgrows the size it declares', async () => {
    const bytes = await storedZip({ 'session.json': `{"padding":"${'x'.repeat(5000)}"}` });
    // The central directory's record says 100 bytes; the entry holds 5,000.
    const view = new DataView(bytes.buffer);
    const central = new TextDecoder('latin1').decode(bytes).lastIndexOf('PK\u0001\u0002');
    view.setUint32(central + 24, 100, true);
    expect(await readSessionZip(bytes)).toEqual({
      error:
        "The zip file's session.json inflates to more than the size it declares, as only a decompression bomb does, so nothing was imported.",
    });
  });

  it('checks the sizes and the entry count the zip declares before inflating anything', async () => {
    const bytes = await storedZip({ 'session.json': '{}', 'a.txt': 'a', 'b.txt': 'b' });
    expect(await readSessionZip(bytes, { ...ZIP_LIMITS, maxEntries: 2 })).toEqual({
      error: 'The zip file holds 3 entries; Easel reads at most 2, so nothing was imported.',
    });
    expect(await readSessionZip(bytes, { ...ZIP_LIMITS, maxJsonBytes: 1 })).toEqual({
      error:
        "The zip file's session.json inflates to 0 MB; Easel imports up to 0 MB, so nothing was imported.",
    });
    expect(await readSessionZip(bytes, { ...ZIP_LIMITS, maxTotalBytes: 3 })).toMatchObject({
      error: expect.stringMatching(/^The zip file inflates to 0 MB, more than .*decompression bomb/),
    });
  });

  it('refuses a zip without session.json, and one with a name that climbs out of its folder', async () => {
    const db = await freshDb();
    expect(await importInto(db, await storedZip({ 'notes.txt': 'hi' }))).toEqual({
      imported: [],
      problems: [
        'The zip file has no session.json, so it is not an Easel export with files; nothing was imported.',
      ],
    });
    expect(await readSessionZip(await storedZip({ 'session.json': '{}', '../evil.txt': 'x' }))).toEqual({
      error:
        'The zip file holds an entry whose name climbs out of its folder (..) (“../evil.txt”), so nothing was imported.',
    });
    expect((await libraryOf(db).list()).sessions).toEqual([]);
  });

  it('checks session.json as an export file: bad JSON is refused, a bad message skipped with the reason', async () => {
    const db = await freshDb();
    expect(await importInto(db, await storedZip({ 'session.json': '{"format":' }))).toEqual({
      imported: [],
      problems: ['The file is not valid JSON, so nothing was imported.'],
    });
    const source = await freshDb();
    await seed(source);
    const { file } = await exportSessions(source, ['s1']);
    const broken = JSON.parse(serializeExport(file));
    broken.sessions[0].messages[5].message = { role: 'user' };
    const report = await importInto(db, await storedZip({ 'session.json': JSON.stringify(broken) }));
    expect(report.imported).toEqual([{ id: 's1', title: 'Cat pictures', messageCount: 5 }]);
    expect(report.problems).toEqual([
      expect.stringMatching(/^Session "Cat pictures": message 6 was skipped/),
    ]);
  });

  it('still reads a JSON export file as before', async () => {
    const source = await freshDb();
    await seed(source);
    const { file } = await exportSessions(source, ['s1']);
    const db = await freshDb();
    const report = await libraryOf(db).import(new File([serializeExport(file)], 'easel.json'));
    expect(report.imported).toEqual([{ id: 's1', title: 'Cat pictures', messageCount: 6 }]);
  });
});
