import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../agent';
import { createScriptedStream } from '../agent/test-support';
import { HeldFiles } from './attachments-repo';
import type { EaselDatabase } from './db';
import { MessagesRepository } from './messages-repo';
import type { StandingEvent } from './open-session';
import type { SessionMirror } from './session-mirror';
import { SessionSwitch } from './session-switch';
import { SortKeyGenerator } from './sort-key';
import { assistant, freshDb, testAgent, user } from './test-support';

/** The switch with its parts recorded: what the writer, the standing, the queue and the merge were told. */
function setup(db: EaselDatabase, streamFn = createScriptedStream([]).streamFn) {
  const agent = testAgent(streamFn);
  const told: string[] = [];
  const steps: StandingEvent[] = [];
  const loaded: (readonly AgentMessage[])[] = [];
  const held = new HeldFiles();
  let open: SessionMirror | undefined;
  const sessionSwitch = new SessionSwitch({
    db,
    agent,
    keys: new SortKeyGenerator(),
    writes: {
      get open() {
        return open;
      },
      attach: (mirror, load) => {
        load();
        open = mirror;
        told.push(`attach ${mirror.sessionId}`);
      },
      adopt: (mirror) => {
        open = mirror;
        told.push(`adopt ${mirror.sessionId}`);
      },
      detach: () => {
        open = undefined;
        told.push('detach');
      },
      flushStream: () => told.push('flush'),
    },
    session: { step: (event) => steps.push(event) },
    queue: { markStored: (id) => told.push(`stored ${id}`) },
    remote: { clear: () => told.push('clear merge') },
    held,
    onHistoryLoaded: (messages) => loaded.push(messages),
  });
  return { agent, sessionSwitch, told, steps, loaded, held, open: () => open };
}

async function seed(db: EaselDatabase, id: string, title: string): Promise<void> {
  await new MessagesRepository(db).commit({
    sessionId: id,
    puts: [
      { sessionId: id, key: '001000000000000-w1-000000', message: user('Plan a trip') },
      { sessionId: id, key: '001000000000001-w1-000000', message: assistant('Where to?') },
    ],
    deletes: [],
    ifMissing: 'create',
    change: {
      messageCount: 2,
      tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      cost: 0,
      title,
      model: 'claude-opus',
      thinkingLevel: 'high',
      at: 1,
      projectId: 'p1',
    },
  });
}

const hold = (held: HeldFiles) =>
  held.hold({ id: 'a1', sessionId: 'unsaved', blob: new Blob(['x']), mimeType: 'text/plain', size: 1 });

describe('SessionSwitch', () => {
  it('opens a stored session into the agent with its model, effort, title and project', async () => {
    const db = await freshDb();
    await seed(db, 's1', 'Trip');
    const { agent, sessionSwitch, told, steps, loaded, open } = setup(db);

    const result = await sessionSwitch.open('s1');

    expect(result.kind).toBe('opened');
    expect(agent.state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(agent.state.model).toBe('claude-opus');
    expect(agent.state.thinkingLevel).toBe('high');
    expect(sessionSwitch.title).toBe('Trip');
    expect(open()?.projectId).toBe('p1');
    expect(steps).toEqual([{ kind: 'opened', sessionId: 's1' }]);
    expect(told).toEqual(['flush', 'flush', 'stored s1', 'clear merge', 'attach s1']);
    expect(loaded).toEqual([agent.state.messages]);
  });

  it('leaves everything as it was when the session does not exist', async () => {
    const db = await freshDb();
    const { agent, sessionSwitch, steps, loaded } = setup(db);
    await sessionSwitch.startNew('s0', undefined);
    agent.replaceMessages([user('kept')]);

    const result = await sessionSwitch.open('missing');

    expect(result.kind).toBe('not-found');
    expect(agent.state.messages).toEqual([user('kept')]);
    expect(steps).toEqual([{ kind: 'opened', sessionId: 's0' }]);
    expect(loaded).toEqual([[]]);
  });

  it('lets a later start win over a slower open, which changes nothing', async () => {
    const db = await freshDb();
    await seed(db, 's1', 'Trip');
    const { agent, sessionSwitch, open } = setup(db);

    const slow = sessionSwitch.open('s1');
    await sessionSwitch.startNew('s2', undefined);

    expect(await slow).toEqual({ kind: 'superseded', id: 's1' });
    expect(open()?.sessionId).toBe('s2');
    expect(agent.state.messages).toEqual([]);
  });

  it('starts a new chat in a project with an empty history and no title', async () => {
    const db = await freshDb();
    await seed(db, 's1', 'Trip');
    const { agent, sessionSwitch, open, loaded } = setup(db);
    await sessionSwitch.open('s1');

    expect(await sessionSwitch.startNew('s2', 'p2')).toBe('s2');

    expect(agent.state.messages).toEqual([]);
    expect(sessionSwitch.title).toBe('');
    expect(open()).toMatchObject({ sessionId: 's2', projectId: 'p2' });
    expect(loaded.at(-1)).toEqual([]);
  });

  it('stops a running answer before it switches', async () => {
    const db = await freshDb();
    const stream = createScriptedStream([
      { content: [{ type: 'text', text: 'On and on' }], untilAborted: true },
    ]);
    const { agent, sessionSwitch } = setup(db, stream.streamFn);
    await sessionSwitch.startNew('s1', undefined);
    const run = agent.prompt('Go');

    await sessionSwitch.startNew('s2', undefined);
    await run;

    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.messages).toEqual([]);
  });

  it('writes nothing in an incognito chat and lets its held files go when another chat starts', async () => {
    const db = await freshDb();
    const { sessionSwitch, told, steps, held, open } = setup(db);
    await sessionSwitch.startNew('s1', undefined);
    hold(held);

    await sessionSwitch.startIncognito('secret');
    expect(sessionSwitch.incognito).toBe(true);
    expect(open()).toBeUndefined();
    expect(told).toContain('detach');
    expect(steps.at(-1)).toEqual({ kind: 'opened', sessionId: 'secret' });
    expect(held.get('a1')).toBeUndefined();

    hold(held);
    await sessionSwitch.startNew('s2', undefined);
    expect(sessionSwitch.incognito).toBe(false);
    expect(held.get('a1')).toBeUndefined();
  });

  it('keeps the files of a saved chat when another saved chat starts', async () => {
    const db = await freshDb();
    const { sessionSwitch, held } = setup(db);
    await sessionSwitch.startNew('s1', undefined);
    hold(held);
    await sessionSwitch.startNew('s2', undefined);
    expect(held.get('a1')).toBeDefined();
  });

  it('keeps the title a write saved for the open session only', async () => {
    const db = await freshDb();
    const { sessionSwitch } = setup(db);
    await sessionSwitch.startNew('s1', undefined);

    sessionSwitch.saved('other', 'Not this one');
    expect(sessionSwitch.title).toBe('');
    sessionSwitch.saved('s1', 'Trip');
    expect(sessionSwitch.title).toBe('Trip');
  });
});
