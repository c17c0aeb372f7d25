/**
 * The `Web` toggle, remembered per session in the settings (`webSessions`). A new chat that is not saved yet
 * is `NEW_CHAT` until its first message gives it an id (`adoptNewChat`).
 */
import type { AppSettings } from './settings-schema';

/** Stands for the open new chat, before it is saved. */
export const NEW_CHAT = '';

/** Whether `Web` is on for the session (`undefined`: the unsaved new chat). */
export function webOn(settings: AppSettings, sessionId: string | undefined): boolean {
  return settings.webSessions.includes(sessionId ?? NEW_CHAT);
}

/** The `webSessions` with `Web` turned on or off for one session. */
export function withWeb(settings: AppSettings, sessionId: string | undefined, on: boolean): string[] {
  const id = sessionId ?? NEW_CHAT;
  const rest = settings.webSessions.filter((s) => s !== id);
  return on ? [...rest, id] : rest;
}

/**
 * The `webSessions` once a new chat with `Web` on was saved as `sessionId`, or `undefined` when nothing
 * changes.
 */
export function adoptNewChat(settings: AppSettings, sessionId: string): string[] | undefined {
  if (!settings.webSessions.includes(NEW_CHAT)) return undefined;
  return [...settings.webSessions.filter((s) => s !== NEW_CHAT && s !== sessionId), sessionId];
}

/** Whether `Code` (the `run_code` tool) is on for the session: on unless turned off there. */
export function codeOn(settings: AppSettings, sessionId: string | undefined): boolean {
  return !settings.codeOffSessions.includes(sessionId ?? NEW_CHAT);
}

/** The `codeOffSessions` with `Code` turned on or off for one session. */
export function withCode(settings: AppSettings, sessionId: string | undefined, on: boolean): string[] {
  const id = sessionId ?? NEW_CHAT;
  const rest = settings.codeOffSessions.filter((s) => s !== id);
  return on ? rest : [...rest, id];
}

/** The `codeOffSessions` once a new chat with `Code` off was saved as `sessionId` (`undefined`: no change). */
export function adoptNewChatCode(settings: AppSettings, sessionId: string): string[] | undefined {
  if (!settings.codeOffSessions.includes(NEW_CHAT)) return undefined;
  return [...settings.codeOffSessions.filter((s) => s !== NEW_CHAT && s !== sessionId), sessionId];
}
