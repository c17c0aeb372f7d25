/**
 * Image size from the file header, without decoding a pixel, so that a 65536 × 65536 PNG or a GIF whose frames
 * claim more than the canvas is refused before any decoder allocates memory for it.
 */
import { assertNever } from '../agent';
import { ascii, indexOfBytes, u16le, u24le, u32be, u32le } from './bytes';
import { readJpegHeader } from './jpeg-header';
import { crc32 } from './png';
import type { HeaderResult, ImageFormat, ImageHeader } from './types';

/**
 * Reads the header of an image of `format` from `bytes` (its first bytes, or all of it). `size` is the whole
 * file's size. Looks at the first kilobytes only, except for GIF, whose frames are walked through all of
 * `bytes` (each frame's extent is checked against the canvas).
 */
export function readImageHeader(bytes: Uint8Array, format: ImageFormat, size: number): HeaderResult {
  const whole = bytes.length >= size;
  switch (format) {
    case 'png':
      return readPngHeader(bytes);
    case 'jpeg':
      return readJpegHeader(bytes, whole);
    case 'gif':
      return readGifHeader(bytes, whole);
    case 'webp':
      return readWebpHeader(bytes, size);
    case 'bmp':
      return readBmpHeader(bytes);
    case 'avif':
    case 'heic':
      return readHeifHeader(bytes, format, whole);
    default:
      return assertNever(format);
  }
}

function ok(format: ImageFormat, width: number, height: number, mayHaveAlpha: boolean, animated = false) {
  const header: ImageHeader = {
    format,
    width,
    height,
    orientation: 1,
    displayWidth: width,
    displayHeight: height,
    mayHaveAlpha,
    animated,
  };
  return { ok: true, header } as const;
}

function fail(reason: string, incomplete = false): HeaderResult {
  return { ok: false, reason, incomplete };
}

function readPngHeader(b: Uint8Array): HeaderResult {
  if (b.length < 33) return fail('The PNG data is truncated (it ends inside the header).', true);
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') {
    return fail('The PNG header is corrupt (its first chunk is not a valid IHDR).');
  }
  if (crc32(b.subarray(12, 29)) !== u32be(b, 29))
    return fail('The PNG header is corrupt (checksum mismatch).');
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const colorType = b[25]!;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) {
    return fail('The PNG header is corrupt (invalid image size).');
  }
  if (![0, 2, 3, 4, 6].includes(colorType)) return fail('The PNG header is corrupt (unknown colour type).');
  let alpha = colorType === 4 || colorType === 6;
  let animated = false;
  for (let at = 33; at + 8 <= b.length; at += 12 + u32be(b, at)) {
    const type = ascii(b, at + 4, 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') alpha = true;
    if (type === 'acTL') animated = true;
  }
  return ok('png', width, height, alpha, animated);
}

function readGifHeader(b: Uint8Array, whole: boolean): HeaderResult {
  if (b.length < 13) return fail('The GIF data is truncated (it ends inside the header).', !whole);
  let canvasWidth = u16le(b, 6);
  let canvasHeight = u16le(b, 8);
  const packed = b[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = (from: number) => {
    let p = from;
    while (p < b.length && b[p] !== 0) p += b[p]! + 1;
    return p + 1;
  };
  while (at < b.length) {
    const introducer = b[at];
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      at = skipSubBlocks(at + 2);
    } else if (introducer === 0x2c) {
      if (at + 10 > b.length) break;
      const left = u16le(b, at + 1);
      const top = u16le(b, at + 3);
      const width = u16le(b, at + 5);
      const height = u16le(b, at + 7);
      if (canvasWidth === 0 || canvasHeight === 0) [canvasWidth, canvasHeight] = [left + width, top + height];
      if (left + width > canvasWidth || top + height > canvasHeight) {
        return fail(
          `A GIF frame (${width} × ${height} at ${left}, ${top}) reaches outside the ${canvasWidth} × ` +
            `${canvasHeight} image — a decompression bomb.`,
        );
      }
      frames++;
      const local = b[at + 9]!;
      at = skipSubBlocks(at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1);
    } else if (frames === 0) {
      return fail('The GIF data is corrupt (an unknown block comes before the first image).');
    } else {
      break; // junk after a frame: decoders show the frames before it
    }
  }
  if (frames === 0) {
    return whole
      ? fail('The GIF data is truncated or empty (it holds no image).')
      : fail('The GIF header is longer than the bytes read.', true);
  }
  if (canvasWidth === 0 || canvasHeight === 0)
    return fail('The GIF header is corrupt (the image size is zero).');
  return ok('gif', canvasWidth, canvasHeight, true, frames > 1);
}

function readWebpHeader(b: Uint8Array, size: number): HeaderResult {
  if (b.length < 30) return fail('The WebP data is truncated (it ends inside the header).', b.length < size);
  if (u32le(b, 4) + 8 > size) return fail('The WebP data is truncated.');
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return fail('The WebP header is corrupt.');
    return ok('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff, false);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return fail('The WebP header is corrupt.');
    const bits = u32le(b, 21);
    return ok('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, ((bits >>> 28) & 1) === 1);
  }
  if (chunk === 'VP8X') {
    const flags = b[20]!;
    return ok('webp', u24le(b, 24) + 1, u24le(b, 27) + 1, (flags & 0x10) !== 0, (flags & 0x02) !== 0);
  }
  return fail('The WebP header is corrupt (unknown first chunk).');
}

function readBmpHeader(b: Uint8Array): HeaderResult {
  const dib = u32le(b, 14);
  if (dib === 12) return ok('bmp', u16le(b, 18), u16le(b, 20), false);
  if (b.length < 30) return fail('The BMP data is truncated (it ends inside the header).', true);
  const width = u32le(b, 18) | 0;
  const height = Math.abs(u32le(b, 22) | 0);
  if (width <= 0 || height === 0) return fail('The BMP header is corrupt (invalid image size).');
  return ok('bmp', width, height, u16le(b, 28) === 32);
}

/** AVIF/HEIC: the largest `ispe` (image spatial extents) property, turned by `irot` when present. */
function readHeifHeader(b: Uint8Array, format: 'avif' | 'heic', whole: boolean): HeaderResult {
  let width = 0;
  let height = 0;
  for (let at = indexOfBytes(b, [0x69, 0x73, 0x70, 0x65]); at !== -1; ) {
    const w = u32be(b, at + 8);
    const h = u32be(b, at + 12);
    if (w > 0 && h > 0 && w * h > width * height) [width, height] = [w, h];
    at = indexOfBytes(b, [0x69, 0x73, 0x70, 0x65], at + 4);
  }
  if (width === 0) return fail(`The ${format.toUpperCase()} header could not be read.`, !whole);
  const irot = indexOfBytes(b, [0x69, 0x72, 0x6f, 0x74]);
  const turned = irot !== -1 && ((b[irot + 4] ?? 0) & 1) === 1;
  const result = ok(format, width, height, true);
  if (!turned) return result;
  return { ok: true, header: { ...result.header, displayWidth: height, displayHeight: width } };
}
