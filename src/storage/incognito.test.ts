import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import { AttachmentsRepository, HeldFiles } from './attachments-repo';
import { SessionSaver } from './saver';
import { FakeClock, freshDb, testAgent } from './test-support';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

function setup(held = new HeldFiles()) {
  return freshDb().then((db) => {
    const agent = testAgent(
      createScriptedStream([reply('Hello!'), reply('Again!'), reply('Saved.')]).streamFn,
    );
    const saver = new SessionSaver({ db, agent, clock: new FakeClock(), held });
    return { db, agent, saver, held, files: new AttachmentsRepository(db, held) };
  });
}

/** Every record of every store, as text. */
async function everything(db: Awaited<ReturnType<typeof freshDb>>): Promise<string> {
  const parts: unknown[] = [];
  for (const store of db.objectStoreNames) parts.push(await db.getAll(store));
  return JSON.stringify(parts);
}

describe('an incognito chat', () => {
  it('writes no session, message or text, and has no session id', async () => {
    const { db, agent, saver } = await setup();
    await saver.startIncognito();
    expect(saver.incognito).toBe(true);
    expect(saver.sessionId).toBeUndefined();
    await agent.prompt('a secret plan');
    await saver.flush();
    expect(agent.state.messages).toHaveLength(2);
    expect(await everything(db)).not.toContain('secret');
    expect(await db.count('sessions')).toBe(0);
  });

  it('holds its files in memory, readable like stored ones, and lets them go when it ends', async () => {
    const { db, saver, files } = await setup();
    await saver.startIncognito();
    files.hold({
      id: 'a1',
      sessionId: 'unsaved',
      blob: new Blob(['secret bytes']),
      mimeType: 'text/plain',
      size: 12,
    });
    const found = await files.get('a1');
    expect(found.kind).toBe('found');
    expect(await db.count('attachments')).toBe(0);
    await saver.startNew('s1');
    expect(saver.incognito).toBe(false);
    expect((await files.get('a1')).kind).toBe('missing');
  });

  it('is left for a new chat, which is saved again', async () => {
    const { db, agent, saver } = await setup();
    await saver.startIncognito();
    await agent.prompt('a secret plan');
    await saver.startNew('s1');
    expect(agent.state.messages).toEqual([]);
    await agent.prompt('an ordinary plan');
    await saver.flush();
    expect(await db.count('sessions')).toBe(1);
    expect(await everything(db)).not.toContain('secret');
  });

  it('refuses to hold files without a place for them', async () => {
    const db = await freshDb();
    expect(() =>
      new AttachmentsRepository(db).hold({
        id: 'a',
        sessionId: 's',
        blob: new Blob([]),
        mimeType: 'x',
        size: 0,
      }),
    ).toThrow(/cannot keep files of an incognito chat/);
  });
});
