/**
 * Delete with `Undo`, for the sidebar: a deleted session is hidden at once (`SessionDeleteEvent`) and offered
 * back for `UNDO_MS`; `Undo` brings it back (`SessionUndoDeleteEvent`), and when the time is up, another session
 * is deleted or the sidebar leaves the page, it goes for good (`SessionPurgeEvent`). A controller of the sidebar,
 * whose events it fires.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { SessionDeleteEvent, SessionPurgeEvent, SessionUndoDeleteEvent } from './events';

/** How long `Undo` is offered after a delete. */
const UNDO_MS = 10_000;

export class UndoDelete implements ReactiveController {
  /** The session deleted last, while `Undo` is offered. */
  deleted: { readonly id: string; readonly title: string } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.purge();
  }

  /** Deletes the session (after purging the one deleted before), offering `Undo`. */
  delete(id: string, title: string): void {
    this.purge();
    this.deleted = { id, title };
    this.host.dispatchEvent(new SessionDeleteEvent(id));
    this.timer = setTimeout(() => this.purge(), UNDO_MS);
    this.host.requestUpdate();
  }

  /** Brings the session deleted last back. */
  undo(): void {
    const deleted = this.deleted;
    if (!deleted) return;
    clearTimeout(this.timer);
    this.deleted = undefined;
    this.host.dispatchEvent(new SessionUndoDeleteEvent(deleted.id));
    this.host.requestUpdate();
  }

  /** Ends the undo window of the last delete, if any: the session goes for good. */
  purge(): void {
    clearTimeout(this.timer);
    const deleted = this.deleted;
    if (!deleted) return;
    this.deleted = undefined;
    this.host.dispatchEvent(new SessionPurgeEvent(deleted.id));
    this.host.requestUpdate();
  }
}
