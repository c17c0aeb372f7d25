/** `SessionRouter`: the address (`#/s/<id>`) names the open session; following it opens it or a new chat. */
import type { SessionSaver } from '../../storage';
import { msg, str } from '../l10n';
import { INCOGNITO_HREF, parseSessionRoute, type SessionRoute } from '../sessions';
import { failure, problemsNotice, type SessionsShared } from './sessions-shared';

/**
 * Reload, back/forward and bookmarks work because the open session is read from the address: `route()` opens
 * what it names (on start and on `hashchange`), `newChat()` goes to `#/`, `incognitoChat()` to `#/incognito`. A session the address names that is
 * not there is reported, and a new chat opened instead.
 */
export class SessionRouter {
  /** `isListed(id)` says whether a session is saved (in the sidebar's list). */
  constructor(
    private readonly shared: SessionsShared,
    private readonly isListed: (id: string) => boolean,
  ) {}

  newChat(): void {
    if (location.hash === '' || location.hash === '#/') void this.startNew();
    else location.hash = '#/';
  }

  /** Starts an incognito chat (a fresh one, even from an incognito chat: the person asked for a clean one). */
  incognitoChat(): void {
    if (location.hash === INCOGNITO_HREF) void this.startIncognito();
    else location.hash = INCOGNITO_HREF;
  }

  /** Opens what the URL names; never rejects (a failure is reported). */
  async route(): Promise<void> {
    const saver = this.shared.saver;
    if (!saver) return;
    try {
      await this.follow(saver, parseSessionRoute(location.hash));
    } catch (error) {
      this.shared.notice = failure(msg('Opening the session'), error);
    }
    this.shared.requestUpdate();
  }

  private async follow(saver: SessionSaver, route: SessionRoute): Promise<void> {
    const shared = this.shared;
    if (route.kind === 'incognito') {
      if (!shared.notice.startsWith(msg(str`Not saved yet: ${''}`))) shared.notice = '';
      if (!saver.incognito) await saver.startIncognito();
      return;
    }
    if (route.kind === 'new') {
      // A notice about the session left behind goes with it; one about unsaved writes stays until they save.
      if (!shared.notice.startsWith(msg(str`Not saved yet: ${''}`))) shared.notice = '';
      const open = saver.sessionId;
      // The chat shown is a new one (in the project named) unless it is saved (listed), was deleted in another
      // tab meanwhile, or is a new chat in another project.
      const elsewhere = saver.newChatProject !== route.projectId;
      if (
        open === undefined ||
        saver.incognito ||
        saver.deletedElsewhere ||
        this.isListed(open) ||
        elsewhere
      ) {
        await this.startNew(route.projectId);
      }
      return;
    }
    if (route.id === saver.sessionId) return;
    const result = await saver.open(route.id);
    if (result.kind === 'not-found') {
      shared.notice = result.message;
      await saver.startNew();
    } else if (result.kind === 'opened') {
      shared.notice = result.problems.length > 0 ? problemsNotice(result.problems) : '';
    }
  }

  private async startIncognito(): Promise<void> {
    await this.shared.saver?.startIncognito();
    this.shared.requestUpdate();
  }

  private async startNew(projectId?: string): Promise<void> {
    await this.shared.saver?.startNew(undefined, projectId);
    this.shared.requestUpdate();
  }
}
