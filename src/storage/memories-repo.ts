/**
 * The memory files Claude keeps with the memory tool, one store for every space (`person`, `project:<id>`).
 * Each write is one transaction; every change is announced to this tab and the others (`easel-memories`), with
 * the spaces it touched and never the text, so Settings → Memory and an open chat read them again.
 */
import type { EaselDatabase } from './db';
import { parseMemoryRecord } from './memory-record';
import type { MemoryRecord } from './schema';

/** The BroadcastChannel the repository announces its changes on. */
export const MEMORY_CHANNEL = 'easel-memories';

/** A file to write (`text`) or to delete (`text: null`) in one space. */
export interface MemoryChange {
  readonly path: string;
  readonly text: string | null;
}

export type MemoryListener = (spaces: readonly string[]) => void;

export class MemoriesRepository {
  private readonly listeners = new Set<MemoryListener>();
  private channel: BroadcastChannel | undefined;

  constructor(
    private readonly db: EaselDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every file of `space` (every space when left out), checked; a record that does not check is skipped. */
  async list(space?: string): Promise<MemoryRecord[]> {
    const range = space === undefined ? undefined : IDBKeyRange.bound([space, ''], [space, '\uffff']);
    const values: unknown[] = await this.db.getAll('memories', range);
    return values.flatMap((value) => {
      const record = parseMemoryRecord(value);
      return record ? [record] : [];
    });
  }

  /** Writes and deletes files of one space in one transaction, then announces the change. */
  async write(space: string, changes: readonly MemoryChange[]): Promise<void> {
    if (changes.length === 0) return;
    const tx = this.db.transaction('memories', 'readwrite');
    const updated = this.now();
    for (const change of changes) {
      if (change.text === null) void tx.store.delete([space, change.path]);
      else void tx.store.put({ space, path: change.path, text: change.text, updated });
    }
    await tx.done;
    this.announce([space]);
  }

  /** Puts whole records (an import, another device's copy), each in its own space, in one transaction. */
  async putAll(records: readonly MemoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const tx = this.db.transaction('memories', 'readwrite');
    for (const record of records) void tx.store.put(record);
    await tx.done;
    this.announce([...new Set(records.map((r) => r.space))]);
  }

  /** Deletes every file of every space. */
  async clear(): Promise<void> {
    const spaces = [...new Set((await this.list()).map((r) => r.space))];
    await this.db.clear('memories');
    this.announce(spaces);
  }

  /** Calls `listener` after every change, in this tab or another; returns the unsubscribe. */
  subscribe(listener: MemoryListener): () => void {
    this.listeners.add(listener);
    this.port();
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Stops hearing other tabs. */
  dispose(): void {
    this.channel?.close();
    this.channel = undefined;
    this.listeners.clear();
  }

  private announce(spaces: readonly string[]): void {
    this.notify(spaces);
    // One channel object both posts and listens: the browser never hands a message back to its sender.
    this.port()?.postMessage({ type: 'memories', spaces });
  }

  private port(): BroadcastChannel | undefined {
    if (!this.channel && typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(MEMORY_CHANNEL);
      this.channel.onmessage = (event: MessageEvent<unknown>) => {
        const spaces = parseNotice(event.data);
        if (spaces) this.notify(spaces);
      };
    }
    return this.channel;
  }

  private notify(spaces: readonly string[]): void {
    for (const listener of this.listeners) listener(spaces);
  }
}

function parseNotice(data: unknown): readonly string[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, spaces } = data as Record<string, unknown>;
  if (type !== 'memories' || !Array.isArray(spaces)) return undefined;
  return spaces.filter((s): s is string => typeof s === 'string');
}

export { isMemoryPath, isSpace, parseMemoryRecord } from './memory-record';
