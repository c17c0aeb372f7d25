/**
 * The memory tool's six commands (`view`, `create`, `str_replace`, `insert`, `delete`, `rename`) run against the
 * files of the spaces a chat sees. Results and errors use the words of the API's documentation and of the
 * SDKs' reference implementations, so Claude reads what it was trained on. Every failure is a `MemoryError`
 * (the tool turns it into an error result); nothing is written unless the whole command succeeds.
 */
import {
  MemoryError,
  type MemoryScope,
  PERSON_SPACE,
  PROJECT_DIR,
  projectSpace,
  type Resolved,
  ROOT,
  resolvePath,
  shownPath,
} from './paths';

/** A file of one space, its path relative to the space's root. */
export interface MemoryFile {
  readonly path: string;
  readonly text: string;
}

/** A file to write (`text`) or delete (`text: null`). */
export interface FileChange {
  readonly path: string;
  readonly text: string | null;
}

/** What the tool needs of storage (`MemoriesRepository` is one). */
export interface MemoryFiles {
  list(space: string): Promise<readonly MemoryFile[]>;
  write(space: string, changes: readonly FileChange[]): Promise<void>;
}

/** The changes that undo a write, by space (applied in order). */
export type UndoPlan = readonly { readonly space: string; readonly changes: readonly FileChange[] }[];

/** What a write changed, for the card in the chat and its `Undo`. */
export interface MemoryWrite {
  readonly kind: 'create' | 'edit' | 'delete' | 'rename';
  /** One line: the remembered text's first line, or the path deleted or renamed. */
  readonly summary: string;
  readonly undo: UndoPlan;
  /**
   * The files as the write left them (same shape as `undo`), so the card can tell a write still in place from
   * one already undone or changed since — across reloads, tabs and devices. Left out by writes stored before.
   */
  readonly done?: UndoPlan;
}

export interface CommandOutcome {
  readonly text: string;
  /** The command failed (nothing was written); `text` says why, in the words the model reads. */
  readonly isError?: true;
  readonly write?: MemoryWrite;
}

/** A memory file's largest size, in UTF-8 bytes. */
export const MAX_FILE_BYTES = 100_000;
/** All the files of one space together, in UTF-8 bytes. */
export const MAX_SPACE_BYTES = 1_000_000;
/** Files in one space. */
export const MAX_FILES = 500;

const LINE_NUMBER_WIDTH = 6;
const MAX_LINES = 999_999;

export type MemoryCommand = Readonly<Record<string, unknown>> & { readonly command?: unknown };

/** Runs one command. Never rejects: a failure is an outcome with `isError` and the reason. */
export async function runCommand(
  files: MemoryFiles,
  scope: MemoryScope,
  input: MemoryCommand,
): Promise<CommandOutcome> {
  try {
    return await run(files, scope, input);
  } catch (error) {
    if (error instanceof MemoryError) return { text: error.message, isError: true };
    return {
      text: `Error: ${error instanceof Error ? error.message || error.name : String(error)}`,
      isError: true,
    };
  }
}

async function run(files: MemoryFiles, scope: MemoryScope, input: MemoryCommand): Promise<CommandOutcome> {
  const { command } = input;
  switch (command) {
    case 'view':
      return view(files, scope, str(input, 'path'), input.view_range);
    case 'create':
      return create(files, scope, str(input, 'path'), str(input, 'file_text'));
    case 'str_replace':
      return strReplace(files, scope, str(input, 'path'), str(input, 'old_str'), str(input, 'new_str', ''));
    case 'insert':
      return insert(files, scope, str(input, 'path'), int(input, 'insert_line'), str(input, 'insert_text'));
    case 'delete':
      return remove(files, scope, str(input, 'path'));
    case 'rename':
      return rename(files, scope, str(input, 'old_path'), str(input, 'new_path'));
    default:
      throw new MemoryError(
        `Unknown command: ${String(command)}. Use one of view, create, str_replace, insert, delete, rename.`,
      );
  }
}

// ---------------------------------------------------------------------------------------------------------
// view

