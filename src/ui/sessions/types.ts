import { msg } from '../l10n';
/**
 * What the sessions sidebar needs to know about a session. `SessionRecord` from `src/storage` has all of
 * these fields, so records can be passed as they are.
 */
export interface SessionSummary {
  readonly id: string;
  /** Empty until the first user message gives one; shown as "Untitled session". */
  readonly title: string;
  /** Epoch ms of the last change; decides the date group. */
  readonly updated: number;
  readonly preview?: string;
  readonly messageCount?: number;
  /** The project it is in (ignored when no listed project has this id). */
  readonly projectId?: string;
  /** When it was pinned: pinned sessions are listed first, latest pin first. */
  readonly pinnedAt?: number;
}

/** What the sidebar shows of a project. */
export interface ProjectSummary {
  readonly id: string;
  readonly name: string;
}

/** A search result: the session and, when a message matched, a stretch of its text. */
export interface SessionSearchHit {
  readonly session: SessionSummary;
  readonly snippet: string;
}

export const UNTITLED = 'Untitled session';

/** The name a session is shown (and its link named) by. */
export function displayTitle(session: SessionSummary): string {
  return session.title.trim() || msg('Untitled session');
}
