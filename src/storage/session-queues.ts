/**
 * Queued messages belong to the session they were written in. The agent has one pair of queues (steering and
 * follow-up) for whichever session is open; when another session opens (New chat, the sidebar, a link), the
 * queued messages stay with the session left: kept for it and queued again when it is opened again, rather than
 * sent with the other session's next message or dropped. They are also written to the tab's session storage
 * whenever they change, so a reload keeps them queued (and only a reload: see `keepQueuesOnlyOnReload`). Only
 * text messages go there: one with attachments is kept while the page lives.
 */
import type { AgentMessage, AgentQueues, QueuedMessage } from '../agent';
import { parseAgentMessage } from './validate-message';

/** The part of the agent whose queues are kept. */
export interface QueueOwner {
  readonly queueSnapshot: AgentQueues;
  subscribeQueue(listener: (queues: AgentQueues) => void): () => void;
  steer(message: AgentMessage): string;
  followUp(message: AgentMessage): string;
  clearQueues(): void;
}

/** The tab's session storage (`sessionStorage`), or whatever stands in for it. */
export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface KeptMessage {
  readonly kind: QueuedMessage['kind'];
  readonly message: AgentMessage;
}

const KEY_PREFIX = 'easel.queued.';

/**
 * Forgets every session's queued messages in `storage` unless the page was reloaded (`navigationType`, the
 * navigation timing's `type`): a duplicated tab starts with a copy of its tab's session storage, and would send
 * the same queued messages again; a tab opened anew has nothing there.
 */
export function keepQueuesOnlyOnReload(
  storage: TabStorage & Pick<Storage, 'key' | 'length'>,
  navigationType: string | undefined,
): void {
  if (navigationType === 'reload') return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(KEY_PREFIX)) storage.removeItem(key);
  } catch {
    // Refused: nothing is read back from it either.
  }
}

/** Keeps each session's queued messages while other sessions are open, and across a reload (see the module). */
export class SessionQueues {
  private shown: string | undefined;
  private readonly kept = new Map<string, readonly KeptMessage[]>();
  /** Set while the queues are emptied and filled for another session: those changes are not the session's. */
  private switching = false;

  constructor(
    private readonly agent: QueueOwner,
    private readonly storage: TabStorage | undefined,
  ) {
    agent.subscribeQueue((queues) => this.save(queues));
  }

  /**
   * The session `id` is open now (call it whenever a history is loaded; the same id again changes nothing): the
   * queues of the session left stay kept for it, and this one's are queued again.
   */
  opened(id: string | undefined): void {
    if (id === this.shown) return;
    this.switching = true;
    try {
      this.agent.clearQueues();
      this.shown = id;
      for (const { kind, message } of id === undefined ? [] : this.load(id)) {
        if (kind === 'steer') this.agent.steer(message);
        else this.agent.followUp(message);
      }
    } finally {
      this.switching = false;
    }
  }

  /** The open session is saved under the new id `id` (Save as new): its queued messages go with it. */
  renamed(id: string): void {
    const from = this.shown;
    if (from === undefined || from === id) return;
    this.forget(from);
    this.shown = id;
    this.save(this.agent.queueSnapshot);
  }

  private save(queues: AgentQueues): void {
    const id = this.shown;
    if (this.switching || id === undefined) return;
    const messages = [...queues.steering, ...queues.followUp].map(({ kind, message }) => ({ kind, message }));
    if (messages.length === 0) {
      this.forget(id);
      return;
    }
    this.kept.set(id, messages);
    const text = messages.filter((m) => m.message.role === 'user');
    try {
      if (text.length === 0) this.storage?.removeItem(KEY_PREFIX + id);
      else this.storage?.setItem(KEY_PREFIX + id, JSON.stringify(text));
    } catch {
      // Session storage full or refused: the messages stay kept while the page lives, and an older list must
      // not come back with a reload (its messages may have been sent since).
      this.forgetStored(id);
    }
  }

  private forget(id: string): void {
    this.kept.delete(id);
    this.forgetStored(id);
  }

  private forgetStored(id: string): void {
    try {
      this.storage?.removeItem(KEY_PREFIX + id);
    } catch {
      // Refused: nothing was written there either.
    }
  }

  /** What is kept for `id`: in memory, else read back from session storage and checked, message by message. */
  private load(id: string): readonly KeptMessage[] {
    const kept = this.kept.get(id);
    if (kept) return kept;
    let stored: unknown;
    try {
      stored = JSON.parse(this.storage?.getItem(KEY_PREFIX + id) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(stored)) return [];
    return stored.flatMap((item: unknown): KeptMessage[] => {
      if (typeof item !== 'object' || item === null) return [];
      const { kind, message } = item as { kind?: unknown; message?: unknown };
      const parsed = parseAgentMessage(message);
      if ((kind !== 'steer' && kind !== 'followUp') || !parsed.ok || parsed.value.role !== 'user') return [];
      return [{ kind, message: parsed.value }];
    });
  }
}
