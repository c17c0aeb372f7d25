/**
 * The memory tool as the agent runs it: the API's client-side `memory_20250818` tool (sent as its type and
 * name; the API gives Claude its description and input schema), executed here against the chat's spaces.
 * A failure — a path outside `/memories`, a file too large, too many writes — is an error result Claude reads,
 * never a thrown error or a stopped answer.
 */
import type { AgentTool, AgentToolResult } from '../agent';
import { type FileChange, type MemoryFiles, type MemoryWrite, runCommand, type UndoPlan } from './commands';
import { MemoryError, type MemoryScope } from './paths';

export const MEMORY_TOOL_NAME = 'memory';

/** Writes (create, edit, delete, rename) one tab may make in `WRITE_WINDOW_MS`. */
export const MAX_WRITES = 20;
export const WRITE_WINDOW_MS = 60_000;

const WRITES = new Set(['create', 'str_replace', 'insert', 'delete', 'rename']);

/** What a memory call's result carries for the chat's card: the write, when it changed something. */
export interface MemoryDetails {
  readonly write?: MemoryWrite;
}

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
    name: MEMORY_TOOL_NAME,
    builtin: 'memory_20250818',
    label: 'Memory',
    description:
      'Reads and writes memory files under /memories that persist across chats (the API defines this tool).',
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', enum: ['view', 'create', 'str_replace', 'insert', 'delete', 'rename'] },
      },
      required: ['command'],
    },
    executionMode: 'sequential',
    async execute(_id, args): Promise<AgentToolResult<MemoryDetails>> {
      try {
        const scope = await options.scope();
        if (!scope)
          throw new MemoryError('Memory is switched off for this chat: nothing was read or written.');
        if (WRITES.has(String(args.command))) {
          const since = now() - WRITE_WINDOW_MS;
          while (writes.length > 0 && (writes[0] ?? 0) <= since) writes.shift();
          if (writes.length >= MAX_WRITES) {
            throw new MemoryError(
              `Too many memory writes: ${MAX_WRITES} in the last minute. Nothing was written; wait, or gather what to remember into fewer writes.`,
            );
          }
        }
        const outcome = await runCommand(options.files, scope, args);
        if (outcome.write) writes.push(now());
        return {
          content: [{ type: 'text', text: outcome.text }],
          ...(outcome.write ? { details: { write: outcome.write } } : {}),
        };
      } catch (error) {
        const text = error instanceof MemoryError ? error.message : `Error: ${reason(error)}`;
        return { content: [{ type: 'text', text }], isError: true };
      }
    },
  };
}

/** Applies a write's undo plan: the files as they were before it. */
export async function undoWrite(files: MemoryFiles, plan: UndoPlan): Promise<void> {
  for (const step of plan) await files.write(step.space, step.changes);
}

/** A memory call's write, read back from a stored result's details (untrusted: checked). */
export function parseMemoryDetails(details: unknown): MemoryWrite | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const write = (details as { write?: unknown }).write;
  if (typeof write !== 'object' || write === null) return undefined;
  const { kind, summary, undo } = write as Record<string, unknown>;
  if (kind !== 'create' && kind !== 'edit' && kind !== 'delete' && kind !== 'rename') return undefined;
  if (typeof summary !== 'string' || !Array.isArray(undo)) return undefined;
  const plan: { space: string; changes: FileChange[] }[] = [];
  for (const step of undo) {
    if (typeof step !== 'object' || step === null) return undefined;
    const { space, changes } = step as Record<string, unknown>;
    if (typeof space !== 'string' || !Array.isArray(changes)) return undefined;
    const checked: FileChange[] = [];
    for (const change of changes) {
      if (typeof change !== 'object' || change === null) return undefined;
      const { path, text } = change as Record<string, unknown>;
      if (typeof path !== 'string' || (typeof text !== 'string' && text !== null)) return undefined;
      checked.push({ path, text });
    }
    plan.push({ space, changes: checked });
  }
  return { kind, summary, undo: plan };
}

function reason(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
