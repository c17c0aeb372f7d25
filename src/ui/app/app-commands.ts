/** `AppCommands`: every command of the app shell, by id — what the header, the palette and the shortcuts run. */
import type { ThinkingLevel } from '../../agent';
import type { EaselArtifactsLayout } from '../artifacts';
import { LEVEL_LABELS } from '../header/app-header';
import { newChatInProjectHref } from '../sessions';
import type { ModelCatalogController } from './model-catalog-controller';
import type { ProjectsController } from './projects-controller';
import type { EaselServices } from './services';
import type { SessionsController } from './sessions-controller';

/** The session export each export command makes. */
const EXPORT_FORMATS = { 'export-json': 'json', 'export-markdown': 'markdown', 'export-zip': 'zip' } as const;

/** What the commands act on: the shell's parts, found when a command runs. */
export interface CommandTargets {
  readonly services: () => EaselServices | undefined;
  readonly sessions: SessionsController;
  readonly projects: ProjectsController;
  readonly catalog: ModelCatalogController;
  /** Puts focus in the message box. */
  readonly focusComposer: () => void;
  readonly layout: () => EaselArtifactsLayout | null;
  /** Opens Settings (its dialog loads on first use). */
  readonly showSettings: () => Promise<void>;
  readonly sidebarOpen: () => boolean;
  readonly toggleSidebar: () => void;
  readonly showShortcuts: () => void;
  readonly showPalette: () => void;
  /** Shows a short note in the app's status line. */
  readonly report: (text: string) => void;
}

/**
 * Runs the app's commands by id (`command-list.ts` lists them for the palette, loaded with it). A command that
 * does not move focus on purpose (to the message box, a dialog) leaves it where it was.
 */
export class AppCommands {
  /** The effort level `Turn thinking on` goes back to. */
  private lastThinking: ThinkingLevel | undefined;

  /** `t`: what the commands act on (also what `listCommands` reads). */
  constructor(readonly t: CommandTargets) {}

  /** Runs the command `id` (one of `list()`'s, or a header command). Unknown ids do nothing. */
  run(id: string): void {
    const t = this.t;
    const services = t.services();
    if (!services) return;
    if (id.startsWith('model:')) {
      t.catalog.choose({ model: id.slice('model:'.length) });
      return;
    }
    if (id.startsWith('new-chat-in:')) {
      location.hash = newChatInProjectHref(id.slice('new-chat-in:'.length));
      t.focusComposer();
      return;
    }
    if (id.startsWith('thinking:')) {
      this.setThinking(id.slice('thinking:'.length) as ThinkingLevel);
      return;
    }
    if (id.startsWith('theme:')) {
      const theme = id.slice('theme:'.length);
      if (theme === 'light' || theme === 'dark' || theme === 'system')
        void services.settingsStore.update({ theme }).catch((error: unknown) => {
          t.report(
            `The theme could not be saved (${error instanceof Error ? error.message : String(error)}).`,
          );
        });
      return;
    }
    switch (id) {
      case 'new-chat':
        t.sessions.router.newChat();
        t.focusComposer();
        break;
      case 'incognito-chat':
        t.sessions.router.incognitoChat();
        t.focusComposer();
        break;
      case 'focus-composer':
        t.focusComposer();
        break;
      case 'sessions':
        t.toggleSidebar();
        break;
      case 'new-project':
        void t.projects.edit(undefined);
        break;
      case 'edit-project': {
        const project = t.projects.current;
        if (project) void t.projects.edit(project.id);
        break;
      }
      case 'artifacts':
        this.toggleArtifacts();
        break;
      case 'settings':
        void t.sessions.storage.loadHealth();
        void t.showSettings();
        break;
      case 'toggle-thinking': {
        const level = services.agent.state.thinkingLevel;
        this.setThinking(level === 'off' ? (this.lastThinking ?? 'medium') : 'off');
        break;
      }
      case 'export-json':
      case 'export-markdown':
      case 'export-zip': {
        const current = t.sessions.currentId;
        if (current) void t.sessions.exportSession(current, EXPORT_FORMATS[id]);
        break;
      }
      case 'export-all':
        void t.sessions.storage.exportAll();
        break;
      case 'shortcuts':
        t.showShortcuts();
        break;
      case 'palette':
        t.showPalette();
        break;
      case 'stop':
        services.agent.abort();
        break;
    }
  }

  private setThinking(level: ThinkingLevel): void {
    const current = this.t.services()?.agent.state.thinkingLevel;
    if (current && current !== 'off') this.lastThinking = current;
    this.t.catalog.choose({ thinkingLevel: level });
    const now = this.t.services()?.agent.state.thinkingLevel ?? level;
    this.t.report(now === 'off' ? 'Thinking is off.' : `Thinking: ${LEVEL_LABELS[now]}.`);
  }

  private toggleArtifacts(): void {
    const layout = this.t.layout();
    if (!layout) return;
    if (layout.open) {
      layout.open = false;
    } else if (hasArtifacts(this.t.services())) {
      layout.open = true;
    } else {
      this.t.report('No artifacts in this session yet.');
    }
  }
}

/** Whether the open session has a file to show (written, being written, or left incomplete). */
function hasArtifacts(services: EaselServices | undefined): boolean {
  const s = services?.artifacts.snapshot;
  return s !== undefined && s.files.length + s.streaming.length + s.incomplete.length > 0;
}
