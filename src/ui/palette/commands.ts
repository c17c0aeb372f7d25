/** What the command palette lists: commands and sessions, and how a query picks among them. */
import type { Shortcut } from './shortcuts';

/** A command the palette can run. `id` is what the palette reports when it is chosen. */
export interface PaletteCommand {
  readonly id: string;
  /** "New chat", "Switch model to Claude Sonnet 4.6": what the option says. */
  readonly label: string;
  /** Other words a person may type to find it ("conversation" for New chat). */
  readonly keywords?: string;
  readonly shortcut?: Shortcut;
}

/** A session the palette offers: from the list (no query) or from the session search. */
export interface PaletteSession {
  readonly id: string;
  readonly title: string;
  /** A stretch of the message that matched, when one did. */
  readonly snippet?: string;
}

/** One option of the palette's list. */
export type PaletteOption =
  | { readonly kind: 'command'; readonly command: PaletteCommand }
  | { readonly kind: 'session'; readonly session: PaletteSession };

/**
 * The commands whose label or keywords contain every word of `query` (case-insensitive), ranked by how well
 * their label matches (`matchQuality`), in their order among equals; every command, in order, for an empty
 * query.
 */
export function filterCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const found = commands.filter((c) => {
    const text = `${c.label} ${c.keywords ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  return found
    .map((command, i) => ({ command, i, q: matchQuality(command.label, query) }))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((r) => r.command);
}

/**
 * How well `text` matches `query` (higher is better; 0 is no match): the whole text, its start, the start of
 * one of its words, anywhere in it.
 */
export function matchQuality(text: string, query: string): number {
  const t = text.trim().toLowerCase();
  const q = query.trim().toLowerCase();
  if (!q || !t) return 0;
  const bare = t.replace(/^[^\p{L}\p{N}]+/u, '');
  if (t === q || bare === q) return 4;
  if (t.startsWith(q) || bare.startsWith(q)) return 3;
  if (new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(q)}`, 'u').test(t)) return 2;
  return t.includes(q) ? 1 : 0;
}

/**
 * The sessions ranked by how well their titles match `query` (`matchQuality`), best first; among equals, in the
 * order given (the search's, newest first). Sessions that matched by their messages only come last.
 */
export function rankSessions(sessions: readonly PaletteSession[], query: string): PaletteSession[] {
  if (!query.trim()) return [...sessions];
  return sessions
    .map((session, i) => ({ session, i, q: matchQuality(session.title, query) }))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((r) => r.session);
}

/** `text` cut into the stretches that match a word of `query` (`match: true`) and those between. */
export function highlight(text: string, query: string): { text: string; match: boolean }[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const pattern = new RegExp(words.sort((a, b) => b.length - a.length).join('|'), 'giu');
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '') continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index), match: false });
    parts.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
