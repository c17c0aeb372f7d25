/**
 * The `run_code` tool: Claude's JavaScript and Python, run in the browser by a `CodeRunner` (a sandbox with
 * no network and nothing of the app), with the session's attached files to read and the panel's files to
 * read and write. What the run printed, its last value, its error and the files it wrote come back as the
 * result, each bounded; the images it showed come back as images. What a call does is in `run.ts`, loaded with
 * the first call.
 */
import type { AgentTool } from '../agent';
import { RUN_CODE_TOOL_NAME, type RunCodeArgs, type RunCodeDetails, type RunCodeToolDeps } from './types';

export { RUN_CODE_TOOL_NAME };

export const RUN_CODE_PARAMETERS = {
  type: 'object',
  properties: {
    language: { type: 'string', enum: ['javascript', 'python'] },
    code: { type: 'string', description: 'Its last expression is the value returned.' },
    title: { type: 'string', maxLength: 80, description: 'A few words for the card.' },
  },
  required: ['language', 'code'],
  additionalProperties: false,
} as const;

/** The tool, with `prepare()`: loads its description (call it before a request is made, and await it). */
export interface RunCodeTool extends AgentTool<RunCodeArgs, RunCodeDetails> {
  prepare(): Promise<void>;
}

export function createRunCodeTool(deps: RunCodeToolDeps): RunCodeTool {
  const memory = { ranHere: new Set<string>(), toldReload: new Set<string>() };
  let description: string | undefined;
  let loading: Promise<void> | undefined;
  return {
    name: RUN_CODE_TOOL_NAME,
    label: 'Run code',
    get description() {
      return description ?? 'Run JavaScript or Python in the browser, with no network.';
    },
    parameters: RUN_CODE_PARAMETERS,
    executionMode: 'sequential',
    prepare() {
      loading ??= import('./description').then(
        (m) => {
          description = m.CODE_TOOL_DESCRIPTION;
        },
        () => {
          loading = undefined;
        },
      );
      return loading;
    },
    async execute(toolCallId, args, signal, onUpdate) {
      const { executeRun } = await import('./run');
      return executeRun(deps, memory, toolCallId, args, signal, onUpdate);
    },
  };
}
