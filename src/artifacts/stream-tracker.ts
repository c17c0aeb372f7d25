/**
 * Follows the agent's events and shows in the store the files that `artifacts` calls are writing, while
 * their arguments stream: the panel can open the file and show it growing before the call has finished.
 *
 * The provider parses a tool call's partial JSON arguments as they arrive (in time linear in their length),
 * so each `toolcall_delta` carries `arguments.content` as far as it has come. A stream ends when the call's
 * record is applied (the store ends it), when the call's execution ends (an error, say), when its message
 * ends without running tools (cut off, failed, aborted), and at the end of the run. In the third case the
 * store, which follows the history, keeps what the call wrote as an incomplete file: it sees the message
 * join the history (state listeners run before event listeners) and turns the stream into that file.
 */
import type { AgentEvent, ToolCall } from '../agent';
import type { ArtifactStore } from './store';
import { ARTIFACTS_TOOL_NAME } from './tool';
import { type UpdateBase, updateBase, updateParts, writingTarget } from './written';

/** Returns the listener to give `agent.subscribe`. */
export function createArtifactStreamTracker(store: ArtifactStore): (event: AgentEvent) => void {
  const bases = new Map<string, UpdateBase>();

  const follow = (call: ToolCall, complete: boolean) => {
    const target = writingTarget(call, complete);
    if (!target) return;
    store.beginStreaming(call.id, target.filename);
    if (target.command !== 'update') {
      const { content } = call.arguments;
      if (typeof content === 'string') store.updateStreaming(call.id, content);
      return;
    }
    const parts = updateParts(call, complete);
    if (!parts) return;
    let base = bases.get(call.id);
    if (base === undefined) {
      base = updateBase(store.get(target.filename)?.current.content, parts.oldStr);
      bases.set(call.id, base);
    }
    if (base) store.updateStreaming(call.id, base.before + parts.newStr + base.after);
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
