/** The name of a session's file in the backup folder. */

/** Characters no file name may hold here: controls, invisible format characters, and what Windows refuses. */
const REFUSED = /[\p{Cc}\p{Cf}\u2028\u2029/\\:*?"<>|]/gu;
/** The longest title kept in a name (whole code points), so the name stays well under file systems' limits. */
const MAX_TITLE_LENGTH = 80;

/**
 * `<safe title> — <id>.json`: the title with refused characters as `_`, cut at 80 characters, without leading
 * or trailing dots and spaces (`Untitled` when nothing is left), then the id, which keeps two sessions of one
 * title apart and finds a session's file after it is renamed.
 */
export function backupFileName(title: string, id: string): string {
  const cleaned = [...title.replace(REFUSED, '_').replace(/\s+/g, ' ')]
    .slice(0, MAX_TITLE_LENGTH)
    .join('')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${cleaned || 'Untitled'} — ${id.replace(REFUSED, '_')}.json`;
}
