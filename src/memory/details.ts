/** A memory write as the chat's card reads it back from a stored result, and its undo. */
import type { FileChange, MemoryFiles, MemoryWrite, UndoPlan } from './commands';

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
