/**
 * Where a `/memories` path of the memory tool points: the person's space, or (in a project's chat) the project's
 * space under `/memories/project`. Anything else — another root, `..`, `.`, an empty segment, a backslash, a
 * control character — is refused with the error text the API's documentation uses.
 */

export const ROOT = '/memories';
/** The directory under which a project's chats see the project's memory. */
export const PROJECT_DIR = 'project';

/** Limits that keep one path sensible (IndexedDB keys and the Settings list stay small). */
const MAX_PATH = 1024;
const MAX_SEGMENT = 255;
const MAX_DEPTH = 16;

/** The spaces a chat sees: always the person's, and its project's when it is in one. */
export interface MemoryScope {
  /** The id of the chat's project, when it is in one (its files are in the space `project:<id>`). */
  readonly project?: string;
}

/** A resolved path: the whole root (`/memories`), a directory or file in a space, or the project directory. */
export type Resolved =
  | { readonly kind: 'root' }
  | { readonly kind: 'space'; readonly space: string; readonly rel: string; readonly shown: string };

/** A command's failure, with the text the model reads as an error result. */
export class MemoryError extends Error {
  override readonly name = 'MemoryError';
}

export const PERSON_SPACE = 'person';

/**
 * Resolves `path` for `scope`. `rel` is the path inside the space ('' for its root); `shown` is the path as the
 * model wrote it, normalised (no trailing slash). Throws `MemoryError` for a path outside `/memories`.
 */
export function resolvePath(path: string, scope: MemoryScope): Resolved {
  if (path !== ROOT && !path.startsWith(`${ROOT}/`)) {
    throw new MemoryError(`Path must start with /memories, got: ${path}`);
  }
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what the rule refuses
  if (trimmed.length > MAX_PATH || /[\u0000-\u001f\u007f\\]/.test(trimmed)) {
    throw new MemoryError(`Path ${path} would escape /memories directory`);
  }
  const segments = trimmed === ROOT ? [] : trimmed.slice(ROOT.length + 1).split('/');
  if (
    segments.length > MAX_DEPTH ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.length > MAX_SEGMENT)
  ) {
    throw new MemoryError(`Path ${path} would escape /memories directory`);
  }
  if (segments.length === 0) return { kind: 'root' };
  if (segments[0] === PROJECT_DIR) {
    if (!scope.project) {
      throw new MemoryError(
        `The path ${ROOT}/${PROJECT_DIR} holds a project's memory, and this chat is not in a project. Please provide a valid path.`,
      );
    }
    return {
      kind: 'space',
      space: projectSpace(scope.project),
      rel: segments.slice(1).join('/'),
      shown: trimmed,
    };
  }
  return { kind: 'space', space: PERSON_SPACE, rel: segments.join('/'), shown: trimmed };
}

/** The `/memories` path of a file of `space`, as the model sees it. */
export function shownPath(space: string, rel: string): string {
  const base = space === PERSON_SPACE ? ROOT : `${ROOT}/${PROJECT_DIR}`;
  return rel ? `${base}/${rel}` : base;
}

/** The space of a project's memory. */
export function projectSpace(projectId: string): string {
  return `project:${projectId}`;
}
