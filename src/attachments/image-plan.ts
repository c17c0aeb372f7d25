/**
 * The decode budget: from a header alone, decide whether an image may be decoded at all, at what scale the
 * decoder should work, and what size the result will be. Pure, so the limits are tested without a browser.
 */

import type { AttachmentLimits } from './limits';
import { formatMegapixels } from './names';
import type { ImageHeader } from './types';

/** What the browser can do that changes the budget. */
export interface DecodeCapabilities {
  /**
   * The browser decodes JPEG at 1/2, 1/4 or 1/8 scale when asked for a smaller size (WebCodecs `ImageDecoder`
   * with `desiredWidth`/`desiredHeight`, in Chromium), so memory follows the scaled size, not the file's.
   */
  readonly scaledJpegDecode: boolean;
}

/** How to turn an image into what is sent. */
export interface ImagePlan {
  /** Size of the result, as displayed (EXIF orientation applied): the long edge fits the configured limit. */
  readonly width: number;
  readonly height: number;
  /**
   * When set, ask the decoder for this stored-orientation size: the image at the JPEG scale (1/2, 1/4 or 1/8) just
   * above the result. Exactly that size, since some decoders (Chromium 150's `ImageDecoder`) fail on any other.
   */
  readonly decodeHint?: { readonly width: number; readonly height: number };
  /** Pixels the decoder will hold at once (an estimate for the scaled path). */
  readonly decodePixels: number;
}

export type PlanResult =
  | { readonly ok: true; readonly plan: ImagePlan }
  | { readonly ok: false; readonly reason: string };

/** The long edge to downscale to: the configured edge, capped when the conversation has many images. */
export function targetLongEdge(limits: AttachmentLimits, imagesInRequest = 0): number {
  return imagesInRequest > limits.manyImages
    ? Math.min(limits.imageLongEdge, limits.imageSideWhenMany)
    : limits.imageLongEdge;
}

/**
 * Plans the decode of an image whose header was read, or says why it must not be decoded: more pixels than
 * `maxSourcePixels`, or a decode that would hold more than `maxDecodePixels` at once.
 */
export function planImage(
  header: ImageHeader,
  limits: AttachmentLimits,
  capabilities: DecodeCapabilities,
  longEdge = limits.imageLongEdge,
): PlanResult {
  const { width, height, displayWidth, displayHeight } = header;
  const pixels = width * height;
  const size = `${displayWidth} × ${displayHeight} pixels (${formatMegapixels(pixels)} megapixels)`;
  if (pixels > limits.maxSourcePixels) {
    return {
      ok: false,
      reason: `The image is ${size}; images up to ${formatMegapixels(limits.maxSourcePixels)} megapixels can be attached.`,
    };
  }
  const scale = Math.min(1, longEdge / Math.max(displayWidth, displayHeight));
  const outWidth = Math.max(1, Math.round(displayWidth * scale));
  const outHeight = Math.max(1, Math.round(displayHeight * scale));
  const scaled = header.format === 'jpeg' && capabilities.scaledJpegDecode && scale <= 0.5;
  const decodeScale = scaled ? Math.max(1 / 8, Math.ceil(scale * 8) / 8) : 1;
  const decodePixels = Math.ceil(width * decodeScale) * Math.ceil(height * decodeScale);
  if (decodePixels > limits.maxDecodePixels) {
    const where = header.format === 'jpeg' && !capabilities.scaledJpegDecode ? ' in this browser' : '';
    return {
      ok: false,
      reason:
        `The image is ${size}, more than can be decoded safely${where}: the limit is ` +
        `${formatMegapixels(limits.maxDecodePixels)} megapixels (${Math.round((limits.maxDecodePixels * 4) / 1e6)} MB of memory).`,
    };
  }
  const plan: ImagePlan = {
    width: outWidth,
    height: outHeight,
    decodePixels,
    ...(scaled
      ? { decodeHint: { width: Math.ceil(width * decodeScale), height: Math.ceil(height * decodeScale) } }
      : {}),
  };
  return { ok: true, plan };
}
