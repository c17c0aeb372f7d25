/**
 * Where the open session stands, as one state: saving, deleted in another tab (its writes held), or cut off
 * from lost storage (everything held). `transition` is the whole of how it changes: each event gives the next
 * state and what the write queue and the listeners must be told, so every step can be tested on its own.
 *
 *     closed ──open──▶ saving ──deleted elsewhere / found gone──▶ deleted ──undeleted──▶ saving
 *                        │  ▲                                       │
 *                        │  └──────────written anew (same or new id)┘
 *                      lost ──▶ lost ──written anew (cleared only)──▶ saving
 *
 * Storage lost wins over a deletion: with nothing reachable, only `saveAgain` (data cleared) or a reload
 * (replaced by another version) gets the session saved again.
 */

import { assertNever } from '../agent';
import type { StorageLoss } from './connection';
import type { SessionChange } from './notices';

export type Standing =
  | { readonly kind: 'closed' }
  | { readonly kind: 'saving'; readonly sessionId: string }
  /** Deleted in another tab (`purged`: gone from storage); its writes wait for `restore` or `saveAsNew`. */
  | { readonly kind: 'deleted'; readonly sessionId: string; readonly purged: boolean }
  /** Stored data is gone or out of reach; `sessionId` of the session open then (or opened since). */
  | { readonly kind: 'lost'; readonly sessionId: string | undefined; readonly reason: StorageLoss };

export type StandingEvent =
  /** A session was opened (or a new chat started) with this id. */
  | { readonly kind: 'opened'; readonly sessionId: string }
  /** The open session was deleted in another tab, or a commit found it gone (`purged`). */
  | { readonly kind: 'gone'; readonly purged: boolean }
  /**
   * Its deletion was undone: `here` by `restore` (its record was still there), else in the tab that deleted
   * it (which cannot undo a purge).
   */
  | { readonly kind: 'undeleted'; readonly here: boolean }
  | { readonly kind: 'lost'; readonly reason: StorageLoss }
  /** The whole history was written anew under `sessionId` (the same id, or a new one). */
  | { readonly kind: 'written-anew'; readonly sessionId: string };

/** What the listeners hear of the open session's standing (part of the saver's `SaveStatus`). */
export type StandingStatus =
  | { readonly kind: 'deleted'; readonly sessionId: string; readonly purged: boolean }
  | { readonly kind: 'restored'; readonly sessionId: string }
  | { readonly kind: 'lost'; readonly reason: StorageLoss; readonly sessionId: string | undefined };

/** What the saver does for a transition, in order: the write queue's holds, and what the listeners hear. */
export type StandingEffect =
  | { readonly kind: 'hold' | 'release' | 'discard'; readonly sessionId: string }
  | { readonly kind: 'emit'; readonly status: StandingStatus };

export interface Transition {
  readonly state: Standing;
  readonly effects: readonly StandingEffect[];
}

const same = (state: Standing): Transition => ({ state, effects: [] });

/** The open session's id in any state. */
export function openId(state: Standing): string | undefined {
  return state.kind === 'closed' ? undefined : state.sessionId;
}

