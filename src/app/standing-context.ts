/**
 * What every request of a chat in a project carries (`AgentOptions.getStandingContext`): the project's
 * instructions after Easel's own, and its knowledge files before the conversation.
 */
import type { StandingContext, UserContent } from '../agent';
import type { AttachmentResolver } from '../messages';
import type { LazyProjectLibrary, ProjectRecord, SessionLibrary, SessionSaver } from '../storage';

export interface StandingContextOptions {
  readonly projects: LazyProjectLibrary;
  readonly library: SessionLibrary;
  readonly saver: SessionSaver;
  /** The attachment resolver of `convertToLlm` (it caches what it read). */
  readonly resolve: AttachmentResolver;
}

/** The hook. */
export interface StandingContextSource {
  /**
   * Reads the open chat's project at each request (a move, or an edit in another tab, counts from the next
   * request on) and resolves its files like a message's attachments, saying the PDF pages and bytes they
   * hold (`reservedPdf`, which `convertToLlm` leaves room for). No project: nothing is added.
   */
  readonly get: () => Promise<StandingContext | undefined>;
}

export function createStandingContext(options: StandingContextOptions): StandingContextSource {
  // The last project read: when storage cannot be read (its data cleared, or another tab upgrading it) the chat
  // goes on from memory, and so does its project.
  let known: ProjectRecord | undefined;
  return {
    get: async () => {
      let project: ProjectRecord | undefined;
      try {
        project = await openProject(options);
        known = project;
      } catch {
        const id = options.saver.newChatProject;
        project = id !== undefined && known?.id === id ? known : undefined;
      }
      if (!project) return undefined;
      return { ...(await projectContext(project, options.resolve)), reservedPdf: pdfReserve(project) };
    },
  };
}

function pdfReserve(project: ProjectRecord): { pages: number; bytes: number } {
  const pdfs = project.files.filter((f) => f.kind === 'pdf');
  return {
    pages: pdfs.reduce((sum, f) => sum + (f.pages ?? 0), 0),
    bytes: pdfs.reduce((sum, f) => sum + Math.ceil(f.size / 3) * 4, 0),
  };
}

async function openProject({
  projects,
  library,
  saver,
}: StandingContextOptions): Promise<ProjectRecord | undefined> {
  const id = saver.sessionId;
  if (id === undefined) return undefined;
  const lookup = await library.get(id);
  const projectId = lookup.kind === 'found' ? lookup.session.projectId : saver.newChatProject;
  return projectId === undefined ? undefined : (await projects()).get(projectId);
}

/** The project's part of a request, in the words the model reads. */
export async function projectContext(
  project: ProjectRecord,
  resolve: AttachmentResolver,
): Promise<StandingContext> {
  const instructions = project.instructions.trim()
    ? `This chat is in the person's project “${project.name}”. Their instructions for the project's chats:\n\n${project.instructions.trim()}`
    : undefined;
  const files: UserContent[] = [];
  for (const file of project.files) files.push(...(await resolve(file)));
  const knowledge: UserContent[] =
    files.length > 0
      ? [
          {
            type: 'text',
            text: `[The files of the project “${project.name}”, given with every chat in it; the conversation follows them.]`,
          },
          ...files,
        ]
      : [];
  return { ...(instructions ? { instructions } : {}), ...(knowledge.length > 0 ? { knowledge } : {}) };
}
