/**
 * What the command palette offers now: every command of `AppCommands` with its label and shortcut (a model switch
 * for each other model, an effort level for each the model supports, an export of the open session once it is
 * saved), and the rows of the `Keyboard shortcuts` dialog. Loaded with the palette, not with the first screen.
 */
import { LEVEL_LABELS } from '../header/app-header';
import { msg, str } from '../l10n';
import { type PaletteCommand, SHORTCUTS, type ShortcutRow } from '../palette';
import type { CommandTargets } from './app-commands';

/** The rows of the `Keyboard shortcuts` dialog. */
export const SHORTCUT_ROWS: readonly ShortcutRow[] = [
  {
    get label() {
      return msg('Command palette: search sessions, run any command');
    },
    shortcut: SHORTCUTS.palette,
  },
  {
    get label() {
      return msg('New chat');
    },
    shortcut: SHORTCUTS['new-chat'],
  },
  {
    get label() {
      return msg('Focus the message box');
    },
    shortcut: SHORTCUTS['focus-composer'],
  },
  {
    get label() {
      return msg('Show or hide sessions');
    },
    shortcut: SHORTCUTS.sessions,
  },
  {
    get label() {
      return msg('Show or hide artifacts');
    },
    shortcut: SHORTCUTS.artifacts,
  },
  {
    get label() {
      return msg('Keyboard shortcuts (outside a text field)');
    },
    shortcut: SHORTCUTS.shortcuts,
  },
];

/** The theme commands, by the theme each chooses. */
const THEMES = [
  ['light', () => msg('Use light theme')],
  ['dark', () => msg('Use dark theme')],
  ['system', () => msg("Use the system's theme")],
] as const;

/** The commands the palette lists for the app as it is now, in order. */
export function listCommands(t: CommandTargets): PaletteCommand[] {
  const state = t.services()?.agent.state;
  const current = t.catalog.models.find((m) => m.id === state?.model);
  const levels = current?.effortLevels ?? ['off'];
  const thinking = state?.thinkingLevel ?? 'off';
  const artifactsOpen = t.layout()?.open ?? false;
  const saved =
    t.sessions.currentId !== undefined && t.sessions.sessions.some((s) => s.id === t.sessions.currentId);
  const commands: PaletteCommand[] = [
    {
      id: 'new-chat',
      label: msg('New chat'),
      keywords: 'start conversation',
      shortcut: SHORTCUTS['new-chat'],
    },
    {
      id: 'incognito-chat',
      label: msg('Incognito chat'),
      keywords: 'private temporary not saved no memory',
    },
    {
      id: 'focus-composer',
      label: msg('Focus the message box'),
      keywords: 'composer type write',
      shortcut: SHORTCUTS['focus-composer'],
    },
    {
      id: 'sessions',
      label: t.sidebarOpen() ? msg('Hide sessions') : msg('Show sessions'),
      keywords: 'sidebar toggle history',
      shortcut: SHORTCUTS.sessions,
    },
    {
      id: 'artifacts',
      label: artifactsOpen ? msg('Hide artifacts') : msg('Show artifacts'),
      keywords: 'panel toggle files preview',
      shortcut: SHORTCUTS.artifacts,
    },
    { id: 'settings', label: msg('Open settings'), keywords: 'key api base url theme preferences' },
    { id: 'new-project', label: msg('New project'), keywords: 'folder instructions knowledge files' },
  ];
  const project = t.projects.current;
  if (project)
    commands.push({
      id: 'edit-project',
      label: msg(str`Edit project ${project.name}`),
      keywords: 'instructions files',
    });
  for (const p of t.projects.projects) {
    commands.push({
      id: `new-chat-in:${p.id}`,
      label: msg(str`New chat in ${p.name}`),
      keywords: 'project start conversation',
    });
  }
  if (levels.some((l) => l !== 'off')) {
    commands.push({
      id: 'toggle-thinking',
      label: thinking === 'off' ? msg('Turn thinking on') : msg('Turn thinking off'),
      keywords: 'toggle effort reasoning',
    });
    // `Off` is `Turn thinking off` above: listed once.
    for (const level of levels) {
      if (level !== thinking && level !== 'off') {
        commands.push({
          id: `thinking:${level}`,
          label: msg(str`Set thinking to ${LEVEL_LABELS[level]}`),
          keywords: 'effort',
        });
      }
    }
  }
  for (const model of t.catalog.models) {
    if (model.id !== state?.model) {
      commands.push({
        id: `model:${model.id}`,
        label: msg(str`Switch model to ${model.displayName}`),
        keywords: model.id,
      });
    }
  }
  if (saved) {
    commands.push(
      { id: 'export-json', label: msg('Export this session (JSON)'), keywords: 'download save file' },
      { id: 'export-markdown', label: msg('Export this session (Markdown)'), keywords: 'download save file' },
      {
        id: 'export-zip',
        label: msg('Export this session with files (zip)'),
        keywords: 'download save file artifacts attachments',
      },
    );
  }
  const theme = t.services()?.settingsStore.snapshot.theme ?? 'system';
  for (const [id, label] of THEMES) {
    if (id !== theme)
      commands.push({ id: `theme:${id}`, label: label(), keywords: 'theme appearance colour color mode' });
  }
  commands.push(
    { id: 'export-all', label: msg('Export all sessions'), keywords: 'download backup file json' },
    {
      id: 'shortcuts',
      label: msg('Keyboard shortcuts'),
      keywords: 'keys help',
      shortcut: SHORTCUTS.shortcuts,
    },
  );
  if (state?.isStreaming)
    commands.unshift({ id: 'stop', label: msg('Stop the answer'), keywords: 'abort cancel' });
  return commands;
}
