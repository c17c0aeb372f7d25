import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { type Agent, createScriptedStream } from '../agent';
import { openEaselDb } from './db';
import { loadSession } from './load';
import { BroadcastNoticeChannel } from './notices';
import { SessionSaver } from './saver';
import { testAgent, uniqueDbName } from './test-fixtures';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const channels: BroadcastNoticeChannel[] = [];

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** One browser tab: its own connection, channel, agent and saver on a shared database. */
async function openTab(dbName: string, channelName: string, replies: string[]) {
  const db = await openEaselDb({ name: dbName });
  const channel = new BroadcastNoticeChannel(channelName);
  channels.push(channel);
  const agent = testAgent(createScriptedStream(replies.map(reply)).streamFn);
  const saver = new SessionSaver({ db, agent, channel });
  return { db, agent, saver };
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
