import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import { SessionLibrary } from './library';
import { BroadcastNoticeChannel, type StorageNotice } from './notices';
import { SessionSaver } from './saver';
import { SettingsRepository } from './settings-repo';
import { freshDb, testAgent } from './test-support';

const channels: BroadcastNoticeChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) c.close();
});

async function setup() {
  const db = await freshDb();
  const channel = new BroadcastNoticeChannel(`library-${Math.random()}`);
  channels.push(channel);
  const notices: StorageNotice[] = [];
  channel.subscribe((n) => notices.push(n));
  let now = 10_000;
  const library = new SessionLibrary({
    db,
    channel,
    settings: new SettingsRepository(db),
    storage: { persisted: async () => false, estimate: async () => ({ usage: 1, quota: 2 }) },
    now: () => now,
  });
  const agent = testAgent(
    createScriptedStream([{ content: [{ type: 'text', text: 'Sure, here is a haiku.' }] }]).streamFn,
  );
  const saver = new SessionSaver({ db, agent, channel });
  const id = await saver.startNew();
  await agent.prompt('Write a haiku about rain');
  await saver.flush();
  return { db, library, notices, id, advance: (ms: number) => (now += ms) };
}

describe('SessionLibrary', () => {
  it('deletes with undo, purges later, and tells other tabs each time', async () => {
    const { library, notices, id, advance } = await setup();
    expect((await library.list()).sessions.map((s) => s.title)).toEqual(['Write a haiku about rain']);

    await library.delete(id);
    expect((await library.list()).sessions).toEqual([]);
    await library.restore(id);
    expect((await library.list()).sessions).toHaveLength(1);

    await library.delete(id);
    expect(await library.purgeDeleted(10_000)).toEqual([]);
    advance(10_000);
    expect(await library.purgeDeleted(10_000)).toEqual([id]);
    expect((await library.load(id)).kind).toBe('not-found');
    const changes = notices.flatMap((n) => (n.type === 'session' ? [n.change] : []));
    expect(changes).toEqual(['created', 'deleted', 'restored', 'deleted', 'purged']);
  });

  it('purges one deleted session when its undo notice closes, and keeps a restored one', async () => {
    const { db, library, notices, id } = await setup();
    expect(await library.purge(id)).toBe(false);
    await library.delete(id);
    await library.restore(id);
    expect(await library.purge(id)).toBe(false);
    expect((await library.list()).sessions).toHaveLength(1);

    await library.delete(id);
    expect(await library.purge(id)).toBe(true);
    expect(await db.get('sessions', id)).toBeUndefined();
    expect(await db.getAll('messages')).toEqual([]);
    expect(await db.getAll('texts')).toEqual([]);
    expect(notices.at(-1)).toMatchObject({ type: 'session', sessionId: id, change: 'purged' });
  });

  it('tells its subscribers of every change until they unsubscribe', async () => {
    const { library, notices, id } = await setup();
    const heard: string[] = [];
    const stopListening = library.subscribe((n) => heard.push(n.type === 'session' ? n.change : n.type));
    await library.rename(id, 'Rain');
    await library.delete(id);
    stopListening();
    await library.restore(id);
    expect(heard).toEqual(['renamed', 'deleted']);
    expect(notices.at(-1)).toMatchObject({ change: 'restored' });
  });

  it('renames, and search finds the new title and the message text', async () => {
    const { library, id } = await setup();
    await library.rename(id, 'Rain poem');
    expect((await library.search('rain poem')).hits.map((h) => h.session.id)).toEqual([id]);
    expect((await library.search('haiku')).hits[0]?.snippet).toBe('Write a haiku about rain');
  });

  it('exports, remembers when, and imports the file back as a copy', async () => {
    const { library, id } = await setup();
    const download = await library.exportJson('all');
    expect(download.fileName).toBe('easel-write-a-haiku-about-rain-1970-01-01.json');
    expect((await library.health()).lastExportAt).toBe(10_000);
    expect((await library.list()).sessions[0]?.lastExportAt).toBe(10_000);

    const report = await library.import(download.text);
    expect(report.imported[0]?.copyOf).toBe(id);
    expect((await library.list()).sessions).toHaveLength(2);

    const markdown = await library.exportMarkdown(id);
    expect(markdown?.text).toMatch(/## Claude · [\d-]+ [\d:]+ UTC\n\nSure, here is a haiku\./);
    expect(await library.exportMarkdown('missing')).toBeUndefined();
  });

  it('still gives the export file when its time cannot be saved (a full disk), and says so', async () => {
    const { db } = await setup();
    const settings = new SettingsRepository(db);
    settings.set = () =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const library = new SessionLibrary({ db, settings });
    const download = await library.exportJson('all');
    expect(JSON.parse(download.text).sessions).toHaveLength(1);
    expect(download.problems).toEqual([
      'The time of this export could not be saved: The quota has been exceeded.',
    ]);
  });
});
