/**
 * The `artifacts` tool: the model's way to create and change the files shown in the panel.
 *
 * Every change is applied to the store at once (so the next call of the same batch sees it) and handed to
 * `appendRecord` as an `artifact` message with the full new content (the agent puts it into the history right
 * after the batch's results). Errors are results the model reads (`isError`), each saying what to do next.
 */
import type { AgentTool, AgentToolResult } from '../agent';
import { assertNever } from '../agent';
import type { ArtifactMessage } from '../messages';
import { binaryFileText, isBinaryVersion } from './binary';
import { type ArtifactKind, artifactKindOf, filenameProblem, runsInSandbox } from './files';
import { describeLog, type PreviewLog } from './preview-log';
import type { ArtifactAction, ArtifactStore } from './store';
import {
  ARTIFACTS_TOOL_NAME,
  countOccurrences,
  existsText,
  MAX_CONTENT_CHARS,
  missingText,
  notFoundInFileText,
  notFoundText,
  notUniqueText,
  quantity,
} from './tool-text';

export { ARTIFACTS_TOOL_NAME, MAX_CONTENT_CHARS };

export type ArtifactCommand = 'create' | 'update' | 'rewrite' | 'get' | 'delete' | 'logs';

export interface ArtifactsToolArgs {
  readonly command: ArtifactCommand;
  readonly filename: string;
  readonly content?: string;
  readonly old_str?: string;
  readonly new_str?: string;
}

/** What the UI gets with a result (never sent to the model). */
export interface ArtifactsToolDetails {
  readonly command: ArtifactCommand;
  readonly filename: string;
  /** The version after a change. */
  readonly version?: number;
  /** The preview's console, for HTML and SVG changes and `logs`. */
  readonly log?: PreviewLog;
}

export interface ArtifactsToolDeps {
  readonly store: ArtifactStore;
  /** Puts a change record into the conversation (wire to `agent.appendMessage`). */
  readonly appendRecord: (record: ArtifactMessage) => void;
  /**
   * Loads `content` in a sandboxed preview and resolves with what it printed once it has loaded and settled
   * (bounded, about 2 s at most). Must not reject. Absent: results carry no console.
   */
  readonly runPreview?: (filename: string, content: string, signal: AbortSignal) => Promise<PreviewLog>;
  /** The latest console of `filename`'s preview, if it has run. */
  readonly getLogs?: (filename: string) => PreviewLog | undefined;
  readonly now?: () => number;
}

export const ARTIFACTS_PARAMETERS = {
  type: 'object',
  properties: {
    command: {
      type: 'string',
      enum: ['create', 'update', 'rewrite', 'get', 'delete', 'logs'],
      description: 'What to do.',
    },
    filename: {
      type: 'string',
      description: 'The file, with an extension that says what it is, e.g. index.html, chart.svg, notes.md.',
    },
    content: { type: 'string', description: 'create, rewrite: the full content of the file.' },
    old_str: {
      type: 'string',
      description: 'update: text that occurs exactly once in the file, copied exactly (whitespace included).',
    },
    new_str: { type: 'string', description: 'update: the text that replaces old_str (may be empty).' },
  },
  required: ['command', 'filename'],
  additionalProperties: false,
} as const;

type Result = AgentToolResult<ArtifactsToolDetails>;

/**
 * The tool, with `prepare()`: loads its description, whose list of the shelf's libraries is long and not needed
 * by the first screen (call it before a request is made, and await it).
 */
export interface ArtifactsTool extends AgentTool<ArtifactsToolArgs, ArtifactsToolDetails> {
  prepare(): Promise<void>;
}

export function createArtifactsTool(deps: ArtifactsToolDeps): ArtifactsTool {
  let description: string | undefined;
  let loading: Promise<void> | undefined;
  return {
    name: ARTIFACTS_TOOL_NAME,
    label: 'Artifacts',
    get description() {
      return description ?? 'Create and change files that the person sees live in a panel beside the chat.';
    },
    parameters: ARTIFACTS_PARAMETERS,
    executionMode: 'sequential',
    prepare() {
      loading ??= import('./description').then(
        (m) => {
          description = m.TOOL_DESCRIPTION;
        },
        () => {
          loading = undefined;
        },
      );
      return loading;
    },
    execute: (toolCallId, args, signal) => runCommand(deps, toolCallId, args, signal),
  };
}