async function view(
  files: MemoryFiles,
  scope: MemoryScope,
  path: string,
  range: unknown,
): Promise<CommandOutcome> {
  const target = resolvePath(path, scope);
  if (target.kind === 'space' && target.rel) {
    const all = await files.list(target.space);
    const file = all.find((f) => f.path === target.rel);
    if (file) return { text: fileView(target.shown, file.text, range) };
    const inside = all.filter((f) => f.path.startsWith(`${target.rel}/`));
    if (inside.length === 0) throw notFound(target.shown);
    return { text: listing(target.shown, relativeTo(inside, target.rel)) };
  }
  if (target.kind === 'space') {
    // The project's directory: it exists (empty or not) in a project's chat.
    return { text: listing(target.shown, await files.list(target.space)) };
  }
  const person = await files.list(PERSON_SPACE);
  const project = scope.project ? await files.list(projectSpace(scope.project)) : [];
  const entries = [
    ...person.filter((f) => f.path.split('/')[0] !== PROJECT_DIR),
    ...project.map((f) => ({ path: `${PROJECT_DIR}/${f.path}`, text: f.text })),
  ];
  return { text: listing(ROOT, entries, scope.project ? [PROJECT_DIR] : []) };
}

function fileView(shown: string, text: string, range: unknown): string {
  const lines = text.split('\n');
  if (lines.length > MAX_LINES)
    throw new MemoryError(`File ${shown} exceeds maximum line limit of 999,999 lines.`);
  let start = 1;
  let shownLines = lines;
  if (range !== undefined) {
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n)) ||
      range[0] < 1 ||
      (range[1] !== -1 && range[1] < range[0])
    ) {
      throw new MemoryError(
        `Invalid \`view_range\` parameter: ${JSON.stringify(range)}. It should be two line numbers [start, end], the first at least 1, the end -1 for the last line.`,
      );
    }
    start = range[0];
    shownLines = lines.slice(start - 1, range[1] === -1 ? undefined : range[1]);
  }
  return `Here's the content of ${shown} with line numbers:\n${numbered(shownLines, start)}`;
}

function listing(shown: string, entries: readonly MemoryFile[], emptyDirs: readonly string[] = []): string {
  const visible = entries.filter((f) => !f.path.split('/').some((s) => s.startsWith('.')));
  const sizes = new Map<string, number>();
  for (const dir of emptyDirs) sizes.set(`${dir}/`, 0);
  for (const file of visible) {
    const segments = file.path.split('/');
    const bytes = utf8Bytes(file.text);
    for (let depth = 1; depth < segments.length && depth <= 2; depth++) {
      const dir = `${segments.slice(0, depth).join('/')}/`;
      sizes.set(dir, (sizes.get(dir) ?? 0) + bytes);
    }
    if (segments.length <= 2) sizes.set(file.path, bytes);
  }
  const total = visible.reduce((sum, f) => sum + utf8Bytes(f.text), 0);
  const lines = [`${formatSize(total)}\t${shown}`];
  for (const [name, bytes] of [...sizes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(`${formatSize(bytes)}\t${shown}/${name}`);
  }
  return `Here're the files and directories up to 2 levels deep in ${shown}, excluding hidden items and node_modules:\n${lines.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------------------
// writes

async function create(
  files: MemoryFiles,
  scope: MemoryScope,
  path: string,
  text: string,
): Promise<CommandOutcome> {
  const target = fileTarget(path, scope);
  const all = await files.list(target.space);
  if (all.some((f) => f.path === target.rel || f.path.startsWith(`${target.rel}/`))) {
    throw new MemoryError(`Error: File ${target.shown} already exists`);
  }
  const blocking = all.find((f) => target.rel.startsWith(`${f.path}/`));
  if (blocking) {
    throw new MemoryError(`Error: ${shownPath(target.space, blocking.path)} is a file, not a directory`);
  }
  checkSize(target.shown, target.space, all, target.rel, text);
  await files.write(target.space, [{ path: target.rel, text }]);
  return {
    text: `File created successfully at: ${target.shown}`,
    write: {
      kind: 'create',
      summary: firstLine(text) || target.shown,
      undo: [{ space: target.space, changes: [{ path: target.rel, text: null }] }],
      done: [{ space: target.space, changes: [{ path: target.rel, text }] }],
    },
  };
}

async function strReplace(
  files: MemoryFiles,
  scope: MemoryScope,
  path: string,
  oldStr: string,
  newStr: string,
): Promise<CommandOutcome> {
  const target = fileTarget(path, scope);
  const all = await files.list(target.space);
  const file = existingFile(all, target);
  const count = occurrences(file.text, oldStr);
  if (oldStr === '' || count === 0) {
    throw new MemoryError(
      `No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in ${target.shown}.`,
    );
  }
  if (count > 1) {
    const lines: number[] = [];
    for (let at = file.text.indexOf(oldStr); at >= 0; at = file.text.indexOf(oldStr, at + 1)) {
      lines.push(file.text.slice(0, at).split('\n').length);
    }
    throw new MemoryError(
      `No replacement was performed. Multiple occurrences of old_str \`${oldStr}\` in lines: ${lines.join(', ')}. Please ensure it is unique`,
    );
  }
  const at = file.text.indexOf(oldStr);
  const text = file.text.slice(0, at) + newStr + file.text.slice(at + oldStr.length);
  checkSize(target.shown, target.space, all, target.rel, text);
  await files.write(target.space, [{ path: target.rel, text }]);
  const changed = file.text.slice(0, at).split('\n').length - 1;
  const lines = text.split('\n');
  const from = Math.max(0, changed - 2);
  const snippet = numbered(lines.slice(from, Math.min(lines.length, changed + 3)), from + 1);
  return {
    text: `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet}`,
    write: {
      kind: 'edit',
      summary: firstLine(newStr) || target.shown,
      undo: [{ space: target.space, changes: [{ path: target.rel, text: file.text }] }],
      done: [{ space: target.space, changes: [{ path: target.rel, text }] }],
    },
  };
}

