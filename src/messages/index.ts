/**
 * The app's own message kinds (joined to `AgentMessage` by declaration merging) and `convertToLlm`, which
 * decides what the model sees of them.
 */
export {
  COMPACTION_HEADING,
  type ConvertToLlmOptions,
  createConvertToLlm,
  latestCompaction,
} from './convert';
export type {
  ArtifactAuthor,
  ArtifactMessage,
  AttachmentKind,
  AttachmentRecord,
  AttachmentResolver,
  CompactionMessage,
  UserWithAttachmentsMessage,
} from './types';
export { ARTIFACT_ACTIONS, ATTACHMENT_KIND_TABLE, ATTACHMENT_KINDS } from './types';
