/** PNG structure checks that need no decoding: chunk checksums and whether the file is complete. */
import { ascii, asciiBytes, lastIndexOfBytes, u32be } from './bytes';

/** CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function makeTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

const TABLE = makeTable();

/** The 12 bytes every complete PNG ends with: an empty IEND chunk and its CRC. */
const IEND = [0, 0, 0, 0, ...asciiBytes('IEND'), 0xae, 0x42, 0x60, 0x82];

/** Whether the last bytes of a file hold the IEND chunk (cheap: the caller reads only the tail). */
export function pngTailHasEnd(tail: Uint8Array): boolean {
  return lastIndexOfBytes(tail, IEND) !== -1;
}

/**
 * Walks a whole PNG chunk by chunk (a jump per chunk, not a pass over the data) and says what is wrong with its
 * structure: undefined when it reaches IEND after image data, else a reason.
 */
export function checkPngStructure(file: Uint8Array): string | undefined {
  let sawData = false;
  for (let at = 8; ; ) {
    if (at + 12 > file.length) return 'The PNG data is truncated.';
    const length = u32be(file, at);
    const type = ascii(file, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff)
      return 'The PNG data is corrupt (a chunk is damaged).';
    if (at + 12 + length > file.length) return 'The PNG data is truncated.';
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData ? undefined : 'The PNG holds no image data (no IDAT chunk).';
    at += 12 + length;
  }
}
