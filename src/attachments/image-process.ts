/**
 * Decode, orient, downscale and re-encode one image, in whatever thread runs it: the image worker normally, the
 * main thread when workers cannot (`createImageProcessor` decides). Imports nothing that touches the page.
 *
 * Encoding: a lossless source (PNG, GIF, BMP: screenshots, diagrams) stays PNG so text stays sharp, unless the
 * PNG comes out larger than 1 MB (a photo saved as PNG), when the smaller of it and a lossy copy wins. A lossy
 * source (JPEG, WebP, AVIF, HEIC: photos) becomes JPEG at quality 0.85, or WebP when it has transparency
 * (PNG where the browser cannot encode WebP). Re-encoding always drops metadata such as EXIF GPS positions.
 * Whatever is chosen must fit `maxBytes` (the API's 5 MB of base64); quality, then size, step down until it does.
 */
import { blobToDataUrl } from './bytes';
import type { ImagePlan } from './image-plan';
import type { ApiImageType, ImageFormat } from './types';

/** One image to process. Plain data, so it can be posted to a worker. */
export interface ImageJob {
  readonly blob: Blob;
  readonly format: ImageFormat;
  /** False when the header rules out transparency (skips the alpha scan). */
  readonly mayHaveAlpha: boolean;
  readonly plan: ImagePlan;
  /** Largest encoded size in bytes (base64 of it must fit the API's per-image limit). */
  readonly maxBytes: number;
  /** Long edge of the thumbnail. */
  readonly thumbnailEdge: number;
}

/** The processed image, or why it could not be processed. */
export type ImageJobResult =
  | {
      readonly ok: true;
      readonly blob: Blob;
      readonly mimeType: ApiImageType;
      readonly width: number;
      readonly height: number;
      /** A small `data:` URL for the tile. */
      readonly thumbnail: string;
    }
  | { readonly ok: false; readonly reason: string };

/** Turns an image job into a result. Never rejects. */
export type ImageProcessor = (job: ImageJob) => Promise<ImageJobResult>;

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

const LOSSLESS: ReadonlySet<ImageFormat> = new Set(['png', 'gif', 'bmp']);
const PNG_COMFORT_BYTES = 1024 * 1024;

/** Processes `job` in the current thread. Never rejects: failures become `{ ok: false, reason }`. */
export async function processImage(job: ImageJob): Promise<ImageJobResult> {
  if (typeof createImageBitmap !== 'function') {
    return { ok: false, reason: 'This browser cannot decode images here.' };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await decode(job);
  } catch {
    const reason =
      job.format === 'heic' || job.format === 'avif'
        ? `This browser cannot decode this ${label(job.format)} image. Convert it to JPEG or PNG and attach that.`
        : `The ${label(job.format)} image could not be decoded; the file may be damaged.`;
    return { ok: false, reason };
  }
  try {
    const longEdge = Math.max(job.plan.width, job.plan.height);
    const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
    let width = Math.max(1, Math.round(bitmap.width * scale));
    let height = Math.max(1, Math.round(bitmap.height * scale));
    let { canvas, context } = draw(bitmap, width, height);
    const alpha = job.mayHaveAlpha && hasTransparency(context, width, height);
    for (let attempt = 0; attempt < 6; attempt++) {
      const encoded = await encode(canvas, job.format, alpha, attempt);
      if (encoded.size <= job.maxBytes) {
        const thumbnail = await makeThumbnail(canvas, width, height, alpha, job.thumbnailEdge);
        return { ok: true, blob: encoded, mimeType: encoded.type as ApiImageType, width, height, thumbnail };
      }
      if (attempt >= 1) {
        width = Math.max(1, Math.round(width * 0.75));
        height = Math.max(1, Math.round(height * 0.75));
        ({ canvas, context } = draw(canvas, width, height));
      }
    }
    return { ok: false, reason: 'The image could not be made small enough for the API (5 MB).' };
  } catch {
    return { ok: false, reason: `The ${label(job.format)} image could not be converted.` };
  } finally {
    bitmap.close();
  }
}

function label(format: ImageFormat): string {
  return format === 'jpeg' ? 'JPEG' : format === 'webp' ? 'WebP' : format.toUpperCase();
}

/** Decodes with orientation applied, scaled towards the plan's width so no full-size copy is kept. */
async function decode(job: ImageJob): Promise<ImageBitmap> {
  const { plan } = job;
  const resize: ImageBitmapOptions = { resizeWidth: plan.width, resizeQuality: 'high' };
  if (plan.decodeHint && typeof ImageDecoder === 'function') {
    const decoder = new ImageDecoder({
      data: job.blob.stream(),
      type: job.blob.type || 'image/jpeg',
      desiredWidth: plan.decodeHint.width,
      desiredHeight: plan.decodeHint.height,
    });
    try {
      const { image } = await decoder.decode();
      try {
        return await createImageBitmap(image, resize);
      } finally {
        image.close();
      }
    } finally {
      decoder.close();
    }
  }
  return createImageBitmap(job.blob, { ...resize, imageOrientation: 'from-image' });
}

function newCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function draw(
  source: CanvasImageSource,
  width: number,
  height: number,
): { canvas: Canvas; context: Context } {
  const canvas = newCanvas(width, height);
  const context = canvas.getContext('2d') as Context | null;
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return { canvas, context };
}

function hasTransparency(context: Context, width: number, height: number): boolean {
  const data = context.getImageData(0, 0, width, height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return true;
  return false;
}

async function toBlob(canvas: Canvas, type: string, quality?: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Encoding failed'))), type, quality),
  );
}

/** Lossy encoding that keeps transparency where it matters: JPEG when opaque, else WebP (or PNG). */
async function lossy(canvas: Canvas, alpha: boolean, quality: number): Promise<Blob> {
  if (!alpha) return toBlob(canvas, 'image/jpeg', quality);
  const webp = await toBlob(canvas, 'image/webp', quality);
  return webp.type === 'image/webp' ? webp : toBlob(canvas, 'image/png');
}

async function encode(canvas: Canvas, format: ImageFormat, alpha: boolean, attempt: number): Promise<Blob> {
  const quality = attempt === 0 ? 0.85 : 0.75;
  if (!LOSSLESS.has(format)) return lossy(canvas, alpha, quality);
  const png = await toBlob(canvas, 'image/png');
  if (png.size <= PNG_COMFORT_BYTES && attempt === 0) return png;
  const small = await lossy(canvas, alpha, quality);
  return small.size < png.size ? small : png;
}

async function makeThumbnail(
  source: Canvas,
  width: number,
  height: number,
  alpha: boolean,
  edge: number,
): Promise<string> {
  const scale = Math.min(1, edge / Math.max(width, height));
  const { canvas } = draw(
    source,
    Math.max(1, Math.round(width * scale)),
    Math.max(1, Math.round(height * scale)),
  );
  const blob = alpha ? await lossy(canvas, true, 0.8) : await toBlob(canvas, 'image/jpeg', 0.8);
  return blobToDataUrl(blob);
}
