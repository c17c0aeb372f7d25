import type { AppSettings } from '../storage';

/** The person asked to send a message. */
export class SendMessageEvent extends Event {
  static readonly type = 'send-message';
  constructor(readonly text: string) {
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
  }
}
