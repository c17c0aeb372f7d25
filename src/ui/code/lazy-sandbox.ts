import type { AgentEvent } from '../../agent';
import { type CodeRunner, loadServerFiles, type ServerFilesDeps } from '../../code';

let sandbox: Promise<CodeRunner> | undefined;

/** The page's code sandbox, whose code loads with the first run (a failed load is tried again next time). */
export function lazyCodeSandbox(): Promise<CodeRunner> {
  sandbox ??= import('./code-sandbox').then((m) => new m.CodeSandbox());
  sandbox.catch(() => {
    sandbox = undefined;
  });
  return sandbox;
}

/**
 * Listens to the agent: the files Anthropic's code execution made in an answer that ends are brought into the
 * panel (`ServerFileDownloads.collect`); the code that does it loads only for an answer with blocks of the API's
 * own tools.
 */
export function collectServerFiles(deps: ServerFilesDeps): (event: AgentEvent) => void {
  return (event) => {
    const message = event.type === 'message_end' ? event.message : undefined;
    if (message?.role === 'assistant' && message.content.some((part) => part.type === 'opaque'))
      void loadServerFiles().then((m) => m.serverFileDownloads.collect(deps, message));
  };
}
