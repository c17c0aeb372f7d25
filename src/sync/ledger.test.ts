import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SessionsRepository } from '../storage';
import { parseRemoteSession, writeRemoteSession } from '../storage/remote-write';
import { freshDb } from '../storage/test-support';
import { EMPTY_META, TitleLedger } from './ledger';
import { Mirror } from './mirror';
import { memoryPouch, testKeys } from './test-support';

async function ledger() {
  return new TitleLedger(new Mirror(await memoryPouch()), await testKeys());
}

async function storedSession(title: string) {
  const db = await freshDb();
  const session = parseRemoteSession({ id: 's1', title, created: 1, model: 'm', thinkingLevel: 'off' });
  if (!session) throw new Error('refused a valid description');
  await writeRemoteSession(db, session);
  return new SessionsRepository(db);
}

describe('the title ledger', () => {
  it('knows nothing of a session at first, and keeps each session apart', async () => {
    const l = await ledger();
    expect(await l.meta('s1')).toEqual(EMPTY_META);
    const next = await l.setMeta('s1', (m) => ({ ...m, sent: true, sentUpdated: 5 }));
    expect(next).toMatchObject({ sent: true, sentUpdated: 5 });
    expect(await l.meta('s1')).toEqual(next);
    expect(await l.meta('s2')).toEqual(EMPTY_META);
  });

  it('lists a session renamed on two devices, with the titles that lost', async () => {
    const l = await ledger();
    const sessions = await storedSession('Lisbon');
    const meta = await l.setMeta('s1', (m) => ({
      ...m,
      titles: [
        { title: 'Lisbon', at: 2, device: 'b' },
        { title: 'Porto', at: 1, device: 'a' },
      ],
    }));
    await l.noteRenamed('s1', meta);
    expect(await l.renamed(sessions)).toEqual([{ sessionId: 's1', title: 'Lisbon', others: ['Porto'] }]);
  });

  it('does not list titles given on one device only, nor a deleted session', async () => {
    const l = await ledger();
    const sessions = await storedSession('Lisbon');
    const one = await l.setMeta('s1', (m) => ({
      ...m,
      titles: [
        { title: 'Lisbon', at: 2, device: 'a' },
        { title: 'Porto', at: 1, device: 'a' },
      ],
    }));
    await l.noteRenamed('s1', one);
    expect(await l.renamed(sessions)).toEqual([]);
    const two = await l.setMeta('s1', (m) => ({
      ...m,
      titles: [...m.titles, { title: 'Faro', at: 3, device: 'b' }],
    }));
    await l.noteRenamed('s1', two);
    await sessions.markDeleted('s1', 4);
    expect(await l.renamed(sessions)).toEqual([]);
  });
});
