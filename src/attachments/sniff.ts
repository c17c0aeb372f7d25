/**
 * What a file is. The first bytes decide first (a PNG named `notes.txt` is a PNG); the declared MIME type and
 * the extension decide only when the bytes carry no known signature. Only the head of the file is looked at.
 */
import { ascii, asciiBytes, indexOfBytes, startsWith, u32le } from './bytes';
import { extensionOf } from './names';
import type { ImageFormat, OfficeFamily, SniffedType } from './types';

/** How many leading bytes `sniffType` wants (more is fine, less makes text sniffing weaker). */
export const SNIFF_BYTES = 64 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const IMAGE_MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  heic: 'image/heic',
};

const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  png: 'PNG',
  apng: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  jpe: 'JPEG',
  jfif: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  bmp: 'BMP',
  avif: 'AVIF',
  heic: 'HEIC',
  heif: 'HEIF',
  tif: 'TIFF',
  tiff: 'TIFF',
  ico: 'icon',
};

const OFFICE_EXTENSIONS: Readonly<Record<string, OfficeFamily>> = {
  doc: 'word',
  docx: 'word',
  docm: 'word',
  dot: 'word',
  dotx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  xlsm: 'excel',
  xlsb: 'excel',
  xlt: 'excel',
  xltx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  pptm: 'powerpoint',
  pps: 'powerpoint',
  ppsx: 'powerpoint',
  odt: 'opendocument',
  ods: 'opendocument',
  odp: 'opendocument',
  pages: 'iwork',
  numbers: 'iwork',
  key: 'iwork',
};

const TEXT_MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

/** Signatures of common binary kinds, to refuse them by name rather than as "a binary file". */
const BINARY_SIGNATURES: readonly (readonly [readonly number[], string])[] = [
  [[0x1f, 0x8b], 'a gzip archive'],
  [asciiBytes('Rar!\x1a\x07'), 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
  [[0x7f, 0x45, 0x4c, 0x46], 'a program (ELF executable)'],
  [[0x00, 0x61, 0x73, 0x6d], 'a WebAssembly module'],
  [asciiBytes('SQLite format 3\0'), 'an SQLite database'],
  [asciiBytes('OggS'), 'an Ogg audio or video file'],
  [asciiBytes('fLaC'), 'a FLAC audio file'],
  [asciiBytes('ID3'), 'an MP3 audio file'],
  [[0x1a, 0x45, 0xdf, 0xa3], 'a WebM or Matroska video'],
  [asciiBytes('II*\0'), 'a TIFF image'],
  [asciiBytes('MM\0*'), 'a TIFF image'],
];

const CAN_ATTACH =
  'Images (PNG, JPEG, GIF, WebP), PDFs, Word, Excel and PowerPoint files, CSV and text files can be attached.';

/**
 * Decides what a file is from its first bytes (`head`, ideally `SNIFF_BYTES` long), its name and its declared
 * MIME type. `size` is the whole file's size, so a head that is the whole file is judged as such.
 */
export function sniffType(head: Uint8Array, name: string, declaredType: string, size: number): SniffedType {
  const ext = extensionOf(name);
  const byMagic = sniffMagic(head, ext);
  if (byMagic) return byMagic;
  const family = OFFICE_EXTENSIONS[ext];
  if (family) return { kind: 'office', family, container: 'unknown' };
  const declared = declaredType.toLowerCase().split(';')[0]?.trim() ?? '';
  const imageLabel = IMAGE_EXTENSIONS[ext];
  if (imageLabel) {
    return { kind: 'unsupported', reason: `The file is named like a ${imageLabel} image but is not one.` };
  }
  if (ext === 'pdf' || declared === 'application/pdf') {
    return { kind: 'unsupported', reason: 'The file is named like a PDF but does not start with “%PDF”.' };
  }
  return sniffText(head, ext, declared, head.length >= size);
}

function sniffMagic(head: Uint8Array, ext: string): SniffedType | undefined {
  const image = imageFormatOf(head);
  if (image) return { kind: 'image', format: image, mimeType: IMAGE_MIME[image] };
  if (indexOfBytes(head.subarray(0, 1024), asciiBytes('%PDF-')) !== -1) return { kind: 'pdf' };
  if (ascii(head, 0, 4) === 'PK\x03\x04' || ascii(head, 0, 4) === 'PK\x05\x06') return sniffZip(head, ext);
  if (startsWith(head, OLE2_SIGNATURE)) {
    return { kind: 'office', family: OFFICE_EXTENSIONS[ext] ?? 'office', container: 'ole' };
  }
  if (ascii(head, 4, 4) === 'ftyp') {
    return { kind: 'unsupported', reason: `The file is a video or audio file. ${CAN_ATTACH}` };
  }
  for (const [signature, label] of BINARY_SIGNATURES) {
    if (startsWith(head, signature))
      return { kind: 'unsupported', reason: `The file is ${label}. ${CAN_ATTACH}` };
  }
  if (ascii(head, 0, 2) === 'MZ' && head.includes(0)) {
    return { kind: 'unsupported', reason: `The file is a program (Windows executable). ${CAN_ATTACH}` };
  }
  return undefined;
}

/** The raster format a file's signature announces, if any. */
export function imageFormatOf(head: Uint8Array): ImageFormat | undefined {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (ascii(head, 0, 2) === 'BM' && [12, 40, 52, 56, 64, 108, 124].includes(u32le(head, 14))) return 'bmp';
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return undefined;
}

function sniffZip(head: Uint8Array, ext: string): SniffedType {
  const has = (path: string) => indexOfBytes(head, asciiBytes(path)) !== -1;
  if (has('word/')) return { kind: 'office', family: 'word', container: 'zip' };
  if (has('xl/')) return { kind: 'office', family: 'excel', container: 'zip' };
  if (has('ppt/')) return { kind: 'office', family: 'powerpoint', container: 'zip' };
  if (has('application/vnd.oasis.opendocument'))
    return { kind: 'office', family: 'opendocument', container: 'zip' };
  const family = OFFICE_EXTENSIONS[ext];
  if (family) return { kind: 'office', family, container: 'zip' };
  return {
    kind: 'unsupported',
    reason: `The file is a ZIP archive; attach the files inside it instead. ${CAN_ATTACH}`,
  };
}

function sniffText(head: Uint8Array, ext: string, declared: string, whole: boolean): SniffedType {
  const mimeType = textMimeType(ext, declared);
  if (
    startsWith(head, [0xef, 0xbb, 0xbf]) ||
    startsWith(head, [0xff, 0xfe]) ||
    startsWith(head, [0xfe, 0xff])
  ) {
    return { kind: 'text', mimeType };
  }
  if (head.includes(0)) {
    return {
      kind: 'unsupported',
      reason: `The file is binary, not text, and not a kind Easel can send. ${CAN_ATTACH}`,
    };
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !whole });
  } catch {
    return {
      kind: 'unsupported',
      reason:
        'The file is neither UTF-8 text, UTF-16 text with a byte-order mark, an image nor a PDF. Text files must be saved as UTF-8.',
    };
  }
  return { kind: 'text', mimeType };
}

/** The MIME type to record for a text file: from its extension, else a declared `text/*` type, else plain text. */
function textMimeType(ext: string, declared: string): string {
  const byExtension = TEXT_MIME_BY_EXTENSION[ext];
  if (byExtension) return byExtension;
  if (declared.startsWith('text/') || declared === 'application/json') return declared;
  return 'text/plain';
}
