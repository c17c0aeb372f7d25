/** How the conversation learns which of its messages have other versions (edits, regenerated answers). */
import type { AgentMessage } from '../../agent';

/** A message's place among its versions: `index` (0-based) of `count`. */
export interface MessageVersions {
  readonly index: number;
  readonly count: number;
}

/** Answers for a message of the conversation; the session saver is one. */
export interface VersionLookup {
  versionsOf(message: AgentMessage): MessageVersions | undefined;
}

/** A conversation with no other versions (before the services arrive, and in tests). */
export const NO_VERSIONS: VersionLookup = { versionsOf: () => undefined };
