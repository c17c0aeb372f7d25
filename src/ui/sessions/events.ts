/**
 * Events of the sessions sidebar and the storage panel. They bubble and cross shadow roots; the app shell
 * listens and calls the storage services. Opening a session is a plain link (`#/s/<id>`), not an event.
 */
import { ComposedEvent } from '../events';

/** The person renamed a session (the title is trimmed and not empty). */
export class SessionRenameEvent extends ComposedEvent {
  static readonly type = 'session-rename';
  constructor(
    readonly id: string,
    readonly title: string,
  ) {
    super(SessionRenameEvent.type);
  }
}

/** The person pinned a session (listed first) or unpinned it. */
export class SessionPinEvent extends ComposedEvent {
  static readonly type = 'session-pin';
  constructor(
    readonly id: string,
    readonly pinned: boolean,
  ) {
    super(SessionPinEvent.type);
  }
}

/** The person moved a session to a project, or (`projectId` undefined) out of any. */
export class SessionMoveEvent extends ComposedEvent {
  static readonly type = 'session-move';
  constructor(
    readonly id: string,
    readonly projectId: string | undefined,
  ) {
    super(SessionMoveEvent.type);
  }
}

/** The person asked to create a project (`id` undefined) or to edit one: open the project editor. */
export class ProjectEditEvent extends ComposedEvent {
  static readonly type = 'project-edit';
  constructor(readonly id: string | undefined) {
    super(ProjectEditEvent.type);
  }
}

/** The person deleted a session. Hide it now; it can still be undone until `SessionPurgeEvent`. */
export class SessionDeleteEvent extends ComposedEvent {
  static readonly type = 'session-delete';
  constructor(readonly id: string) {
    super(SessionDeleteEvent.type);
  }
}

/** The person pressed `Undo` after deleting a session: bring it back. */
export class SessionUndoDeleteEvent extends ComposedEvent {
  static readonly type = 'session-undo-delete';
  constructor(readonly id: string) {
    super(SessionUndoDeleteEvent.type);
  }
}

/** The undo notice for a deleted session closed: remove the session for good. */
export class SessionPurgeEvent extends ComposedEvent {
  static readonly type = 'session-purge';
  constructor(readonly id: string) {
    super(SessionPurgeEvent.type);
  }
}

/** The search text changed (debounced); an empty query means "show all sessions again". */
export class SessionSearchEvent extends ComposedEvent {
  static readonly type = 'session-search';
  constructor(readonly query: string) {
    super(SessionSearchEvent.type);
  }
}

/** The search box got focus for the first time: a good moment to load what search needs. */
export class SessionSearchPrepareEvent extends ComposedEvent {
  static readonly type = 'session-search-prepare';
  constructor() {
    super(SessionSearchPrepareEvent.type);
  }
}

/**
 * The person asked to download one session as an Easel export (`json`), as Markdown, or as a zip with its
 * files (`zip`: `Export with files`).
 */
export class SessionExportEvent extends ComposedEvent {
  static readonly type = 'session-export';
  constructor(
    readonly id: string,
    readonly format: 'json' | 'markdown' | 'zip',
  ) {
    super(SessionExportEvent.type);
  }
}

/** The person asked to download every session as one Easel export file. */
export class ExportAllEvent extends ComposedEvent {
  static readonly type = 'sessions-export-all';
  constructor() {
    super(ExportAllEvent.type);
  }
}

/** The person chose an export file to import. */
export class ImportSessionsEvent extends ComposedEvent {
  static readonly type = 'sessions-import';
  constructor(readonly file: File) {
    super(ImportSessionsEvent.type);
  }
}

/** The person asked the browser to keep Easel's data (persistent storage). */
export class PersistStorageEvent extends ComposedEvent {
  static readonly type = 'storage-persist';
  constructor() {
    super(PersistStorageEvent.type);
  }
}

/**
 * What the person chose in the notice about an open conversation that is not being saved:
 * - `restore` / `save-as-new`: it was deleted in another tab;
 * - `save-again`: stored data was cleared; write it anew and go on saving;
 * - `download`: keep it as an export file (from memory; `Import` brings it back);
 * - `reload`: another tab updated Easel; reload to go on (after downloading).
 */
export type SessionRecoveryAction = 'restore' | 'save-as-new' | 'save-again' | 'download' | 'reload';

export class SessionRecoverEvent extends ComposedEvent {
  static readonly type = 'session-recover';
  constructor(readonly action: SessionRecoveryAction) {
    super(SessionRecoverEvent.type);
  }
}

declare global {
  interface HTMLElementEventMap {
    'session-recover': SessionRecoverEvent;
    'session-rename': SessionRenameEvent;
    'session-pin': SessionPinEvent;
    'session-move': SessionMoveEvent;
    'project-edit': ProjectEditEvent;
    'session-delete': SessionDeleteEvent;
    'session-undo-delete': SessionUndoDeleteEvent;
    'session-purge': SessionPurgeEvent;
    'session-search': SessionSearchEvent;
    'session-search-prepare': SessionSearchPrepareEvent;
    'session-export': SessionExportEvent;
    'sessions-export-all': ExportAllEvent;
    'sessions-import': ImportSessionsEvent;
    'storage-persist': PersistStorageEvent;
  }
}
