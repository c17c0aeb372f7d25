/** The command palette and the `Keyboard shortcuts` dialog, with their commands, shortcuts and events. */

export type { EaselCommandPalette } from './command-palette';
export { filterCommands, type PaletteCommand, type PaletteOption, type PaletteSession } from './commands';
export * from './events';
export {
  ariaShortcut,
  describeShortcut,
  inTextField,
  isMac,
  matches,
  SHORTCUTS,
  type Shortcut,
  type ShortcutId,
  shortcutOf,
} from './shortcuts';
export type { EaselShortcutsDialog, ShortcutRow } from './shortcuts-dialog';
