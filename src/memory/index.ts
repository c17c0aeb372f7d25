/**
 * Memory across chats: the Messages API's client-side memory tool, run against the person's space and the open
 * project's (see README.md). Imports `src/agent` types only; storage is reached through `MemoryFiles`.
 */
export {
  type CommandOutcome,
  type FileChange,
  firstLine,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_SPACE_BYTES,
  type MemoryFile,
  type MemoryFiles,
  type MemoryWrite,
  runCommand,
  type UndoPlan,
  utf8Bytes,
} from './commands';
export {
  lazyMemoryTool,
  MEMORY_TOOL_NAME,
  type MemoryDetails,
  memoryFailure,
  memoryToolDefinition,
} from './definition';
export { parseMemoryDetails, undoWrite, type WriteState, writeState } from './details';
export {
  MemoryError,
  type MemoryScope,
  PERSON_SPACE,
  PROJECT_DIR,
  projectSpace,
  ROOT,
  shownPath,
} from './paths';
export { createMemoryTool, MAX_WRITES, type MemoryToolOptions, WRITE_WINDOW_MS } from './tool';
