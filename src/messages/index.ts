/**
 * The app's own message kinds (joined to `AgentMessage` by declaration merging) and `convertToLlm`, which
 * decides what the model sees of them.
 */
export { type ConvertToLlmOptions, createConvertToLlm } from './convert';
export type {
  ArtifactAuthor,
  ArtifactMessage,
  AttachmentKind,
  AttachmentRecord,
  AttachmentResolver,
  UserWithAttachmentsMessage,
} from './types';