export function transition(state: Standing, event: StandingEvent): Transition {
  switch (event.kind) {
    case 'opened': {
      const effects: StandingEffect[] = [];
      // Leaving a session deleted elsewhere (or lost with the stored data) unsaved: what waited goes with it.
      const left = openId(state);
      if ((state.kind === 'deleted' || state.kind === 'lost') && left !== undefined)
        effects.push({ kind: 'discard', sessionId: left });
      // Cleared data: the next session saves into the database opened again. Replaced: nothing saves any more.
      if (state.kind === 'lost' && state.reason === 'replaced') {
        effects.push({ kind: 'hold', sessionId: event.sessionId });
        return { state: { ...state, sessionId: event.sessionId }, effects };
      }
      return { state: { kind: 'saving', sessionId: event.sessionId }, effects };
    }
    case 'gone': {
      if (state.kind === 'saving' || (state.kind === 'deleted' && event.purged && !state.purged)) {
        const { sessionId } = state;
        return {
          state: { kind: 'deleted', sessionId, purged: event.purged },
          effects: [
            { kind: 'hold', sessionId },
            { kind: 'emit', status: { kind: 'deleted', sessionId, purged: event.purged } },
          ],
        };
      }
      return same(state);
    }
    case 'undeleted': {
      if (state.kind !== 'deleted' || (state.purged && !event.here)) return same(state);
      const { sessionId } = state;
      return {
        state: { kind: 'saving', sessionId },
        effects: [
          { kind: 'release', sessionId },
          { kind: 'emit', status: { kind: 'restored', sessionId } },
        ],
      };
    }
    case 'lost': {
      if (state.kind === 'lost' && state.reason === event.reason) return same(state);
      const sessionId = openId(state);
      return {
        state: { kind: 'lost', sessionId, reason: event.reason },
        effects: [
          ...(sessionId === undefined ? [] : [{ kind: 'hold', sessionId } as const]),
          { kind: 'emit', status: { kind: 'lost', reason: event.reason, sessionId } },
        ],
      };
    }
    case 'written-anew': {
      const { sessionId } = event;
      const restored = { kind: 'emit', status: { kind: 'restored', sessionId } } as const;
      switch (state.kind) {
        case 'closed':
          return same(state);
        case 'saving':
          return { state: { kind: 'saving', sessionId }, effects: [restored] };
        case 'deleted':
          return {
            state: { kind: 'saving', sessionId },
            effects: [{ kind: 'discard', sessionId: state.sessionId }, restored],
          };
        case 'lost':
          // Replaced by another version: nothing saves until a reload, whatever id it has.
          if (state.reason === 'replaced') return { state: { ...state, sessionId }, effects: [restored] };
          return {
            state: { kind: 'saving', sessionId },
            effects: [
              ...(state.sessionId === undefined
                ? []
                : [{ kind: 'discard', sessionId: state.sessionId } as const]),
              restored,
            ],
          };
        default:
          return assertNever(state);
      }
    }
    default:
      return assertNever(event);
  }
}

/** What an `OpenSession` tells: the write queue's holds, and the listeners. */
export interface OpenSessionSinks {
  readonly queue: { hold(id: string): void; release(id: string): void; discard(id: string): void };
  readonly emit: (status: StandingStatus) => void;
}

/** The open session's standing, changed only through `transition`, its effects carried out in order. */
export class OpenSession {
  private state: Standing = { kind: 'closed' };

  constructor(private readonly sinks: OpenSessionSinks) {}

  get standing(): Standing {
    return this.state;
  }

  step(event: StandingEvent): void {
    const { state, effects } = transition(this.state, event);
    this.state = state;
    this.apply(effects);
  }

  /** Another tab changed the open session. */
  sessionChanged(change: SessionChange): void {
    switch (change) {
      case 'deleted':
      case 'purged':
        this.step({ kind: 'gone', purged: change === 'purged' });
        return;
      case 'restored':
        // Undone in the tab that deleted it: what waited is saved now.
        this.step({ kind: 'undeleted', here: false });
        return;
      case 'created':
      case 'renamed':
      case 'placed':
      case 'imported':
        return;
      default:
        assertNever(change);
    }
  }

  /**
   * The history written anew under `sessionId` by `write`, which runs once what waited for the session left
   * behind is discarded, and before the listeners hear of it.
   */
  writeAnew(sessionId: string, write: () => void): void {
    const { state, effects } = transition(this.state, { kind: 'written-anew', sessionId });
    this.state = state;
    this.apply(effects.filter((e) => e.kind === 'discard'));
    write();
    this.apply(effects.filter((e) => e.kind !== 'discard'));
  }

  private apply(effects: readonly StandingEffect[]): void {
    for (const effect of effects)
      if (effect.kind === 'emit') this.sinks.emit(effect.status);
      else this.sinks.queue[effect.kind](effect.sessionId);
  }
}
