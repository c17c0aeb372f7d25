/**
 * Artifacts: the store of files and versions, the `artifacts` tool and its stream tracker, the sandboxed
 * preview documents and the messages their bridge posts, and the console logs they produce. No DOM, no Lit:
 * `src/ui/artifacts` draws all of this.
 */

export {
  type AppDataStore,
  AppError,
  AppPort,
  ArtifactApps,
  type ArtifactAppsDeps,
  type CallContext,
  type ClaudeBridge,
  type ConsentAnswer,
  type LibraryFile,
  type NetworkBridge,
  type SessionFile,
} from './artifact-apps';
export type { ArtifactNetwork, ArtifactNetworkDeps } from './artifact-network';
export {
  type BinaryVersion,
  binaryFileText,
  bytesOfVersion,
  type FileToRecord,
  isBinaryVersion,
  MAX_FILE_BYTES,
  type RecordFileDeps,
  type RecordFileResult,
  recordFile,
} from './binary';
export {
  type CompileProblem,
  type CompileReply,
  type CompileRequest,
  compileErrorText,
  isCompileReply,
} from './compile';
export {
  type DiffHunkItem,
  type DiffLine,
  diffLines,
  foldUnchanged,
  type LineDiff,
  MAX_DIFF_EDITS,
} from './diff';
export {
  type ArtifactKind,
  artifactKindOf,
  extensionOf,
  filenameProblem,
  languageOf,
  MAX_FILENAME_LENGTH,
  mimeTypeOf,
  runsInSandbox,
} from './files';
export { lazyClaudeBridge } from './lazy-claude';
export { lazyNetworkBridge } from './lazy-network';
// The preview's planning (page plans, CDN addresses, the shelf's manifest) is `plan.ts`, its own entry: only
// code loaded with the first file that runs needs it, and a re-export here would put it in the first load.
export type { CompileJob, ConsoleNote, PagePlan, PlanKind, RemoteFile } from './page-source';
export {
  type ArtifactActions,
  type ArtifactActionsDeps,
  createArtifactActions,
  type PersonChangeResult,
} from './person-changes';
export {
  collectUntilSettled,
  describeLog,
  EMPTY_LOG,
  entryOf,
  fixRequestText,
  formatEntries,
  MAX_ENTRIES,
  MAX_ENTRY_CHARS,
  type PreviewEntry,
  type PreviewLog,
  type PreviewMessageSource,
  type PreviewStatus,
  type SettleOptions,
  withEntry,
} from './preview-log';
export {
  type AppApi,
  type AppCall,
  type AppReply,
  type AppRequest,
  fileTypeOf,
  HOST_SOURCE,
  type HostPing,
  isAppReply,
  isAppRequest,
  isHostPing,
  isPreviewMessage,
  isPrimeRequest,
  isRenderRequest,
  MAX_CLAUDE_REQUEST,
  MAX_FILE_NAME,
  MAX_NET_BODY,
  MAX_STORAGE_KEY,
  MAX_STORAGE_VALUE,
  type NetFetchResult,
  PREVIEW_SOURCE,
  type PreviewLevel,
  type PreviewMessage,
  type PrimeRequest,
  type RenderNote,
  type RenderRequest,
  storageKeyProblem,
} from './protocol';
export type { IconTable, ShelfIcons, ShelfManifest, ShelfPackage } from './shelf-manifest';
export {
  type ArtifactAction,
  type ArtifactChange,
  type ArtifactFile,
  ArtifactStore,
  type ArtifactStoreOptions,
  type ArtifactsListener,
  type ArtifactsSnapshot,
  type ArtifactVersion,
  type IncompleteArtifact,
  isArtifactMessage,
  type StreamingArtifact,
} from './store';
export { createArtifactStreamTracker } from './stream-tracker';
export {
  ARTIFACTS_PARAMETERS,
  ARTIFACTS_TOOL_NAME,
  type ArtifactCommand,
  type ArtifactsTool,
  type ArtifactsToolArgs,
  type ArtifactsToolDeps,
  type ArtifactsToolDetails,
  createArtifactsTool,
  MAX_CONTENT_CHARS,
} from './tool';
export { guardWebRtc } from './webrtc-guard';
export type { IncompleteReason } from './written';
