import type { AttachmentRecord } from '../messages';
import type { EaselDatabase } from './db';
import { type ProjectRecord, projectFilesOwner } from './schema';
import { parseProjectRecord, parseSessionRecord } from './validate';

/** Projects read back, with a sentence for each record that failed its check and was skipped. */
export interface ProjectList {
  /** By name (then by creation), as the sidebar lists them. */
  readonly projects: readonly ProjectRecord[];
  readonly problems: readonly string[];
}

/** What a project's editor saves: everything but the times. */
export interface ProjectDraft {
  readonly id: string;
  readonly name: string;
  readonly instructions: string;
  readonly files: readonly AttachmentRecord[];
}

/** The bytes of a knowledge file the draft adds (its record's `id`, or `sourceId` for the file as attached). */
export interface ProjectFileBytes {
  readonly id: string;
  readonly blob: Blob;
  readonly mimeType: string;
  readonly size: number;
}

/** Longest project name kept (the sidebar shows one line of it). */
export const MAX_PROJECT_NAME = 120;

/**
 * Typed access to the `projects` store. A project's knowledge files are attachment bytes stored for the owner
 * `projectFilesOwner(id)`; `save` removes the bytes of files the draft no longer lists, and `delete` removes the
 * project with all its files and takes its sessions out of it, in one transaction: the sessions stay.
 */
export class ProjectsRepository {
  constructor(private readonly db: EaselDatabase) {}

  async list(): Promise<ProjectList> {
    const values: unknown[] = await this.db.getAll('projects');
    const projects: ProjectRecord[] = [];
    const problems: string[] = [];
    for (const value of values) {
      const parsed = parseProjectRecord(value);
      if (parsed.ok) projects.push(parsed.value);
      else problems.push(parsed.problem);
    }
    projects.sort((a, b) => a.name.localeCompare(b.name) || a.created - b.created);
    return { projects, problems };
  }

  /** One project; `undefined` when there is none with this id or its record failed its check. */
  async get(id: string): Promise<ProjectRecord | undefined> {
    const parsed = parseProjectRecord(await this.db.get('projects', id));
    return parsed.ok ? parsed.value : undefined;
  }

  /**
   * Creates or updates a project (the name trimmed; an empty one becomes `Untitled project`), stores the bytes of
   * the files it adds and deletes those of files it had and the draft drops, in one transaction: all or nothing.
   * Returns the project as stored.
   */
  async save(
    draft: ProjectDraft,
    at: number,
    added: readonly ProjectFileBytes[] = [],
  ): Promise<ProjectRecord> {
    const tx = this.db.transaction(['projects', 'attachments'], 'readwrite');
    const owner = projectFilesOwner(draft.id);
    const before = parseProjectRecord(await tx.objectStore('projects').get(draft.id));
    // A file whose bytes are gone (another tab removed it while this draft was open) is not listed again.
    const adding = new Set(added.map((b) => b.id));
    const present: AttachmentRecord[] = [];
    for (const file of draft.files) {
      if (adding.has(file.id) || (await tx.objectStore('attachments').getKey(file.id)) !== undefined)
        present.push(file);
    }
    const kept = new Set(present.flatMap(fileIds));
    const dropped = before.ok ? before.value.files.flatMap(fileIds).filter((id) => !kept.has(id)) : [];
    const record: ProjectRecord = {
      id: draft.id,
      name: draft.name.trim().slice(0, MAX_PROJECT_NAME) || 'Untitled project',
      instructions: draft.instructions,
      files: present,
      created: before.ok ? before.value.created : at,
      updated: at,
    };
    await Promise.all([
      tx.objectStore('projects').put(record),
      ...added.map((file) => tx.objectStore('attachments').put({ ...file, sessionId: owner })),
      ...dropped.map((id) => tx.objectStore('attachments').delete(id)),
      tx.done,
    ]);
    return record;
  }

  /**
   * Removes a project and its knowledge files' bytes; its sessions stay, outside any project. Returns the ids of
   * the sessions it took out.
   */
  async delete(id: string): Promise<string[]> {
    const tx = this.db.transaction(['projects', 'sessions', 'attachments'], 'readwrite');
    const fileKeys = await tx.objectStore('attachments').index('bySession').getAllKeys(projectFilesOwner(id));
    const moved: string[] = [];
    const sessions = tx.objectStore('sessions');
    for (const value of await sessions.getAll()) {
      const parsed = parseSessionRecord(value);
      if (!parsed.ok || parsed.value.projectId !== id) continue;
      const { projectId: _gone, ...rest } = parsed.value;
      await sessions.put(rest);
      moved.push(rest.id);
    }
    await Promise.all([
      tx.objectStore('projects').delete(id),
      ...fileKeys.map((key) => tx.objectStore('attachments').delete(key)),
      tx.done,
    ]);
    return moved;
  }
}

function fileIds(file: AttachmentRecord): string[] {
  return file.sourceId === undefined ? [file.id] : [file.id, file.sourceId];
}
