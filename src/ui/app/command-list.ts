/**
 * What the command palette offers now: the entries of `COMMANDS` it offers in this state, with their labels and
 * shortcuts, and the families (a model switch for each other model, an effort level for each the model supports,
 * a theme, a new chat in each project); and the rows of the `Keyboard shortcuts` dialog, which are the entries
 * with a shortcut. Loaded with the palette, not with the first screen.
 */
import { LEVEL_LABELS } from '../header/app-header';
import { msg, str } from '../l10n';
import type { PaletteCommand, ShortcutRow } from '../palette';
import {
  COMMANDS,
  type CommandContext,
  type CommandEntry,
  type CommandId,
  type CommandRef,
  labelOf,
} from './command-registry';

/** The rows of the `Keyboard shortcuts` dialog: every command with a shortcut, in the table's order. */
export const SHORTCUT_ROWS: readonly ShortcutRow[] = (COMMANDS as readonly CommandEntry[]).flatMap((e) =>
  e.shortcut
    ? [
        {
          // Read when the dialog draws, in the language then.
          get label() {
            return e.shortcutLabel?.() ?? e.label(undefined as unknown as CommandContext);
          },
          shortcut: e.shortcut,
        },
      ]
    : [],
);

/** The theme commands, by the theme each chooses. */
const THEMES = [
  ['light', () => msg('Use light theme')],
  ['dark', () => msg('Use dark theme')],
  ['system', () => msg("Use the system's theme")],
] as const;

/** A palette option whose id is a command the app runs. */
interface PaletteOptionOf extends PaletteCommand {
  readonly id: CommandRef;
}

/** The families' options that follow the entry `id` in the palette. */
function familiesAfter(id: CommandId, c: CommandContext): PaletteOptionOf[] {
  const state = c.services.agent.state;
  switch (id) {
    case 'edit-project':
      return c.projects.projects.map((p) => ({
        id: `new-chat-in:${p.id}`,
        label: msg(str`New chat in ${p.name}`),
        keywords: 'project start conversation',
      }));
    case 'toggle-thinking': {
      const current = c.catalog.models.find((m) => m.id === state.model);
      const levels = current?.effortLevels ?? ['off'];
      // `Off` is `Turn thinking off`: listed once.
      const options: PaletteOptionOf[] = levels
        .filter((level) => level !== state.thinkingLevel && level !== 'off')
        .map((level) => ({
          id: `thinking:${level}`,
          label: msg(str`Set thinking to ${LEVEL_LABELS[level]}`),
          keywords: 'effort',
        }));
      for (const model of c.catalog.models) {
        if (model.id !== state.model)
          options.push({
            id: `model:${model.id}`,
            label: msg(str`Switch model to ${model.displayName}`),
            keywords: model.id,
          });
      }
      return options;
    }
    case 'export-zip': {
      const theme = c.services.settingsStore.snapshot.theme ?? 'system';
      return THEMES.filter(([t]) => t !== theme).map(([t, label]) => ({
        id: `theme:${t}`,
        label: label(),
        keywords: 'theme appearance colour color mode',
      }));
    }
    default:
      return [];
  }
}

/** The commands the palette lists for the app as it is now, in order. */
export function listCommands(c: CommandContext): PaletteCommand[] {
  const commands: PaletteCommand[] = [];
  for (const entry of COMMANDS as readonly (CommandEntry & { id: CommandId })[]) {
    if (entry.when !== false && (entry.when?.(c) ?? true)) {
      commands.push({
        id: entry.id,
        label: labelOf(entry, c),
        ...(entry.keywords ? { keywords: entry.keywords } : {}),
        ...(entry.shortcut ? { shortcut: entry.shortcut } : {}),
      });
    }
    commands.push(...familiesAfter(entry.id, c));
  }
  return commands;
}