async function insert(
  files: MemoryFiles,
  scope: MemoryScope,
  path: string,
  line: number,
  insertText: string,
): Promise<CommandOutcome> {
  const target = fileTarget(path, scope);
  const all = await files.list(target.space);
  const file = existingFile(all, target);
  const lines = file.text === '' ? [] : file.text.replace(/\n$/, '').split('\n');
  if (line < 0 || line > lines.length) {
    throw new MemoryError(
      `Invalid \`insert_line\` parameter: ${line}. It should be within the range [0, ${lines.length}].`,
    );
  }
  lines.splice(line, 0, insertText.replace(/\n+$/, ''));
  const text = `${lines.join('\n')}\n`;
  checkSize(target.shown, target.space, all, target.rel, text);
  await files.write(target.space, [{ path: target.rel, text }]);
  return {
    text: `The file ${target.shown} has been edited.`,
    write: {
      kind: 'edit',
      summary: firstLine(insertText) || target.shown,
      undo: [{ space: target.space, changes: [{ path: target.rel, text: file.text }] }],
      done: [{ space: target.space, changes: [{ path: target.rel, text }] }],
    },
  };
}

async function remove(files: MemoryFiles, scope: MemoryScope, path: string): Promise<CommandOutcome> {
  const target = resolvePath(path, scope);
  if (target.kind === 'root') throw new MemoryError('Cannot delete the /memories directory itself');
  const all = await files.list(target.space);
  const gone = all.filter((f) => !target.rel || f.path === target.rel || f.path.startsWith(`${target.rel}/`));
  if (gone.length === 0) throw new MemoryError(`The path ${target.shown} does not exist`);
  await files.write(
    target.space,
    gone.map((f) => ({ path: f.path, text: null })),
  );
  return {
    text: `Successfully deleted ${target.shown}`,
    write: {
      kind: 'delete',
      summary: target.shown,
      undo: [{ space: target.space, changes: gone.map((f) => ({ path: f.path, text: f.text })) }],
      done: [{ space: target.space, changes: gone.map((f) => ({ path: f.path, text: null })) }],
    },
  };
}

