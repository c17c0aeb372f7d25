/** The thinking levels: the one list that the type, the catalog, the request and the stored-data checks use. */

/** Lowest first. `off` disables thinking; the others are the effort levels (`output_config.effort`). */
export const THINKING_LEVELS = ['off', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

/** The levels that ask for effort (all but `off`), lowest first. */
export const EFFORT_LEVELS: readonly (typeof THINKING_LEVELS)[number][] = THINKING_LEVELS.filter(
  (level) => level !== 'off',
);

/** True for one of `THINKING_LEVELS` (a stored or imported setting is `unknown` until checked). */
export function isThinkingLevel(value: unknown): value is (typeof THINKING_LEVELS)[number] {
  return typeof value === 'string' && (THINKING_LEVELS as readonly string[]).includes(value);
}
