import 'fake-indexeddb/auto';
import type { Change } from 'pouchdb-browser';
import { describe, expect, it } from 'vitest';
import { MessagesRepository, type StorageNotice } from '../storage';
import { parseRemoteSession, writeRemoteMessages, writeRemoteSession } from '../storage/remote-write';
import { assistant, user } from '../storage/test-support';
import { seal } from './crypto';
import { mergeNotices } from './inbox';
import { applyFeed, testDevice, testKeys } from './test-support';

type Device = Awaited<ReturnType<typeof testDevice>>;

async function sessionOn(device: Device, id = 's1', title = 'Trip') {
  const session = parseRemoteSession({ id, title, created: 10, model: 'claude-x', thinkingLevel: 'off' });
  if (!session) throw new Error('refused a valid description');
  await writeRemoteSession(device.db, session);
  await writeRemoteMessages(device.db, id, [
    { key: 'k1', message: user('Where to go?', 5) },
    { key: 'k2', message: assistant('Lisbon in May.') },
  ]);
  await device.outbox.sendChanged(() => false);
}

/** What `from` has sent, replicated to `to`'s mirror (through PouchDB's replication, as with a server). */
async function carry(from: Device, to: Device): Promise<void> {
  await from.mirror.db.replicate.to(to.mirror.db);
}

describe('the inbox', () => {
  it('writes a session sent by another device into this one, and says so once per session', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await sessionOn(a);
    await carry(a, b);
    await applyFeed(b);
    const found = await b.sessions.get('s1');
    expect(found.kind === 'found' && found.session.title).toBe('Trip');
    const { records } = await new MessagesRepository(b.db).load('s1');
    expect(records.map((r) => r.key)).toEqual(['k1', 'k2']);
    expect(b.channel.posted).toEqual([
      { type: 'session', writer: 'sync-b', sessionId: 's1', change: 'created' },
      { type: 'messages', writer: 'sync-b', sessionId: 's1', put: ['k1', 'k2'], deleted: [] },
    ]);
    expect(b.problems).toEqual([]);
    // What came in is not this device's to send back.
    expect((await b.ledger.meta('s1')).sent).toBe(true);
  });

  it('skips the documents this device wrote itself', async () => {
    const a = await testDevice('a', await testKeys());
    await sessionOn(a);
    await applyFeed(a);
    expect(a.channel.posted).toEqual([]);
    expect(a.problems).toEqual([]);
  });

  it('skips and counts a document sealed with other keys, and writes nothing of it', async () => {
    const b = await testDevice('b', await testKeys());
    const stranger = await seal(await testKeys('another passphrase'), 'x1', { kind: 'session' });
    await b.mirror.db.bulkDocs([stranger as never]);
    await applyFeed(b);
    expect(b.problems).toEqual(['1 document(s) from the server could not be read and were skipped.']);
    expect(b.channel.posted).toEqual([]);
  });

  it('applies the later of two renames, keeps the other, and follows a deletion', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await sessionOn(a);
    await carry(a, b);
    await applyFeed(b);
    await a.sessions.rename('s1', 'Porto');
    await a.outbox.sendSession('s1');
    await carry(a, b);
    await applyFeed(b, await b.mirror.appliedSeq());
    const renamed = await b.sessions.get('s1');
    expect(renamed.kind === 'found' && renamed.session.title).toBe('Porto');
    expect((await b.ledger.meta('s1')).titles.map((t) => t.title)).toContain('Trip');
    await a.sessions.markDeleted('s1', 5_000);
    await a.outbox.sendSession('s1');
    await carry(a, b);
    await applyFeed(b, await b.mirror.appliedSeq());
    const deleted = await b.sessions.get('s1');
    expect(deleted.kind === 'found' && deleted.session.deletedAt).toBeTypeOf('number');
  });

  it('remembers where the feed got to, so nothing is applied twice', async () => {
    const keys = await testKeys();
    const a = await testDevice('a', keys);
    const b = await testDevice('b', keys);
    await sessionOn(a);
    await carry(a, b);
    await applyFeed(b);
    const seq = await b.mirror.appliedSeq();
    expect(seq).not.toBe(0);
    const before = b.channel.posted.length;
    await applyFeed(b, seq);
    expect(b.channel.posted.length).toBe(before);
  });

  it('counts the changes waiting until a job applies them', async () => {
    const b = await testDevice('b', await testKeys());
    const change = { id: 'x', seq: 1, deleted: true } as Change;
    b.inbox.receive(change);
    b.inbox.receive({ ...change, seq: 2 });
    expect(b.inbox.waiting).toBe(2);
    await b.jobs.idle();
    expect(b.inbox.waiting).toBe(0);
  });
});

describe('the notices of one batch', () => {
  it('says each session change once and gathers its new messages in one notice', () => {
    const writer = 'w';
    const notices: StorageNotice[] = [
      { type: 'session', writer, sessionId: 's1', change: 'created' },
      { type: 'messages', writer, sessionId: 's1', put: ['k1'], deleted: [] },
      { type: 'session', writer, sessionId: 's1', change: 'created' },
      { type: 'messages', writer, sessionId: 's1', put: ['k2', 'k1'], deleted: [] },
      { type: 'session', writer, sessionId: 's2', change: 'renamed' },
    ];
    expect(mergeNotices(notices)).toEqual([
      { type: 'session', writer, sessionId: 's1', change: 'created' },
      { type: 'session', writer, sessionId: 's2', change: 'renamed' },
      { type: 'messages', writer, sessionId: 's1', put: ['k1', 'k2'], deleted: [] },
    ]);
  });
});