async function rename(
  files: MemoryFiles,
  scope: MemoryScope,
  oldPath: string,
  newPath: string,
): Promise<CommandOutcome> {
  const from = fileTarget(oldPath, scope);
  const to = fileTarget(newPath, scope);
  const source = await files.list(from.space);
  const moving = source.filter((f) => f.path === from.rel || f.path.startsWith(`${from.rel}/`));
  if (moving.length === 0) throw new MemoryError(`The path ${from.shown} does not exist`);
  if (from.space === to.space && (to.rel === from.rel || to.rel.startsWith(`${from.rel}/`))) {
    throw new MemoryError(`Cannot move ${from.shown} into itself (${to.shown})`);
  }
  const dest = from.space === to.space ? source : await files.list(to.space);
  if (dest.some((f) => f.path === to.rel || f.path.startsWith(`${to.rel}/`))) {
    throw new MemoryError(`The destination ${to.shown} already exists`);
  }
  const blocking = dest.find((f) => to.rel.startsWith(`${f.path}/`));
  if (blocking) {
    throw new MemoryError(`Error: ${shownPath(to.space, blocking.path)} is a file, not a directory`);
  }
  const moved = moving.map((f) => ({ path: to.rel + f.path.slice(from.rel.length), text: f.text }));
  if (from.space !== to.space) {
    const bytes = moved.reduce((sum, f) => sum + utf8Bytes(f.text), 0);
    checkTotals(to.shown, dest, bytes, moved.length);
  }
  const removals = moving.map((f) => ({ path: f.path, text: null }));
  if (from.space === to.space) {
    await files.write(from.space, [...removals, ...moved]);
  } else {
    await files.write(to.space, moved);
    await files.write(from.space, removals);
  }
  return {
    text: `Successfully renamed ${from.shown} to ${to.shown}`,
    write: {
      kind: 'rename',
      summary: `${from.shown} → ${to.shown}`,
      undo: [
        { space: to.space, changes: moved.map((f) => ({ path: f.path, text: null })) },
        { space: from.space, changes: moving.map((f) => ({ path: f.path, text: f.text })) },
      ],
      done: [
        { space: to.space, changes: moved },
        { space: from.space, changes: removals },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// helpers

type FileTarget = Extract<Resolved, { kind: 'space' }>;

function fileTarget(path: string, scope: MemoryScope): FileTarget {
  const target = resolvePath(path, scope);
  if (target.kind === 'root' || !target.rel) {
    throw new MemoryError(
      `The path ${target.kind === 'root' ? ROOT : target.shown} is a directory, not a file.`,
    );
  }
  return target;
}

function existingFile(all: readonly MemoryFile[], target: FileTarget): MemoryFile {
  const file = all.find((f) => f.path === target.rel);
  if (file) return file;
  if (all.some((f) => f.path.startsWith(`${target.rel}/`))) {
    throw new MemoryError(`The path ${target.shown} is not a file.`);
  }
  throw notFound(target.shown);
}

function notFound(shown: string): MemoryError {
  return new MemoryError(`The path ${shown} does not exist. Please provide a valid path.`);
}

function checkSize(
  shown: string,
  space: string,
  all: readonly MemoryFile[],
  rel: string,
  text: string,
): void {
  const bytes = utf8Bytes(text);
  if (bytes > MAX_FILE_BYTES) {
    throw new MemoryError(
      `File ${shown} would be ${bytes.toLocaleString('en-US')} bytes; a memory file may hold at most ${MAX_FILE_BYTES.toLocaleString('en-US')} bytes. Nothing was written: keep memories short, or split them across files.`,
    );
  }
  const others = all.filter((f) => f.path !== rel);
  const isNew = others.length === all.length;
  checkTotals(
    space === PERSON_SPACE ? ROOT : `${ROOT}/${PROJECT_DIR}`,
    others,
    bytes,
    isNew ? 1 : 0,
    all.length,
  );
}

function checkTotals(
  where: string,
  others: readonly MemoryFile[],
  adding: number,
  newFiles: number,
  count = others.length,
): void {
  const total = others.reduce((sum, f) => sum + utf8Bytes(f.text), 0) + adding;
  if (total > MAX_SPACE_BYTES) {
    throw new MemoryError(
      `The memory in ${where} would be ${total.toLocaleString('en-US')} bytes; it may hold at most ${MAX_SPACE_BYTES.toLocaleString('en-US')} bytes. Nothing was written: delete or shorten memories first.`,
    );
  }
  if (count + newFiles > MAX_FILES) {
    throw new MemoryError(
      `The memory in ${where} already holds ${count} files, the most it may hold. Nothing was written: delete or merge memories first.`,
    );
  }
}

function numbered(lines: readonly string[], start: number): string {
  return lines.map((line, i) => `${String(i + start).padStart(LINE_NUMBER_WIDTH)}\t${line}`).join('\n');
}

function occurrences(text: string, part: string): number {
  if (part === '') return 0;
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

function relativeTo(files: readonly MemoryFile[], dir: string): MemoryFile[] {
  return files.map((f) => ({ path: f.path.slice(dir.length + 1), text: f.text }));
}

/** The first line with words, without Markdown's list or heading marks, at most 120 characters. */
export function firstLine(text: string): string {
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)*/, '').trim();
    if (line && !/^<\/?[\w-]+>$/.test(line)) return line.length > 120 ? `${line.slice(0, 119)}…` : line;
  }
  return '';
}

export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['K', 'M', 'G'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${Number.isInteger(size) ? size : size.toFixed(1)}${units[unit]}`;
}

function str(input: MemoryCommand, key: string, fallback?: string): string {
  const value = input[key];
  if (typeof value === 'string') return value;
  if (value === undefined && fallback !== undefined) return fallback;
  throw new MemoryError(
    `Parameter \`${key}\` is required for command: ${String(input.command)}, as a string.`,
  );
}

function int(input: MemoryCommand, key: string): number {
  const value = input[key];
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new MemoryError(
    `Parameter \`${key}\` is required for command: ${String(input.command)}, as an integer.`,
  );
}
