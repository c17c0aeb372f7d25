/**
 * The app's commands, once: each entry says its id, its label, its shortcut, when it is offered and what it does.
 * The palette (`command-list.ts`), the `Keyboard shortcuts` dialog (its rows are the entries with a shortcut) and
 * the keyboard controller (`commandForKey`) read this table; `AppCommands` runs it.
 */
import type { ThinkingLevel } from '../../agent';
import type { Theme } from '../../storage';
import { msg, str } from '../l10n';
import { matches, SHORTCUTS, type Shortcut } from '../palette';
import type { ModelCatalogController } from './model-catalog-controller';
import type { ProjectsController } from './projects-controller';
import type { EaselServices } from './services';
import type { SessionsController } from './sessions-controller';

/** What a command reads and acts on, when it runs or is listed. */
export interface CommandContext {
  readonly services: EaselServices;
  readonly sessions: SessionsController;
  readonly projects: ProjectsController;
  readonly catalog: ModelCatalogController;
  readonly sidebarOpen: boolean;
  readonly artifactsOpen: boolean;
  /** The shell's own moves, which the commands ask for. */
  readonly shell: CommandShell;
}

/** What the shell does when a command asks. */
export interface CommandShell {
  /** Puts focus in the message box. */
  readonly focusComposer: () => void;
  /** Opens Settings (its dialog loads on first use). */
  readonly showSettings: () => void;
  readonly toggleSidebar: () => void;
  /** Opens or closes the artifacts panel (saying so when there is nothing to show). */
  readonly toggleArtifacts: () => void;
  readonly showShortcuts: () => void;
  readonly showPalette: () => void;
  /** Sets the thinking level, remembering the last one for `Turn thinking on`. */
  readonly setThinking: (level: ThinkingLevel | undefined) => void;
  /** Shows a short note in the app's status line. */
  readonly report: (text: string) => void;
}

/** One command. */
export interface CommandEntry {
  readonly id: string;
  /** What the palette option says (it may depend on the app's state). */
  readonly label: (c: CommandContext) => string;
  /** Other words a person may type to find it in the palette. */
  readonly keywords?: string;
  readonly shortcut?: Shortcut;
  /** The row of the `Keyboard shortcuts` dialog, when it says more than `label`. */
  readonly shortcutLabel?: () => string;
  /** Whether the palette offers it now (always, when absent); `false` for a command the palette never lists. */
  readonly when?: ((c: CommandContext) => boolean) | false;
  readonly run: (c: CommandContext) => void;
}

/** Whether the open session is saved (so it can be exported). */
const saved = (c: CommandContext) =>
  c.sessions.currentId !== undefined && c.sessions.sessions.some((s) => s.id === c.sessions.currentId);

/** Whether the chosen model thinks at some level. */
const thinks = (c: CommandContext) =>
  (c.catalog.models.find((m) => m.id === c.services.agent.state.model)?.effortLevels ?? ['off']).some(
    (l) => l !== 'off',
  );

const exportAs = (format: 'json' | 'markdown' | 'zip') => (c: CommandContext) => {
  const current = c.sessions.currentId;
  if (current) void c.sessions.exportSession(current, format);
};

