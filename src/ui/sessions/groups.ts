import type { SessionSummary } from './types';

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
