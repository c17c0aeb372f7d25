/**
 * What an `artifacts` call has written so far, read from its arguments as far as they have come: the stream
 * tracker shows it while the call streams, and the store keeps it as an incomplete file when the answer ends
 * before the call runs (stopped, failed, cut off) or the page is closed before the call finishes. One reading
 * for both, so the file the person watched growing is the one left on screen, live or rebuilt from a saved
 * history.
 *
 * Arguments are parsed in the order the model writes them, so a value is complete once another key follows it.
 */
import type { StopReason, ToolCall } from '../agent';
import { assertNever } from '../agent';
import { ARTIFACTS_TOOL_NAME, countOccurrences } from './tool-text';

/** The commands that write a file. */
export type WritingCommand = 'create' | 'rewrite' | 'update';

/** The file a call writes, once its name is complete. */
export interface WritingTarget {
  readonly command: WritingCommand;
  readonly filename: string;
}

/** For an `update`: the file around `old_str`. `null`: no single match, nothing to show. */
export type UpdateBase = { readonly before: string; readonly after: string } | null;

/**
 * The file `call` writes, if it is an `artifacts` call that writes one and its file name is complete
 * (`complete`: the whole call has arrived, so every value is).
 */
export function writingTarget(call: ToolCall, complete: boolean): WritingTarget | undefined {
  if (call.name !== ARTIFACTS_TOOL_NAME) return undefined;
  const { command, filename } = call.arguments;
  if (command !== 'create' && command !== 'rewrite' && command !== 'update') return undefined;
  if (typeof filename !== 'string' || filename === '') return undefined;
  if (!(complete || followedBy(call.arguments, 'filename'))) return undefined;
  return { command, filename };
}

/**
 * The `old_str` and `new_str` of an `update` so far, once `old_str` is complete; `undefined` before (nothing
 * of the change can be placed yet).
 */
export function updateParts(
  call: ToolCall,
  complete: boolean,
): { readonly oldStr: string; readonly newStr: string } | undefined {
  const { old_str: oldStr, new_str: newStr } = call.arguments;
  if (typeof oldStr !== 'string' || typeof newStr !== 'string' || oldStr === '') return undefined;
  if (!(complete || followedBy(call.arguments, 'old_str'))) return undefined;
  return { oldStr, newStr };
}

/** Where an `update`'s new text goes in `text` (the file as it is): around its one `old_str`. */
export function updateBase(text: string | undefined, oldStr: string): UpdateBase {
  if (text === undefined || countOccurrences(text, oldStr, 2) !== 1) return null;
  const at = text.indexOf(oldStr);
  return { before: text.slice(0, at), after: text.slice(at + oldStr.length) };
}

/**
 * The file's text as `call` has written it so far: the content of a `create` or `rewrite`, or the file (its
 * text now, from `textOf`) with the new text so far in place of `old_str`. `undefined` when the call writes
 * no file, names none yet, or nothing of its text can be shown. `complete`: the whole call has arrived.
 */
export function writtenSoFar(
  call: ToolCall,
  textOf: (filename: string) => string | undefined,
  complete = false,
): { readonly filename: string; readonly content: string } | undefined {
  const target = writingTarget(call, complete);
  if (!target) return undefined;
  if (target.command !== 'update') {
    const { content } = call.arguments;
    return typeof content === 'string' ? { filename: target.filename, content } : undefined;
  }
  const parts = updateParts(call, complete);
  const base = parts && updateBase(textOf(target.filename), parts.oldStr);
  return base ? { filename: target.filename, content: base.before + parts.newStr + base.after } : undefined;
}

/**
 * How a file a call was writing was left incomplete: the answer was stopped (by the person, a reload, a
 * silent connection), failed, was cut off at the output limit, or ended in a refusal while the call was being
 * written; or the call had arrived whole (its answer ended to run it) and the page was closed or reloaded
 * before the call finished (`closed`: the change is saved only with the call's result, so none was).
 */
export type IncompleteReason = 'stopped' | 'failed' | 'cutOff' | 'refused' | 'closed';

/**
 * Why the calls of an answer that ended with `stopReason` never ran; `undefined` when they may have run
 * (`toolUse`, and `stop`, which a finished answer with calls never has).
 */
export function incompleteReasonOf(stopReason: StopReason): IncompleteReason | undefined {
  switch (stopReason) {
    case 'aborted':
      return 'stopped';
    case 'error':
      return 'failed';
    case 'length':
    case 'contextOverflow':
      return 'cutOff';
    case 'refusal':
      return 'refused';
    case 'stop':
    case 'toolUse':
      return undefined;
    default:
      return assertNever(stopReason);
  }
}

/** True when another argument follows `key` (so `key`'s value is complete: values stream in order). */
function followedBy(args: Readonly<Record<string, unknown>>, key: string): boolean {
  const keys = Object.keys(args);
  const at = keys.indexOf(key);
  return at >= 0 && at < keys.length - 1;
}
