/**
 * Reading `session.json` out of a zip made by `Export with files`, for Import. Nothing in the zip is trusted:
 * its entry count is read from its directory's end before jszip reads the directory, every entry's name and
 * the size it declares are checked before anything is inflated, and only `session.json` is inflated — stopped
 * as soon as it grows past the size it declared, then checked against its CRC-32. Loaded, with jszip, only
 * when a zip is imported.
 */

import JSZip from 'jszip';
import { errorText } from '../agent';
import { refusedCharacterProblem, visibleName } from './file-names';
import { MAX_IMPORT_BYTES } from './import-check';

/** The entry `Import` reads; the zip's other files are copies for people. */
export const SESSION_JSON = 'session.json';

export interface ZipLimits {
  /** Entries in the zip (a session's files, each version of each file Claude wrote, its attachments). */
  readonly maxEntries: number;
  /** Declared uncompressed bytes of `session.json`: its text must fit in one string, as a JSON file's. */
  readonly maxJsonBytes: number;
  /** Declared uncompressed bytes of all entries together. */
  readonly maxTotalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxJsonBytes: MAX_IMPORT_BYTES,
  maxTotalBytes: 4 * MAX_IMPORT_BYTES,
};

/** The text of `session.json`, or why the zip cannot be imported (a sentence ending "nothing was imported"). */
export type ZipRead = { readonly text: string } | { readonly error: string };

/** Reads and checks `session.json` from the zip in `bytes`. Never rejects. */
export async function readSessionZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipRead> {
  const count = entryCount(bytes);
  if (count === undefined) return damaged('its directory is missing: the file is cut short or is not a zip');
  if (count > limits.maxEntries) {
    return {
      error: `The zip file holds ${count.toLocaleString('en-US')} entries; Easel reads at most ${limits.maxEntries.toLocaleString('en-US')}, so nothing was imported.`,
    };
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    const reason = errorText(error);
    return /encrypt/i.test(reason)
      ? { error: 'The zip file is password-protected (encrypted), so nothing was imported.' }
      : damaged(reason);
  }
  const entries = Object.values(zip.files);
  let total = 0;
  for (const entry of entries) {
    // Folders jszip adds itself (the parents of a name) have no name of their own in the zip.
    const name = entry.unsafeOriginalName;
    if (name === undefined) continue;
    const problem = unsafeNameProblem(name);
    if (problem) {
      return {
        error: `The zip file holds an entry whose name ${problem} (“${visibleName(name)}”), so nothing was imported.`,
      };
    }
    total += declaredOf(entry)?.uncompressedSize ?? 0;
  }
  if (total > limits.maxTotalBytes) {
    return {
      error: `The zip file inflates to ${megabytes(total)}, more than the ${megabytes(limits.maxTotalBytes)} Easel reads (it may be a decompression bomb), so nothing was imported.`,
    };
  }
  const json = zip.files[SESSION_JSON];
  if (!json || json.dir) {
    return {
      error: `The zip file has no ${SESSION_JSON}, so it is not an Easel export with files; nothing was imported.`,
    };
  }
  const declared = declaredOf(json);
  if (!declared) return damaged(`the size of ${SESSION_JSON} cannot be read`);
  if (declared.uncompressedSize > limits.maxJsonBytes) {
    return {
      error: `The zip file's ${SESSION_JSON} inflates to ${megabytes(declared.uncompressedSize)}; Easel imports up to ${megabytes(limits.maxJsonBytes)}, so nothing was imported.`,
    };
  }
  const inflated = await inflate(json, declared.uncompressedSize);
  if ('error' in inflated) return inflated;
  if (crc32(inflated.bytes) !== declared.crc32) return damaged(`${SESSION_JSON} does not match its checksum`);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes) };
  } catch {
    return { error: `The zip file's ${SESSION_JSON} is not UTF-8 text, so nothing was imported.` };
  }
}

function damaged(reason: string): { readonly error: string } {
  return { error: `The zip file is damaged (${reason.replace(/[.\s]+$/, '')}), so nothing was imported.` };
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}

const EOCD = 0x06054b50;

/**
 * The number of entries the zip's end-of-central-directory record gives (searched backwards over the comment,
 * at most 64 KB), or `undefined` when there is none. ZIP64 says 0xffff here: more than Easel reads.
 */
function entryCount(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const last = bytes.byteLength - 22;
  for (let i = last; i >= Math.max(0, last - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) return view.getUint16(i + 10, true);
  }
  return undefined;
}

/**
 * Why a name could write outside a folder it is extracted to, or read as another: the end of a sentence, or
 * `undefined` when it is safe.
 */
function unsafeNameProblem(name: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is an absolute path';
  if (name.includes('\\')) return 'holds a backslash';
  if (name.split('/').includes('..')) return 'climbs out of its folder (..)';
  return refusedCharacterProblem(name);
}

/** What jszip read from the entry's directory record: its declared size and checksum (nothing inflated). */
function declaredOf(entry: JSZip.JSZipObject): { uncompressedSize: number; crc32: number } | undefined {
  const data: unknown = (entry as unknown as { _data?: unknown })._data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { uncompressedSize, crc32: crc } = data as { uncompressedSize?: unknown; crc32?: unknown };
  return typeof uncompressedSize === 'number' && typeof crc === 'number'
    ? { uncompressedSize, crc32: crc >>> 0 }
    : undefined;
}

/** jszip's documented `internalStream` (`ZipObject#internalStream`), missing from its type declarations. */
interface StreamHelper {
  on(event: 'data', listener: (chunk: Uint8Array) => void): StreamHelper;
  on(event: 'end', listener: () => void): StreamHelper;
  on(event: 'error', listener: (error: unknown) => void): StreamHelper;
  resume(): StreamHelper;
  pause(): StreamHelper;
}

/** The entry's bytes, inflated chunk by chunk and stopped the moment they outgrow `declared`. */
function inflate(
  entry: JSZip.JSZipObject,
  declared: number,
): Promise<{ readonly bytes: Uint8Array } | { readonly error: string }> {
  const open = (entry as unknown as { internalStream?: (type: 'uint8array') => StreamHelper }).internalStream;
  if (typeof open !== 'function') return Promise.resolve(damaged(`${SESSION_JSON} cannot be read`));
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let length = 0;
    let done = false;
    const finish = (result: { bytes: Uint8Array } | { error: string }) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    let stream: StreamHelper;
    try {
      stream = open.call(entry, 'uint8array');
    } catch (error) {
      finish(damaged(errorText(error)));
      return;
    }
    stream
      .on('data', (chunk) => {
        if (done) return;
        length += chunk.byteLength;
        if (length > declared) {
          stream.pause();
          finish({
            error: `The zip file's ${SESSION_JSON} inflates to more than the size it declares, as only a decompression bomb does, so nothing was imported.`,
          });
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (error) => finish(damaged(errorText(error))))
      .on('end', () => {
        if (length !== declared) {
          finish(damaged(`${SESSION_JSON} is shorter than the size it declares`));
          return;
        }
        const bytes = new Uint8Array(length);
        let at = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, at);
          at += chunk.byteLength;
        }
        finish({ bytes });
      })
      .resume();
  });
}

let crcTable: Uint32Array | undefined;

/** The CRC-32 (IEEE 802.3, as zip uses) of `bytes`. */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ (bytes[i] ?? 0)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
