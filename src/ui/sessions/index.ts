/** The sessions sidebar and the storage panel for Settings, with their events and route helpers. */

export * from './events';
export {
  arrangeSessions,
  type DateGroup,
  type DateGroupLabel,
  groupByDate,
  type ProjectGroup,
  type SidebarSections,
} from './groups';
export { EaselRecoveryNotice } from './recovery-notice';
export {
  INCOGNITO_HREF,
  newChatInProjectHref,
  parseSessionRoute,
  type SessionRoute,
  sessionHref,
} from './route';
export { EaselSessionsSidebar } from './sessions-sidebar';
export {
  displayTitle,
  type ProjectSummary,
  type SessionSearchHit,
  type SessionSummary,
  UNTITLED,
} from './types';
