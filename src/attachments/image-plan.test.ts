/** Tests for the decode budget and the target size of an image. */
import { describe, expect, it } from 'vitest';
import { planImage } from './image-plan';
import { DEFAULT_LIMITS } from './limits';
import type { ImageHeader } from './types';

function header(overrides: Partial<ImageHeader> & Pick<ImageHeader, 'width' | 'height'>): ImageHeader {
  const swap = (overrides.orientation ?? 1) >= 5;
  return {
    format: 'png',
    orientation: 1,
    displayWidth: swap ? overrides.height : overrides.width,
    displayHeight: swap ? overrides.width : overrides.height,
    mayHaveAlpha: false,
    animated: false,
    ...overrides,
  };
}

const SCALED = { scaledJpegDecode: true };
const FULL = { scaledJpegDecode: false };

describe('planImage', () => {
  it('downscales the 20000 × 14000 JPEG to a 1568 px long edge, decoding at 1/8 scale', () => {
    const giant = header({ format: 'jpeg', width: 20000, height: 14000 });
    expect(planImage(giant, DEFAULT_LIMITS, SCALED)).toEqual({
      ok: true,
      plan: {
        width: 1568,
        height: 1098,
        decodeHint: { width: 2500, height: 1750 },
        decodePixels: 2500 * 1750,
      },
    });
  });

  it('refuses the 20000 × 14000 JPEG where the browser can only decode it whole', () => {
    const giant = header({ format: 'jpeg', width: 20000, height: 14000 });
    expect(planImage(giant, DEFAULT_LIMITS, FULL)).toEqual({
      ok: false,
      reason:
        'The image is 20000 × 14000 pixels (280 megapixels), more than can be decoded safely in this browser: ' +
        'the limit is 100 megapixels (400 MB of memory).',
    });
  });

  it('refuses the 65536 × 65536 PNG before any decoding', () => {
    expect(planImage(header({ width: 65536, height: 65536 }), DEFAULT_LIMITS, SCALED)).toEqual({
      ok: false,
      reason:
        'The image is 65536 × 65536 pixels (4,295 megapixels); images up to 400 megapixels can be attached.',
    });
  });

  it('refuses a 280-megapixel PNG, which no decoder can scale while decoding', () => {
    const result = planImage(header({ width: 20000, height: 14000 }), DEFAULT_LIMITS, SCALED);
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than can be decoded safely:'),
    });
  });

  it('never upscales a small image', () => {
    expect(planImage(header({ width: 128, height: 96 }), DEFAULT_LIMITS, SCALED)).toEqual({
      ok: true,
      plan: { width: 128, height: 96, decodePixels: 128 * 96 },
    });
  });

  it('plans in displayed orientation and asks the decoder in stored orientation', () => {
    const portrait = header({ format: 'jpeg', width: 8000, height: 6000, orientation: 6 });
    expect(planImage(portrait, DEFAULT_LIMITS, SCALED)).toMatchObject({
      ok: true,
      plan: { width: 1176, height: 1568, decodeHint: { width: 2000, height: 1500 } },
    });
  });

  it('honours a configured long edge', () => {
    expect(planImage(header({ width: 4000, height: 1000 }), DEFAULT_LIMITS, SCALED, 1000)).toMatchObject({
      plan: { width: 1000, height: 250 },
    });
  });
});
