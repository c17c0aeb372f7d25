/**
 * Change notices between tabs (and between services in one tab). A tab that writes posts a small notice
 * naming what changed; the others read just those records. Notices carry keys, never message content.
 */

import { isObject, isString } from './guards';

/** The BroadcastChannel name every Easel tab listens on. */
export const CHANNEL_NAME = 'easel';

/**
 * - `messages`: records of a session were written (`put`, finished messages only) or deleted.
 * - `session`: a session's metadata changed (created, renamed, deleted, restored, purged, imported; `placed`:
 *   moved to or out of a project, pinned or unpinned).
 */
export type StorageNotice =
  | {
      readonly type: 'messages';
      readonly writer: string;
      readonly sessionId: string;
      readonly put: readonly string[];
      readonly deleted: readonly string[];
    }
  | {
      readonly type: 'session';
      readonly writer: string;
      readonly sessionId: string;
      readonly change: SessionChange;
    };

export type SessionChange = 'created' | 'renamed' | 'placed' | 'deleted' | 'restored' | 'purged' | 'imported';
const SESSION_CHANGES = new Set<string>([
  'created',
  'renamed',
  'placed',
  'deleted',
  'restored',
  'purged',
  'imported',
]);

export type NoticeListener = (notice: StorageNotice) => void;

/** Delivers notices to every subscriber of this tab and to the other tabs. */
export interface NoticeChannel {
  post(notice: StorageNotice): void;
  subscribe(listener: NoticeListener): () => void;
  close(): void;
}

/**
 * A `NoticeChannel` over `BroadcastChannel('easel')`. Posts reach this tab's other subscribers at once (in
 * the same call) and other tabs asynchronously. Incoming data is checked before anyone sees it. Where
 * `BroadcastChannel` does not exist, it still works within the tab.
 */
export class BroadcastNoticeChannel implements NoticeChannel {
  private readonly listeners = new Set<NoticeListener>();
  private readonly channel: BroadcastChannel | undefined;

  constructor(name: string = CHANNEL_NAME) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const notice = parseNotice(event.data);
      if (notice) this.deliver(notice);
    });
  }

  post(notice: StorageNotice): void {
    this.deliver(notice);
    this.channel?.postMessage(notice);
  }

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  close(): void {
    this.listeners.clear();
    this.channel?.close();
  }

  private deliver(notice: StorageNotice): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(notice);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/** A notice from another tab, or `undefined` when the data is not one. */
export function parseNotice(data: unknown): StorageNotice | undefined {
  if (!isObject(data) || !isString(data.writer) || !isString(data.sessionId)) return undefined;
  const { writer, sessionId } = data;
  if (data.type === 'session' && isSessionChange(data.change)) {
    return { type: 'session', writer, sessionId, change: data.change };
  }
  if (data.type === 'messages' && isStringList(data.put) && isStringList(data.deleted)) {
    return { type: 'messages', writer, sessionId, put: data.put, deleted: data.deleted };
  }
  return undefined;
}

function isSessionChange(value: unknown): value is SessionChange {
  return isString(value) && SESSION_CHANGES.has(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}
