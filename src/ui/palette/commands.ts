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
 * The commands whose label or keywords contain every word of `query` (case-insensitive), those whose label
 * starts with the query first; every command, in order, for an empty query.
 */
export function filterCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const found = commands.filter((c) => {
    const text = `${c.label} ${c.keywords ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const head = query.trim().toLowerCase();
  return [
    ...found.filter((c) => c.label.toLowerCase().startsWith(head)),
    ...found.filter((c) => !c.label.toLowerCase().startsWith(head)),
  ];
}
