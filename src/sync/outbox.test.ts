import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseRemoteSession, writeRemoteMessages, writeRemoteSession } from '../storage/remote-write';
import { assistant, user } from '../storage/test-support';
import { testDevice, testKeys } from './test-support';

const description = { id: 's1', title: 'Trip', created: 10, model: 'claude-x', thinkingLevel: 'off' };

async function withSession(device: Awaited<ReturnType<typeof testDevice>>) {
  const session = parseRemoteSession(description);
  if (!session) throw new Error('refused a valid description');
  await writeRemoteSession(device.db, session);
  await writeRemoteMessages(device.db, 's1', [
    { key: 'k1', message: user('Where to go in saffron season?', 5) },
    { key: 'k2', message: assistant('Lisbon in May.') },
  ]);
}

async function mirrorDocs(device: Awaited<ReturnType<typeof testDevice>>) {
  const { rows } = (await device.mirror.db.allDocs({ include_docs: true } as never)) as unknown as {
    rows: { id: string; doc: Record<string, unknown> }[];
  };
  return rows.map((r) => r.doc);
}

describe('the outbox', () => {
  it('seals what changed while sync was off: the session and each message, no plaintext', async () => {
    const a = await testDevice('a', await testKeys());
    await withSession(a);
    await a.outbox.sendChanged(() => false);
    const docs = await mirrorDocs(a);
    // The description (its title included) and two messages.
    expect(docs).toHaveLength(3);
    const text = JSON.stringify(docs);
    expect(text).not.toContain('saffron');
    expect(text).not.toContain('Trip');
    // Quoted: base64 ciphertext can hold the letters s1 by chance, never a quote.
    expect(text).not.toContain('"s1"');
    expect((await a.ledger.meta('s1')).sent).toBe(true);
    expect(a.problems).toEqual([]);
  });

  it('sends nothing again once a session was sent and has not changed', async () => {
    const a = await testDevice('a', await testKeys());
    await withSession(a);
    await a.outbox.sendChanged(() => false);
    const before = (await mirrorDocs(a)).length;
    await a.outbox.sendChanged(() => false);
    expect((await mirrorDocs(a)).length).toBe(before);
  });

  it('stops sending at start once told sync stopped', async () => {
    const a = await testDevice('a', await testKeys());
    await withSession(a);
    await a.outbox.sendChanged(() => true);
    expect(await mirrorDocs(a)).toEqual([]);
  });

  it('sends a rename as a stamped title event, and a deletion as a state event', async () => {
    const a = await testDevice('a', await testKeys());
    await withSession(a);
    await a.outbox.sendChanged(() => false);
    const before = (await mirrorDocs(a)).length;
    await a.sessions.rename('s1', 'Lisbon trip');
    await a.outbox.sendSession('s1');
    await a.sessions.markDeleted('s1', 2_000);
    await a.outbox.sendSession('s1');
    expect((await mirrorDocs(a)).length).toBe(before + 2);
    const meta = await a.ledger.meta('s1');
    expect(meta.title?.title).toBe('Lisbon trip');
    expect(meta.state?.deleted).toBe(true);
  });

  it('has a job for new messages and for session changes, none for a purge or a move to a project', async () => {
    const a = await testDevice('a', await testKeys());
    const writer = 'w';
    expect(
      a.outbox.jobFor({ type: 'messages', writer, sessionId: 's1', put: ['k1'], deleted: [] }),
    ).toBeTypeOf('function');
    expect(a.outbox.jobFor({ type: 'messages', writer, sessionId: 's1', put: [], deleted: ['k1'] })).toBe(
      undefined,
    );
    for (const change of ['created', 'imported', 'renamed', 'deleted', 'restored'] as const)
      expect(a.outbox.jobFor({ type: 'session', writer, sessionId: 's1', change })).toBeTypeOf('function');
    for (const change of ['purged', 'placed'] as const)
      expect(a.outbox.jobFor({ type: 'session', writer, sessionId: 's1', change })).toBeUndefined();
  });

  it('gathers changed stored values into one job per burst', async () => {
    const a = await testDevice('a', await testKeys());
    expect(a.outbox.gatherAppData('s1', 'app.html', [[0, 'k1']])).toBe(true);
    expect(a.outbox.gatherAppData('s1', 'app.html', [[0, 'k2']])).toBe(false);
    await a.outbox.sendAppData();
    expect(a.outbox.gatherAppData('s1', 'app.html', [[0, 'k3']])).toBe(true);
  });
});
