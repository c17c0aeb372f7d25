/**
 * The `Web` and `Code` choices of the open session as requests use them. A new chat's choices are kept under
 * `NEW_CHAT` until it is saved; they become the session's (`adoptNewChat`) when the saver first reports it, and
 * a request made before that reads them as if they already were.
 */
import type { Agent } from '../agent';
import {
  adoptNewChat,
  adoptNewChatCode,
  codeOn,
  type SessionSaver,
  type SettingsStore,
  webOn,
} from '../storage';

export interface NewChatTogglesDeps {
  readonly settings: SettingsStore;
  readonly saver: Pick<SessionSaver, 'sessionId' | 'subscribe'>;
  readonly agent: Pick<Agent, 'state'>;
}

export interface SessionToggles {
  /** Whether the web tools go with the open session's requests. */
  readonly webOn: () => boolean;
  /** Whether `run_code` goes with the open session's requests. */
  readonly codeOn: () => boolean;
}

export function newChatToggles({ settings, saver, agent }: NewChatTogglesDeps): SessionToggles {
  /** The session whose choices were last looked at (`undefined`: none yet, the tab's first chat). */
  let adoptedFrom: string | undefined;
  /** A new chat with Web on keeps it once its first message saves it (not a session opened from it). */
  const fresh = (id: string | undefined): id is string =>
    id !== undefined && adoptedFrom === undefined && agent.state.messages.length <= 2;
  saver.subscribe(() => {
    const id = saver.sessionId;
    if (id === adoptedFrom) return;
    if (fresh(id)) {
      const web = adoptNewChat(settings.snapshot, id);
      if (web) void settings.update({ webSessions: web });
      const code = adoptNewChatCode(settings.snapshot, id);
      if (code) void settings.update({ codeOffSessions: code });
    }
    adoptedFrom = id;
  });
  return {
    webOn: () => {
      const id = saver.sessionId;
      return (fresh(id) && !!adoptNewChat(settings.snapshot, id)) || webOn(settings.snapshot, id);
    },
    codeOn: () => {
      const id = saver.sessionId;
      return !(fresh(id) && adoptNewChatCode(settings.snapshot, id)) && codeOn(settings.snapshot, id);
    },
  };
}
