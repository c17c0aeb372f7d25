/**
 * `ProjectLibrary`: what the sidebar and the project editor do with projects — list, save, delete — and how
 * tabs hear of each other's changes. Projects are few and small, so a change notice names nothing: listeners
 * read the list again.
 */

import type { EaselDatabase } from './db';
import { isObject, isString } from './guards';
import {
  type ProjectDraft,
  type ProjectFileBytes,
  type ProjectList,
  ProjectsRepository,
} from './projects-repo';
import type { ProjectRecord } from './schema';
import { newWriterId } from './sort-key';

/** The BroadcastChannel name project notices travel on. */
export const PROJECTS_CHANNEL = 'easel-projects';

export interface ProjectLibraryOptions {
  readonly db: EaselDatabase;
  /** Tells other tabs about changes and hears theirs; default a `BroadcastChannel` of its own. */
  readonly channel?: ProjectsChannel;
  readonly now?: () => number;
}

/** Which sessions a deleted project took out of it: the sidebar lists them outside any project again. */
export interface ProjectDeletion {
  readonly project: ProjectRecord | undefined;
  readonly sessions: readonly string[];
}

export class ProjectLibrary {
  private readonly projects: ProjectsRepository;
  private readonly channel: ProjectsChannel;
  private readonly now: () => number;

  constructor(options: ProjectLibraryOptions) {
    this.projects = new ProjectsRepository(options.db);
    this.channel = options.channel ?? new ProjectsChannel();
    this.now = options.now ?? Date.now;
  }

  list(): Promise<ProjectList> {
    return this.projects.list();
  }

  get(id: string): Promise<ProjectRecord | undefined> {
    return this.projects.get(id);
  }

  /** Creates or updates a project with the bytes of the files it adds (see `ProjectsRepository.save`). */
  async save(draft: ProjectDraft, added: readonly ProjectFileBytes[] = []): Promise<ProjectRecord> {
    const saved = await this.projects.save(draft, this.now(), added);
    this.channel.post();
    return saved;
  }

  /** Deletes a project and its files; its sessions stay, outside any project. */
  async delete(id: string): Promise<ProjectDeletion> {
    const project = await this.projects.get(id);
    const sessions = await this.projects.delete(id);
    this.channel.post();
    return { project, sessions };
  }

  /** Calls `listener` after every change to projects, made in this tab or another. */
  subscribe(listener: () => void): () => void {
    return this.channel.subscribe(listener);
  }
}

/**
 * Project change notices: this tab's subscribers hear them at once, other tabs through a `BroadcastChannel`
 * (checked: anything but a notice of the expected shape is ignored).
 */
export class ProjectsChannel {
  private readonly listeners = new Set<() => void>();
  private readonly channel: BroadcastChannel | undefined;
  private readonly writer = newWriterId();

  constructor(name: string = PROJECTS_CHANNEL) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (isObject(data) && data.type === 'projects' && isString(data.writer) && data.writer !== this.writer)
        this.deliver();
    });
  }

  post(): void {
    this.deliver();
    this.channel?.postMessage({ type: 'projects', writer: this.writer });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): void {
    this.listeners.clear();
    this.channel?.close();
  }

  private deliver(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
  }
}
