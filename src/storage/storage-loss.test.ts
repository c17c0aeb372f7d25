import 'fake-indexeddb/auto';
import { forceCloseDatabase } from 'fake-indexeddb';
import { unwrap } from 'idb';
import { describe, expect, it } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import { type ConnectionEvent, EaselConnection } from './connection';
import { type EaselDatabase, openEaselDb } from './db';
import { checkExportFile, importSessions } from './import';
import { INTERRUPTED_MESSAGE, loadSession } from './load';
import { type SaveStatus, SessionSaver } from './saver';
import { DB_VERSION } from './schema';
import { FakeClock, pacedStream, testAgent, uniqueDbName } from './test-support';

/** A connection to a database of its own, with each connection it opened and the events it gave. */
async function connect() {
  const name = uniqueDbName();
  const opened: EaselDatabase[] = [];
  const events: ConnectionEvent[] = [];
  /** Set by `clearSiteData`: the next opening finds the database gone, as after the browser cleared it. */
  let cleared = false;
  const connection = await EaselConnection.open({
    name,
    retryDelayMs: () => 0,
    open: async (options) => {
      if (cleared) {
        cleared = false;
        await deleted(name);
      }
      const db = await openEaselDb(options);
      opened.push(db);
      return db;
    },
  });
  connection.subscribe((e) => events.push(e));
  /** What clearing site data does: the data is gone and the browser closes the connection (no versionchange). */
  const clearSiteData = async () => {
    const db = opened.at(-1);
    if (!db) throw new Error('no connection');
    cleared = true;
    forceClose(db);
    await connection.ready();
  };
  return { name, connection, opened, events, clearSiteData };
}

/** What the browser does when site data is cleared: it closes the connection (its typings want the class). */
function forceClose(db: EaselDatabase): void {
  forceCloseDatabase(unwrap(db) as unknown as typeof IDBDatabase);
}

