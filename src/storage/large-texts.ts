import type { MessageRecord } from './schema';

/**
 * Long strings of a message (a huge answer, an artifact's content) are kept beside the record as Blobs.
 * Reading a record deserialises it on the page's main thread in one go, some 10–20 ms per megabyte here: a
 * 50 MB answer stored inline froze the page for a second or more each time its session opened. A Blob in a
 * record costs nothing to deserialise, and its text is read asynchronously.
 */
export const LARGE_TEXT_CHARS = 256_000;

/** Where a long string of the message was, and its text. */
export interface StoredLargeText {
  readonly path: readonly (string | number)[];
  readonly blob: Blob;
}

/** A message record as stored: long strings replaced by `''` and listed in `largeTexts`. */
export type StoredMessageRecord = MessageRecord & { readonly largeTexts?: readonly StoredLargeText[] };

/** The record to store: the same record when no string in its message is long. */
export function withLargeTextsApart(record: MessageRecord): StoredMessageRecord {
  const { message, largeTexts } = messageApart(record.message);
  return largeTexts ? { ...record, message, largeTexts } : record;
}

/**
 * A message with its long strings replaced by `''`, and those strings as Blobs (`largeTexts`, absent when
 * none is long). Making the Blobs encodes the text: do it off the page for a large import (a worker).
 */
export function messageApart(message: MessageRecord['message']): {
  readonly message: MessageRecord['message'];
  readonly largeTexts?: readonly StoredLargeText[];
} {
  const found: StoredLargeText[] = [];
  const rest = apart(message, [], found);
  return found.length === 0 ? { message } : { message: rest as MessageRecord['message'], largeTexts: found };
}

function apart(value: unknown, path: (string | number)[], found: StoredLargeText[]): unknown {
  if (typeof value === 'string') {
    if (value.length <= LARGE_TEXT_CHARS) return value;
    found.push({ path: [...path], blob: new Blob([value], { type: 'text/plain' }) });
    return '';
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = apart(item, [...path, i], found);
      if (next === item) return;
      copy ??= [...value];
      copy[i] = next;
    });
    return copy ?? value;
  }
  // Bytes (a binary artifact) are stored as they are: they cost a copy to read, not a parse.
  if (typeof value === 'object' && value !== null && !(value instanceof Blob) && !ArrayBuffer.isView(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const next = apart(item, [...path, key], found);
      if (next === item) continue;
      copy ??= { ...value };
      copy[key] = next;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * A stored record with its long strings read back into place, ready for `parseMessageRecord`; a record
 * without `largeTexts` is returned as it is. Throws an `Error` saying what is wrong when `largeTexts` is
 * malformed or a text cannot be read (the site's data was cleared meanwhile, say).
 */
export async function withLargeTextsRead(value: unknown): Promise<unknown> {
  if (typeof value !== 'object' || value === null || !('largeTexts' in value)) return value;
  const { largeTexts, ...record } = value as Record<string, unknown>;
  if (!Array.isArray(largeTexts)) throw new Error('its long texts are not a list');
  const texts = await Promise.all(
    largeTexts.map(async (entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) throw new Error('a long text is not an object');
      const { path, blob } = entry as Record<string, unknown>;
      if (!isPath(path) || !(blob instanceof Blob)) throw new Error('a long text has no place or no text');
      return { path, text: await readText(blob) };
    }),
  );
  let message: unknown = record.message;
  for (const { path, text } of texts) message = placed(message, path, text);
  return { ...record, message };
}

/**
 * A Blob's text, decoded a piece at a time where streams are available (`blob.text()` decodes tens of
 * megabytes in one task of the main thread).
 */
async function readText(blob: Blob): Promise<string> {
  if (typeof TextDecoderStream !== 'function') return blob.text();
  const parts: string[] = [];
  const reader = blob.stream().pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts.join('');
    parts.push(value);
  }
}

function isPath(value: unknown): value is readonly (string | number)[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((p) => typeof p === 'string' || (typeof p === 'number' && Number.isInteger(p) && p >= 0))
  );
}

/** `value` with `text` at `path` (copies along the path); throws when the path leads nowhere. */
function placed(value: unknown, path: readonly (string | number)[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (value !== '') throw new Error('a long text points at something else');
    return text;
  }
  if (typeof head === 'number' && Array.isArray(value) && head < value.length) {
    const copy = [...value];
    copy[head] = placed(value[head], rest, text);
    return copy;
  }
  if (
    typeof head === 'string' &&
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, head)
  ) {
    const record = value as Record<string, unknown>;
    return { ...record, [head]: placed(record[head], rest, text) };
  }
  throw new Error('a long text points outside its message');
}
