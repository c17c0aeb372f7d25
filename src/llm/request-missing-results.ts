/**
 * What Claude is told about a tool call that has no result (part of the conversation's wire form,
 * `request-messages.ts`): why it was not run (Stop, a failure, the output limit, a reload) and, for a call of the
 * app's file tool, what it had written and that nothing of it was saved.
 */
import type { AssistantMessage, ToolCall } from '../agent';
import { assertNever } from './guards';

/** What Claude is told about `call`, a call of `message` that has no result. */
export function missingResultText(message: AssistantMessage, call: ToolCall): string {
  const why = notRunBecause(message);
  if (why === undefined) {
    const closed = 'No result: the page was closed or reloaded before this call finished';
    const unsaved = fileUnsaved(call);
    if (unsaved) return `${closed}. ${unsaved}`;
    return `${closed}, so it may or may not have run. Check its effect before relying on it.`;
  }
  const writing = fileWriting(call);
  if (writing) return `Not run: ${why} while this call was ${writing}`;
  switch (message.stopReason) {
    case 'aborted':
    case 'error':
      return (
        `Not run: ${why} while this call was being written or before it could run. Its arguments may be ` +
        'incomplete; nothing it would have changed was changed.'
      );
    default:
      return `Not run: ${why} while this call was being written.`;
  }
}

/** How the answer ended, when its calls were never run; `undefined` when they may have run. */
function notRunBecause(message: AssistantMessage): string | undefined {
  switch (message.stopReason) {
    case 'aborted':
      return message.errorKind === 'timeout'
        ? 'the answer was stopped when the connection went silent'
        : 'the answer was stopped (by the person, or the page was closed or reloaded)';
    case 'error':
      return `the answer failed${message.errorMessage ? ` (${message.errorMessage})` : ''}`;
    case 'length':
    case 'contextOverflow':
      return 'the answer was cut off at the output limit';
    case 'refusal':
      return 'the answer ended with a refusal';
    case 'stop':
    case 'toolUse':
      return undefined;
    default:
      return assertNever(message.stopReason);
  }
}

/**
 * The app's file tool, by its wire name (`src/llm` knows no tool, so the name is written here; the e2e suite
 * checks what Claude is told about one of its stopped calls). Its arguments arrive in order: `command`,
 * `filename`, then `content` (`create`, `rewrite`) or `old_str` and `new_str` (`update`).
 */
const FILE_TOOL = 'artifacts';

/**
 * The rest of the sentence about an unfinished call of the file tool that was writing a named file: what it
 * had written and that nothing was saved. `undefined` for any other call, or before its file name was whole.
 */
function fileWriting(call: ToolCall): string | undefined {
  if (call.name !== FILE_TOOL) return undefined;
  const args = call.arguments;
  const { command, filename } = args;
  if (command !== 'create' && command !== 'rewrite' && command !== 'update') return undefined;
  if (typeof filename !== 'string' || filename === '' || !followedBy(args, 'filename')) return undefined;
  const unchanged = `${filename} is as it was before this call. Nothing else changed.`;
  if (command === 'update') {
    const { new_str: newStr } = args;
    return typeof newStr === 'string'
      ? `changing ${filename}. The change is partial (${count(newStr)} of its new text were written) and ` +
          `was not applied: ${unchanged}`
      : `changing ${filename}, before any of its new text: nothing was applied, and ${unchanged}`;
  }
  const { content } = args;
  return typeof content === 'string'
    ? `writing ${filename}. The file is partial (${count(content)} were written) and was not saved: ` +
        `${unchanged} The person was shown the partial text, marked incomplete.`
    : `writing ${filename}, before any of its content: nothing was saved, and ${unchanged}`;
}

/**
 * For a whole call of the file tool that changes a named file and has no result (the page was closed while it
 * ran): that nothing it would have changed was saved. The app saves a call's change only with the results of
 * its answer's calls, so a call without a result changed nothing; the person was shown the file as the call
 * wrote it, marked incomplete. `undefined` for any other call.
 */
function fileUnsaved(call: ToolCall): string | undefined {
  if (call.name !== FILE_TOOL) return undefined;
  const { command, filename } = call.arguments;
  if (command !== 'create' && command !== 'rewrite' && command !== 'update' && command !== 'delete')
    return undefined;
  if (typeof filename !== 'string' || filename === '') return undefined;
  const unchanged =
    `Nothing it would have changed was saved: ${filename} is as it was before this call, and no other ` +
    'file changed.';
  return command === 'create' || command === 'rewrite'
    ? `${unchanged} The person was shown the file as this call wrote it, marked incomplete and not saved.`
    : unchanged;
}

/** True when another argument follows `key` (so `key`'s value is complete: values stream in order). */
function followedBy(args: Readonly<Record<string, unknown>>, key: string): boolean {
  const keys = Object.keys(args);
  const at = keys.indexOf(key);
  return at >= 0 && at < keys.length - 1;
}

function count(text: string): string {
  return `${text.length.toLocaleString('en-US')} character${text.length === 1 ? '' : 's'}`;
}
