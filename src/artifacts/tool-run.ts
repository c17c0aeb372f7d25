/**
 * What the `artifacts` tool's commands do (`tool.ts` holds the tool's definition): loaded with the first request
 * or call, not with the first screen.
 */
import type { AgentToolResult } from '../agent';
import { assertNever } from '../agent';
import type { ArtifactMessage } from '../messages';
import { binaryFileText, isBinaryVersion } from './binary';
import { type ArtifactKind, artifactKindOf, filenameProblem, runsInSandbox } from './files';
import { describeLog } from './preview-log';
import type { ArtifactAction } from './store';
import {
  countOccurrences,
  existsText,
  MAX_CONTENT_CHARS,
  missingText,
  notFoundInFileText,
  notFoundText,
  notUniqueText,
  quantity,
} from './tool-text';
import type { ArtifactsToolArgs, ArtifactsToolDeps, ArtifactsToolDetails } from './tool-types';

type Result = AgentToolResult<ArtifactsToolDetails>;

export async function runCommand(
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
