/**
 * JPEG size and EXIF orientation from the marker segments before the image data, without decoding.
 * Segments are skipped by their length, so an EXIF thumbnail inside APP1 is never mistaken for the image.
 */
import { ascii, u16be, u16le, u32be, u32le } from './bytes';
import type { HeaderResult } from './types';

/** Start-of-frame markers carrying the frame size (SOF0–SOF15 except DHT, JPG and DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Reads a JPEG's frame size and orientation from `b` (the file's first bytes). `whole` says whether `b` is the
 * entire file: when the segments run past the end of a partial head the result is `incomplete`.
 */
export function readJpegHeader(b: Uint8Array, whole: boolean): HeaderResult {
  let orientation = 1;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return corrupt('a marker is missing where one must be');
    let marker = b[at + 1] ?? -1;
    while (marker === 0xff) marker = b[++at + 1] ?? -1; // fill bytes
    if (marker === -1) break;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda)
      return corrupt('the image data starts before the frame size is given');
    const length = u16be(b, at + 2);
    if (length === -1) break;
    if (length < 2) return corrupt('a segment length is invalid');
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) break;
      const height = u16be(b, at + 5);
      const width = u16be(b, at + 7);
      if (width === 0 || height === 0) return corrupt('the frame size is zero');
      const swap = orientation >= 5;
      return {
        ok: true,
        header: {
          format: 'jpeg',
          width,
          height,
          orientation,
          displayWidth: swap ? height : width,
          displayHeight: swap ? width : height,
          mayHaveAlpha: false,
          animated: false,
        },
      };
    }
    if (marker === 0xe1 && at + 2 + length <= b.length && ascii(b, at + 4, 6) === 'Exif\0\0') {
      orientation = exifOrientation(b.subarray(at + 10, at + 2 + length));
    }
    at += 2 + length;
  }
  return whole
    ? { ok: false, reason: 'The JPEG data is truncated (it ends before the image size).', incomplete: false }
    : { ok: false, reason: 'The JPEG header is longer than the bytes read.', incomplete: true };
}

function corrupt(detail: string): HeaderResult {
  return { ok: false, reason: `The JPEG header is corrupt (${detail}).`, incomplete: false };
}

/** The EXIF Orientation tag (0x0112) of IFD0 in a TIFF structure, or 1 when absent or unreadable. */
export function exifOrientation(tiff: Uint8Array): number {
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const u16 = order === 'II' ? u16le : u16be;
  const u32 = order === 'II' ? u32le : u32be;
  if (u16(tiff, 2) !== 42) return 1;
  const ifd = u32(tiff, 4);
  const count = u16(tiff, ifd);
  if (ifd < 8 || count <= 0) return 1;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(tiff, entry) === 0x0112) {
      const value = u16(tiff, entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}
