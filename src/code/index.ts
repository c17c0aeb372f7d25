export { type LiveRun, LiveRuns } from './live-runs';
export {
  resultFileIds,
  type ServerFileDownload,
  ServerFileDownloads,
  type ServerFileRef,
  type ServerFileState,
  type ServerFilesDeps,
  serverFileRefs,
} from './server-files';
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
