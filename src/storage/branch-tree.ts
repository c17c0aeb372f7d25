/**
 * The branches of a session: every stored message under its parent, so editing a message or regenerating an
 * answer keeps the old path beside the new one. The conversation is one path through it, root to leaf.
 */

import type { AgentMessage } from '../agent';

/** One stored message: its key, the message as the agent holds it, its parent and whether it is a snapshot. */
export interface Entry {
  readonly key: string;
  readonly message: AgentMessage;
  /** The key of the message before it on its branch; `null` for a first message. */
  readonly parent: string | null;
  /** The stored record is a streaming snapshot (loaded as an interrupted answer). */
  readonly partial: boolean;
}

/** A stored record's part the tree reads: `parent` may be absent (saved before branches) or name nothing. */
export interface BranchRecord {
  readonly key: string;
  readonly message: AgentMessage;
  readonly parent?: string | null;
  readonly partial?: boolean;
}

/** Where a message stands among its versions: `index` of `count` (0-based), and the versions' keys in order. */
export interface Versions {
  readonly index: number;
  readonly count: number;
  readonly keys: readonly string[];
}

/**
 * Messages by key with their children in key order (the order they were written). A parent always sorts
 * before its child (a new key is after every key of the session), so the tree never has a cycle, and a
 * parent that is missing, later or not a key reads as the previous key: nothing stored is ever lost.
 *
 * A record names its parent only when that is not the previous record in key order (see `follows`): two
 * tabs sending at once then interleave into one path by key, as they did before branches.
 */
export class BranchTree {
  private readonly nodes = new Map<string, Entry>();
  /** Keys whose record names no parent (it follows the previous record in key order). */
  private readonly implicit = new Set<string>();
  private readonly children = new Map<string | null, string[]>();
  /** Every key, ascending. */
  private readonly keys: string[] = [];
  private readonly byMessage = new Map<AgentMessage, string>();

  /** A tree of records read in key order (as the repository gives them). */
  static fromRecords(
    records: readonly BranchRecord[],
    toMessage = (r: BranchRecord) => r.message,
  ): BranchTree {
    const tree = new BranchTree();
    for (const record of records) tree.insert(record, toMessage(record));
    return tree;
  }

  /** The number of messages on every branch. */
  get size(): number {
    return this.keys.length;
  }

  /** The greatest key: a new message's key must sort after it. */
  get lastKey(): string | undefined {
    return this.keys.at(-1);
  }

  /** Every message, in key order. */
  entries(): Entry[] {
    return this.keys.flatMap((key) => this.nodes.get(key) ?? []);
  }

  /** Every message as its record states its parent (absent: the previous record), in key order. */
  records(): BranchRecord[] {
    return this.entries().map((e) => {
      const { parent, ...rest } = e;
      return this.implicit.has(e.key) ? rest : e;
    });
  }

  /**
   * Whether a message written now below `parent` follows the previous record (the newest one), so its record
   * need not name its parent.
   */
  follows(parent: string | null): boolean {
    return parent === (this.lastKey ?? null);
  }

  get(key: string): Entry | undefined {
    return this.nodes.get(key);
  }

  /** The key of a message the tree holds (the agent never changes a message in place). */
  keyOf(message: AgentMessage): string | undefined {
    return this.byMessage.get(message);
  }

  /**
   * Adds a record; its `parent` is kept when it names an earlier key of the tree or is `null`, otherwise the
   * greatest key before it stands in. A key already there is replaced (a snapshot by its finished answer).
   */
  insert(record: BranchRecord, message: AgentMessage = record.message): Entry {
    const { key } = record;
    if (this.nodes.has(key)) this.remove(key);
    const at = this.insertionPoint(key);
    const named =
      record.parent === null ||
      (typeof record.parent === 'string' && record.parent < key && this.nodes.has(record.parent));
    const parent = named ? (record.parent ?? null) : (this.keys[at - 1] ?? null);
    if (named) this.implicit.delete(key);
    else this.implicit.add(key);
    const entry: Entry = { key, message, parent, partial: record.partial === true };
    this.keys.splice(at, 0, key);
    this.nodes.set(key, entry);
    this.byMessage.set(message, key);
    const siblings = this.children.get(parent) ?? [];
    siblings.splice(lowerBound(siblings, key), 0, key);
    this.children.set(parent, siblings);
    return entry;
  }

  /** Removes a message; its children (if any) move up to its parent. */
  remove(key: string): void {
    const entry = this.nodes.get(key);
    if (!entry) return;
    this.nodes.delete(key);
    this.implicit.delete(key);
    this.byMessage.delete(entry.message);
    this.keys.splice(lowerBound(this.keys, key), 1);
    const siblings = this.children.get(entry.parent) ?? [];
    siblings.splice(lowerBound(siblings, key), 1);
    for (const child of this.children.get(key) ?? []) {
      const node = this.nodes.get(child);
      if (node) this.nodes.set(child, { ...node, parent: entry.parent });
      siblings.splice(lowerBound(siblings, child), 0, child);
    }
    this.children.delete(key);
    if (siblings.length === 0) this.children.delete(entry.parent);
    else this.children.set(entry.parent, siblings);
  }

  /** The path from the first message to `leaf`, oldest first (empty for a key the tree lacks). */
  path(leaf: string | undefined): Entry[] {
    const path: Entry[] = [];
    let node = leaf === undefined ? undefined : this.nodes.get(leaf);
    while (node) {
      path.push(node);
      node = node.parent === null ? undefined : this.nodes.get(node.parent);
    }
    return path.reverse();
  }

  /** The newest leaf below `key` (following the latest child at each step); `key` itself when it has none. */
  latestLeaf(key: string | null): string | undefined {
    let at: string | undefined = key ?? undefined;
    let next = this.children.get(key)?.at(-1);
    while (next !== undefined) {
      at = next;
      next = this.children.get(next)?.at(-1);
    }
    return at;
  }

  /** The versions of the message at `key`: it and its siblings, oldest first. */
  versions(key: string): Versions | undefined {
    const entry = this.nodes.get(key);
    if (!entry) return undefined;
    const keys = this.children.get(entry.parent) ?? [key];
    return { index: Math.max(0, lowerBound(keys, key)), count: keys.length, keys };
  }

  /**
   * The branch to show for `leaf`: the path to it, continued by the newest messages written below it; without
   * a `leaf` the tree holds (a session saved before branches), the path to the newest message.
   */
  activePath(leaf: string | undefined): Entry[] {
    const start = leaf !== undefined && this.nodes.has(leaf) ? leaf : this.lastKey;
    return this.path(start === undefined ? undefined : this.latestLeaf(start));
  }

  /** An independent copy. */
  clone(): BranchTree {
    return BranchTree.fromRecords(this.records());
  }

  /**
   * A new tree with `added` records (another tab's) and without the `deleted` keys, read again from the
   * records as stored, so parents that follow the previous record in key order resolve as a reload would.
   */
  mergedWith(added: readonly BranchRecord[], deleted: ReadonlySet<string>): BranchTree {
    const have = new Set(added.map((r) => r.key));
    const records = [...this.records().filter((r) => !deleted.has(r.key) && !have.has(r.key)), ...added];
    records.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return BranchTree.fromRecords(records);
  }

  private insertionPoint(key: string): number {
    const last = this.keys.at(-1);
    return last === undefined || last < key ? this.keys.length : lowerBound(this.keys, key);
  }
}

/** The first index whose key is not below `key` in an ascending list. */
function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? '') < key) low = mid + 1;
    else high = mid;
  }
  return low;
}
