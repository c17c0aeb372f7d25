/**
 * The compile worker: TypeScript and JSX to JavaScript with Sucrase (loaded with the worker, which the
 * preview starts the first time a file needs compiling). Answers each `CompileRequest` with the code or the
 * problem; never throws.
 */
import { transform } from 'sucrase';
import type { CompileReply, CompileRequest } from './compile';

interface SucraseError {
  readonly message: string;
  readonly loc?: { readonly line: number; readonly column: number };
}

self.addEventListener('message', (event: MessageEvent<CompileRequest>) => {
  const { id, job } = event.data;
  let reply: CompileReply;
  try {
    const { code } = transform(job.code, {
      transforms: job.typescript ? ['jsx', 'typescript'] : ['jsx'],
      jsxRuntime: job.jsxRuntime,
      production: true,
      disableESTransforms: true,
    });
    reply = { id, code };
  } catch (error) {
    const e = error as SucraseError;
    reply = {
      id,
      problem: {
        message: String(e.message),
        ...(e.loc ? { line: e.loc.line, column: e.loc.column + 1 } : {}),
      },
    };
  }
  self.postMessage(reply);
});
