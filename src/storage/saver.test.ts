import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { createScriptedStream } from '../agent/test-support';
import type { EaselDatabase } from './db';
import { INTERRUPTED_MESSAGE, loadSession } from './load';
import { MessagesRepository } from './messages-repo';
import { type SaveStatus, SessionSaver } from './saver';
import type { SessionWrite, SessionWriteTarget } from './session-write';
import { MAX_SNAPSHOT_INTERVAL_MS, STEADY_SNAPSHOT_CHARS, snapshotInterval } from './session-writer';
import { SessionsRepository } from './sessions-repo';
import {
  artifact,
  assistant,
  FakeClock,
  FullDisk,
  freshDb,
  pacedStream,
  testAgent,
  user,
} from './test-support';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

function setup(
  db: EaselDatabase,
  streamFn = createScriptedStream([reply('Hello!'), reply('Again!')]).streamFn,
) {
  const agent = testAgent(streamFn);
  const clock = new FakeClock();
  const statuses: SaveStatus[] = [];
  const saver = new SessionSaver({ db, agent, clock });
  saver.subscribe((s) => statuses.push(s));
  return { agent, clock, saver, statuses };
}

async function stored(db: EaselDatabase, id: string) {
  const loaded = await loadSession(db, id);
  if (loaded.kind !== 'found') throw new Error(loaded.message);
  return loaded;
}

