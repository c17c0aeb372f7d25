/** Small, allocation-free readers over `Uint8Array`s and base64 helpers shared by the format parsers. */

/** Big-endian unsigned 16-bit value at `at`, or -1 past the end. */
export function u16be(b: Uint8Array, at: number): number {
  return at + 2 <= b.length ? (b[at]! << 8) | b[at + 1]! : -1;
}

/** Little-endian unsigned 16-bit value at `at`, or -1 past the end. */
export function u16le(b: Uint8Array, at: number): number {
  return at + 2 <= b.length ? b[at]! | (b[at + 1]! << 8) : -1;
}

/** Big-endian unsigned 32-bit value at `at`, or -1 past the end. */
export function u32be(b: Uint8Array, at: number): number {
  return at + 4 <= b.length
    ? ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)
    : -1;
}

/** Little-endian unsigned 32-bit value at `at`, or -1 past the end. */
export function u32le(b: Uint8Array, at: number): number {
  return at + 4 <= b.length
    ? ((b[at + 3]! << 24) >>> 0) + ((b[at + 2]! << 16) | (b[at + 1]! << 8) | b[at]!)
    : -1;
}

/** Little-endian unsigned 24-bit value at `at`, or -1 past the end. */
export function u24le(b: Uint8Array, at: number): number {
  return at + 3 <= b.length ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) : -1;
}

/** The bytes at `at` read as ASCII (for magic numbers and chunk names); shorter past the end. */
export function ascii(b: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < Math.min(b.length, at + length); i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** Whether `b` holds exactly `expected` starting at `at`. */
export function startsWith(b: Uint8Array, expected: readonly number[], at = 0): boolean {
  if (at + expected.length > b.length) return false;
  for (let i = 0; i < expected.length; i++) if (b[at + i] !== expected[i]) return false;
  return true;
}

/** Index of the first occurrence of `needle` in `b` at or after `from`, or -1. */
export function indexOfBytes(b: Uint8Array, needle: readonly number[], from = 0): number {
  const first = needle[0];
  if (first === undefined) return -1;
  for (
    let i = b.indexOf(first, from);
    i !== -1 && i + needle.length <= b.length;
    i = b.indexOf(first, i + 1)
  ) {
    if (startsWith(b, needle, i)) return i;
  }
  return -1;
}

/** Index of the last occurrence of `needle` in `b`, or -1. */
export function lastIndexOfBytes(b: Uint8Array, needle: readonly number[]): number {
  const first = needle[0];
  if (first === undefined) return -1;
  for (let i = b.lastIndexOf(first); i !== -1; i = i === 0 ? -1 : b.lastIndexOf(first, i - 1)) {
    if (startsWith(b, needle, i)) return i;
  }
  return -1;
}

/** The bytes of an ASCII string (for needles). */
export function asciiBytes(s: string): number[] {
  return Array.from(s, (c) => c.charCodeAt(0));
}

/** Length of the base64 text for `bytes` bytes (what the API counts against its size limits). */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

const CHUNK = 0x8000;

/** Base64 of `bytes`, built in 32 KB slices so large inputs never hit argument-count limits. */
function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + CHUNK)));
  }
  return btoa(parts.join(''));
}

/**
 * Base64 of a Blob. In a browser the work is done natively by `FileReader.readAsDataURL` (off the JavaScript
 * thread); elsewhere (tests) the bytes are encoded in slices.
 */
export async function blobToBase64(blob: Blob): Promise<string> {
  if (typeof FileReader === 'undefined') return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

/** A `data:` URL for a (small) blob, e.g. a thumbnail. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  return `data:${blob.type || 'application/octet-stream'};base64,${await blobToBase64(blob)}`;
}

/** Reads `length` bytes of `blob` from `start` (clamped to the blob). */
export async function readBytes(blob: Blob, start: number, length: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, Math.min(blob.size, start + length)).arrayBuffer());
}
