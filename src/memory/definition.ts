/**
 * The memory tool as the request names it, and a stand-in that loads the tool's code with its first call (the
 * app's first screen carries only this).
 */
import type { AgentTool, AgentToolResult } from '../agent';
import { errorText } from '../agent';

export const MEMORY_TOOL_NAME = 'memory';

/** What a memory call's result carries for the chat's card: the write, when it changed something. */
export interface MemoryDetails {
  /** A `MemoryWrite` (see `parseMemoryDetails`). */
  readonly write?: unknown;
}

/**
 * The tool's fixed part. Its calls run one at a time (`sequential`), so two writes never read the same state.
 * `parameters` checks only the command here: the API gives Claude the tool's real schema, and each command
 * checks its own arguments with the API's words.
 */
export const memoryToolDefinition = {
  name: MEMORY_TOOL_NAME,
  builtin: 'memory_20250818',
  label: 'Memory',
  description: 'Memory files under /memories, kept across chats.',
  parameters: {
    type: 'object',
    properties: {
      command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'] },
    },
    required: ['command'],
  },
  executionMode: 'sequential',
} as const satisfies Omit<AgentTool, 'execute'>;

export function memoryFailure(text: string): AgentToolResult<MemoryDetails> {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The memory tool whose `execute` is `load()`'s tool's, loaded with the first call. */
export function lazyMemoryTool(
  load: () => Promise<AgentTool<Record<string, unknown>, MemoryDetails>>,
): AgentTool<Record<string, unknown>, MemoryDetails> {
  return {
    ...memoryToolDefinition,
    async execute(id, args, signal, onUpdate) {
      try {
        return await (await load()).execute(id, args, signal, onUpdate);
      } catch (error) {
        return memoryFailure(`Error: memory could not be loaded (${errorText(error)}).`);
      }
    },
  };
}
