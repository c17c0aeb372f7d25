/** Events of the artifacts panel and its previews: what the person did (composed) and what a preview said. */
import type { PreviewMessage } from '../../artifacts';
import { ComposedEvent } from '../events';

/** The person saved an edit of `filename` (made in Code view) as its new version. */
export class ArtifactEditEvent extends ComposedEvent {
  static readonly type = 'artifact-edit';
  constructor(
    readonly filename: string,
    readonly content: string,
  ) {
    super(ArtifactEditEvent.type);
  }
}

/** The person asked to make `version` of `filename` its newest version again. */
export class ArtifactRestoreEvent extends ComposedEvent {
  static readonly type = 'artifact-restore';
  constructor(
    readonly filename: string,
    readonly version: number,
  ) {
    super(ArtifactRestoreEvent.type);
  }
}

/** The person asked the model to fix the errors of `filename`'s preview; `text` is the message to send. */
export class ArtifactFixEvent extends ComposedEvent {
  static readonly type = 'artifact-fix';
  constructor(
    readonly filename: string,
    readonly text: string,
  ) {
    super(ArtifactFixEvent.type);
  }
}

/** The person closed the artifacts panel. */
export class ArtifactsCloseEvent extends ComposedEvent {
  static readonly type = 'artifacts-close';
  constructor() {
    super(ArtifactsCloseEvent.type);
  }
}

/** The artifacts panel was opened or closed (by the person, or because a file started streaming). */
export class ArtifactsToggleEvent extends ComposedEvent {
  static readonly type = 'artifacts-toggle';
  constructor(readonly open: boolean) {
    super(ArtifactsToggleEvent.type);
  }
}

/** Whether the session has files to show changed (the top bar offers `Show artifacts` while it has and the panel is closed). */
export class ArtifactsAvailableEvent extends ComposedEvent {
  static readonly type = 'artifacts-available';
  constructor(readonly available: boolean) {
    super(ArtifactsAvailableEvent.type);
  }
}

/**
 * A new document started in a preview (its console starts empty). Not composed: only the element that holds
 * the preview hears it.
 */
export class PreviewStartEvent extends Event {
  static readonly type = 'preview-start';
  constructor(
    readonly filename: string,
    readonly content: string,
  ) {
    super(PreviewStartEvent.type, { bubbles: true });
  }
}

/** A preview's bridge reported something (already checked: right frame, right channel, right shape). */
export class PreviewMessageEvent extends Event {
  static readonly type = 'preview-message';
  constructor(
    readonly filename: string,
    readonly message: PreviewMessage,
  ) {
    super(PreviewMessageEvent.type, { bubbles: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'artifact-edit': ArtifactEditEvent;
    'artifact-restore': ArtifactRestoreEvent;
    'artifact-fix': ArtifactFixEvent;
    'artifacts-close': ArtifactsCloseEvent;
    'artifacts-toggle': ArtifactsToggleEvent;
    'artifacts-available': ArtifactsAvailableEvent;
    'preview-start': PreviewStartEvent;
    'preview-message': PreviewMessageEvent;
  }
}
