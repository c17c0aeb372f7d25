/**
 * Wording every folder shares: byte sizes as people read them, and HTML escaping. It lives here because
 * every folder may import src/agent; it needs nothing but strings.
 */

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1 → "1 byte", 18 → "18 bytes", 30605 → "29.9 KB", 521990 → "510 KB", 23_000_000 → "21.9 MB" (binary
 * multiples, as file managers show; one decimal below 100, none from 100).
 */
export function formatBytes(n: number): string {
  let value = Math.max(0, n);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${UNITS[unit]}`;
}

/** Escapes text for HTML text and for attribute values in double or single quotes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
