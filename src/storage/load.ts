/** Reading a whole session back: its metadata and its messages, in order, with what could not be read. */

import type { AgentMessage } from '../agent';
import { BranchTree, type Entry } from './branch-tree';
import type { EaselDatabase } from './db';
import { MessagesRepository } from './messages-repo';
import type { SessionRecord } from './schema';
import { SessionsRepository } from './sessions-repo';

/** The error text of an answer whose page closed while it streamed; the UI offers `Retry` for it. */
export const INTERRUPTED_MESSAGE =
  'This answer was interrupted (the page was closed or reloaded while it streamed).';

export type LoadedSession =
  | {
      readonly kind: 'found';
      readonly session: SessionRecord;
      /**
       * What the agent should hold: the branch the person was on, oldest first; an interrupted answer is an
       * `aborted` assistant message.
       */
      readonly messages: readonly AgentMessage[];
      /** The same messages with their storage keys (the saver continues from them). */
      readonly entries: readonly Entry[];
      /** Every message of every branch. */
      readonly tree: BranchTree;
      /** One sentence per record that failed its check and was skipped. */
      readonly problems: readonly string[];
    }
  | { readonly kind: 'not-found'; readonly id: string; readonly message: string };

/** Loads a session; a deleted one (awaiting purge) counts as not found. */
export async function loadSession(db: EaselDatabase, id: string): Promise<LoadedSession> {
  const lookup = await new SessionsRepository(db).get(id);
  if (lookup.kind === 'missing' || (lookup.kind === 'found' && lookup.session.deletedAt !== undefined)) {
    return { kind: 'not-found', id, message: `There is no session with the id "${id}" in this browser.` };
  }
  if (lookup.kind === 'invalid') {
    return { kind: 'not-found', id, message: `Session "${id}" could not be read: ${lookup.problem}` };
  }
  const { records, problems } = await new MessagesRepository(db).load(id);
  const tree = BranchTree.fromRecords(records, (r) => (r.partial ? interrupted(r.message) : r.message));
  const entries = tree.activePath(lookup.session.activeLeaf);
  return {
    kind: 'found',
    session: lookup.session,
    messages: entries.map((e) => e.message),
    entries,
    tree,
    problems,
  };
}

/** A streaming snapshot as the UI should show it: an answer that stopped, with `Retry`. */
export function interrupted(message: AgentMessage): AgentMessage {
  if (message.role !== 'assistant') return message;
  return { ...message, stopReason: 'aborted', errorKind: 'aborted', errorMessage: INTERRUPTED_MESSAGE };
}
