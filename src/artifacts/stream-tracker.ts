/**
 * Follows the agent's events and shows in the store the files that `artifacts` calls are writing, while
 * their arguments stream: the panel can open the file and show it growing before the call has finished.
 *
 * The provider parses a tool call's partial JSON arguments as they arrive (in time linear in their length),
 * so each `toolcall_delta` carries `arguments.content` as far as it has come. A stream ends when the call's
 * record is applied (the store ends it), when the call's execution ends (an error, say), when its message
 * ends without running tools (cut off, failed, aborted), and at the end of the run.
 */
import type { AgentEvent, ToolCall } from '../agent';
import type { ArtifactStore } from './store';
import { ARTIFACTS_TOOL_NAME } from './tool';
import { countOccurrences } from './tool-text';

/** For an `update`: the file around `old_str`, found once per call. `null`: no single match, nothing to show. */
type UpdateBase = { readonly before: string; readonly after: string } | null;

/** Returns the listener to give `agent.subscribe`. */
export function createArtifactStreamTracker(store: ArtifactStore): (event: AgentEvent) => void {
  const bases = new Map<string, UpdateBase>();

  const follow = (call: ToolCall, complete: boolean) => {
    const args = call.arguments;
    const { command, filename } = args;
    if (command !== 'create' && command !== 'rewrite' && command !== 'update') return;
    if (typeof filename !== 'string' || filename === '' || !(complete || followedBy(args, 'filename')))
      return;
    store.beginStreaming(call.id, filename);
    if (command !== 'update') {
      if (typeof args.content === 'string') store.updateStreaming(call.id, args.content);
      return;
    }
    const { old_str: oldStr, new_str: newStr } = args;
    if (typeof oldStr !== 'string' || typeof newStr !== 'string' || oldStr === '') return;
    if (!(complete || followedBy(args, 'old_str'))) return;
    let base = bases.get(call.id);
    if (base === undefined) {
      base = baseFor(store, filename, oldStr);
      bases.set(call.id, base);
    }
    if (base) store.updateStreaming(call.id, base.before + newStr + base.after);
  };

  const end = (id: string) => {
    bases.delete(id);
    store.endStreaming(id);
  };

  return (event) => {
    switch (event.type) {
      case 'message_update': {
        const e = event.assistantMessageEvent;
        if (e.type !== 'toolcall_start' && e.type !== 'toolcall_delta' && e.type !== 'toolcall_end') return;
        const block = e.type === 'toolcall_end' ? e.toolCall : e.partial.content[e.contentIndex];
        if (block?.type === 'toolCall' && block.name === ARTIFACTS_TOOL_NAME)
          follow(block, e.type === 'toolcall_end');
        return;
      }
      case 'tool_execution_end':
        if (event.toolName === ARTIFACTS_TOOL_NAME) end(event.toolCallId);
        return;
      case 'message_end': {
        const m = event.message;
        if (m.role !== 'assistant' || m.stopReason === 'toolUse') return;
        for (const block of m.content) if (block.type === 'toolCall') end(block.id);
        return;
      }
      case 'agent_end':
        bases.clear();
        store.endAllStreaming();
        return;
      default:
        return;
    }
  };
}

/** True when another argument follows `key` (so `key`'s value is complete: values stream in order). */
function followedBy(args: Readonly<Record<string, unknown>>, key: string): boolean {
  const keys = Object.keys(args);
  const at = keys.indexOf(key);
  return at >= 0 && at < keys.length - 1;
}

function baseFor(store: ArtifactStore, filename: string, oldStr: string): UpdateBase {
  const text = store.get(filename)?.current.content;
  if (text === undefined || countOccurrences(text, oldStr, 2) !== 1) return null;
  const at = text.indexOf(oldStr);
  return { before: text.slice(0, at), after: text.slice(at + oldStr.length) };
}
