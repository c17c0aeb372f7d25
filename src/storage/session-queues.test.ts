/** Tests for `SessionQueues`: queued messages stay with their session, and across a reload. */
import { describe, expect, it } from 'vitest';
import type { Agent, AgentMessage } from '../agent';
import { createAgent, user } from '../agent/test-support';
import { keepQueuesOnlyOnReload, SessionQueues, type TabStorage } from './session-queues';

/** Session storage as the browser keeps it for a tab: strings by key. */
function tabStorage(): TabStorage &
  Pick<Storage, 'key' | 'length'> & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

const texts = (agent: Agent) =>
  [...agent.queueSnapshot.steering, ...agent.queueSnapshot.followUp].map(
    (q) => `${q.kind}: ${(q.message as { content: string }).content}`,
  );

describe('SessionQueues', () => {
  it('keeps a session’s queued messages while another is open, and queues them again when it opens', () => {
    const { agent } = createAgent([]);
    const queues = new SessionQueues(agent, tabStorage());
    queues.opened('a');
    agent.steer(user('Make it blue.'));
    agent.followUp(user('Then add tests.'));

    queues.opened('b');
    expect(texts(agent)).toEqual([]);
    agent.followUp(user('For b.'));

    queues.opened('a');
    expect(texts(agent)).toEqual(['steer: Make it blue.', 'followUp: Then add tests.']);
    queues.opened('b');
    expect(texts(agent)).toEqual(['followUp: For b.']);
  });

  it('changes nothing when the same session loads again (another tab’s messages, another version)', () => {
    const { agent } = createAgent([]);
    const queues = new SessionQueues(agent, tabStorage());
    queues.opened('a');
    agent.steer(user('Make it blue.'));
    queues.opened('a');
    expect(texts(agent)).toEqual(['steer: Make it blue.']);
  });

  it('forgets what was sent or removed', () => {
    const { agent } = createAgent([]);
    const storage = tabStorage();
    const queues = new SessionQueues(agent, storage);
    queues.opened('a');
    const id = agent.steer(user('Make it blue.'));
    expect(storage.items.size).toBe(1);
    agent.removeQueued(id);
    expect(storage.items.size).toBe(0);
    queues.opened('b');
    queues.opened('a');
    expect(texts(agent)).toEqual([]);
  });

  it('queues a session’s text messages again after a reload, from the tab’s storage', () => {
    const storage = tabStorage();
    const before = createAgent([]).agent;
    new SessionQueues(before, storage).opened('a');
    before.steer(user('Make it blue.'));
    before.followUp({
      role: 'user-with-attachments',
      content: 'See the file.',
      attachments: [],
      timestamp: 1,
    } as unknown as AgentMessage);
    before.followUp(user('Then add tests.'));

    const after = createAgent([]).agent;
    new SessionQueues(after, storage).opened('a');
    expect(texts(after)).toEqual(['steer: Make it blue.', 'followUp: Then add tests.']);
  });

  it('drops what it cannot trust in the tab’s storage, and keeps the rest', () => {
    const storage = tabStorage();
    storage.setItem(
      'easel.queued.a',
      JSON.stringify([
        { kind: 'steer', message: user('Kept.') },
        { kind: 'shout', message: user('Unknown kind.') },
        { kind: 'followUp', message: { role: 'user', content: 'No timestamp.' } },
        { kind: 'followUp', message: { role: 'assistant', content: [], timestamp: 1 } },
        null,
      ]),
    );
    storage.setItem('easel.queued.b', '{not json');
    const { agent } = createAgent([]);
    const queues = new SessionQueues(agent, storage);
    queues.opened('a');
    expect(texts(agent)).toEqual(['steer: Kept.']);
    queues.opened('b');
    expect(texts(agent)).toEqual([]);
  });

  it('moves the queue with a session saved under a new id', () => {
    const { agent } = createAgent([]);
    const storage = tabStorage();
    const queues = new SessionQueues(agent, storage);
    queues.opened('a');
    agent.steer(user('Make it blue.'));
    queues.renamed('a2');
    expect([...storage.items.keys()]).toEqual(['easel.queued.a2']);
    queues.opened('b');
    queues.opened('a2');
    expect(texts(agent)).toEqual(['steer: Make it blue.']);
  });

  it('keeps the queue in memory when the tab’s storage refuses it', () => {
    const { agent } = createAgent([]);
    const refusing: TabStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const queues = new SessionQueues(agent, refusing);
    queues.opened('a');
    agent.steer(user('Make it blue.'));
    queues.opened('b');
    queues.opened('a');
    expect(texts(agent)).toEqual(['steer: Make it blue.']);
  });

  it('leaves no older list behind when the tab’s storage refuses a newer one', () => {
    const storage = tabStorage();
    const { agent } = createAgent([]);
    const queues = new SessionQueues(agent, storage);
    queues.opened('a');
    agent.steer(user('Small one.'));
    expect(storage.items.has('easel.queued.a')).toBe(true);
    const setItem = storage.setItem;
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    agent.followUp(user('A large one.'));
    expect(storage.items.has('easel.queued.a')).toBe(false);
    storage.setItem = setItem;
    expect(texts(agent)).toEqual(['steer: Small one.', 'followUp: A large one.']);
  });
});

describe('keepQueuesOnlyOnReload', () => {
  it('forgets the queued messages a tab’s storage holds unless the page was reloaded', () => {
    for (const [type, kept] of [
      ['reload', true],
      ['back_forward', false],
      ['navigate', false],
      [undefined, false],
    ] as const) {
      const storage = tabStorage();
      storage.setItem('easel.queued.a', '[]');
      storage.setItem('other', 'kept');
      keepQueuesOnlyOnReload(storage, type);
      expect([...storage.items.keys()]).toEqual(kept ? ['easel.queued.a', 'other'] : ['other']);
    }
  });
});