/** Every command with an id of its own, in the palette's order (the shortcuts dialog's, among those with keys). */
export const COMMANDS = [
  {
    id: 'palette',
    label: () => msg('Command palette'),
    shortcutLabel: () => msg('Command palette: search sessions, run any command'),
    shortcut: SHORTCUTS.palette,
    when: false,
    run: (c) => c.shell.showPalette(),
  },
  {
    id: 'stop',
    label: () => msg('Stop the answer'),
    keywords: 'abort cancel',
    when: (c) => c.services.agent.state.isStreaming,
    run: (c) => c.services.agent.abort(),
  },
  {
    id: 'new-chat',
    label: () => msg('New chat'),
    keywords: 'start conversation',
    shortcut: SHORTCUTS['new-chat'],
    run: (c) => {
      c.sessions.router.newChat();
      c.shell.focusComposer();
    },
  },
  {
    id: 'incognito-chat',
    label: () => msg('Incognito chat'),
    keywords: 'private temporary not saved no memory',
    run: (c) => {
      c.sessions.router.incognitoChat();
      c.shell.focusComposer();
    },
  },
  {
    id: 'focus-composer',
    label: () => msg('Focus the message box'),
    keywords: 'composer type write',
    shortcut: SHORTCUTS['focus-composer'],
    run: (c) => c.shell.focusComposer(),
  },
  {
    id: 'sessions',
    label: (c) => (c.sidebarOpen ? msg('Hide sessions') : msg('Show sessions')),
    shortcutLabel: () => msg('Show or hide sessions'),
    keywords: 'sidebar toggle history',
    shortcut: SHORTCUTS.sessions,
    run: (c) => c.shell.toggleSidebar(),
  },
  {
    id: 'artifacts',
    label: (c) => (c.artifactsOpen ? msg('Hide artifacts') : msg('Show artifacts')),
    shortcutLabel: () => msg('Show or hide artifacts'),
    keywords: 'panel toggle files preview',
    shortcut: SHORTCUTS.artifacts,
    run: (c) => c.shell.toggleArtifacts(),
  },
  {
    id: 'settings',
    label: () => msg('Open settings'),
    keywords: 'key api base url theme preferences',
    run: (c) => {
      void c.sessions.storage.loadHealth();
      c.shell.showSettings();
    },
  },
  {
    id: 'new-project',
    label: () => msg('New project'),
    keywords: 'folder instructions knowledge files',
    run: (c) => void c.projects.edit(undefined),
  },
  {
    id: 'edit-project',
    label: (c) => msg(str`Edit project ${c.projects.current?.name ?? ''}`),
    keywords: 'instructions files',
    when: (c) => c.projects.current !== undefined,
    run: (c) => {
      const project = c.projects.current;
      if (project) void c.projects.edit(project.id);
    },
  },
  {
    id: 'toggle-thinking',
    label: (c) =>
      c.services.agent.state.thinkingLevel === 'off' ? msg('Turn thinking on') : msg('Turn thinking off'),
    keywords: 'toggle effort reasoning',
    when: thinks,
    run: (c) => c.shell.setThinking(c.services.agent.state.thinkingLevel === 'off' ? undefined : 'off'),
  },
  {
    id: 'export-json',
    label: () => msg('Export this session (JSON)'),
    keywords: 'download save file',
    when: saved,
    run: exportAs('json'),
  },
  {
    id: 'export-markdown',
    label: () => msg('Export this session (Markdown)'),
    keywords: 'download save file',
    when: saved,
    run: exportAs('markdown'),
  },
  {
    id: 'export-zip',
    label: () => msg('Export this session with files (zip)'),
    keywords: 'download save file artifacts attachments',
    when: saved,
    run: exportAs('zip'),
  },
  {
    id: 'export-all',
    label: () => msg('Export all sessions'),
    keywords: 'download backup file json',
    run: (c) => void c.sessions.storage.exportAll(),
  },
  {
    id: 'shortcuts',
    label: () => msg('Keyboard shortcuts'),
    shortcutLabel: () => msg('Keyboard shortcuts (outside a text field)'),
    keywords: 'keys help',
    shortcut: SHORTCUTS.shortcuts,
    run: (c) => c.shell.showShortcuts(),
  },
] as const satisfies readonly CommandEntry[];

/** The id of a command of `COMMANDS`. */
export type CommandId = (typeof COMMANDS)[number]['id'];

/**
 * A command as run: one of `COMMANDS`, or one of a family the palette lists one option per thing of (a model, an
 * effort level, a theme, a project).
 */
export type CommandRef =
  | CommandId
  | `model:${string}`
  | `thinking:${ThinkingLevel}`
  | `theme:${Theme}`
  | `new-chat-in:${string}`;

const BY_ID = new Map<string, CommandEntry>(COMMANDS.map((e) => [e.id, e]));

/** The entry of `id`, if it is one of `COMMANDS`. */
export function commandEntry(id: string): CommandEntry | undefined {
  return BY_ID.get(id);
}

/** The command whose shortcut `e` is (`inText`: pressed in a text field), if any. */
export function commandForKey(e: KeyboardEvent, mac: boolean, inText: boolean): CommandId | undefined {
  for (const entry of COMMANDS as readonly CommandEntry[]) {
    if (entry.shortcut && matches(e, entry.shortcut, mac, inText)) return entry.id as CommandId;
  }
  return undefined;
}

/** What the palette option of `entry` says now. */
export function labelOf(entry: CommandEntry, c: CommandContext): string {
  return entry.label(c);
}
