/**
 * `ProjectsController`: the app shell's projects — the list the sidebar shows, the project of the open chat, and
 * the project dialog (loaded with the first `New project` or `Edit project`).
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { errorText } from '../../agent';
import { type LazyProjectLibrary, newId, type ProjectLibrary, type ProjectRecord } from '../../storage';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import { msg, str } from '../l10n';
import { newChatInProjectHref, parseSessionRoute } from '../sessions';
import type { EaselProjectDialog } from '../sessions/project-dialog';
import type { ProjectDeleteEvent, ProjectSaveEvent } from '../sessions/project-knowledge';
import type { SessionsController } from './sessions-controller';
import { failure } from './sessions-shared';

let dialogModule: Promise<unknown> | undefined;

export class ProjectsController {
  projects: readonly ProjectRecord[] = [];
  /** Records that could not be read (shown with the sessions' problems). */
  problems: readonly string[] = [];

  private loader: LazyProjectLibrary | undefined;
  private libraryRef: ProjectLibrary | undefined;
  private problemsMemo:
    | {
        readonly sessions: readonly string[];
        readonly projects: readonly string[];
        readonly all: readonly string[];
      }
    | undefined;
  /** The dialog is rendered from its first use on. */
  private dialogLoaded = false;
  private editing: string | undefined;

  private readonly subscriptions = new SubscriptionController(this.host, () =>
    this.libraryRef
      ? [
          this.libraryRef.subscribe(() => void this.refresh()),
          // A link to a new chat in a project that is not there (any more) leads to a plain new chat.
          listen(window, 'hashchange', () => this.leaveMissingProject()),
        ]
      : [],
  );

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode },
    private readonly sessions: SessionsController,
  ) {}

  get library(): ProjectLibrary | undefined {
    return this.libraryRef;
  }

  /** Follows the project library (it loads now: the sidebar lists the projects). */
  connect(load: LazyProjectLibrary): void {
    if (load === this.loader) return;
    this.loader = load;
    load().then(
      (library) => {
        if (this.loader !== load) return;
        this.libraryRef = library;
        this.subscriptions.refresh();
        void this.refresh();
      },
      (error: unknown) => this.sessions.report(failure(msg('Loading the projects'), error)),
    );
  }

  async refresh(): Promise<void> {
    const library = this.libraryRef;
    if (!library) return;
    try {
      const { projects, problems } = await library.list();
      this.projects = projects;
      this.problems = problems;
    } catch (error) {
      this.sessions.report(failure(msg('Reading the projects'), error));
    }
    this.leaveMissingProject();
    this.host.requestUpdate();
  }

  /** The sidebar's problems with the projects' own, as one list (the same array while neither changes). */
  problemsWith(sessionProblems: readonly string[]): readonly string[] {
    if (this.problems.length === 0) return sessionProblems;
    const memo = this.problemsMemo;
    if (memo?.sessions === sessionProblems && memo.projects === this.problems) return memo.all;
    const all = [...sessionProblems, ...this.problems];
    this.problemsMemo = { sessions: sessionProblems, projects: this.problems, all };
    return all;
  }

  /**
   * A new chat, not saved yet, in a project that is not there (deleted, here or in another tab, or a link to
   * one that never was) goes on as a plain new chat, so nothing is saved into a project that does not exist.
   */
  private leaveMissingProject(): void {
    const saver = this.sessions.saver;
    const route = parseSessionRoute(location.hash);
    const open = saver?.sessionId;
    const saved = open !== undefined && this.sessions.sessions.some((s) => s.id === open);
    const wanted = route.kind === 'new' ? route.projectId : saved ? undefined : saver?.newChatProject;
    if (wanted !== undefined && !this.projects.some((p) => p.id === wanted)) this.sessions.router.newChat();
  }

  /** The project of the open chat: its record's, or the one a new chat was started in; only a listed one. */
  get current(): ProjectRecord | undefined {
    const saver = this.sessions.saver;
    const id = saver?.sessionId;
    const listed = id === undefined ? undefined : this.sessions.sessions.find((s) => s.id === id);
    const projectId = listed ? listed.projectId : saver?.newChatProject;
    return projectId === undefined ? undefined : this.projects.find((p) => p.id === projectId);
  }

  /** Opens the project dialog on a project, or (`undefined`) on a new one. */
  async edit(id: string | undefined): Promise<void> {
    try {
      dialogModule ??= import('../sessions/project-dialog');
      await dialogModule;
    } catch (error) {
      dialogModule = undefined;
      this.sessions.report(
        msg(
          str`The project editor could not be loaded (${errorText(error)}). Check the connection and try again.`,
        ),
      );
      return;
    }
    this.dialogLoaded = true;
    this.editing = id;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const project = id === undefined ? undefined : this.projects.find((p) => p.id === id);
    await this.dialog?.show(project, newId());
  }

  render(): TemplateResult | typeof nothing {
    if (!this.dialogLoaded) return nothing;
    const chats = this.sessions.sessions.filter(
      (s) => s.projectId !== undefined && s.projectId === this.editing,
    );
    return html`<easel-project-dialog
      .chatCount=${chats.length}
      @project-save=${(e: ProjectSaveEvent) => e.respondWith(this.save(e))}
      @project-delete=${(e: ProjectDeleteEvent) => e.respondWith(this.remove(e.id))}
    ></easel-project-dialog>`;
  }

  private get dialog(): EaselProjectDialog | null {
    return this.host.renderRoot.querySelector('easel-project-dialog');
  }

  private async save(e: ProjectSaveEvent): Promise<string | undefined> {
    const library = this.libraryRef;
    if (!library) return msg('Projects are not available yet. Try again in a moment.');
    const isNew = !this.projects.some((p) => p.id === e.draft.id);
    try {
      await library.save(e.draft, e.added);
    } catch (error) {
      return failure(msg('Saving the project'), error);
    }
    await this.refresh();
    // A new project opens on a new chat in it: where the person goes next.
    if (isNew) location.hash = newChatInProjectHref(e.draft.id);
    return undefined;
  }

  private async remove(id: string): Promise<string | undefined> {
    const library = this.libraryRef;
    if (!library) return msg('Projects are not available yet. Try again in a moment.');
    try {
      const { sessions } = await library.delete(id);
      // Other tabs list those sessions outside the project too.
      this.sessions.library?.announcePlaced(sessions);
    } catch (error) {
      return failure(msg('Deleting the project'), error);
    }
    await Promise.all([this.sessions.refresh(), this.refresh()]);
    // The dialog's opener went with the project: focus goes to `New project`.
    this.host.renderRoot.querySelector('easel-sessions-sidebar')?.focusNewProject();
    return undefined;
  }
}
