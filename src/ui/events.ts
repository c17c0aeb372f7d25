import type { ThinkingLevel } from '../agent';
import type { PreparedAttachment } from '../attachments';
import type { AppSettings } from '../storage';

/**
 * The person asked to send a message. While the agent works, `mode` says whether it steers the current run
 * (Enter) or follows up after it (Alt+Enter).
 */
export class SendMessageEvent extends Event {
  static readonly type = 'send-message';
  constructor(
    readonly text: string,
    readonly mode: 'prompt' | 'steer' | 'followUp' = 'prompt',
    readonly attachments: readonly PreparedAttachment[] = [],
  ) {
    super(SendMessageEvent.type, { bubbles: true, composed: true });
  }
}

/** The person asked to stop the running answer. */
export class StopEvent extends Event {
  static readonly type = 'stop-agent';
  constructor() {
    super(StopEvent.type, { bubbles: true, composed: true });
  }
}

/** The person asked to retry after an error. */
export class RetryEvent extends Event {
  static readonly type = 'retry-agent';
  constructor() {
    super(RetryEvent.type, { bubbles: true, composed: true });
  }
}

/** The person edited the user message at `index` and asked to resend from there. */
export class EditMessageEvent extends Event {
  static readonly type = 'edit-message';
  constructor(
    readonly index: number,
    readonly text: string,
  ) {
    super(EditMessageEvent.type, { bubbles: true, composed: true });
  }
}

/** The person asked for a new answer to the last message. */
export class RegenerateEvent extends Event {
  static readonly type = 'regenerate';
  constructor() {
    super(RegenerateEvent.type, { bubbles: true, composed: true });
  }
}

/** The person removed a queued message. */
export class RemoveQueuedEvent extends Event {
  static readonly type = 'remove-queued';
  constructor(readonly id: string) {
    super(RemoveQueuedEvent.type, { bubbles: true, composed: true });
  }
}

/** The person chose a model or an effort level in the header. */
export class ModelChoiceEvent extends Event {
  static readonly type = 'model-choice';
  constructor(readonly change: { readonly model?: string; readonly thinkingLevel?: ThinkingLevel }) {
    super(ModelChoiceEvent.type, { bubbles: true, composed: true });
  }
}

/** A header command: start a new chat, open settings, or toggle the sessions sidebar. */
export class HeaderCommandEvent extends Event {
  static readonly type = 'header-command';
  constructor(readonly command: 'new-chat' | 'settings' | 'sessions') {
    super(HeaderCommandEvent.type, { bubbles: true, composed: true });
  }
}

/** The person asked to see an artifact (e.g. from its pill in the conversation). */
export class OpenArtifactEvent extends Event {
  static readonly type = 'open-artifact';
  constructor(readonly filename: string) {
    super(OpenArtifactEvent.type, { bubbles: true, composed: true });
  }
}

/** The person saved settings. */
export class SettingsSaveEvent extends Event {
  static readonly type = 'settings-save';
  constructor(readonly change: Partial<AppSettings>) {
    super(SettingsSaveEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'send-message': SendMessageEvent;
    'stop-agent': StopEvent;
    'retry-agent': RetryEvent;
    'settings-save': SettingsSaveEvent;
    'edit-message': EditMessageEvent;
    regenerate: RegenerateEvent;
    'remove-queued': RemoveQueuedEvent;
    'model-choice': ModelChoiceEvent;
    'open-artifact': OpenArtifactEvent;
    'header-command': HeaderCommandEvent;
  }
}
