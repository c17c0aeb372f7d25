/**
 * Reads a ZIP file's central directory (without inflating anything) and refuses archives that would be
 * dangerous to open: too many entries, declared sizes over a cap, a compression ratio only a decompression
 * bomb has, encrypted entries, or a directory that does not hold together. Office files (DOCX, XLSX, PPTX,
 * ODS) are ZIP archives, and the libraries that read them inflate whole entries in memory, so this runs first.
 */

export interface ZipEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
}

export interface ZipGuardLimits {
  /** Entries in the archive. */
  readonly maxEntries: number;
  /** Declared uncompressed bytes of all entries together. */
  readonly maxTotalBytes: number;
  /** Declared uncompressed bytes of one entry. */
  readonly maxEntryBytes: number;
  /** Uncompressed : compressed ratio above which an entry of more than 1 MB is taken for a bomb. */
  readonly maxRatio: number;
}

export const ZIP_LIMITS: ZipGuardLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

export type ZipCheck =
  | { readonly ok: true; readonly entries: readonly ZipEntry[] }
  | { readonly ok: false; readonly reason: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const MB = 1024 * 1024;

/** Checks the archive in `bytes`. Never throws. */
export function checkZip(bytes: Uint8Array, limits: ZipGuardLimits = ZIP_LIMITS): ZipCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  if (eocd === -1)
    return { ok: false, reason: 'The file is damaged or truncated: its ZIP directory is missing.' };
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff) {
    return { ok: false, reason: 'The file is a ZIP64 archive, which is larger than Easel reads.' };
  }
  if (count > limits.maxEntries) {
    return {
      ok: false,
      reason: `The file holds ${count.toLocaleString('en-US')} entries; Easel opens at most ${limits.maxEntries.toLocaleString('en-US')} (it may be a decompression bomb).`,
    };
  }
  if (offset + size > eocd)
    return { ok: false, reason: 'The file is damaged or truncated: its ZIP directory points past its end.' };
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = offset;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) {
      return { ok: false, reason: 'The file is damaged: its ZIP directory does not hold together.' };
    }
    const flags = view.getUint16(at + 8, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) {
      return {
        ok: false,
        reason: 'The file is password-protected (encrypted). Save a copy without a password and attach that.',
      };
    }
    if (uncompressedSize > limits.maxEntryBytes || compressedSize === 0xffffffff) {
      return {
        ok: false,
        reason: `The part “${name}” inflates to more than ${limits.maxEntryBytes / MB} MB, more than Easel opens (it may be a decompression bomb).`,
      };
    }
    if (uncompressedSize > MB && uncompressedSize > limits.maxRatio * Math.max(1, compressedSize)) {
      return {
        ok: false,
        reason: `The part “${name}” is compressed ${Math.round(uncompressedSize / Math.max(1, compressedSize))} to 1, as only a decompression bomb is; Easel does not open it.`,
      };
    }
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) {
      return {
        ok: false,
        reason: `The file inflates to more than ${limits.maxTotalBytes / MB} MB, more than Easel opens (it may be a decompression bomb).`,
      };
    }
    entries.push({ name, compressedSize, uncompressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}

/** The end-of-central-directory record, searched backwards over the comment (at most 64 KB). */
function findEocd(view: DataView): number {
  const last = view.byteLength - 22;
  for (let i = last; i >= Math.max(0, last - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) return i;
  }
  return -1;
}
