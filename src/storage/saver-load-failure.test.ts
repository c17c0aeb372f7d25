import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createScriptedStream } from '../agent/test-support';
import { type SaveStatus, SessionSaver } from './saver';
import { FakeClock, freshDb, testAgent } from './test-support';

// The write path cannot be fetched (the network went away after the first screen loaded, say).
vi.mock('./saver-core', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('SessionSaver when its write path cannot load', () => {
  it('says so as a storage notice, keeps the chat, and tries again', async () => {
    const db = await freshDb();
    const agent = testAgent(createScriptedStream([{ content: [{ type: 'text', text: 'Paris.' }] }]).streamFn);
    const clock = new FakeClock();
    const saver = new SessionSaver({ db, agent, clock });
    const statuses: SaveStatus[] = [];
    saver.subscribe((status) => statuses.push(status));
    await saver.startNew('s1');
    await agent.prompt('Capital of France?');

    await expect(saver.writePathReady()).rejects.toThrow();
    expect(statuses).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: expect.stringContaining('Easel could not load what saves this chat'),
      }),
    ]);
    expect(agent.state.messages).toHaveLength(2);
    expect(saver.sessionId).toBe('s1');
    expect(await saver.flush()).toBe(false);

    const before = statuses.length;
    clock.advance(5000); // the retry
    await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(before));
    expect(statuses.at(-1)?.kind).toBe('error');
    saver.dispose();
  });
});