async function runCommand(
  deps: ArtifactsToolDeps,
  toolCallId: string,
  args: ArtifactsToolArgs,
  signal: AbortSignal,
): Promise<Result> {
  const { command, filename } = args;
  const problem = filenameProblem(filename);
  if (problem) return failure(args, `${problem} Use a plain name with an extension, like index.html.`);
  const file = deps.store.get(filename);
  const names = () => deps.store.list().map((f) => f.filename);
  switch (command) {
    case 'create': {
      if (file) return failure(args, existsText(filename, file.current.version));
      if (args.content === undefined)
        return failure(args, missingText('create', 'content', 'the full content of the new file'));
      return change(deps, toolCallId, args, 'create', args.content, signal);
    }
    case 'rewrite': {
      if (!file) return failure(args, notFoundText(filename, names(), command));
      if (args.content === undefined)
        return failure(args, missingText('rewrite', 'content', 'the full new content of the file'));
      return change(deps, toolCallId, args, 'rewrite', args.content, signal);
    }
    case 'update': {
      if (!file) return failure(args, notFoundText(filename, names(), command));
      if (isBinaryVersion(file.current))
        return failure(
          args,
          `${binaryFileText(filename, file.current)} Use \`rewrite\` to replace it with a text file.`,
        );
      const { old_str: oldStr, new_str: newStr } = args;
      if (oldStr === undefined || oldStr === '')
        return failure(
          args,
          missingText('update', 'old_str', 'the exact text to replace, which must occur once'),
        );
      if (newStr === undefined)
        return failure(
          args,
          missingText('update', 'new_str', 'the replacement text (empty to delete old_str)'),
        );
      const text = file.current.content;
      const count = countOccurrences(text, oldStr, 1000);
      if (count === 0) return failure(args, notFoundInFileText(filename, text, oldStr));
      if (count > 1) return failure(args, notUniqueText(filename, text, oldStr, count));
      const at = text.indexOf(oldStr);
      const next = text.slice(0, at) + newStr + text.slice(at + oldStr.length);
      return change(deps, toolCallId, args, 'update', next, signal);
    }
    case 'get': {
      if (!file) return failure(args, notFoundText(filename, names(), command));
      if (isBinaryVersion(file.current))
        return success(args, binaryFileText(filename, file.current), { version: file.current.version });
      const { version, content } = file.current;
      const head = `${filename} (version ${version}, ${quantity(content.length, 'character')}):`;
      return success(args, `${head}\n\n${content}`, { version });
    }
    case 'delete': {
      if (!file) return failure(args, notFoundText(filename, names(), command));
      const version = record(deps, toolCallId, 'delete', filename, '');
      return success(args, `Deleted ${filename}. ${listRemaining(names())}`, { version });
    }
    case 'logs': {
      if (!file) return failure(args, notFoundText(filename, names(), command));
      if (!runsInSandbox(file.kind))
        return failure(
          args,
          `${filename} does not run in a preview, so it has no console: ${RUNNING_KINDS}.`,
        );
      const log = deps.getLogs?.(filename);
      if (!log)
        return success(args, `${filename} has not been previewed yet, so there is no console output.`, {});
      return success(args, `${filename} (version ${file.current.version}). ${describeLog(log)}`, { log });
    }
    default:
      return assertNever(command);
  }
}

async function change(
  deps: ArtifactsToolDeps,
  toolCallId: string,
  args: ArtifactsToolArgs,
  action: Extract<ArtifactAction, 'create' | 'update' | 'rewrite'>,
  content: string,
  signal: AbortSignal,
): Promise<Result> {
  const { filename } = args;
  if (content.length > MAX_CONTENT_CHARS) {
    return failure(
      args,
      `The content would be ${quantity(content.length, 'character')}; a file may have at most ` +
        `${quantity(MAX_CONTENT_CHARS, 'character')}. Split it into several files.`,
    );
  }
  const version = record(deps, toolCallId, action, filename, content);
  const verb = action === 'create' ? 'Created' : action === 'update' ? 'Updated' : 'Rewrote';
  const summary = `${verb} ${filename} (version ${version}, ${quantity(content.length, 'character')}).`;
  const kind = artifactKindOf(filename);
  if (!runsInSandbox(kind)) return success(args, `${summary} ${shownAsText(kind)}`, { version });
  if (!deps.runPreview) return success(args, summary, { version });
  const log = await deps.runPreview(filename, content, signal);
  return success(args, `${summary}\n${describeLog(log)}`, { version, log });
}

/** Applies a change by the model and appends its record. Returns the new version number. */
function record(
  deps: ArtifactsToolDeps,
  toolCallId: string,
  action: ArtifactAction,
  filename: string,
  content: string,
): number {
  const version = deps.store.nextVersion(filename);
  const message: ArtifactMessage = {
    role: 'artifact',
    action,
    filename,
    content,
    version,
    author: 'model',
    toolCallId,
    timestamp: (deps.now ?? Date.now)(),
  };
  deps.store.apply(message);
  deps.appendRecord(message);
  return version;
}

/** Which files run in the preview (said whenever Claude writes or asks about a file that does not). */
const RUNNING_KINDS = 'only HTML pages, SVG images and React components (.jsx, .tsx) run';

/** What the panel does with a file of a kind that does not run (code and text by default). */
const SHOWN_AS: Partial<Record<ArtifactKind, string>> = {
  markdown: 'It is shown as formatted Markdown.',
  image: 'It is shown as an image.',
  sheet: 'It is shown as a table.',
  mermaid: 'It is shown as a Mermaid diagram.',
};

function shownAsText(kind: ArtifactKind): string {
  return SHOWN_AS[kind] ?? `It is shown as code and does not run: ${RUNNING_KINDS}.`;
}

function listRemaining(names: readonly string[]): string {
  return names.length === 0 ? 'No files are left.' : `Files: ${names.join(', ')}.`;
}

function success(
  args: ArtifactsToolArgs,
  text: string,
  extra: Omit<ArtifactsToolDetails, 'command' | 'filename'>,
): Result {
  return {
    content: [{ type: 'text', text }],
    details: { command: args.command, filename: args.filename, ...extra },
  };
}

function failure(args: ArtifactsToolArgs, text: string): Result {
  return {
    content: [{ type: 'text', text }],
    details: { command: args.command, filename: args.filename },
    isError: true,
  };
}
