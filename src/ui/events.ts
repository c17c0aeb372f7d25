/** The typed events the chat, header and settings elements fire, and their composed base class. */
import type { AgentMessage, ThinkingLevel } from '../agent';
import type { PreparedAttachment } from '../attachments';
import type { AppSettings } from '../storage';

/**
 * The base of every event an element of `src/ui` fires to report what the person did: it bubbles and crosses
 * shadow roots, so the app shell hears it wherever it started. Subclasses name their `type` and carry their
 * fields.
 */
export class ComposedEvent extends Event {
  constructor(type: string) {
    super(type, { bubbles: true, composed: true });
  }
}

/**
 * The person asked to send a message. While the agent works, `mode` says whether it steers the current run
 * (Enter) or follows up after it (Alt+Enter).
 */
export class SendMessageEvent extends ComposedEvent {
  static readonly type = 'send-message';
  constructor(
    readonly text: string,
    readonly mode: 'prompt' | 'steer' | 'followUp' = 'prompt',
    readonly attachments: readonly PreparedAttachment[] = [],
  ) {
    super(SendMessageEvent.type);
  }
}

/** The person asked to stop the running answer. */
export class StopEvent extends ComposedEvent {
  static readonly type = 'stop-agent';
  constructor() {
    super(StopEvent.type);
  }
}

/** The person asked to retry after an error. */
export class RetryEvent extends ComposedEvent {
  static readonly type = 'retry-agent';
  constructor() {
    super(RetryEvent.type);
  }
}

/** The person edited the user message at `index` and asked to resend from there. */
export class EditMessageEvent extends ComposedEvent {
  static readonly type = 'edit-message';
  constructor(
    readonly index: number,
    readonly text: string,
  ) {
    super(EditMessageEvent.type);
  }
}

/**
 * The person asked for the previous (`step` -1) or next (+1) version of a message: one they edited, or an
 * answer they regenerated.
 */
export class SwitchVersionEvent extends ComposedEvent {
  static readonly type = 'switch-version';
  constructor(
    readonly message: AgentMessage,
    readonly step: -1 | 1,
  ) {
    super(SwitchVersionEvent.type);
  }
}

/** The person asked for a new answer to the last message. */
export class RegenerateEvent extends ComposedEvent {
  static readonly type = 'regenerate';
  constructor() {
    super(RegenerateEvent.type);
  }
}

/** The person removed a queued message. */
export class RemoveQueuedEvent extends ComposedEvent {
  static readonly type = 'remove-queued';
  constructor(readonly id: string) {
    super(RemoveQueuedEvent.type);
  }
}

/** The person chose a model or an effort level in the header. */
export class ModelChoiceEvent extends ComposedEvent {
  static readonly type = 'model-choice';
  constructor(readonly change: { readonly model?: string; readonly thinkingLevel?: ThinkingLevel }) {
    super(ModelChoiceEvent.type);
  }
}

/** A header command: start a new chat, open settings, or toggle the sessions sidebar. */
export class HeaderCommandEvent extends ComposedEvent {
  static readonly type = 'header-command';
  constructor(readonly command: 'new-chat' | 'incognito-chat' | 'settings' | 'sessions' | 'artifacts') {
    super(HeaderCommandEvent.type);
  }
}

/** The person asked to see an artifact (e.g. from its pill in the conversation). */
export class OpenArtifactEvent extends ComposedEvent {
  static readonly type = 'open-artifact';
  constructor(readonly filename: string) {
    super(OpenArtifactEvent.type);
  }
}

/** The person saved settings. */
export class SettingsSaveEvent extends ComposedEvent {
  static readonly type = 'settings-save';
  constructor(readonly change: Partial<AppSettings>) {
    super(SettingsSaveEvent.type);
  }
}

/** The Settings dialog closed (saved, cancelled or dismissed). */
export class SettingsCloseEvent extends ComposedEvent {
  static readonly type = 'settings-close';
  constructor() {
    super(SettingsCloseEvent.type);
  }
}

declare global {
  interface HTMLElementEventMap {
    'send-message': SendMessageEvent;
    'stop-agent': StopEvent;
    'retry-agent': RetryEvent;
    'settings-save': SettingsSaveEvent;
    'settings-close': SettingsCloseEvent;
    'edit-message': EditMessageEvent;
    regenerate: RegenerateEvent;
    'switch-version': SwitchVersionEvent;
    'remove-queued': RemoveQueuedEvent;
    'model-choice': ModelChoiceEvent;
    'open-artifact': OpenArtifactEvent;
    'header-command': HeaderCommandEvent;
  }
}
