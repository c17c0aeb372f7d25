/**
 * Other tabs' changes to the open session: the keys their notices name are gathered, and once the agent is
 * idle the records are read and merged into the history the agent holds. One read at a time; what arrives
 * meanwhile waits for the next.
 */

import type { AgentMessage } from '../agent';
import { errorText } from '../agent';
import type { MessagesRepository } from './messages-repo';
import type { MessageRecord } from './schema';
import type { SessionMirror } from './session-mirror';

export interface RemoteMergeOptions {
  readonly messages: MessagesRepository;
  /** The session open now (a merge for one left meanwhile is dropped). */
  readonly open: () => SessionMirror | undefined;
  /** Gives the agent the merged history; false while it works (the merge waits for the next idle state). */
  readonly replaceHistory: (messages: readonly AgentMessage[]) => boolean;
  /** Told the history merged (or the problems reading it). */
  readonly merged: (mirror: SessionMirror, changed: boolean, problems: readonly string[]) => void;
}

export class RemoteMerge {
  private readonly put = new Set<string>();
  private readonly deleted = new Set<string>();
  private reading = false;

  constructor(private readonly options: RemoteMergeOptions) {}

  /** Whether keys are waiting to be merged. */
  get waiting(): boolean {
    return this.put.size + this.deleted.size > 0;
  }

  /** Notes keys another tab wrote or deleted in the open session. */
  add(put: readonly string[], deleted: readonly string[]): void {
    for (const key of put) this.put.add(key);
    for (const key of deleted) {
      this.put.delete(key);
      this.deleted.add(key);
    }
  }

  /** Forgets what waited (another session was opened). */
  clear(): void {
    this.put.clear();
    this.deleted.clear();
  }

  /** Reads what waits and merges it into the open session; call once the agent is idle. */
  async run(): Promise<void> {
    const mirror = this.options.open();
    if (this.reading || !mirror) return;
    this.reading = true;
    const put = [...this.put];
    const deleted = new Set(this.deleted);
    this.clear();
    let found: { readonly records: readonly MessageRecord[]; readonly problems: readonly string[] };
    try {
      found = await this.options.messages.getMany(mirror.sessionId, put);
    } catch (error) {
      found = { records: [], problems: [`Messages from another tab could not be read: ${errorText(error)}`] };
    } finally {
      this.reading = false;
    }
    if (this.options.open() !== mirror) return;
    const merged = mirror.mergedWith(found.records, deleted);
    if (merged && !this.options.replaceHistory(merged.entries.map((e) => e.message))) {
      // A run started meanwhile: merged again when the agent is idle.
      this.add(put, [...deleted]);
      return;
    }
    if (merged) mirror.replaceEntries(merged);
    if (merged || found.problems.length > 0)
      this.options.merged(mirror, merged !== undefined, found.problems);
    if (this.waiting) void this.run();
  }
}
