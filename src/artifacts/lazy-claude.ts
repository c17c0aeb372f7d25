/**
 * The Claude calls of artifacts (`claude-calls.ts`), loaded the first time an artifact asks Claude: most
 * sessions never do, so that code stays out of the app's first load.
 */
import type { ClaudeBridge } from './artifact-apps';
import type { ClaudeCalls, ClaudeCallsDeps } from './claude-calls';

/** A `ClaudeBridge` that makes its `ClaudeCalls` with `deps` at the first call. */
export function lazyClaudeBridge(deps: ClaudeCallsDeps): ClaudeBridge {
  let calls: ClaudeCalls | undefined;
  let loading: Promise<ClaudeCalls> | undefined;
  const load = () => {
    loading ??= import('./claude-calls').then((module) => {
      calls = new module.ClaudeCalls(deps);
      return calls;
    });
    return loading;
  };
  return {
    call: async (owner, request, context) => (await load()).call(owner, request, context),
    // Before the first call there are none, and no one was asked.
    summary: (owner) => calls?.summary(owner),
  };
}
