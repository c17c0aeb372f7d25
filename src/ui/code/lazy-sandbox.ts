import type { CodeRunner } from '../../code';

let sandbox: Promise<CodeRunner> | undefined;

/** The page's code sandbox, whose code loads with the first run (a failed load is tried again next time). */
export function lazyCodeSandbox(): Promise<CodeRunner> {
  sandbox ??= import('./code-sandbox').then((m) => new m.CodeSandbox());
  sandbox.catch(() => {
    sandbox = undefined;
  });
  return sandbox;
}
