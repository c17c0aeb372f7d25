/**
 * Sort keys for message records: `<time>-<writer>-<counter>`, compared as strings.
 *
 * - `time` is epoch milliseconds, zero-padded to 15 digits and never less than the writer's previous time,
 *   so a clock set back cannot reorder one writer's messages;
 * - `writer` is random per writer (one per tab), so two tabs never make the same key;
 * - `counter` counts the keys a writer made within the same millisecond, so they keep their order.
 *
 * Messages of a session are read back in key order, which is the order they were written in each tab and
 * interleaves two tabs by time.
 */

const TIME_DIGITS = 15;
const COUNTER_DIGITS = 6;

/** Makes increasing sort keys for one writer. */
export class SortKeyGenerator {
  private lastTime = 0;
  private counter = 0;

  constructor(
    /** Unique among writers of the same database: letters and digits, no `-`. */
    readonly writer: string = newWriterId(),
    private readonly now: () => number = Date.now,
  ) {}

  /** A key greater than every key this generator made before. */
  next(): string {
    const time = Math.floor(this.now());
    if (time > this.lastTime) {
      this.lastTime = time;
      this.counter = 0;
    } else {
      this.counter += 1;
    }
    return formatKey(this.lastTime, this.writer, this.counter);
  }

  /** A key greater than every key this generator made and than `floor` (another writer's latest key). */
  nextAfter(floor: string | undefined): string {
    const floorTime = floor === undefined ? Number.NaN : Number(floor.slice(0, TIME_DIGITS));
    if (Number.isFinite(floorTime) && floorTime > this.lastTime) {
      this.lastTime = floorTime;
      this.counter = 0;
    }
    let key = this.next();
    if (floor !== undefined && key <= floor) {
      this.lastTime += 1;
      this.counter = 0;
      key = formatKey(this.lastTime, this.writer, this.counter);
    }
    // A floor not made by a generator (foreign data) may still sort after: extend it, which sorts after it.
    return floor !== undefined && key <= floor ? `${floor}.${key}` : key;
  }
}

/** The key a version-1 record at `position` gets: before any time-based key, in position order. */
export function v1SortKey(position: number): string {
  return formatKey(Math.max(0, Math.floor(position)), 'v1', 0);
}

/** A short random writer id (base 36). */
export function newWriterId(): string {
  return randomBase36(8);
}

/** A random id for sessions and imported attachments; `crypto.randomUUID` where the context allows it. */
export function newId(): string {
  const c: Crypto | undefined = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${randomBase36(8)}-${randomBase36(8)}-${randomBase36(8)}`;
}

function formatKey(time: number, writer: string, counter: number): string {
  return `${String(time).padStart(TIME_DIGITS, '0')}-${writer}-${String(counter).padStart(COUNTER_DIGITS, '0')}`;
}

function randomBase36(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}
