import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Agent, AgentMessage } from '../agent';
import { createScriptedStream } from '../agent/test-support';
import { BranchTree } from './branch-tree';
import type { EaselDatabase } from './db';
import { importSessions } from './import';
import { loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import { SessionSaver } from './saver';
import type { SessionRecord } from './schema';
import { SearchIndex } from './search';
import type { SessionWrite, SessionWriteTarget } from './session-write';
import { assistant, freshDb, testAgent, user } from './test-support';
import { exportSessions, openBranch, serializeExport } from './transfer';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

/** Counts what each commit writes, to show a switch costs one session record whatever the length. */
class CountingTarget implements SessionWriteTarget {
  readonly writes: SessionWrite[] = [];
  constructor(private readonly inner: SessionWriteTarget) {}
  commit(write: SessionWrite): Promise<SessionRecord | undefined> {
    this.writes.push(write);
    return this.inner.commit(write);
  }
}

function setup(db: EaselDatabase, answers: readonly string[]) {
  const agent = testAgent(createScriptedStream(answers.map(reply)).streamFn);
  const target = new CountingTarget(new MessagesRepository(db));
  const saver = new SessionSaver({ db, agent, target });
  return { agent, saver, target };
}

function texts(messages: readonly AgentMessage[]): string[] {
  return messages.map((m) =>
    m.role === 'user'
      ? String(m.content)
      : m.role === 'assistant'
        ? `> ${m.content.map((c) => (c.type === 'text' ? c.text : '')).join('')}`
        : m.role,
  );
}

async function opened(db: EaselDatabase, id: string) {
  const loaded = await loadSession(db, id);
  if (loaded.kind !== 'found') throw new Error(loaded.message);
  return loaded;
}

/** Asks, then edits the first question: two versions of it, each with its answer. */
async function editedSession(db: EaselDatabase) {
  const tab = setup(db, ['Paris.', 'Rome.', 'Madrid.']);
  const id = await tab.saver.startNew('s1');
  await tab.agent.prompt('Capital of France?');
  await tab.agent.prompt('And of Italy?');
  editAt(tab.agent, tab.saver, 2, 'And of Spain?');
  await tab.agent.waitForIdle();
  await tab.saver.flush();
  return { ...tab, id };
}

/** What the app's Edit does: rewind to before `index` keeping the rest as a branch, then send. */
function editAt(agent: Agent, saver: SessionSaver, index: number, text: string): void {
  saver.branch(() => agent.replaceMessages(agent.state.messages.slice(0, index)));
  void agent.prompt(text);
}

describe('branches', () => {
  it('an edit keeps the old path as another version, and the new one is open after a reload', async () => {
    const db = await freshDb();
    const { agent, saver, id } = await editedSession(db);
    expect(texts(agent.state.messages)).toEqual([
      'Capital of France?',
      '> Paris.',
      'And of Spain?',
      '> Madrid.',
    ]);
    const edited = agent.state.messages[2];
    if (!edited) throw new Error('no edited message');
    expect(saver.versionsOf(edited)).toMatchObject({ index: 1, count: 2 });
    const first = agent.state.messages[0];
    if (!first) throw new Error('no first message');
    expect(saver.versionsOf(first)).toMatchObject({ index: 0, count: 1 });

    const loaded = await opened(db, id);
    expect(texts(loaded.messages)).toEqual(texts(agent.state.messages));
    expect(loaded.tree.size).toBe(6);
    expect(loaded.session.messageCount).toBe(6);
  });

  it('switching a version shows its path, survives a reload and writes only the session record', async () => {
    const db = await freshDb();
    const { agent, saver, target, id } = await editedSession(db);
    const edited = agent.state.messages[2];
    if (!edited) throw new Error('no edited message');
    const before = target.writes.length;

    expect(saver.switchVersion(edited, -1)).toBe(true);
    expect(texts(agent.state.messages)).toEqual([
      'Capital of France?',
      '> Paris.',
      'And of Italy?',
      '> Rome.',
    ]);
    await saver.flush();
    const writes = target.writes.slice(before);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ puts: [], deletes: [] });

    const reloaded = setup(db, []);
    await reloaded.saver.open(id);
    await reloaded.saver.writePathReady(); // a version switch writes: it waits for the write path
    expect(texts(reloaded.agent.state.messages)).toEqual(texts(agent.state.messages));
    const original = reloaded.agent.state.messages[2];
    if (!original) throw new Error('no message');
    expect(reloaded.saver.versionsOf(original)).toMatchObject({ index: 0, count: 2 });
    expect(reloaded.saver.switchVersion(original, -1)).toBe(false);
    expect(reloaded.saver.switchVersion(original, 1)).toBe(true);
    expect(texts(reloaded.agent.state.messages).at(-1)).toBe('> Madrid.');
  });

  it('a regenerate keeps the old answer, and the next message follows the version shown', async () => {
    const db = await freshDb();
    const { agent, saver } = setup(db, ['First answer.', 'Second answer.', 'After the first.']);
    await saver.startNew('s1');
    await agent.prompt('Tell me something');
    saver.branch(() => agent.replaceMessages(agent.state.messages.slice(0, 1)));
    await agent.continue();
    // All of this happened before the write path loaded: it writes the old answer as a version when it does.
    await saver.writePathReady();
    const answer = agent.state.messages[1];
    if (!answer) throw new Error('no answer');
    expect(saver.versionsOf(answer)).toMatchObject({ index: 1, count: 2 });
    saver.switchVersion(answer, -1);
    await agent.prompt('Go on');
    await saver.flush();

    const loaded = await opened(db, 's1');
    expect(texts(loaded.messages)).toEqual([
      'Tell me something',
      '> First answer.',
      'Go on',
      '> After the first.',
    ]);
    expect(loaded.tree.size).toBe(5);
  });

  it('a retry after a failed answer replaces it instead of keeping it as a version', async () => {
    const db = await freshDb();
    const agent = testAgent(
      createScriptedStream([
        { content: [], stopReason: 'error', errorMessage: 'Overloaded' },
        reply('It worked.'),
      ]).streamFn,
    );
    const saver = new SessionSaver({ db, agent });
    await saver.startNew('s1');
    await agent.prompt('Try');
    await agent.continue();
    await saver.flush();
    const loaded = await opened(db, 's1');
    expect(texts(loaded.messages)).toEqual(['Try', '> It worked.']);
    expect(loaded.tree.size).toBe(2);
  });

  it('a session saved before branches opens as one path, and an edit in it branches', async () => {
    const db = await freshDb();
    const old = [user('One'), assistant('Two'), user('Three'), assistant('Four')];
    await new MessagesRepository(db).commit({
      sessionId: 'old',
      puts: old.map((message, i) => ({ sessionId: 'old', key: `00000000000000${i}-w-000000`, message })),
      deletes: [],
      ifMissing: 'create',
      change: {
        messageCount: 4,
        tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        cost: 0,
        model: 'test-model',
        thinkingLevel: 'off',
        at: 1,
      },
    });
    const { agent, saver } = setup(db, ['Five.']);
    const result = await saver.open('old');
    expect(result.kind === 'opened' && result.messages).toEqual(old);
    editAt(agent, saver, 2, 'Three, again');
    await agent.waitForIdle();
    await saver.flush();
    const loaded = await opened(db, 'old');
    expect(texts(loaded.messages)).toEqual(['One', '> Two', 'Three, again', '> Five.']);
    expect(loaded.tree.size).toBe(6);
  });

  it('reads wrong branch fields as absent and never loses a message to them', async () => {
    const db = await freshDb();
    const messages = [user('A'), assistant('B'), user('C')];
    const parents: unknown[] = [42, 'no-such-key', '000000000000009-w-000000'];
    await db.put('sessions', {
      id: 'bad',
      title: 'Bad',
      created: 1,
      updated: 1,
      model: '',
      thinkingLevel: 'off',
      messageCount: 3,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: '',
      activeLeaf: 7,
    } as unknown as SessionRecord);
    for (const [i, message] of messages.entries()) {
      await db.put('messages', {
        sessionId: 'bad',
        key: `00000000000000${i}-w-000000`,
        message,
        parent: parents[i],
      } as never);
    }
    const loaded = await opened(db, 'bad');
    expect(loaded.messages).toEqual(messages);
    expect(loaded.problems).toEqual([]);
  });

  it('export and import keep every branch and the version that was open', async () => {
    const db = await freshDb();
    const { agent, saver, id } = await editedSession(db);
    const edited = agent.state.messages[2];
    if (!edited) throw new Error('no message');
    saver.switchVersion(edited, -1);
    await saver.flush();
    const { file } = await exportSessions(db, [id]);
    expect(file.sessions[0]?.messages.filter((m) => m.parent !== undefined)).toHaveLength(1);
    const exported = file.sessions[0];
    if (!exported) throw new Error('nothing exported');
    expect(texts(openBranch(exported).map((m) => m.message))).toEqual(texts(agent.state.messages));

    const other = await freshDb();
    const report = await importSessions(other, serializeExport(file));
    expect(report.problems).toEqual([]);
    const loaded = await opened(other, id);
    expect(texts(loaded.messages)).toEqual(texts(agent.state.messages));
    expect(loaded.tree.size).toBe(6);
    const madrid = loaded.tree.entries().find((e) => texts([e.message])[0] === '> Madrid.');
    expect(texts(loaded.tree.path(madrid?.key).map((e) => e.message))).toEqual([
      'Capital of France?',
      '> Paris.',
      'And of Spain?',
      '> Madrid.',
    ]);
  });

  it('the download from memory and Save as new chat keep every branch', async () => {
    const db = await freshDb();
    const { agent, saver } = await editedSession(db);
    const download = await saver.downloadOpen();
    const other = await freshDb();
    await importSessions(other, download?.text ?? '');
    const fromMemory = await opened(other, 's1');
    expect(fromMemory.tree.size).toBe(6);
    expect(texts(fromMemory.messages)).toEqual(texts(agent.state.messages));

    const copy = await saver.saveAsNew('copy');
    await saver.flush();
    const saved = await opened(db, copy ?? '');
    expect(saved.tree.size).toBe(6);
    expect(texts(saved.messages)).toEqual(texts(agent.state.messages));
  });

  it('import checks branch fields: a parent out of range or after the message follows the one before', async () => {
    const db = await freshDb();
    const { file } = await exportSessions(db, []);
    const session = {
      id: 'f',
      title: 'F',
      created: 1,
      updated: 1,
      model: '',
      thinkingLevel: 'off',
      messageCount: 3,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      preview: '',
      activeLeaf: 'a key of another database',
    };
    const messages = [
      { message: user('A') },
      { message: assistant('B'), parent: 5 },
      { message: user('C'), parent: 'zero' },
    ];
    const text = JSON.stringify({
      ...file,
      sessions: [{ session, messages, attachments: [], activeMessage: 9 }],
    });
    await importSessions(db, text);
    const loaded = await opened(db, 'f');
    expect(texts(loaded.messages)).toEqual(['A', '> B', 'C']);
    expect(loaded.session.activeLeaf).toBeUndefined();
  });

  it('search finds text on a branch that is not open', async () => {
    const db = await freshDb();
    await editedSession(db);
    const index = new SearchIndex(db);
    expect((await index.search('italy')).hits.map((h) => h.session.id)).toEqual(['s1']);
    expect((await index.search('spain')).hits.map((h) => h.session.id)).toEqual(['s1']);
  });
});

