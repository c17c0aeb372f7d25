export { type LiveRun, LiveRuns } from './live-runs';
export type {
  ServerFileDownload,
  ServerFileDownloads,
  ServerFileRef,
  ServerFileState,
  ServerFilesDeps,
} from './server-files';

/**
 * The code that brings files Anthropic's code execution made into the panel (`server-files.ts`), loaded with the
 * first answer that needs it, never with the first screen.
 */
export const loadServerFiles = () => import('./server-files');
export { createRunCodeTool, RUN_CODE_PARAMETERS, type RunCodeTool } from './tool';
export {
  type AttachedFile,
  type CodeFile,
  type CodeLanguage,
  type CodeRunner,
  type LiveRunSink,
  RUN_CODE_TOOL_NAME,
  type RunCodeArgs,
  type RunCodeDetails,
  type RunCodeToolDeps,
  type RunEvent,
  type RunOutcome,
  type RunRequest,
} from './types';
