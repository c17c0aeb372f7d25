/** The sessions sidebar and the storage panel for Settings, with their events and route helpers. */

export * from './events';
export { type DateGroup, type DateGroupLabel, groupByDate } from './groups';
export { EaselRecoveryNotice } from './recovery-notice';
export { parseSessionRoute, type SessionRoute, sessionHref } from './route';
export { EaselSessionsSidebar } from './sessions-sidebar';
export { EaselStorageHealth } from './storage-health';
export { displayTitle, type SessionSearchHit, type SessionSummary, UNTITLED } from './types';