describe('BranchTree', () => {
  const entry = (key: string, parent?: string | null) => ({
    key,
    message: user(key),
    ...(parent === undefined ? {} : { parent }),
  });

  it('follows the newest child below a version, and keeps siblings in the order written', () => {
    const tree = BranchTree.fromRecords([
      entry('a'),
      entry('b'),
      entry('c', 'a'),
      entry('d'),
      entry('e', 'b'),
    ]);
    expect(tree.path(tree.latestLeaf('a')).map((e) => e.key)).toEqual(['a', 'c', 'd']);
    expect(tree.versions('c')).toMatchObject({ index: 1, count: 2, keys: ['b', 'c'] });
    expect(tree.versions('e')).toMatchObject({ index: 0, count: 1 });
    expect(tree.activePath(undefined).map((e) => e.key)).toEqual(['a', 'b', 'e']);
    expect(tree.activePath('c').map((e) => e.key)).toEqual(['a', 'c', 'd']);
  });

  it('states in records only the parents that are not the previous record', () => {
    const tree = BranchTree.fromRecords([entry('a'), entry('b'), entry('c', 'a'), entry('d', null)]);
    expect(tree.records().map((r) => r.parent)).toEqual([undefined, undefined, 'a', null]);
    const merged = tree.mergedWith([entry('bb')], new Set(['d']));
    expect(merged.path('c').map((e) => e.key)).toEqual(['a', 'c']);
    expect(merged.get('c')?.parent).toBe('a');
    expect(merged.get('bb')?.parent).toBe('b');
  });
});
