import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, AgentMessage } from '../agent';
import { createScriptedStream } from '../agent/test-support';
import { AttachmentsRepository } from './attachments-repo';
import { openEaselDb } from './db';
import { SessionLibrary } from './library';
import { loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import { BroadcastNoticeChannel } from './notices';
import { type SaveStatus, SessionSaver } from './saver';
import { SettingsRepository } from './settings-repo';
import { testAgent, uniqueDbName } from './test-support';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const channels: BroadcastNoticeChannel[] = [];

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/**
 * One browser tab as the app builds it: its own connection, channel, agent, saver and library on a shared
 * database, the saver and the library posting under the tab's one writer id.
 */
async function openTab(dbName: string, channelName: string, replies: string[]) {
  const db = await openEaselDb({ name: dbName });
  const channel = new BroadcastNoticeChannel(channelName);
  channels.push(channel);
  const agent = testAgent(createScriptedStream(replies.map(reply)).streamFn);
  const saver = new SessionSaver({ db, agent, channel });
  const library = new SessionLibrary({
    db,
    settings: new SettingsRepository(db),
    channel,
    writer: saver.writer,
  });
  const statuses: SaveStatus[] = [];
  saver.subscribe((status) => statuses.push(status));
  return { db, agent, saver, library, statuses };
}

type Tab = Awaited<ReturnType<typeof openTab>>;

/** Resolves with the first status (already reported or still to come) that `matches`. */
function untilStatus(tab: Tab, matches: (status: SaveStatus) => boolean): Promise<SaveStatus> {
  return new Promise((resolve) => {
    const seen = tab.statuses.find(matches);
    if (seen) return resolve(seen);
    const unsubscribe = tab.saver.subscribe((status) => {
      if (!matches(status)) return;
      unsubscribe();
      resolve(status);
    });
  });
}

/** Two tabs on one database, the first with a saved session of one exchange that the second does not show. */
async function twoTabsWithSession(aReplies: string[]) {
  const dbName = uniqueDbName();
  const channelName = `easel-test-${dbName}`;
  const a = await openTab(dbName, channelName, aReplies);
  const b = await openTab(dbName, channelName, []);
  const id = await a.saver.startNew();
  await a.agent.prompt('Plan the garden');
  await a.saver.flush();
  return { a, b, id };
}

async function storedSession(tab: Tab, id: string) {
  const loaded = await loadSession(tab.db, id);
  if (loaded.kind !== 'found') throw new Error(loaded.message);
  return loaded;
}

/** Resolves once the agent holds `count` messages (checked now and after every saver report). */
function untilMessages(tab: { agent: Agent; saver: SessionSaver }, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (tab.agent.state.messages.length === count) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = tab.saver.subscribe(check);
    check();
  });
}

function texts(agent: Agent): string[] {
  return agent.state.messages.map((m) =>
    m.role === 'user'
      ? String(m.content)
      : m.role === 'assistant'
        ? `> ${m.content[0]?.type === 'text' ? m.content[0].text : ''}`
        : m.role,
  );
}

describe('two tabs on the same session', () => {
  it('keep all of each other’s messages and show what the other added', async () => {
    const dbName = uniqueDbName();
    const channelName = `easel-test-${dbName}`;
    const a = await openTab(dbName, channelName, ['A1', 'A2']);
    const b = await openTab(dbName, channelName, ['B1']);

    const id = await a.saver.startNew();
    await a.agent.prompt('from A');
    await a.saver.flush();
    expect((await b.saver.open(id)).kind).toBe('opened');
    expect(texts(b.agent)).toEqual(['from A', '> A1']);

    const aSeesB = untilMessages(a, 4);
    await b.agent.prompt('from B');
    await b.saver.flush();
    await aSeesB;
    expect(texts(a.agent)).toEqual(['from A', '> A1', 'from B', '> B1']);

    const bSeesA = untilMessages(b, 6);
    await a.agent.prompt('A again');
    await a.saver.flush();
    await bSeesA;

    const loaded = await loadSession(a.db, id);
    if (loaded.kind !== 'found') throw new Error(loaded.message);
    expect(loaded.messages).toEqual(a.agent.state.messages);
    expect(loaded.messages).toEqual(b.agent.state.messages);
    expect(texts(a.agent)).toEqual(['from A', '> A1', 'from B', '> B1', 'A again', '> A2']);
    expect(loaded.session.messageCount).toBe(6);
  });

  it('lose nothing when both send at the same time', async () => {
    const dbName = uniqueDbName();
    const channelName = `easel-test-${dbName}`;
    const a = await openTab(dbName, channelName, ['A1']);
    const b = await openTab(dbName, channelName, ['B1']);
    const id = await a.saver.startNew();
    await b.saver.open(id).then((r) => expect(r.kind).toBe('not-found'));
    await a.agent.prompt('hello');
    await a.saver.flush();
    await b.saver.open(id);

    const aDone = untilMessages(a, 6);
    const bDone = untilMessages(b, 6);
    await Promise.all([a.agent.prompt('A asks'), b.agent.prompt('B asks')]);
    await Promise.all([a.saver.flush(), b.saver.flush()]);
    await Promise.all([aDone, bDone]);

    const loaded = await loadSession(a.db, id);
    if (loaded.kind !== 'found') throw new Error(loaded.message);
    expect(loaded.messages).toHaveLength(6);
    expect(loaded.messages).toEqual(a.agent.state.messages);
    expect(loaded.messages).toEqual(b.agent.state.messages);
    expect(loaded.session.messageCount).toBe(6);
  });
});

