/**
 * The `artifacts` tool: the model's way to create and change the files shown in the panel.
 *
 * Every change is applied to the store at once (so the next call of the same batch sees it) and handed to
 * `appendRecord` as an `artifact` message with the full new content (the agent puts it into the history right
 * after the batch's results). Errors are results the model reads (`isError`), each saying what to do next.
 */
import type { AgentTool, AgentToolResult } from '../agent';
import { errorText } from '../agent';
import { ARTIFACTS_TOOL_NAME, MAX_CONTENT_CHARS } from './tool-text';
import type { ArtifactsToolArgs, ArtifactsToolDeps, ArtifactsToolDetails } from './tool-types';

export type {
  ArtifactCommand,
  ArtifactsToolArgs,
  ArtifactsToolDeps,
  ArtifactsToolDetails,
} from './tool-types';
export { ARTIFACTS_TOOL_NAME, MAX_CONTENT_CHARS };

export const ARTIFACTS_PARAMETERS = {
  type: 'object',
  properties: {
    command: {
      type: 'string',
      enum: ['create', 'update', 'rewrite', 'get', 'delete', 'logs'],
      description: 'What to do.',
    },
    filename: {
      type: 'string',
      description: 'The file, with an extension that says what it is, e.g. index.html, chart.svg, notes.md.',
    },
    content: { type: 'string', description: 'create, rewrite: the full content of the file.' },
    old_str: {
      type: 'string',
      description: 'update: text that occurs exactly once in the file, copied exactly (whitespace included).',
    },
    new_str: { type: 'string', description: 'update: the text that replaces old_str (may be empty).' },
  },
  required: ['command', 'filename'],
  additionalProperties: false,
} as const;

type Result = AgentToolResult<ArtifactsToolDetails>;

let running: Promise<typeof import('./tool-run')> | undefined;
/** The commands' code (`tool-run.ts`): loaded with `prepare()` or the first call, not with the first screen. */
function loadRun(): Promise<typeof import('./tool-run')> {
  running ??= import('./tool-run').catch((error: unknown) => {
    running = undefined;
    throw error;
  });
  return running;
}

/**
 * The tool, with `prepare()`: loads its description, whose list of the shelf's libraries is long and not needed
 * by the first screen (call it before a request is made, and await it).
 */
export interface ArtifactsTool extends AgentTool<ArtifactsToolArgs, ArtifactsToolDetails> {
  prepare(): Promise<void>;
}

export function createArtifactsTool(deps: ArtifactsToolDeps): ArtifactsTool {
  let description: string | undefined;
  let loading: Promise<void> | undefined;
  return {
    name: ARTIFACTS_TOOL_NAME,
    label: 'Artifacts',
    get description() {
      return description ?? 'Create and change files that the person sees live in a panel beside the chat.';
    },
    parameters: ARTIFACTS_PARAMETERS,
    executionMode: 'sequential',
    prepare() {
      void loadRun().catch(() => undefined);
      loading ??= import('./description').then(
        (m) => {
          description = m.TOOL_DESCRIPTION;
        },
        () => {
          loading = undefined;
        },
      );
      return loading;
    },
    async execute(toolCallId, args, signal): Promise<Result> {
      let run: typeof import('./tool-run');
      try {
        run = await loadRun();
      } catch (error) {
        const reason = errorText(error);
        return {
          content: [
            {
              type: 'text',
              text: `Error: the artifacts tool could not be loaded (${reason}). Nothing was changed.`,
            },
          ],
          details: { command: args.command, filename: args.filename },
          isError: true,
        };
      }
      return run.runCommand(deps, toolCallId, args, signal);
    },
  };
}
