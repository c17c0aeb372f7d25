/**
 * The memory tool as the agent runs it: the API's client-side `memory_20250818` tool (sent as its type and
 * name; the API gives Claude its description and input schema), executed here against the chat's spaces.
 * A failure — a path outside `/memories`, a file too large, too many writes — is an error result Claude reads,
 * never a thrown error or a stopped answer.
 */
import type { AgentTool, AgentToolResult } from '../agent';
import type { MemoryFiles } from './commands';
import { type MemoryDetails, memoryFailure, memoryToolDefinition } from './definition';
import type { MemoryScope } from './paths';

/** Writes (create, edit, delete, rename) one tab may make in `WRITE_WINDOW_MS`. */
export const MAX_WRITES = 20;
export const WRITE_WINDOW_MS = 60_000;

const WRITES = new Set(['create', 'str_replace', 'insert', 'delete', 'rename']);

export interface MemoryToolOptions {
  readonly files: MemoryFiles;
  /**
   * The spaces the open chat sees, read at each call; `undefined` when memory is off for it (switched off, or
   * an incognito chat), and the call is answered with an error saying so.
   */
  readonly scope: () => Promise<MemoryScope | undefined> | MemoryScope | undefined;
  readonly now?: () => number;
}

/** The memory tool. Its calls run one at a time (`sequential`), so two writes never read the same state. */
export function createMemoryTool(
  options: MemoryToolOptions,
): AgentTool<Record<string, unknown>, MemoryDetails> {
  const now = options.now ?? Date.now;
  const writes: number[] = [];
  return {
    ...memoryToolDefinition,
    async execute(_id, args): Promise<AgentToolResult<MemoryDetails>> {
      try {
        const scope = await options.scope();
        if (!scope)
          return memoryFailure('Memory is switched off for this chat: nothing was read or written.');
        if (WRITES.has(String(args.command))) {
          const since = now() - WRITE_WINDOW_MS;
          while (writes.length > 0 && (writes[0] ?? 0) <= since) writes.shift();
          if (writes.length >= MAX_WRITES) {
            return memoryFailure(
              `Too many memory writes: ${MAX_WRITES} in the last minute. Nothing was written; wait, or gather what to remember into fewer writes.`,
            );
          }
        }
        // The commands load with the first memory call, not with the app.
        const { runCommand } = await import('./commands');
        const outcome = await runCommand(options.files, scope, args);
        if (outcome.isError) return memoryFailure(outcome.text);
        if (outcome.write) writes.push(now());
        return {
          content: [{ type: 'text', text: outcome.text }],
          ...(outcome.write ? { details: { write: outcome.write } } : {}),
        };
      } catch (error) {
        return memoryFailure(`Error: ${reason(error)}`);
      }
    },
  };
}

function reason(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
