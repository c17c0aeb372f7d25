import { describe, expect, it } from 'vitest';
import { OpenSession, type Standing, transition } from './open-session';

const closed: Standing = { kind: 'closed' };
const saving: Standing = { kind: 'saving', sessionId: 's1' };
const deleted: Standing = { kind: 'deleted', sessionId: 's1', purged: false };
const purged: Standing = { kind: 'deleted', sessionId: 's1', purged: true };
const cleared: Standing = { kind: 'lost', sessionId: 's1', reason: 'cleared' };
const replaced: Standing = { kind: 'lost', sessionId: 's1', reason: 'replaced' };

describe('where the open session stands', () => {
  describe('opened', () => {
    it('closed → saving, nothing to tell', () => {
      expect(transition(closed, { kind: 'opened', sessionId: 's2' })).toEqual({
        state: { kind: 'saving', sessionId: 's2' },
        effects: [],
      });
    });

    it('saving → saving the other session; what the first one has waiting still goes', () => {
      expect(transition(saving, { kind: 'opened', sessionId: 's2' }).effects).toEqual([]);
    });

    it('deleted → saving the other session; what waited for the deleted one is dropped', () => {
      expect(transition(deleted, { kind: 'opened', sessionId: 's2' })).toEqual({
        state: { kind: 'saving', sessionId: 's2' },
        effects: [{ kind: 'discard', sessionId: 's1' }],
      });
    });

    it('lost (cleared) → saving the other session into the database opened again', () => {
      expect(transition(cleared, { kind: 'opened', sessionId: 's2' })).toEqual({
        state: { kind: 'saving', sessionId: 's2' },
        effects: [{ kind: 'discard', sessionId: 's1' }],
      });
    });

    it('lost (replaced) → still lost: the other session is held too', () => {
      expect(transition(replaced, { kind: 'opened', sessionId: 's2' })).toEqual({
        state: { kind: 'lost', sessionId: 's2', reason: 'replaced' },
        effects: [
          { kind: 'discard', sessionId: 's1' },
          { kind: 'hold', sessionId: 's2' },
        ],
      });
    });
  });

  describe('gone', () => {
    it('saving → deleted: its writes are held and the listeners told', () => {
      expect(transition(saving, { kind: 'gone', purged: false })).toEqual({
        state: deleted,
        effects: [
          { kind: 'hold', sessionId: 's1' },
          { kind: 'emit', status: { kind: 'deleted', sessionId: 's1', purged: false } },
        ],
      });
    });

    it('deleted → purged once it is removed for good, told again', () => {
      const next = transition(deleted, { kind: 'gone', purged: true });
      expect(next.state).toEqual(purged);
      expect(next.effects).toContainEqual({
        kind: 'emit',
        status: { kind: 'deleted', sessionId: 's1', purged: true },
      });
    });

    it('changes nothing said already: deleted twice, deleted after purged, or while closed', () => {
      expect(transition(deleted, { kind: 'gone', purged: false })).toEqual({ state: deleted, effects: [] });
      expect(transition(purged, { kind: 'gone', purged: false })).toEqual({ state: purged, effects: [] });
      expect(transition(closed, { kind: 'gone', purged: true })).toEqual({ state: closed, effects: [] });
    });

    it('changes nothing while storage is lost (nothing is saved then anyway)', () => {
      expect(transition(cleared, { kind: 'gone', purged: true })).toEqual({ state: cleared, effects: [] });
    });
  });

  describe('undeleted', () => {
    it('deleted → saving: what waited is released and the listeners told', () => {
      expect(transition(deleted, { kind: 'undeleted', here: false })).toEqual({
        state: saving,
        effects: [
          { kind: 'release', sessionId: 's1' },
          { kind: 'emit', status: { kind: 'restored', sessionId: 's1' } },
        ],
      });
    });

    it('another tab cannot undo a purge; `restore` here can, when the record was still there', () => {
      expect(transition(purged, { kind: 'undeleted', here: false }).state).toEqual(purged);
      expect(transition(purged, { kind: 'undeleted', here: true }).state).toEqual(saving);
    });

    it('changes nothing while saving', () => {
      expect(transition(saving, { kind: 'undeleted', here: true })).toEqual({ state: saving, effects: [] });
    });
  });

  describe('lost', () => {
    it('saving → lost: the session is held and the listeners told', () => {
      expect(transition(saving, { kind: 'lost', reason: 'cleared' })).toEqual({
        state: cleared,
        effects: [
          { kind: 'hold', sessionId: 's1' },
          { kind: 'emit', status: { kind: 'lost', reason: 'cleared', sessionId: 's1' } },
        ],
      });
    });

    it('closed → lost with no session to hold', () => {
      expect(transition(closed, { kind: 'lost', reason: 'replaced' })).toEqual({
        state: { kind: 'lost', sessionId: undefined, reason: 'replaced' },
        effects: [{ kind: 'emit', status: { kind: 'lost', reason: 'replaced', sessionId: undefined } }],
      });
    });

    it('lost wins over a deletion, and the same loss is said once', () => {
      expect(transition(deleted, { kind: 'lost', reason: 'cleared' }).state).toEqual(cleared);
      expect(transition(cleared, { kind: 'lost', reason: 'cleared' })).toEqual({
        state: cleared,
        effects: [],
      });
      expect(transition(cleared, { kind: 'lost', reason: 'replaced' }).state).toEqual(replaced);
    });
  });

  describe('written anew', () => {
    it('saving → saving under the new id (saved as new)', () => {
      expect(transition(saving, { kind: 'written-anew', sessionId: 's2' })).toEqual({
        state: { kind: 'saving', sessionId: 's2' },
        effects: [{ kind: 'emit', status: { kind: 'restored', sessionId: 's2' } }],
      });
    });

    it('deleted → saving: what waited for the deleted session is dropped first', () => {
      expect(transition(purged, { kind: 'written-anew', sessionId: 's1' })).toEqual({
        state: saving,
        effects: [
          { kind: 'discard', sessionId: 's1' },
          { kind: 'emit', status: { kind: 'restored', sessionId: 's1' } },
        ],
      });
    });

    it('lost (cleared) → saving again under its id', () => {
      expect(transition(cleared, { kind: 'written-anew', sessionId: 's1' })).toEqual({
        state: saving,
        effects: [
          { kind: 'discard', sessionId: 's1' },
          { kind: 'emit', status: { kind: 'restored', sessionId: 's1' } },
        ],
      });
    });

    it('lost (replaced) stays lost: nothing saves until a reload', () => {
      expect(transition(replaced, { kind: 'written-anew', sessionId: 's2' }).state).toEqual({
        ...replaced,
        sessionId: 's2',
      });
    });

    it('changes nothing while closed', () => {
      expect(transition(closed, { kind: 'written-anew', sessionId: 's1' })).toEqual({
        state: closed,
        effects: [],
      });
    });
  });
});

describe('the open session', () => {
  function harness() {
    const log: string[] = [];
    const session = new OpenSession({
      queue: {
        hold: (id) => log.push(`hold ${id}`),
        release: (id) => log.push(`release ${id}`),
        discard: (id) => log.push(`discard ${id}`),
      },
      emit: (status) => log.push(`emit ${status.kind} ${status.sessionId}`),
    });
    return { session, log };
  }

  it('carries out each transition in order', () => {
    const { session, log } = harness();
    session.step({ kind: 'opened', sessionId: 's1' });
    session.sessionChanged('deleted');
    session.sessionChanged('renamed');
    session.sessionChanged('restored');
    expect(session.standing).toEqual(saving);
    expect(log).toEqual(['hold s1', 'emit deleted s1', 'release s1', 'emit restored s1']);
  });

  it('writes anew after dropping what waited, and tells the listeners after the write', () => {
    const { session, log } = harness();
    session.step({ kind: 'opened', sessionId: 's1' });
    session.sessionChanged('purged');
    log.length = 0;
    session.writeAnew('s2', () => log.push('write s2'));
    expect(log).toEqual(['discard s1', 'write s2', 'emit restored s2']);
    expect(session.standing).toEqual({ kind: 'saving', sessionId: 's2' });
  });
});
