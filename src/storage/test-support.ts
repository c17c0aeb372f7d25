/** Test support: small factories shared by this folder's tests (they import 'fake-indexeddb/auto'). Not public. */

import {
  Agent,
  type AgentMessage,
  type AssistantMessage,
  type AssistantMessageEvent,
  type StreamFn,
  type UserMessage,
} from '../agent';
import { type Deferred, deferred } from '../agent/test-support';
import type { Clock } from './clock';
import { type EaselDatabase, openEaselDb } from './db';
import type { SessionRecord } from './schema';
import type { SessionWrite, SessionWriteTarget } from './session-write';

let databases = 0;

/** A new, empty database with a name no other test uses. */
export function freshDb(version?: number): Promise<EaselDatabase> {
  databases += 1;
  return openEaselDb({ name: uniqueDbName(), ...(version === undefined ? {} : { version }) });
}

export function uniqueDbName(): string {
  databases += 1;
  return `easel-test-${databases}-${Math.random().toString(36).slice(2)}`;
}

export function user(text: string, timestamp = 1): UserMessage {
  return { role: 'user', content: text, timestamp };
}

export function assistant(text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'text', text }],
    provider: 'test',
    model: 'test-model',
    usage: {
      input: 10,
      output: 5,
      cacheRead: 0,
      cacheWrite: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.01 },
    },
    stopReason: 'stop',
    timestamp: 2,
    ...extra,
  };
}

export function artifact(filename: string, content: string, version = 1): AgentMessage {
  return {
    role: 'artifact',
    action: version === 1 ? 'create' : 'rewrite',
    filename,
    content,
    version,
    author: 'model',
    timestamp: 3,
  };
}

/** A clock whose time moves only when the test says so; timers run in `advance`. */
export class FakeClock implements Clock {
  time = 1_700_000_000_000;
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = until;
  }
}

/** Wraps a write target so that, while `full`, every commit fails with a quota error and writes nothing. */
export class FullDisk implements SessionWriteTarget {
  full = false;
  attempts = 0;

  constructor(private readonly inner: SessionWriteTarget) {}

  commit(write: SessionWrite): Promise<SessionRecord | undefined> {
    this.attempts += 1;
    if (this.full)
      return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    return this.inner.commit(write);
  }
}

/**
 * A stream the test paces: `delta(text)` resolves once the agent has handled that delta (the stream was
 * asked for its next event); `end()` finishes the answer.
 */
export interface PacedStream {
  readonly streamFn: StreamFn;
  /** Resolves when the answer has started streaming. */
  started(): Promise<void>;
  delta(text: string): Promise<void>;
  end(): void;
}

export function pacedStream(): PacedStream {
  let feed: Deferred<string | undefined> = deferred();
  let pulled: Deferred<void> = deferred();
  const streamFn: StreamFn = (_context, options) =>
    (async function* (): AsyncGenerator<AssistantMessageEvent> {
      let partial: AssistantMessage = { ...assistant(''), content: [], model: options.model };
      yield { type: 'start', partial };
      let text = '';
      for (;;) {
        pulled.resolve();
        const step = await feed.promise;
        feed = deferred();
        if (step === undefined) break;
        text += step;
        partial = { ...partial, content: [{ type: 'text', text }] };
        yield { type: 'text_delta', contentIndex: 0, delta: step, partial };
      }
      yield { type: 'done', message: { ...partial, stopReason: 'stop' } };
    })();
  return {
    streamFn,
    started: () => pulled.promise,
    async delta(text) {
      pulled = deferred();
      feed.resolve(text);
      await pulled.promise;
    },
    end() {
      feed.resolve(undefined);
    },
  };
}

/** An agent on a given stream, with a model set. */
export function testAgent(streamFn: StreamFn): Agent {
  return new Agent({ streamFn, initialState: { model: 'test-model', thinkingLevel: 'low' } });
}
