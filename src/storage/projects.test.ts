import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import type { AttachmentRecord } from '../messages';
import { AttachmentsRepository } from './attachments-repo';
import { openEaselDb } from './db';
import { SessionLibrary } from './library';
import { MessagesRepository } from './messages-repo';
import { ProjectLibrary, ProjectsChannel } from './project-library';
import { ProjectsRepository } from './projects-repo';
import { SessionSaver } from './saver';
import { DB_VERSION, projectFilesOwner, type SessionRecord } from './schema';
import { SessionsRepository } from './sessions-repo';
import { SettingsRepository } from './settings-repo';
import { FakeClock, freshDb, testAgent, uniqueDbName, user } from './test-support';
import { parseProjectRecord, parseSessionRecord } from './validate';

const file = (id: string, name = `${id}.md`): AttachmentRecord => ({
  id,
  name,
  mimeType: 'text/markdown',
  size: 5,
  kind: 'text',
});
const bytes = (id: string) => ({ id, blob: new Blob(['notes']), mimeType: 'text/markdown', size: 5 });

async function storeSession(db: Awaited<ReturnType<typeof freshDb>>, id: string): Promise<void> {
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: [{ sessionId: id, key: 'k1', message: user(id) }],
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: 1,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      model: 'm',
      thinkingLevel: 'off',
      at: 1,
      title: id,
    },
  });
}

