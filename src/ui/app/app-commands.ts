/** `AppCommands`: runs the app's commands (`command-registry.ts`) by id — the header's, the palette's and the keys'. */
import type { ThinkingLevel } from '../../agent';
import { errorText } from '../../agent';
import { LEVEL_LABELS } from '../header/app-header';
import { msg, str } from '../l10n';
import { newChatInProjectHref } from '../sessions';
import type { CommandContext, CommandRef, CommandShell } from './command-registry';
import type { ModelCatalogController } from './model-catalog-controller';
import type { ProjectsController } from './projects-controller';
import type { EaselServices } from './services';
import type { SessionsController } from './sessions-controller';

type Registry = typeof import('./command-registry');
/** The command table, once loaded. */
let registry: Registry | undefined;
let registryLoading: Promise<Registry> | undefined;

/**
 * Loads the command table (`command-registry.ts`): the first screen runs no command, so it loads while the page is
 * idle, with the palette, or with the first command run. A failed load is tried again with the next command.
 */
export function loadCommands(): Promise<Registry> {
  registryLoading ??= import('./command-registry').then(
    (m) => {
      registry = m;
      return m;
    },
    (error: unknown) => {
      registryLoading = undefined;
      throw error;
    },
  );
  return registryLoading;
}

/** What the commands act on: the shell's parts, found when a command runs. */
export interface CommandTargets {
  readonly services: () => EaselServices | undefined;
  readonly sessions: SessionsController;
  readonly projects: ProjectsController;
  readonly catalog: ModelCatalogController;
  /** Whether the artifacts panel is open (the shell's state, passed down to the layout). */
  readonly artifactsOpen: () => boolean;
  /** Opens or closes the artifacts panel (the shell's state). */
  readonly setArtifactsOpen: (open: boolean) => void;
  readonly sidebarOpen: () => boolean;
  /** The shell's moves, but for the two this class makes itself (thinking and the artifacts panel). */
  readonly shell: Omit<CommandShell, 'setThinking' | 'toggleArtifacts'>;
}

/**
 * Runs the app's commands by id (`command-list.ts` lists them for the palette, loaded with it). A command that
 * does not move focus on purpose (to the message box, a dialog) leaves it where it was.
 */
export class AppCommands {
  /** The effort level `Turn thinking on` goes back to. */
  private lastThinking: ThinkingLevel | undefined;

  /** `t`: what the commands act on. */
  constructor(private readonly t: CommandTargets) {}

  /** What the commands read now; `undefined` before the services arrive. */
  context(): CommandContext | undefined {
    const t = this.t;
    const services = t.services();
    if (!services) return undefined;
    return {
      services,
      sessions: t.sessions,
      projects: t.projects,
      catalog: t.catalog,
      sidebarOpen: t.sidebarOpen(),
      artifactsOpen: t.artifactsOpen(),
      shell: {
        ...t.shell,
        setThinking: (level) => this.setThinking(level ?? this.lastThinking ?? 'medium'),
        toggleArtifacts: () => this.toggleArtifacts(),
      },
    };
  }

  /**
   * Runs the command `id`; nothing runs before the services arrive. A command of the table runs at once once the
   * table is loaded (it always is while the palette is open), else as soon as it is; a failed load is said.
   */
  run(id: CommandRef): void {
    const c = this.context();
    if (!c) return;
    const [family, arg = ''] = splitRef(id);
    switch (family) {
      case 'model':
        c.catalog.choose({ model: arg });
        return;
      case 'new-chat-in':
        location.hash = newChatInProjectHref(arg);
        c.shell.focusComposer();
        return;
      case 'thinking':
        this.setThinking(arg as ThinkingLevel);
        return;
      case 'theme':
        if (arg === 'light' || arg === 'dark' || arg === 'system')
          void c.services.settingsStore.update({ theme: arg }).catch((error: unknown) => {
            c.shell.report(msg(str`The theme could not be saved (${errorText(error)}).`));
          });
        return;
      default:
        if (registry) registry.commandEntry(id)?.run(c);
        else
          loadCommands().then(
            (m) => {
              const now = this.context();
              if (now) m.commandEntry(id)?.run(now);
            },
            (error: unknown) =>
              c.shell.report(
                msg(
                  str`The command could not be loaded (${errorText(error)}). Check the connection and try again.`,
                ),
              ),
          );
    }
  }

  private setThinking(level: ThinkingLevel): void {
    const current = this.t.services()?.agent.state.thinkingLevel;
    if (current && current !== 'off') this.lastThinking = current;
    this.t.catalog.choose({ thinkingLevel: level });
    const now = this.t.services()?.agent.state.thinkingLevel ?? level;
    this.t.shell.report(now === 'off' ? msg('Thinking is off.') : `Thinking: ${LEVEL_LABELS[now]}.`);
  }

  private toggleArtifacts(): void {
    if (this.t.artifactsOpen()) {
      this.t.setArtifactsOpen(false);
    } else if (hasArtifacts(this.t.services())) {
      this.t.setArtifactsOpen(true);
    } else {
      this.t.shell.report(msg('No artifacts in this session yet.'));
    }
  }
}

/** Whether the open session has a file to show (written, being written, or left incomplete). */
function hasArtifacts(services: EaselServices | undefined): boolean {
  const s = services?.runtime.loaded?.artifacts.snapshot;
  return s !== undefined && s.files.length + s.streaming.length + s.incomplete.length > 0;
}

/** A family command's family and argument (`model:claude-x` → `model`, `claude-x`); a plain id alone. */
function splitRef(id: CommandRef): [string, string?] {
  const colon = id.indexOf(':');
  return colon < 0 ? [id] : [id.slice(0, colon), id.slice(colon + 1)];
}
