/**
 * The rule for a mutable value edited on two devices (a session's title, whether it is deleted): every edit is
 * an immutable event `{ value, at, device }`; the latest `at` wins, a tie goes to the greater device id. Every
 * device applies the same rule to the same events, so all converge on one value whatever order events arrive
 * in, and the losing events stay stored, so the values they carried can be recovered.
 */

/** When and where an edit was made. */
export interface Stamp {
  /** Epoch milliseconds on the device that made it. */
  readonly at: number;
  /** That device's random id. */
  readonly device: string;
}

/** Whether `a` wins over `b` (`b` undefined: nothing to beat). */
export function wins(a: Stamp, b: Stamp | undefined): boolean {
  if (b === undefined) return true;
  if (a.at !== b.at) return a.at > b.at;
  return a.device > b.device;
}

/** The winning event of a list (in any order), or `undefined` for none. */
export function winner<T extends Stamp>(events: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const event of events) if (wins(event, best)) best = event;
  return best;
}

/** A title an edit set, with its stamp. */
export interface TitleEdit extends Stamp {
  readonly title: string;
}

/** How many titles a device keeps per session to recover from (the newest ones). */
export const KEPT_TITLES = 20;

/**
 * The titles seen for a session, newest winner first, with `edit` added once: what a person can pick from to
 * get a losing title back.
 */
export function withTitle(seen: readonly TitleEdit[], edit: TitleEdit): readonly TitleEdit[] {
  if (seen.some((t) => t.at === edit.at && t.device === edit.device)) return seen;
  return [...seen, edit].sort((a, b) => (wins(a, b) ? -1 : 1)).slice(0, KEPT_TITLES);
}
