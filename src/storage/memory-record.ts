/**
 * The check of a memory file record (stored, imported or synced), apart from `MemoriesRepository` so an export
 * or an import can use it without carrying the repository.
 */
import type { MemoryRecord } from './schema';

/** A stored or imported memory file, or `undefined` when it is not one. */
export function parseMemoryRecord(value: unknown): MemoryRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { space, path, text, updated } = value as Record<string, unknown>;
  if (typeof space !== 'string' || !isSpace(space)) return undefined;
  if (typeof path !== 'string' || !isMemoryPath(path)) return undefined;
  if (typeof text !== 'string' || typeof updated !== 'number' || !Number.isFinite(updated)) return undefined;
  return { space, path, text, updated };
}

/** `person`, or `project:` and an id. */
export function isSpace(space: string): boolean {
  return space === 'person' || /^project:[^\s/]{1,200}$/.test(space);
}

/** A relative path of 1 to 16 segments of 1 to 255 characters, none `.` or `..`, no controls or backslashes. */
export function isMemoryPath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what the rule refuses
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return false;
  const segments = path.split('/');
  return (
    segments.length <= 16 && segments.every((s) => s.length > 0 && s.length <= 255 && s !== '.' && s !== '..')
  );
}
