/**
 * What the project dialog works with: a knowledge file read for a project, the save and delete events the app
 * answers, the limits of a project's files, and reading chosen files with the attachment pipeline.
 */

import { errorText } from '../../agent';
import { estimateTokens, isRefusal, loadPreparer } from '../../attachments';
import type { AttachmentRecord } from '../../messages';
import type { ProjectDraft, ProjectFileBytes } from '../../storage';
import { msg, str } from '../l10n';

/** A file read for a project: what the model is sent, and the bytes to store when the project is saved. */
export interface KnowledgeFile {
  readonly record: AttachmentRecord;
  readonly bytes: readonly ProjectFileBytes[];
}

/** What reading chosen files gave: the files that can go, and a sentence for each that cannot. */
export interface KnowledgeRead {
  readonly files: readonly KnowledgeFile[];
  readonly refusals: readonly string[];
}

/**
 * `Save` pressed: the app saves `draft` with the bytes of the files it adds and answers with `respondWith` — a
 * sentence saying why it failed (the dialog stays open, nothing typed is lost), or `undefined` once saved.
 */
export class ProjectSaveEvent extends Event {
  static readonly type = 'project-save';
  private answer: Promise<string | undefined> | undefined;
  constructor(
    readonly draft: ProjectDraft,
    readonly added: readonly ProjectFileBytes[],
  ) {
    super(ProjectSaveEvent.type, { bubbles: true, composed: true });
  }
  respondWith(outcome: Promise<string | undefined>): void {
    this.answer = outcome;
  }
  get outcome(): Promise<string | undefined> {
    return this.answer ?? Promise.resolve(msg('Nothing saved the project.'));
  }
}

/** `Delete project` confirmed; answered like `ProjectSaveEvent`. */
export class ProjectDeleteEvent extends Event {
  static readonly type = 'project-delete';
  private answer: Promise<string | undefined> | undefined;
  constructor(readonly id: string) {
    super(ProjectDeleteEvent.type, { bubbles: true, composed: true });
  }
  respondWith(outcome: Promise<string | undefined>): void {
    this.answer = outcome;
  }
  get outcome(): Promise<string | undefined> {
    return this.answer ?? Promise.resolve(msg('Nothing deleted the project.'));
  }
}

/**
 * Most tokens of knowledge a project takes: half a 200,000-token window, well under the 150,000 at which the API
 * compacts a conversation by itself (the files come after any compaction, so they must leave room for the chat).
 */
export const MAX_KNOWLEDGE_TOKENS = 100_000;

/** Most PDF pages a project's files hold: half of the 100 a request may carry, the rest for the chat's own. */
export const MAX_KNOWLEDGE_PDF_PAGES = 50;

export function pdfPages(files: readonly AttachmentRecord[]): number {
  return files.reduce((sum, f) => sum + (f.kind === 'pdf' ? (f.pages ?? 0) : 0), 0);
}

/** The tokens a project's files add to each request (the high estimate: a budget should not be passed). */
export function knowledgeTokens(files: readonly AttachmentRecord[]): number {
  return files.reduce((sum, file) => sum + estimateTokens(file).high, 0);
}

/** Reads files for a project with the attachment pipeline: each kept file's record and bytes, or why not. */
export async function readKnowledge(files: readonly File[]): Promise<KnowledgeRead> {
  let prepare: Awaited<ReturnType<typeof loadPreparer>>['prepareAttachment'];
  try {
    prepare = (await loadPreparer()).prepareAttachment;
  } catch (error) {
    return {
      files: [],
      refusals: [
        msg(
          str`Easel could not load its file checks (${errorText(error)}). Reload the page and add them again.`,
        ),
      ],
    };
  }
  const kept: KnowledgeFile[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    try {
      const outcome = await prepare(file);
      if (isRefusal(outcome)) {
        refusals.push(`${outcome.file}: ${outcome.reason}`);
        continue;
      }
      const { also, ...first } = outcome;
      for (const prepared of [first, ...(also ?? [])])
        kept.push(knowledgeFile(prepared.record, prepared.blob, prepared.original));
    } catch (error) {
      refusals.push(msg(str`${file.name}: it could not be read (${errorText(error)}). Try adding it again.`));
    }
  }
  return { files: kept, refusals };
}

function knowledgeFile(record: AttachmentRecord, blob: Blob, original: Blob | undefined): KnowledgeFile {
  return {
    record,
    bytes: [
      { id: record.id, blob, mimeType: record.mimeType, size: record.size },
      ...(original && record.sourceId
        ? [{ id: record.sourceId, blob: original, mimeType: original.type, size: original.size }]
        : []),
    ],
  };
}

declare global {
  interface HTMLElementEventMap {
    'project-save': ProjectSaveEvent;
    'project-delete': ProjectDeleteEvent;
  }
}
