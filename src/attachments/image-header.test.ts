/** Tests for header-only image sizes, orientation and bomb checks on the corpus files. */
import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header';
import { exifOrientation } from './jpeg-header';
import { checkPngStructure, crc32, pngTailHasEnd } from './png';
import { imageFormatOf } from './sniff';
import { fixture } from './test-support';
import type { HeaderResult } from './types';

/** Reads the header from the first `headBytes` of a fixture, as `prepareAttachment` does. */
function header(name: string, headBytes = 64 * 1024): HeaderResult {
  const bytes = fixture(name);
  const format = imageFormatOf(bytes);
  if (!format) throw new Error(`${name} has no image signature`);
  return readImageHeader(bytes.subarray(0, headBytes), format, bytes.length);
}

function reason(result: HeaderResult): string {
  return result.ok ? '' : result.reason;
}

describe('readImageHeader', () => {
  it.each([
    ['png-hopper-128.png', 128, 128],
    ['jpeg-hopper-128.jpg', 128, 128],
    ['gif-hopper-128.gif', 128, 128],
    ['webp-hopper-128.webp', 128, 128],
    ['webp-lossy-1024x772.webp', 1024, 772],
    ['gif-animated-rotating-squares.gif', 80, 80],
    ['webp-animated-rotating-squares.webp', 80, 80],
    ['png-ztxt-decompression-dos.png', 1, 1],
    ['jpeg-exif-gps.jpg', 8, 8],
    ['png-truncated.png', 294, 240],
    ['jpeg-truncated.jpg', 2725, 2225],
  ])('reads %s as %i × %i', (name, width, height) => {
    expect(header(name)).toMatchObject({ ok: true, header: { width, height } });
  });

  it('reads the 20000 × 14000 JPEG from its first kilobyte', () => {
    expect(header('jpeg-giant-20000x14000.jpg', 1024)).toMatchObject({
      ok: true,
      header: { format: 'jpeg', width: 20000, height: 14000, displayWidth: 20000, mayHaveAlpha: false },
    });
  });

  it('reads the 65536 × 65536 PNG from its first kilobyte', () => {
    expect(header('png-huge-65536x65536.png', 1024)).toMatchObject({
      ok: true,
      header: { format: 'png', width: 65536, height: 65536 },
    });
  });

  it('reports the EXIF orientation of a JPEG and swaps the displayed size for 5–8', () => {
    expect(header('jpeg-exif-orientation-6.jpg')).toMatchObject({ ok: true, header: { orientation: 6 } });
    const tiff = new Uint8Array([
      0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0,
    ]);
    expect(exifOrientation(tiff)).toBe(8);
    const jpeg = syntheticJpeg(tiff, 300, 100);
    expect(readImageHeader(jpeg, 'jpeg', jpeg.length)).toMatchObject({
      ok: true,
      header: { width: 300, height: 100, orientation: 8, displayWidth: 100, displayHeight: 300 },
    });
  });

  it('flags animation and possible transparency from the header', () => {
    expect(header('gif-animated-rotating-squares.gif')).toMatchObject({ header: { animated: true } });
    expect(header('webp-animated-rotating-squares.webp')).toMatchObject({ header: { animated: true } });
    expect(header('png-hopper-128.png')).toMatchObject({ header: { mayHaveAlpha: false, animated: false } });
  });

  it('refuses the GIF whose frame reaches outside its 32 × 32 canvas as a decompression bomb', () => {
    const result = header('gif-decompression-bomb-extents.gif');
    expect(result.ok).toBe(false);
    expect(reason(result)).toBe(
      'A GIF frame (65535 × 1321 at 0, 65280) reaches outside the 32 × 32 image — a decompression bomb.',
    );
  });

  it('refuses a PNG whose IHDR checksum is wrong', () => {
    expect(reason(header('png-pngsuite-xhdn0g08-bad-ihdr-crc.png'))).toBe(
      'The PNG header is corrupt (checksum mismatch).',
    );
  });

  it('refuses a PNG with garbage after the signature', () => {
    expect(reason(header('png-corrupt-garbage-after-signature.png'))).toContain(
      'first chunk is not a valid IHDR',
    );
  });

  it('refuses a JPEG whose first segment claims more bytes than the file has', () => {
    expect(header('jpeg-corrupt-header.jpg')).toEqual({
      ok: false,
      reason: 'The JPEG data is truncated (it ends before the image size).',
      incomplete: false,
    });
  });

  it('asks for more bytes when a JPEG head ends before the frame size', () => {
    expect(header('jpeg-exif-orientation-6.jpg', 100)).toMatchObject({ ok: false, incomplete: true });
  });

  it('refuses a WebP shorter than its RIFF header says', () => {
    const bytes = fixture('webp-hopper-128.webp');
    expect(reason(readImageHeader(bytes.subarray(0, 2000), 'webp', 2000))).toBe(
      'The WebP data is truncated.',
    );
  });
});

describe('PNG structure', () => {
  it('finds the IEND chunk in the tail of a complete PNG only', () => {
    expect(pngTailHasEnd(fixture('png-hopper-128.png').subarray(-1024))).toBe(true);
    expect(pngTailHasEnd(fixture('png-truncated.png').subarray(-1024))).toBe(false);
  });

  it('names a PNG cut short as truncated', () => {
    expect(checkPngStructure(fixture('png-truncated.png'))).toBe('The PNG data is truncated.');
  });

  it('names a PNG without IDAT as holding no image data', () => {
    expect(checkPngStructure(fixture('png-pngsuite-xdtn0g01-missing-idat.png'))).toContain('no image data');
  });

  it('accepts a complete PNG', () => {
    expect(checkPngStructure(fixture('png-hopper-128.png'))).toBeUndefined();
  });

  it('computes the CRC-32 PNG uses', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
  });
});

/** A JPEG header (SOI, APP1 Exif, SOF0) with the given TIFF block and size: enough for the header reader. */
function syntheticJpeg(tiff: Uint8Array, width: number, height: number): Uint8Array {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255, ...exif];
  const sof = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xd9]);
}