describe('two tabs and branches', () => {
  it('an edit in one tab is another version in the other, which stays on its own branch', async () => {
    const { a, b, id } = await twoTabsWithSession(['Tomatoes first.']);
    await b.saver.open(id);
    const bEdited = untilStatus(a, (s) => s.kind === 'merged');
    b.saver.branch(() => b.agent.replaceMessages([]));
    b.agent.appendMessage({ role: 'user', content: 'Plan the orchard', timestamp: 2 });
    await b.saver.flush();
    await bEdited;
    expect(texts(a.agent)).toEqual(['Plan the garden', '> Tomatoes first.']);
    const question = a.agent.state.messages[0];
    if (!question) throw new Error('no message');
    expect(a.saver.versionsOf(question)).toMatchObject({ index: 0, count: 2 });
    expect(a.saver.switchVersion(question, 1)).toBe(true);
    expect(texts(a.agent)).toEqual(['Plan the orchard']);
  });
});

describe('a session deleted in another tab while it is open', () => {
  it('is reported, what is written after waits in memory, and Restore saves all of it even once purged', async () => {
    const { a, b, id } = await twoTabsWithSession(['Tomatoes first.', 'Then beans.']);
    await b.library.delete(id);
    expect(await untilStatus(a, (s) => s.kind === 'deleted')).toEqual({
      kind: 'deleted',
      sessionId: id,
      purged: false,
    });
    expect(a.saver.deletedElsewhere).toBe(true);

    await a.agent.prompt('And after that?');
    expect(await a.saver.flush()).toBe(false);
    expect(a.saver.unsaved).toBeGreaterThan(0);
    // Nothing is written into the hidden record meanwhile.
    expect((await new MessagesRepository(b.db).load(id)).records).toHaveLength(2);

    await b.library.purge(id);
    await untilStatus(a, (s) => s.kind === 'deleted' && s.purged);
    expect(await a.db.get('sessions', id)).toBeUndefined();

    await a.saver.restore();
    expect(await a.saver.flush()).toBe(true);
    expect(a.saver.deletedElsewhere).toBe(false);
    const { messages, session } = await storedSession(b, id);
    expect(messages).toEqual(a.agent.state.messages);
    expect(texts(a.agent)).toEqual([
      'Plan the garden',
      '> Tomatoes first.',
      'And after that?',
      '> Then beans.',
    ]);
    expect(session).toMatchObject({ messageCount: 4, title: 'Plan the garden' });
    expect((await b.library.list()).sessions.map((s) => s.id)).toEqual([id]);
  });

  it('saves what waited once the other tab undoes the deletion', async () => {
    const { a, b, id } = await twoTabsWithSession(['Tomatoes first.', 'Then beans.']);
    await b.library.delete(id);
    await untilStatus(a, (s) => s.kind === 'deleted');
    await a.agent.prompt('And after that?');
    expect(await a.saver.flush()).toBe(false);

    await b.library.restore(id);
    await untilStatus(a, (s) => s.kind === 'restored');
    expect(await a.saver.flush()).toBe(true);
    const { messages, session } = await storedSession(b, id);
    expect(messages).toEqual(a.agent.state.messages);
    expect(session.messageCount).toBe(4);
    expect(session.deletedAt).toBeUndefined();
  });

  it('Save as new chat keeps what the tab holds, files included, and the deleted one stays deleted', async () => {
    const { a, b, id } = await twoTabsWithSession(['Tomatoes first.', 'Then beans.']);
    const files = new AttachmentsRepository(a.db);
    await files.put({
      id: 'plan-1',
      sessionId: id,
      blob: new Blob(['beds']),
      mimeType: 'text/plain',
      size: 4,
    });
    const plan: AgentMessage = {
      role: 'user-with-attachments',
      text: 'Here is the plan',
      attachments: [{ id: 'plan-1', name: 'plan.txt', mimeType: 'text/plain', size: 4, kind: 'text' }],
      timestamp: 3,
    };
    a.agent.appendMessage(plan);
    await a.saver.flush();

    await b.library.delete(id);
    await untilStatus(a, (s) => s.kind === 'deleted');
    await a.agent.prompt('And after that?');
    const copy = await a.saver.saveAsNew();
    if (!copy) throw new Error('not saved as new');
    expect(await a.saver.flush()).toBe(true);
    expect(a.saver.sessionId).toBe(copy);
    expect(a.statuses).toContainEqual({ kind: 'restored', sessionId: copy });

    await b.library.purge(id);
    expect(await a.db.get('sessions', id)).toBeUndefined();
    const { messages, session } = await storedSession(b, copy);
    expect(messages).toEqual(a.agent.state.messages);
    expect(messages).toHaveLength(5);
    expect(session).toMatchObject({ messageCount: 5, title: 'Plan the garden' });
    const kept = await files.get('plan-1');
    expect(kept.kind === 'found' && kept.record.sessionId).toBe(copy);
    expect((await b.library.list()).sessions.map((s) => s.id)).toEqual([copy]);

    // Saving goes on into the new session.
    await a.agent.prompt('Thanks');
    await a.saver.flush();
    expect((await storedSession(b, copy)).session.messageCount).toBe(7);
  });

  it('is not confused with a session the tab deletes itself', async () => {
    const { a, id } = await twoTabsWithSession(['Tomatoes first.']);
    await a.library.delete(id);
    expect(a.saver.deletedElsewhere).toBe(false);
    expect(a.statuses.some((s) => s.kind === 'deleted')).toBe(false);
  });
});
