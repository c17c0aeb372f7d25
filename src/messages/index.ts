/**
 * The app's own message kinds (joined to `AgentMessage` by declaration merging) and `convertToLlm`, which
 * decides what the model sees of them.
 */
// Its values are the folder's second entry (`convert.ts`, loaded with the first request and by the message
// views): exported from here they would sit in the first screen's JavaScript.
export type { ConvertToLlmOptions } from './convert';
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
