/** The steering and follow-up queues the composer shows, with their own change listeners. */

import type { AgentMessage } from './types';

/** A message waiting to be injected: `steer` before the next model call, `followUp` when the run would stop. */
export interface QueuedMessage {
  readonly id: string;
  readonly kind: 'steer' | 'followUp';
  readonly message: AgentMessage;
}

/** Both queues at one moment; a new object (with new arrays) after every change. */
export interface AgentQueues {
  readonly steering: readonly QueuedMessage[];
  readonly followUp: readonly QueuedMessage[];
}

export type QueueListener = (queues: AgentQueues) => void;

export class MessageQueues {
  private current: AgentQueues = Object.freeze({ steering: Object.freeze([]), followUp: Object.freeze([]) });
  private readonly listeners = new Set<QueueListener>();
  private nextId = 1;

  constructor(private readonly report: (error: unknown) => void) {}

  get snapshot(): AgentQueues {
    return this.current;
  }

  subscribe(listener: QueueListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  add(kind: QueuedMessage['kind'], message: AgentMessage): QueuedMessage {
    const queued: QueuedMessage = Object.freeze({ id: `queued-${this.nextId++}`, kind, message });
    const key = kind === 'steer' ? 'steering' : 'followUp';
    this.set({ ...this.current, [key]: [...this.current[key], queued] });
    return queued;
  }

  /** Removes and returns every message of one queue, oldest first. */
  take(kind: QueuedMessage['kind']): AgentMessage[] {
    const key = kind === 'steer' ? 'steering' : 'followUp';
    const taken = this.current[key];
    if (taken.length === 0) return [];
    this.set({ ...this.current, [key]: [] });
    return taken.map((queued) => queued.message);
  }

  /** Removes and returns the oldest message of one queue (none when it is empty). */
  takeFirst(kind: QueuedMessage['kind']): AgentMessage[] {
    const key = kind === 'steer' ? 'steering' : 'followUp';
    const [first, ...rest] = this.current[key];
    if (!first) return [];
    this.set({ ...this.current, [key]: rest });
    return [first.message];
  }

  /** Puts messages taken but not used back at the front of their queue, in their order. */
  putBack(kind: QueuedMessage['kind'], messages: readonly AgentMessage[]): void {
    if (messages.length === 0) return;
    const key = kind === 'steer' ? 'steering' : 'followUp';
    const returned = messages.map(
      (message): QueuedMessage => Object.freeze({ id: `queued-${this.nextId++}`, kind, message }),
    );
    this.set({ ...this.current, [key]: [...returned, ...this.current[key]] });
  }

  remove(id: string): boolean {
    const { steering, followUp } = this.current;
    const next = {
      steering: steering.filter((queued) => queued.id !== id),
      followUp: followUp.filter((queued) => queued.id !== id),
    };
    if (next.steering.length === steering.length && next.followUp.length === followUp.length) return false;
    this.set(next);
    return true;
  }

  clear(): void {
    if (this.current.steering.length === 0 && this.current.followUp.length === 0) return;
    this.set({ steering: [], followUp: [] });
  }

  private set(next: AgentQueues): void {
    this.current = Object.freeze({
      steering: Object.freeze([...next.steering]),
      followUp: Object.freeze([...next.followUp]),
    });
    for (const listener of [...this.listeners]) {
      try {
        listener(this.current);
      } catch (error) {
        this.report(error);
      }
    }
  }
}
