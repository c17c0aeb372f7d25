import type { ProjectSummary, SessionSummary } from './types';

export type DateGroupLabel = 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older';

export interface DateGroup {
  readonly label: DateGroupLabel;
  readonly sessions: readonly SessionSummary[];
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Sessions by the local calendar day of their last change: Today, Yesterday, Previous 7 days (the seven
 * days before yesterday), Older. Groups keep the order they are given (newest first) and empty groups are
 * left out.
 */
export function groupByDate(sessions: readonly SessionSummary[], now: number): DateGroup[] {
  const today = startOfDay(now);
  const yesterday = today - DAY;
  const week = yesterday - 7 * DAY;
  const buckets: Record<DateGroupLabel, SessionSummary[]> = {
    Today: [],
    Yesterday: [],
    'Previous 7 days': [],
    Older: [],
  };
  for (const session of sessions) {
    const at = session.updated;
    const label: DateGroupLabel =
      at >= today ? 'Today' : at >= yesterday ? 'Yesterday' : at >= week ? 'Previous 7 days' : 'Older';
    buckets[label].push(session);
  }
  return (Object.keys(buckets) as DateGroupLabel[])
    .filter((label) => buckets[label].length > 0)
    .map((label) => ({ label, sessions: buckets[label] }));
}

/** Local midnight of the day holding `time` (daylight-saving safe: built from the date, not by subtracting). */
function startOfDay(time: number): number {
  const d = new Date(time);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** A project and its sessions (newest first), for the sidebar. */
export interface ProjectGroup {
  readonly project: ProjectSummary;
  readonly sessions: readonly SessionSummary[];
}

/** The sidebar's sections: pinned sessions, then each project with its sessions, then the rest by date. */
export interface SidebarSections {
  readonly pinned: readonly SessionSummary[];
  readonly projects: readonly ProjectGroup[];
  readonly dated: readonly DateGroup[];
}

/**
 * Arranges sessions (newest first) for the sidebar. A pinned session is listed under `Pinned` only (latest pin
 * first), wherever it belongs; the others go under their project, or by date when they are in none (or in a
 * project that is not listed, as after importing sessions from another device). Every project is listed, in the
 * order given, even without sessions.
 */
export function arrangeSessions(
  sessions: readonly SessionSummary[],
  projects: readonly ProjectSummary[],
  now: number,
): SidebarSections {
  const byProject = new Map<string, SessionSummary[]>(projects.map((p) => [p.id, []]));
  const pinned: SessionSummary[] = [];
  const loose: SessionSummary[] = [];
  for (const session of sessions) {
    const inProject = session.projectId === undefined ? undefined : byProject.get(session.projectId);
    if (session.pinnedAt !== undefined) pinned.push(session);
    else if (inProject) inProject.push(session);
    else loose.push(session);
  }
  pinned.sort((a, b) => (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0));
  return {
    pinned,
    projects: projects.map((project) => ({ project, sessions: byProject.get(project.id) ?? [] })),
    dated: groupByDate(loose, now),
  };
}