/** Another tab with a newer Easel opens the database at the next schema version (its upgrade adds nothing). */
function openNewer(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, DB_VERSION + 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function deleted(name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

function saverOn(connection: EaselConnection, streamFn = createScriptedStream([]).streamFn) {
  const agent = testAgent(streamFn);
  const statuses: SaveStatus[] = [];
  const clock = new FakeClock();
  const saver = new SessionSaver({ db: connection.db, agent, clock, connection });
  saver.subscribe((s) => statuses.push(s));
  return { agent, saver, statuses, clock };
}

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

describe('EaselConnection', () => {
  it('says the data was lost when the browser closes the connection, and opens the database again', async () => {
    const { connection, opened, events, clearSiteData } = await connect();
    await connection.db.put('settings', { key: 'theme', value: 'dark' });

    await clearSiteData();

    expect(events.map((e) => e.kind)).toEqual(['lost', 'reopened']);
    expect(connection.lost).toBeUndefined();
    expect(opened).toHaveLength(2);
    // The same `db` object now reaches the new, empty database.
    expect(await connection.db.get('settings', 'theme')).toBeUndefined();
    await connection.db.put('settings', { key: 'theme', value: 'light' });
    expect(await opened[1]?.get('settings', 'theme')).toEqual({ key: 'theme', value: 'light' });
  });

  it('takes the database deleted elsewhere for cleared data: it closes for the delete, then opens again', async () => {
    const { name, connection, events } = await connect();
    await connection.db.put('settings', { key: 'theme', value: 'dark' });
    await deleted(name);
    expect(connection.lost).toBe('cleared');
    await connection.ready();
    expect(events.map((e) => e.kind)).toEqual(['lost', 'reopened']);
    expect(await connection.db.get('settings', 'theme')).toBeUndefined();
  });

  it('keeps trying to open the database again while it fails', async () => {
    const name = uniqueDbName();
    let failures = 2;
    let first: EaselDatabase | undefined;
    const connection = await EaselConnection.open({
      name,
      retryDelayMs: () => 0,
      open: async (options) => {
        if (first && failures-- > 0)
          throw new DOMException('Internal error opening backing store', 'UnknownError');
        const db = await openEaselDb(options);
        first ??= db;
        return db;
      },
    });
    forceClose(first as EaselDatabase);
    await connection.ready();
    expect(failures).toBe(-1);
    expect(connection.lost).toBeUndefined();
    expect(await connection.db.count('sessions')).toBe(0);
  });

  it('closes for another tab opening a newer schema, and stays lost', async () => {
    const { name, connection, events } = await connect();
    const newer = await openNewer(name);
    expect(connection.lost).toBe('replaced');
    expect(events).toEqual([{ kind: 'lost', reason: 'replaced' }]);
    await expect(connection.ready()).rejects.toThrow(/updated in another tab/);
    newer.close();
  });
});

describe('SessionSaver when stored data is lost', () => {
  it('reports the loss once, keeps the conversation, and gives it as a file Import reads back', async () => {
    const { connection, clearSiteData } = await connect();
    const stream = pacedStream();
    const { agent, saver, statuses, clock } = saverOn(connection, stream.streamFn);
    const id = await saver.startNew('s1');
    const run = agent.prompt('Write a poem about the sea');
    await stream.started();
    await stream.delta('The sea');
    await saver.flush();

    await clearSiteData();
    await stream.delta(' is wide');
    clock.advance(5_000);
    await saver.flush();
    stream.end();
    await run;
    clock.advance(5_000);
    expect(await saver.flush()).toBe(false);

    expect(saver.storageLost).toBe('cleared');
    expect(statuses.filter((s) => s.kind === 'lost')).toEqual([
      { kind: 'lost', reason: 'cleared', sessionId: id },
    ]);
    // Nothing after the loss is reported as a failed write, and nothing was written to the new database.
    const afterLoss = statuses.slice(statuses.findIndex((s) => s.kind === 'lost'));
    expect(afterLoss.some((s) => s.kind === 'error' || s.kind === 'quota')).toBe(false);
    expect(await connection.db.count('messages')).toBe(0);

    const file = await saver.downloadOpen();
    expect(file?.problems).toEqual([]);
    expect(file?.fileName).toMatch(/^easel-write-a-poem-about-the-sea-\d{4}-\d\d-\d\d\.json$/);
    const checked = checkExportFile(JSON.parse(file?.text ?? ''));
    if ('error' in checked) throw new Error(checked.error);
    expect(checked.problems).toEqual([]);
    expect(checked.sessions).toHaveLength(1);
    const elsewhere = await openEaselDb({ name: uniqueDbName() });
    const report = await importSessions(elsewhere, file?.text ?? '');
    expect(report.problems).toEqual([]);
    const imported = report.imported[0];
    const loaded = await loadSession(elsewhere, imported?.id ?? '');
    if (loaded.kind !== 'found') throw new Error(loaded.message);
    expect(loaded.messages).toEqual(agent.state.messages);
    expect(loaded.session.title).toBe('Write a poem about the sea');
  });

  it('includes an answer still streaming as an interrupted one', async () => {
    const { connection, clearSiteData } = await connect();
    const stream = pacedStream();
    const { agent, saver } = saverOn(connection, stream.streamFn);
    await saver.startNew('s2');
    const run = agent.prompt('Count to three');
    await stream.started();
    await stream.delta('One, two');
    await clearSiteData();

    const file = await saver.downloadOpen();
    const elsewhere = await openEaselDb({ name: uniqueDbName() });
    const report = await importSessions(elsewhere, file?.text ?? '');
    const loaded = await loadSession(elsewhere, report.imported[0]?.id ?? '');
    if (loaded.kind !== 'found') throw new Error(loaded.message);
    expect(loaded.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'One, two' }],
      stopReason: 'aborted',
      errorMessage: INTERRUPTED_MESSAGE,
    });
    stream.end();
    await run;
  });

  it('saves the conversation again on request, under its id, and goes on saving it', async () => {
    const { connection, clearSiteData } = await connect();
    const { agent, saver, statuses } = saverOn(
      connection,
      createScriptedStream([reply('First answer'), reply('Second answer')]).streamFn,
    );
    const id = await saver.startNew('s3');
    await saver.saveAgain(); // nothing lost: nothing to do
    await agent.prompt('First question');
    await saver.flush();
    await saver.saveAgain();
    expect(statuses.some((s) => s.kind === 'restored')).toBe(false);

    await clearSiteData();
    expect(await saver.saveAgain()).toEqual([]);
    expect(saver.storageLost).toBeUndefined();
    expect(await saver.flush()).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ kind: 'saved', created: true, session: { id } });

    await agent.prompt('Second question');
    expect(await saver.flush()).toBe(true);
    const loaded = await loadSession(connection.db, id);
    if (loaded.kind !== 'found') throw new Error(loaded.message);
    expect(loaded.messages).toEqual(agent.state.messages);
    expect(loaded.session).toMatchObject({ title: 'First question', messageCount: 4 });
  });

  it('names the attached files whose bytes were lost when it saves again', async () => {
    const { connection, clearSiteData } = await connect();
    const { agent, saver } = saverOn(connection);
    const id = await saver.startNew('s4');
    await connection.db.put('attachments', {
      id: 'a1',
      sessionId: id,
      mimeType: 'text/plain',
      size: 5,
      blob: new Blob(['notes']),
    });
    agent.appendMessage({
      role: 'user-with-attachments',
      text: 'Read this',
      attachments: [{ id: 'a1', name: 'notes.txt', mimeType: 'text/plain', size: 5, kind: 'text' }],
      timestamp: 1,
    });
    await saver.flush();

    await clearSiteData();
    const download = await saver.downloadOpen();
    expect(download?.problems).toEqual([
      'The file "notes.txt" is not in the download: its bytes were lost with the stored data.',
    ]);
    expect(await saver.saveAgain()).toEqual(['notes.txt']);
  });

  it('holds every write once another tab replaced the database, and cannot save again', async () => {
    const { name, connection } = await connect();
    const { agent, saver, statuses } = saverOn(connection, createScriptedStream([reply('Hi')]).streamFn);
    await saver.startNew('s5');
    const newer = await openNewer(name);
    await agent.prompt('Hello');
    expect(await saver.flush()).toBe(false);
    expect(saver.storageLost).toBe('replaced');
    expect(statuses.map((s) => s.kind)).toEqual(['lost']);
    await expect(saver.saveAgain()).resolves.toEqual([]);
    await expect(saver.storageReady()).rejects.toThrow(/updated in another tab/);
    // A new chat started now is held too: nothing reaches the database another version owns.
    await saver.startNew('s6');
    await agent.prompt('Again');
    expect(await saver.flush()).toBe(false);
    expect((await saver.downloadOpen())?.text).toContain('Again');
    newer.close();
  });
});