describe('projects in storage', () => {
  it('migrates a version-3 database to version 4 with an empty projects store, sessions untouched', async () => {
    const name = uniqueDbName();
    const v3 = await openEaselDb({ name, version: 3 });
    await storeSession(v3, 's1');
    v3.close();
    const v4 = await openEaselDb({ name });
    expect(v4.version).toBe(DB_VERSION);
    expect(await v4.getAll('projects')).toEqual([]);
    expect(await new SessionsRepository(v4).get('s1')).toMatchObject({ kind: 'found' });
    v4.close();
  });

  it('saves a project with its files in one step and drops the bytes of files it no longer lists', async () => {
    const db = await freshDb();
    const projects = new ProjectsRepository(db);
    const attachments = new AttachmentsRepository(db);
    const first = await projects.save(
      { id: 'p1', name: '  Garden  ', instructions: 'Metric units.', files: [file('f1'), file('f2')] },
      100,
      [bytes('f1'), bytes('f2')],
    );
    expect(first).toMatchObject({ name: 'Garden', created: 100, updated: 100 });
    const stored = await attachments.get('f1');
    expect(stored.kind === 'found' && stored.record.sessionId).toBe(projectFilesOwner('p1'));

    const second = await projects.save({ ...first, files: [file('f2')] }, 200);
    expect(second).toMatchObject({ created: 100, updated: 200 });
    expect(await attachments.exists('f1')).toBe(false);
    expect(await attachments.exists('f2')).toBe(true);
    expect((await projects.list()).projects.map((p) => p.files.map((f) => f.id))).toEqual([['f2']]);
  });

  it('names an unnamed project, and lists projects by name', async () => {
    const db = await freshDb();
    const projects = new ProjectsRepository(db);
    await projects.save({ id: 'b', name: 'Taxes', instructions: '', files: [] }, 1);
    await projects.save({ id: 'a', name: ' ', instructions: '', files: [] }, 2);
    await projects.save({ id: 'c', name: 'Garden', instructions: '', files: [] }, 3);
    expect((await projects.list()).projects.map((p) => p.name)).toEqual([
      'Garden',
      'Taxes',
      'Untitled project',
    ]);
  });

  it('deletes a project with its files; its sessions stay, outside any project', async () => {
    const db = await freshDb();
    const projects = new ProjectsRepository(db);
    const sessions = new SessionsRepository(db);
    await projects.save({ id: 'p1', name: 'Garden', instructions: '', files: [file('f1')] }, 1, [
      bytes('f1'),
    ]);
    await storeSession(db, 's1');
    await storeSession(db, 's2');
    await sessions.moveToProject('s1', 'p1');
    expect(await projects.delete('p1')).toEqual(['s1']);
    expect(await projects.get('p1')).toBeUndefined();
    expect(await new AttachmentsRepository(db).exists('f1')).toBe(false);
    const listed = (await sessions.list()).sessions;
    expect(listed.map((s) => [s.id, s.projectId])).toEqual(
      expect.arrayContaining([
        ['s1', undefined],
        ['s2', undefined],
      ]),
    );
  });

  it('reports a broken project record and keeps the rest', async () => {
    const db = await freshDb();
    const projects = new ProjectsRepository(db);
    await projects.save({ id: 'p1', name: 'Garden', instructions: '', files: [] }, 1);
    await db.put('projects', { id: 'p2', name: 7 } as never);
    const { projects: listed, problems } = await projects.list();
    expect(listed.map((p) => p.id)).toEqual(['p1']);
    expect(problems).toEqual([expect.stringMatching(/Project "p2".*name/)]);
    expect(
      parseProjectRecord({
        id: 'p3',
        name: 'x',
        instructions: '',
        files: [{ id: 1 }],
        created: 1,
        updated: 1,
      }),
    ).toMatchObject({ ok: false });
  });

  it('drops a wrong project or pin from a session record instead of losing the session', () => {
    const base = {
      id: 's',
      title: 't',
      created: 1,
      updated: 1,
      model: '',
      thinkingLevel: 'off',
      messageCount: 0,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: '',
    };
    const parsed = parseSessionRecord({ ...base, projectId: 42, pinnedAt: 'soon', activeLeaf: 'k' });
    expect(parsed.ok && parsed.value).toEqual({ ...base, activeLeaf: 'k' });
    const kept = parseSessionRecord({ ...base, projectId: 'p1', pinnedAt: 5 });
    expect(kept.ok && (kept.value as SessionRecord).projectId).toBe('p1');
  });

  it('moves and pins sessions, announcing each change', async () => {
    const db = await freshDb();
    await storeSession(db, 's1');
    const changes: string[] = [];
    const channel = {
      post: (n: { type: string; change?: string }) => changes.push(`${n.type}:${n.change}`),
      subscribe: () => () => undefined,
      close: () => undefined,
    };
    const library = new SessionLibrary({
      db,
      settings: new SettingsRepository(db),
      channel: channel as never,
      now: () => 50,
    });
    expect(await library.moveToProject('s1', 'p1')).toMatchObject({ projectId: 'p1' });
    expect(await library.pin('s1', true)).toMatchObject({ projectId: 'p1', pinnedAt: 50 });
    const unpinned = await library.pin('s1', false);
    expect(unpinned?.pinnedAt).toBeUndefined();
    expect((await library.moveToProject('s1', undefined))?.projectId).toBeUndefined();
    expect(changes).toEqual(['session:placed', 'session:placed', 'session:placed', 'session:placed']);
  });

  it('tells this tab and others of a change, ignoring malformed messages', async () => {
    const db = await freshDb();
    const name = `projects-${uniqueDbName()}`;
    const here = new ProjectsChannel(name);
    const there = new ProjectsChannel(name);
    const heardHere: number[] = [];
    const heardThere: number[] = [];
    here.subscribe(() => heardHere.push(1));
    there.subscribe(() => heardThere.push(1));
    const stranger = new BroadcastChannel(name);
    stranger.postMessage({ type: 'projects' });
    stranger.postMessage('projects');
    await new ProjectLibrary({ db, channel: here }).save({ id: 'p', name: 'P', instructions: '', files: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardHere).toEqual([1]);
    expect(heardThere).toEqual([1]);
    for (const c of [here, there]) c.close();
    stranger.close();
  });

  it('creates a new chat in its project with the first save', async () => {
    const db = await freshDb();
    const agent = testAgent(createScriptedStream([{ content: [{ type: 'text', text: 'Hi!' }] }]).streamFn);
    const saver = new SessionSaver({ db, agent, clock: new FakeClock() });
    const id = await saver.startNew('s1', 'p1');
    await agent.prompt('Hello');
    await saver.flush();
    const found = await new SessionsRepository(db).get(id);
    expect(found.kind === 'found' && found.session.projectId).toBe('p1');
    // Later saves keep it where the person put it.
    await new SessionsRepository(db).moveToProject(id, undefined);
    await agent.prompt('Again');
    await saver.flush();
    const after = await new SessionsRepository(db).get(id);
    expect(after.kind === 'found' && after.session.projectId).toBeUndefined();
  });

  it('keeps a chat in its project when it is written anew (saved as a new chat, or opened then moved)', async () => {
    const db = await freshDb();
    const agent = testAgent(
      createScriptedStream([
        { content: [{ type: 'text', text: 'Hi!' }] },
        { content: [{ type: 'text', text: 'Again!' }] },
      ]).streamFn,
    );
    const saver = new SessionSaver({ db, agent, clock: new FakeClock() });
    await saver.startNew('s1', 'p1');
    await agent.prompt('Hello');
    await saver.flush();
    // Opened afresh (as after a reload), then saved as a new chat: the copy is in the project too.
    await saver.startNew('s2');
    expect((await saver.open('s1')).kind).toBe('opened');
    expect(saver.newChatProject).toBe('p1');
    const copy = await saver.saveAsNew('s1-copy');
    await saver.flush();
    const found = await new SessionsRepository(db).get(copy ?? '');
    expect(found.kind === 'found' && found.session.projectId).toBe('p1');
    // Moved here: a copy made after that goes where it was moved.
    saver.placeIn('p2');
    const second = await saver.saveAsNew('s1-copy-2');
    await saver.flush();
    const moved = await new SessionsRepository(db).get(second ?? '');
    expect(moved.kind === 'found' && moved.session.projectId).toBe('p2');
  });

  it('does not list again a file whose bytes another tab removed while this draft was open', async () => {
    const db = await freshDb();
    const projects = new ProjectsRepository(db);
    const first = await projects.save(
      { id: 'p1', name: 'Garden', instructions: '', files: [file('f1'), file('f2')] },
      1,
      [bytes('f1'), bytes('f2')],
    );
    // Another tab drops f1 (its bytes go); this tab's stale draft still lists both, and adds f3.
    await projects.save({ ...first, files: [file('f2')] }, 2);
    const saved = await projects.save({ ...first, files: [file('f1'), file('f2'), file('f3')] }, 3, [
      bytes('f3'),
    ]);
    expect(saved.files.map((f) => f.id)).toEqual(['f2', 'f3']);
  });
});
