/** A memory write as the chat's card reads it back from a stored result, and its undo. */
import type { FileChange, MemoryFiles, MemoryWrite, UndoPlan } from './commands';

/**
 * Where a write stands now: `applied` (the files are as it left them: `Undo` may put them back), `undone` (they
 * are as they were before it) or `changed` (something wrote them since: undoing would lose that).
 */
export type WriteState = 'applied' | 'undone' | 'changed';

/** Reads the files a write touched and says where it stands (see `WriteState`). */
export async function writeState(files: MemoryFiles, write: MemoryWrite): Promise<WriteState> {
  if (write.done && (await matches(files, write.done))) return 'applied';
  if (await matches(files, write.undo)) return 'undone';
  // A write stored before `done` existed: its state cannot be read, so it may still be undone.
  return write.done ? 'changed' : 'applied';
}

/**
 * Puts the files back as they were before `write`, only when they are still as it left them (a card shown
 * again after a reload, another tab or a later write must not undo twice or overwrite a later change).
 * Returns the state it found: `applied` means it undid the write now.
 */
export async function undoWrite(files: MemoryFiles, write: MemoryWrite): Promise<WriteState> {
  const state = await writeState(files, write);
  if (state === 'applied') for (const step of write.undo) await files.write(step.space, step.changes);
  return state;
}

async function matches(files: MemoryFiles, plan: UndoPlan): Promise<boolean> {
  for (const step of plan) {
    const now = new Map((await files.list(step.space)).map((f) => [f.path, f.text]));
    if (step.changes.some((c) => (now.get(c.path) ?? null) !== c.text)) return false;
  }
  return true;
}

/** A memory call's write, read back from a stored result's details (untrusted: checked). */
export function parseMemoryDetails(details: unknown): MemoryWrite | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const write = (details as { write?: unknown }).write;
  if (typeof write !== 'object' || write === null) return undefined;
  const { kind, summary, undo, done } = write as Record<string, unknown>;
  if (kind !== 'create' && kind !== 'edit' && kind !== 'delete' && kind !== 'rename') return undefined;
  if (typeof summary !== 'string') return undefined;
  const plan = parsePlan(undo);
  if (!plan) return undefined;
  if (done === undefined) return { kind, summary, undo: plan };
  const after = parsePlan(done);
  return after ? { kind, summary, undo: plan, done: after } : undefined;
}

function parsePlan(value: unknown): UndoPlan | undefined {
  if (!Array.isArray(value)) return undefined;
  const plan: { space: string; changes: FileChange[] }[] = [];
  for (const step of value) {
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
  return plan;
}
