import type { AttachmentRecord } from '../messages';
import { base64Length, lastIndexOfBytes, readBytes } from './bytes';
import { readImageHeader } from './image-header';
import { type DecodeCapabilities, planImage } from './image-plan';
import { createImageProcessor } from './image-runner';
import { type AttachmentLimits, fileSizeReason } from './limits';
import { checkPngStructure, pngTailHasEnd } from './png';
import type { PrepareOptions } from './prepare-options';
import type { HeaderResult, ImageFormat, PreparedAttachment } from './types';

/** What this browser can do, for the decode budget. */
function detectCapabilities(): DecodeCapabilities {
  return { scaledJpegDecode: typeof ImageDecoder === 'function' };
}

/** Reads at most this much of a JPEG or HEIF file looking for its size (APP segments come first). */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

export async function prepareImage(
  file: File,
  name: string,
  head: Uint8Array,
  { format, mimeType }: { readonly format: ImageFormat; readonly mimeType: string },
  options: PrepareOptions,
  limits: AttachmentLimits,
  id: string,
): Promise<PreparedAttachment | string> {
  const tooLarge = fileSizeReason('image', file.size, limits);
  if (tooLarge) return tooLarge;
  const header = await readHeader(file, head, format);
  if (!header.ok) return header.reason;
  if (format === 'png') {
    const broken = await pngStructureReason(file, head);
    if (broken) return broken;
  }
  const capabilities = options.capabilities ?? detectCapabilities();
  const planned = planImage(
    header.header,
    limits,
    capabilities,
    options.imageLongEdge ?? limits.imageLongEdge,
  );
  if (!planned.ok) return planned.reason;
  const process = options.processImage ?? createImageProcessor();
  const result = await process({
    // The sniffed type, whatever the file claimed (a Blob over a File shares its bytes; nothing is copied).
    blob: new Blob([file], { type: mimeType }),
    format,
    mayHaveAlpha: header.header.mayHaveAlpha,
    plan: planned.plan,
    maxBytes: Math.floor((limits.maxImageBase64Bytes * 3) / 4),
    thumbnailEdge: limits.thumbnailEdge,
  });
  if (!result.ok)
    return format === 'jpeg' ? ((await jpegTruncatedReason(file)) ?? result.reason) : result.reason;
  if (base64Length(result.blob.size) > limits.maxImageBase64Bytes)
    return 'The converted image is still over 5 MB.';
  const record: AttachmentRecord = {
    id,
    name,
    mimeType: result.mimeType,
    size: result.blob.size,
    kind: 'image',
    width: result.width,
    height: result.height,
    preview: result.thumbnail,
  };
  return { record, blob: result.blob };
}

/** Reads the image header, reading further into the file while the header runs past what was read. */
async function readHeader(file: File, head: Uint8Array, format: ImageFormat): Promise<HeaderResult> {
  // A GIF is walked frame by frame to find frames reaching outside the canvas: read all of it.
  let bytes = format === 'gif' && head.length < file.size ? await readBytes(file, 0, file.size) : head;
  for (;;) {
    const result = readImageHeader(bytes, format, file.size);
    if (result.ok || !result.incomplete || bytes.length >= Math.min(file.size, MAX_HEADER_BYTES))
      return result;
    bytes = await readBytes(file, 0, Math.min(MAX_HEADER_BYTES, bytes.length * 4));
  }
}

/** A truncated PNG or one without image data is named as such (decoders only say "could not decode"). */
async function pngStructureReason(file: File, head: Uint8Array): Promise<string | undefined> {
  if (file.size <= head.length) return checkPngStructure(head);
  const tail = await readBytes(file, Math.max(0, file.size - 64 * 1024), 64 * 1024);
  if (pngTailHasEnd(tail)) return undefined;
  return checkPngStructure(await readBytes(file, 0, file.size));
}

/** After a JPEG failed to decode: says it is truncated when its tail holds no end-of-image marker. */
async function jpegTruncatedReason(file: File): Promise<string | undefined> {
  const tail = await readBytes(file, Math.max(0, file.size - 64 * 1024), 64 * 1024);
  return lastIndexOfBytes(tail, [0xff, 0xd9]) === -1
    ? 'The JPEG data is truncated (it has no end marker).'
    : undefined;
}
