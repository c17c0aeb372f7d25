/**
 * Compiling TypeScript and JSX for the preview, off the main thread (`compile-worker.ts`). Sucrase keeps
 * every line where it was, so compile and runtime errors carry the artifact's own line numbers.
 */
import type { CompileJob } from './page-source';

export interface CompileRequest {
  readonly id: number;
  readonly job: CompileJob;
}

/** A compile error: the message and where it is in the compiled text (1-based). */
export interface CompileProblem {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export type CompileReply =
  | { readonly id: number; readonly code: string }
  | { readonly id: number; readonly problem: CompileProblem };

export function isCompileReply(data: unknown): data is CompileReply {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  if (typeof m.id !== 'number') return false;
  if (typeof m.code === 'string') return true;
  const p = m.problem as Record<string, unknown> | undefined;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.message === 'string' &&
    (p.line === undefined || typeof p.line === 'number') &&
    (p.column === undefined || typeof p.column === 'number')
  );
}

/** The text a compile error is reported with (`SyntaxError: Unexpected token (line 3, column 5)`). */
export function compileErrorText(filename: string, problem: CompileProblem, padLines = 0): string {
  const message = problem.message.replace(/\s*\(\d+:\d+\)$/, '');
  const where =
    problem.line === undefined
      ? ''
      : ` (line ${problem.line + padLines}${problem.column === undefined ? '' : `, column ${problem.column}`})`;
  return `${filename} does not compile: SyntaxError: ${message}${where}`;
}
