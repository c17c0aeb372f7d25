/**
 * Storage: IndexedDB through idb — the schema and its migrations, repositories, the session saver, search,
 * export and import, storage health. See README.md.
 */

export {
  AppDataLimitError,
  type AppDataOwner,
  AppDataRepository,
  type AppDataUsage,
  MAX_APP_ARTIFACT_BYTES,
  MAX_APP_SESSION_BYTES,
  MAX_APP_TOTAL_BYTES,
  MAX_APP_VALUE_BYTES,
} from './app-data-repo';
export { type AttachmentLookup, AttachmentsRepository, HeldFiles } from './attachments-repo';
export type { BackupEngine } from './backup';
export { FolderBackup } from './backup-start';
export type {
  BackupFacts,
  BackupFile,
  BackupFolder,
  BackupOptions,
  BackupState,
  FolderStore,
  LockManagerLike,
} from './backup-types';
export { blobToBase64 } from './base64';
export { type Clock, systemClock } from './clock';
export {
  type ConnectionEvent,
  type DatabaseConnection,
  EaselConnection,
  type StorageLoss,
} from './connection';
export { type EaselDatabase, type OpenOptions, openEaselDb } from './db';
export type { Parsed } from './guards';
// Health loads with its first use (`SessionLibrary.health`, `requestPersistence`): only its types are here.
export type { StorageHealth, StorageManagerLike } from './health';
// Import loads with its first use (`SessionLibrary.import`): only its types are here.
export type { ImportedSession, ImportReport } from './import';
export { type AppDataAccess, lazyAppData } from './lazy-app-data';
export {
  type ExportDownload,
  SessionLibrary,
  type SessionLibraryOptions,
  type ZipDownload,
} from './library';
export { INTERRUPTED_MESSAGE, interrupted, type LoadedSession, loadSession } from './load';
export {
  isMemoryPath,
  isSpace,
  MEMORY_CHANNEL,
  MemoriesRepository,
  type MemoryChange,
  type MemoryListener,
  parseMemoryRecord,
} from './memories-repo';
export { MAX_PREVIEW, MAX_SEARCH_TEXT, MAX_TITLE, previewOf, textOf, titleFrom } from './message-text';
export { compareKeys, type MessageRecords, MessagesRepository } from './messages-repo';
export {
  BroadcastNoticeChannel,
  CHANNEL_NAME,
  type NoticeChannel,
  type NoticeListener,
  parseNotice,
  type SessionChange,
  type StorageNotice,
} from './notices';
// Projects load with their first use (`lazyProjectLibrary`): the first screen needs only this front.
export type { ProjectDeletion, ProjectLibrary, ProjectLibraryOptions } from './project-library';
export { type LazyProjectLibrary, lazyProjectLibrary } from './projects-lazy';
export type { ProjectDraft, ProjectFileBytes, ProjectList } from './projects-repo';
export {
  type OpenResult,
  type SaverAgent,
  type SaveStatus,
  SessionSaver,
  type SessionSaverOptions,
} from './saver';
export {
  type AppDataRecord,
  type AppDataScope,
  type AttachmentBlobRecord,
  DB_NAME,
  DB_VERSION,
  type EaselDB,
  type KeyRecord,
  type MemoryRecord,
  type MessageRecord,
  type ProjectRecord,
  projectFilesOwner,
  type SessionRecord,
  type SettingRecord,
  type TextChunkRecord,
  type TextEntry,
  type TokenTotals,
} from './schema';
export type { SearchHit, SearchResult } from './search';
export type { Entry } from './session-mirror';
export {
  keepQueuesOnlyOnReload,
  type QueueOwner,
  SessionQueues,
  type TabStorage,
} from './session-queues';
export type { MetadataChange, SessionWrite, SessionWriteTarget } from './session-write';
export { type SessionList, type SessionLookup, SessionsRepository } from './sessions-repo';
export { SettingsRepository } from './settings-repo';
export {
  type AppSettings,
  type ConnectorSetting,
  DEFAULT_SETTINGS,
  type FilesApiPreferences,
  MAX_ARTIFACT_CALL_CAP,
  MAX_CODE_TIME_LIMIT_SEC,
  SETTINGS_SCHEMA,
  type ServerKind,
  type SettingKey,
  type SettingSpec,
  type Theme,
  type WebPreferences,
} from './settings-schema';
export { NO_KEY, requestKey, SettingsStore } from './settings-store';
export { newId, newWriterId, SortKeyGenerator } from './sort-key';
// Export loads with its first use (`SessionLibrary.exportJson`, the folder backup): only its types are here.
export type {
  ExportedAppData,
  ExportedAttachment,
  ExportedMessage,
  ExportedSession,
  ExportFile,
  ExportResult,
} from './transfer';
export {
  parseAttachmentBlobRecord,
  parseMessageRecord,
  parseProjectRecord,
  parseSessionRecord,
  parseTextChunk,
} from './validate';
export { parseAgentMessage } from './validate-message';
export { adoptNewChat, adoptNewChatCode, codeOn, NEW_CHAT, webOn, withCode, withWeb } from './web-toggle';
export { describeWriteError, isQuotaError, QUOTA_MESSAGE } from './write-errors';
export type { WriteStatus } from './write-queue';
