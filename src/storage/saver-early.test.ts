import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { createScriptedStream } from '../agent/test-support';
import { openEaselDb } from './db';
import { loadSession } from './load';
import { BroadcastNoticeChannel } from './notices';
import { type SaveStatus, SessionSaver } from './saver';
import { FakeClock, freshDb, testAgent, uniqueDbName } from './test-support';

/**
 * The early window: the first chat is read into the agent before the write path has loaded (it loads after
 * the first paint; here, with a clock that never moves and no frames, only when the test lets it). Whatever
 * the person does meanwhile is saved once it has.
 */

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const channels: BroadcastNoticeChannel[] = [];

afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

function texts(messages: readonly AgentMessage[]): string[] {
  return messages.map((m) =>
    m.role === 'user'
      ? String(m.content)
      : m.role === 'assistant'
        ? `> ${m.content.map((c) => (c.type === 'text' ? c.text : '')).join('')}`
        : m.role,
  );
}

async function stored(db: Awaited<ReturnType<typeof freshDb>>, id: string): Promise<string[]> {
  const loaded = await loadSession(db, id);
  if (loaded.kind !== 'found') throw new Error(loaded.message);
  return texts(loaded.messages);
}

/** A tab whose write path has not loaded: its clock never moves, and Node paints no frames. */
function earlyTab(
  db: Awaited<ReturnType<typeof freshDb>>,
  replies: string[],
  channel?: BroadcastNoticeChannel,
) {
  const agent = testAgent(createScriptedStream(replies.map(reply)).streamFn);
  const saver = new SessionSaver({ db, agent, channel, clock: new FakeClock() });
  const statuses: SaveStatus[] = [];
  saver.subscribe((status) => statuses.push(status));
  return { agent, saver, statuses };
}

describe('SessionSaver before its write path has loaded', () => {
  it('saves a message sent in a new chat once the write path loads', async () => {
    const db = await freshDb();
    const { agent, saver, statuses } = earlyTab(db, ['Paris.']);
    await saver.startNew('s1');
    await agent.prompt('Capital of France?');
    expect(saver.sessionId).toBe('s1');
    expect(statuses).toEqual([]); // nothing written yet

    expect(await saver.flush()).toBe(true); // loads the write path, which writes what it finds
    expect(await stored(db, 's1')).toEqual(['Capital of France?', '> Paris.']);
    expect(statuses.some((s) => s.kind === 'saved' && s.created)).toBe(true);
  });

  it('saves what was sent in an opened session before a switch to another', async () => {
    const db = await freshDb();
    const first = earlyTab(db, ['Paris.']);
    await first.saver.startNew('s1');
    await first.agent.prompt('Capital of France?');
    await first.saver.flush();
    first.saver.dispose();

    const { agent, saver } = earlyTab(db, ['Rome.']);
    const opened = await saver.open('s1');
    expect(opened.kind).toBe('opened');
    await agent.prompt('And of Italy?');
    // A switch waits for the write path, which first writes the message sent in s1.
    await saver.startNew('s2');
    expect(saver.sessionId).toBe('s2');
    expect(await saver.flush()).toBe(true);
    expect(await stored(db, 's1')).toEqual(['Capital of France?', '> Paris.', 'And of Italy?', '> Rome.']);
  });

  it('keeps an edit made early as another version of the stored message', async () => {
    const db = await freshDb();
    const first = earlyTab(db, ['Paris.', 'Rome.']);
    await first.saver.startNew('s1');
    await first.agent.prompt('Capital of France?');
    await first.agent.prompt('And of Italy?');
    await first.saver.flush();
    first.saver.dispose();

    const { agent, saver } = earlyTab(db, ['Madrid.']);
    await saver.open('s1');
    saver.branch(() => agent.replaceMessages(agent.state.messages.slice(0, 2)));
    await agent.prompt('And of Spain?');
    await saver.flush();
    expect(await stored(db, 's1')).toEqual(['Capital of France?', '> Paris.', 'And of Spain?', '> Madrid.']);
    const edited = agent.state.messages[2];
    if (!edited) throw new Error('no message');
    expect(saver.versionsOf(edited)).toMatchObject({ index: 1, count: 2 });
  });

  it("keeps another tab's messages heard before it loads, and merges them", async () => {
    const dbName = uniqueDbName();
    const channelName = `early-${dbName}`;
    const dbA = await openEaselDb({ name: dbName });
    const channelA = new BroadcastNoticeChannel(channelName);
    channels.push(channelA);
    const a = earlyTab(dbA, ['Paris.', 'Rome.'], channelA);
    await a.saver.startNew('s1');
    await a.agent.prompt('Capital of France?');
    await a.saver.flush();

    const dbB = await openEaselDb({ name: dbName });
    const channelB = new BroadcastNoticeChannel(channelName);
    channels.push(channelB);
    const b = earlyTab(dbB, [], channelB);
    await b.saver.open('s1');
    const merged = new Promise<SaveStatus>((resolve) => {
      b.saver.subscribe(
        (status) => status.kind === 'merged' && status.messages.length === 4 && resolve(status),
      );
    });
    await a.agent.prompt('And of Italy?');
    await a.saver.flush();
    await merged; // heard early, the notice made the write path load, and it merged the messages
    expect(texts(b.agent.state.messages)).toEqual([
      'Capital of France?',
      '> Paris.',
      'And of Italy?',
      '> Rome.',
    ]);
  });

  it('waits for an open under way before taking over the chat', async () => {
    const db = await freshDb();
    const first = earlyTab(db, ['Paris.']);
    await first.saver.startNew('s1');
    await first.agent.prompt('Capital of France?');
    await first.saver.flush();
    first.saver.dispose();

    const { agent, saver } = earlyTab(db, ['Rome.']);
    const opening = saver.open('s1');
    const ready = saver.writePathReady();
    await Promise.all([opening, ready]);
    expect(saver.sessionId).toBe('s1');
    await agent.prompt('And of Italy?');
    await saver.flush();
    expect(await stored(db, 's1')).toEqual(['Capital of France?', '> Paris.', 'And of Italy?', '> Rome.']);
  });
});