describe('SessionSaver', () => {
  it('writes each message when it ends and creates the session at the first one', async () => {
    const db = await freshDb();
    const { agent, saver, statuses } = setup(db);
    const id = await saver.startNew('s1');
    expect(await db.get('sessions', id)).toBeUndefined();

    await agent.prompt('Plan a weekend in Lisbon\nwith two kids');
    await saver.flush();

    const { session, messages, problems } = await stored(db, id);
    expect(messages).toEqual(agent.state.messages);
    expect(problems).toEqual([]);
    expect(session).toMatchObject({
      title: 'Plan a weekend in Lisbon',
      model: 'test-model',
      thinkingLevel: 'low',
      messageCount: 2,
      tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 },
      preview: 'Hello!',
    });
    const created = statuses.filter((s) => s.kind === 'saved' && s.created);
    expect(created).toHaveLength(1);
  });

  it('writes one record per save, whatever the length of the session', async () => {
    const db = await freshDb();
    const history = Array.from({ length: 2000 }, (_, i) =>
      i % 2 === 0 ? user(`q${i}`) : assistant(`a${i}`),
    );
    const seed = new MessagesRepository(db);
    await seed.commit({
      sessionId: 'long',
      puts: history.map((message, i) => ({ sessionId: 'long', key: String(i).padStart(15, '0'), message })),
      deletes: [],
      ifMissing: 'create',
      change: {
        messageCount: 2000,
        tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        cost: 0,
        title: 'Long',
        model: 'm',
        thinkingLevel: 'off',
        at: 1,
      },
    });
    const writes: SessionWrite[] = [];
    const recording: SessionWriteTarget = {
      commit: (write) => {
        writes.push(write);
        return seed.commit(write);
      },
    };
    const agent = testAgent(createScriptedStream([reply('Answer 2001')]).streamFn);
    const saver = new SessionSaver({ db, agent, target: recording, clock: new FakeClock() });
    await saver.open('long');
    await agent.prompt('One more');
    await saver.flush();

    expect(
      writes
        .flatMap((w) => w.puts)
        .filter((r) => !r.partial)
        .map((r) => r.message.role),
    ).toEqual(['user', 'assistant']);
    expect(writes.every((w) => w.puts.length <= 2 && w.deletes.length === 0)).toBe(true);
    expect((await stored(db, 'long')).session.messageCount).toBe(2002);
  });

  it('flushes a streaming answer at most every 500 ms, and a reload keeps what was flushed', async () => {
    const db = await freshDb();
    const stream = pacedStream();
    const { agent, clock, saver } = setup(db, stream.streamFn);
    const id = await saver.startNew();
    const run = agent.prompt('Tell me a story');
    await stream.started();

    await stream.delta('Once');
    await saver.flush();
    clock.advance(100);
    await stream.delta(' upon');
    await stream.delta(' a time');
    const early = await stored(db, id);
    expect(early.messages.at(-1)).toMatchObject({ content: [{ text: 'Once' }], stopReason: 'aborted' });

    clock.advance(400);
    await saver.flush();
    const reloaded = await stored(db, id);
    expect(reloaded.messages).toHaveLength(2);
    expect(reloaded.messages[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'Once upon a time' }],
      stopReason: 'aborted',
      errorMessage: INTERRUPTED_MESSAGE,
    });

    stream.end();
    await run;
    await saver.flush();
    const records = await db.getAll('messages');
    expect(records).toHaveLength(2);
    expect(records[1]).not.toHaveProperty('partial');
    expect((await stored(db, id)).messages).toEqual(agent.state.messages);
    expect((await stored(db, id)).session.messageCount).toBe(2);
  });

  it('writes a long streaming answer less often, so what its snapshots copy per second does not grow with it', async () => {
    const db = await freshDb();
    const stream = pacedStream();
    const agent = testAgent(stream.streamFn);
    const clock = new FakeClock();
    const messages = new MessagesRepository(db);
    const snapshots: { at: number; chars: number }[] = [];
    let committing: Promise<unknown> = Promise.resolve();
    const recording: SessionWriteTarget = {
      commit: (write) => {
        for (const put of write.puts) {
          const content = put.message.role === 'assistant' ? put.message.content : [];
          const text = content[0]?.type === 'text' ? content[0].text : '';
          if (put.partial) snapshots.push({ at: clock.now(), chars: text.length });
        }
        const commit = messages.commit(write);
        committing = commit;
        return commit;
      },
    };
    const saver = new SessionSaver({ db, agent, clock, target: recording });
    const id = await saver.startNew();
    const run = agent.prompt('Write the whole book');
    await stream.started();
    // 2,000 characters every 100 ms, for 400,000 characters: 20 s of streaming.
    const piece = 'word '.repeat(400);
    for (let step = 0; step < 200; step++) {
      await stream.delta(piece);
      clock.advance(100);
      await committing; // the write queue holds the next write while one is under way
    }
    await saver.flush();

    expect(snapshots.length).toBeGreaterThan(10);
    // Up to 100,000 characters, every 500 ms; past them, the time between two grows with the answer.
    // (The first is written as the first text arrives, and recorded a step late; the last is the flush above.)
    for (const [i, snapshot] of snapshots.entries()) {
      const next = snapshots[i + 1];
      if (i === 0 || !next || i + 2 === snapshots.length) continue;
      const due = snapshotInterval(500, assistant('x'.repeat(snapshot.chars)));
      expect(next.at - snapshot.at).toBeGreaterThanOrEqual(due);
      // …and no later than the next piece of text after that (one comes every 100 ms).
      expect(next.at - snapshot.at).toBeLessThanOrEqual(due + 100);
    }
    const late = snapshots.filter((s) => s.at - clock.time > -10_000);
    const early = snapshots.filter(
      (s) => s.at - snapshots[0]!.at < 5_000 && s.chars <= STEADY_SNAPSHOT_CHARS,
    );
    const copiedPerSecond = (list: typeof snapshots) => list.reduce((sum, s) => sum + s.chars, 0) / 10;
    // The last 10 s copy no more than twice what the steady pace allows (100,000 characters per 500 ms),
    // where a snapshot every 500 ms would have copied 600,000 characters a second.
    expect(copiedPerSecond(late)).toBeLessThanOrEqual(2 * 200_000);
    expect(early.length).toBeGreaterThanOrEqual(8);
    expect(late.length).toBeGreaterThanOrEqual(5);
    expect(snapshots.at(-1)?.chars).toBe(400_000);

    stream.end();
    await run;
    await saver.flush();
    expect((await stored(db, id)).messages.at(-1)).toMatchObject({ content: [{ text: piece.repeat(200) }] });
  });

  it('waits at most 10 s between two snapshots, however long the answer', () => {
    expect(snapshotInterval(500, null)).toBe(500);
    expect(snapshotInterval(500, assistant('x'.repeat(50_000)))).toBe(500);
    expect(snapshotInterval(500, assistant('x'.repeat(400_000)))).toBeCloseTo(2000, 0);
    expect(snapshotInterval(500, assistant('x'.repeat(5_000_000)))).toBe(MAX_SNAPSHOT_INTERVAL_MS);
    expect(MAX_SNAPSHOT_INTERVAL_MS).toBe(10_000);
    // Thinking and tool arguments are copied too.
    const mixed = assistant('', {
      content: [
        { type: 'thinking', thinking: 'y'.repeat(200_000) },
        { type: 'toolCall', id: 't', name: 'artifacts', arguments: { content: 'z'.repeat(200_000) } },
      ],
    });
    expect(snapshotInterval(500, mixed)).toBeCloseTo(2000, 0);
  });

  it('saves no snapshot of an answer with nothing in it yet: reloaded, the message has no answer', async () => {
    const db = await freshDb();
    const stream = pacedStream();
    const { agent, clock, saver } = setup(db, stream.streamFn);
    const id = await saver.startNew();
    const run = agent.prompt('Are you there?');
    await stream.started();
    clock.advance(600);
    await saver.flush();
    expect((await stored(db, id)).messages).toMatchObject([{ role: 'user' }]);
    expect(await db.getAll('messages')).toHaveLength(1);

    await stream.delta('Yes');
    clock.advance(600);
    await saver.flush();
    expect((await stored(db, id)).messages).toMatchObject([{ role: 'user' }, { role: 'assistant' }]);
    stream.end();
    await run;
  });

  it('keeps history order when a record is appended while an answer streams', async () => {
    const db = await freshDb();
    const stream = pacedStream();
    const { agent, saver } = setup(db, stream.streamFn);
    const id = await saver.startNew();
    const run = agent.prompt('Draw a cat');
    await stream.started();
    await stream.delta('Here');
    await saver.flush();
    agent.appendMessage(artifact('cat.svg', '<svg/>'));
    await stream.delta(' it is');
    stream.end();
    await run;
    await saver.flush();

    const { messages, session } = await stored(db, id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'artifact', 'assistant']);
    expect(messages).toEqual(agent.state.messages);
    expect(session.messageCount).toBe(3);
  });

  it('reports a full disk, keeps the conversation in memory and saves it once there is room', async () => {
    const db = await freshDb();
    const agent = testAgent(createScriptedStream([reply('Hello!'), reply('Still here')]).streamFn);
    const clock = new FakeClock();
    const disk = new FullDisk(new MessagesRepository(db));
    const statuses: SaveStatus[] = [];
    const saver = new SessionSaver({ db, agent, clock, target: disk, retryIntervalMs: 5000 });
    saver.subscribe((s) => statuses.push(s));
    const id = await saver.startNew();
    disk.full = true;

    await agent.prompt('Hi');
    await saver.flush();
    expect(statuses.at(-1)).toMatchObject({ kind: 'quota' });
    expect(saver.unsaved).toBeGreaterThan(0);
    expect(agent.state.messages).toHaveLength(2);
    expect(await db.get('sessions', id)).toBeUndefined();

    await agent.prompt('Are you there?');
    await saver.flush();
    expect(statuses.at(-1)).toMatchObject({ kind: 'quota' });
    expect(statuses.some((s) => s.kind === 'saved')).toBe(false);

    disk.full = false;
    clock.advance(5000);
    await saver.flush();
    expect(statuses.at(-1)).toMatchObject({ kind: 'saved', created: true });
    expect(saver.unsaved).toBe(0);
    const { messages, session } = await stored(db, id);
    expect(messages).toEqual(agent.state.messages);
    expect(session).toMatchObject({ messageCount: 4, title: 'Hi' });
  });

  it('deletes the messages after an edit point when the history is replaced', async () => {
    const db = await freshDb();
    const { agent, saver } = setup(
      db,
      createScriptedStream([reply('One'), reply('Two'), reply('Two again')]).streamFn,
    );
    const id = await saver.startNew();
    await agent.prompt('first');
    await agent.prompt('second');
    await saver.flush();
    expect((await stored(db, id)).messages).toHaveLength(4);

    agent.replaceMessages(agent.state.messages.slice(0, 2));
    await agent.prompt('second, edited');
    await saver.flush();

    const { messages, session } = await stored(db, id);
    expect(messages).toEqual(agent.state.messages);
    expect(messages.map((m) => (m.role === 'user' ? m.content : m.role))).toEqual([
      'first',
      'assistant',
      'second, edited',
      'assistant',
    ]);
    expect(session.messageCount).toBe(4);
    expect(session.tokens.output).toBe(10);
  });

  it('replaces a failed answer when the person retries', async () => {
    const db = await freshDb();
    const { agent, saver } = setup(
      db,
      createScriptedStream([{ stopReason: 'error', errorMessage: 'Overloaded' }, reply('Better')]).streamFn,
    );
    const id = await saver.startNew();
    await agent.prompt('Hi');
    await saver.flush();
    expect((await stored(db, id)).messages.at(-1)).toMatchObject({ stopReason: 'error' });

    await agent.continue();
    await saver.flush();
    const { messages, session } = await stored(db, id);
    expect(messages).toEqual(agent.state.messages);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(session.messageCount).toBe(2);
  });

  it('opens a session with its model and effort, and an interrupted answer can be retried', async () => {
    const db = await freshDb();
    const repo = new MessagesRepository(db);
    await repo.commit({
      sessionId: 's',
      puts: [
        { sessionId: 's', key: '001000000000000-w1-000000', message: user('Tell me a story') },
        { sessionId: 's', key: '001000000000001-w1-000000', message: assistant('Once upon'), partial: true },
      ],
      deletes: [],
      ifMissing: 'create',
      change: {
        messageCount: 2,
        tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        cost: 0,
        title: 'Story',
        model: 'claude-opus',
        thinkingLevel: 'high',
        at: 1,
      },
    });
    const agent = testAgent(createScriptedStream([reply('Once upon a time, the end.')]).streamFn);
    const rebuilt: (readonly AgentMessage[])[] = [];
    const saver = new SessionSaver({
      db,
      agent,
      clock: new FakeClock(),
      onHistoryLoaded: (m) => rebuilt.push(m),
    });

    const opened = await saver.open('s');
    expect(rebuilt).toEqual([agent.state.messages]);
    expect(opened.kind).toBe('opened');
    expect(agent.state.model).toBe('claude-opus');
    expect(agent.state.thinkingLevel).toBe('high');
    expect(agent.state.messages[1]).toMatchObject({
      stopReason: 'aborted',
      errorMessage: INTERRUPTED_MESSAGE,
    });

    await agent.continue();
    await saver.flush();
    const { messages, session } = await stored(db, 's');
    expect(messages).toEqual(agent.state.messages);
    expect(messages.at(-1)).toMatchObject({
      stopReason: 'stop',
      content: [{ text: 'Once upon a time, the end.' }],
    });
    expect(session.messageCount).toBe(2);
    expect(await db.getAll('messages')).toHaveLength(2);
  });

  it('finds an open session purged without a notice gone, says so, keeps its writes and brings it back only on restore', async () => {
    const db = await freshDb();
    const { agent, saver, statuses } = setup(db);
    const id = await saver.startNew();
    await agent.prompt('Hi');
    await saver.flush();
    await new SessionsRepository(db).purge(id);

    await agent.prompt('Still there?');
    expect(await saver.flush()).toBe(false);
    expect(statuses).toContainEqual({ kind: 'deleted', sessionId: id, purged: true });
    expect(saver.deletedElsewhere).toBe(true);
    expect(saver.unsaved).toBeGreaterThan(0);
    expect(await db.get('sessions', id)).toBeUndefined();
    expect(await db.getAll('messages')).toEqual([]);

    await saver.restore();
    expect(await saver.flush()).toBe(true);
    expect(statuses).toContainEqual({ kind: 'restored', sessionId: id });
    const { messages, session } = await stored(db, id);
    expect(messages).toEqual(agent.state.messages);
    expect(session).toMatchObject({ messageCount: 4, title: 'Hi' });
  });

  it('does not bring back a session left behind and purged while its writes waited', async () => {
    const db = await freshDb();
    const agent = testAgent(createScriptedStream([reply('Hello!'), reply('Still here')]).streamFn);
    const disk = new FullDisk(new MessagesRepository(db));
    const saver = new SessionSaver({ db, agent, clock: new FakeClock(), target: disk });
    const left = await saver.startNew();
    await agent.prompt('Hi');
    await saver.flush();
    disk.full = true;
    await agent.prompt('Are you there?');
    expect(await saver.flush()).toBe(false);

    const next = await saver.startNew();
    await new SessionsRepository(db).purge(left);
    disk.full = false;
    expect(await saver.flush()).toBe(true);
    expect(saver.unsaved).toBe(0);
    expect(saver.sessionId).toBe(next);
    expect(await db.get('sessions', left)).toBeUndefined();
    expect(await db.getAll('messages')).toEqual([]);
  });

  it('lets the last of two quick opens win', async () => {
    const db = await freshDb();
    const { agent, saver } = setup(db);
    const first = await saver.startNew();
    await agent.prompt('first session');
    await saver.flush();
    const slow = saver.open(first);
    const second = await saver.startNew();

    expect(await slow).toEqual({ kind: 'superseded', id: first });
    expect(saver.sessionId).toBe(second);
    expect(agent.state.messages).toEqual([]);
  });

  it('says clearly when a session does not exist', async () => {
    const db = await freshDb();
    const { saver } = setup(db);
    const result = await saver.open('no-such-id');
    expect(result).toEqual({
      kind: 'not-found',
      id: 'no-such-id',
      message: 'There is no session with the id "no-such-id" in this browser.',
    });
  });

  it('stops the running answer and saves it before switching sessions', async () => {
    const db = await freshDb();
    const { agent, saver } = setup(
      db,
      createScriptedStream([{ ...reply('Long answer'), untilAborted: true }]).streamFn,
    );
    const first = await saver.startNew();
    const run = agent.prompt('Go on and on');
    const second = await saver.startNew();
    await run;
    await saver.flush();

    expect(saver.sessionId).toBe(second);
    expect(agent.state.messages).toEqual([]);
    expect((await stored(db, first)).messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(await db.get('sessions', second)).toBeUndefined();
  });
});
