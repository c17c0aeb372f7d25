/**
 * What a file name says about an artifact: how it is shown (its kind), how code in it is highlighted, and the
 * MIME type it is downloaded with. The extension decides; a name without one is plain text.
 */

/**
 * How an artifact is shown. `html`, `svg` and `react` (`.jsx`/`.tsx` components) run in the sandboxed
 * preview; `markdown` is rendered through marked + DOMPurify; `json` is pretty-printed; `image` is an image
 * (its bytes, or base64 / `data:` text); `code` is highlighted. The file viewers (usually binary files code
 * wrote): `pdf` (pages), `document` (Word), `sheet` (Excel, CSV, TSV: a grid), `slides` (PowerPoint),
 * `audio`, `video`; `mermaid` is a diagram drawn in the sandboxed preview.
 */
export type ArtifactKind =
  | 'html'
  | 'svg'
  | 'react'
  | 'markdown'
  | 'json'
  | 'image'
  | 'pdf'
  | 'document'
  | 'sheet'
  | 'slides'
  | 'audio'
  | 'video'
  | 'mermaid'
  | 'code'
  | 'text';

/** Longest accepted file name. */
export const MAX_FILENAME_LENGTH = 120;

const KIND_BY_EXTENSION: Readonly<Record<string, ArtifactKind>> = {
  html: 'html',
  htm: 'html',
  svg: 'svg',
  jsx: 'react',
  tsx: 'react',
  md: 'markdown',
  markdown: 'markdown',
  json: 'json',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  txt: 'text',
  text: 'text',
  log: 'text',
  pdf: 'pdf',
  docx: 'document',
  csv: 'sheet',
  tsv: 'sheet',
  xlsx: 'sheet',
  xlsm: 'sheet',
  xls: 'sheet',
  ods: 'sheet',
  pptx: 'slides',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  m4a: 'audio',
  flac: 'audio',
  aac: 'audio',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  ogv: 'video',
  mov: 'video',
  mermaid: 'mermaid',
  mmd: 'mermaid',
};

/** highlight.js language names for extensions whose name is not one already. */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, string>> = {
  htm: 'html',
  html: 'html',
  svg: 'xml',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  md: 'markdown',
  sh: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  h: 'c',
  hpp: 'cpp',
  cc: 'cpp',
  cs: 'csharp',
  csv: 'plaintext',
  tsv: 'plaintext',
  mmd: 'plaintext',
  mermaid: 'plaintext',
};

/** The MIME type of a text file of each kind (with `charset=utf-8`). */
const MIME_BY_KIND: Readonly<Record<ArtifactKind, string>> = {
  html: 'text/html',
  svg: 'image/svg+xml',
  react: 'text/plain',
  markdown: 'text/markdown',
  json: 'application/json',
  image: 'application/octet-stream',
  pdf: 'application/pdf',
  document: 'application/octet-stream',
  sheet: 'text/plain',
  slides: 'application/octet-stream',
  audio: 'application/octet-stream',
  video: 'application/octet-stream',
  mermaid: 'text/plain',
  code: 'text/plain',
  text: 'text/plain',
};

/** MIME types the extension says exactly (binary ones without a charset). */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  aac: 'audio/aac',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
};

/** Text types the extension says (given `charset=utf-8`). */
const TEXT_MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

/** The lower-case extension without the dot (`''` when there is none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function artifactKindOf(filename: string): ArtifactKind {
  const ext = extensionOf(filename);
  if (!ext) return 'text';
  return KIND_BY_EXTENSION[ext] ?? 'code';
}

/** True for kinds whose content runs in the sandboxed preview (and so has a console). */
export function runsInSandbox(kind: ArtifactKind): kind is 'html' | 'svg' | 'react' {
  return kind === 'html' || kind === 'svg' || kind === 'react';
}

/** The highlight.js language for a file (may be unknown to the highlighter; callers fall back to plain). */
export function languageOf(filename: string): string {
  const ext = extensionOf(filename);
  return LANGUAGE_BY_EXTENSION[ext] ?? ext;
}

/** The MIME type a download of the file carries (always with `charset=utf-8` for text). */
export function mimeTypeOf(filename: string): string {
  const ext = extensionOf(filename);
  const exact = MIME_BY_EXTENSION[ext];
  if (exact) return exact;
  return `${TEXT_MIME_BY_EXTENSION[ext] ?? MIME_BY_KIND[artifactKindOf(filename)]};charset=utf-8`;
}

/**
 * Characters no file name may hold: controls (`\p{Cc}`), invisible format characters (`\p{Cf}`: the bidi
 * embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks, zero-width spaces and
 * joiners, the byte-order mark, tags) and the line and paragraph separators U+2028 and U+2029. They make a
 * name read as something it is not: `invoice\u202Elmth.txt` shows as `invoicetxt.html`.
 */
const REFUSED_CHARACTER = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Unicode names of the refused characters a name is likely to hold; others are shown by code point alone. */
const CHARACTER_NAMES: ReadonlyMap<number, string> = new Map([
  [0x00, 'NULL'],
  [0x09, 'CHARACTER TABULATION'],
  [0x0a, 'LINE FEED'],
  [0x0d, 'CARRIAGE RETURN'],
  [0x1b, 'ESCAPE'],
  [0x7f, 'DELETE'],
  [0xad, 'SOFT HYPHEN'],
  [0x061c, 'ARABIC LETTER MARK'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
]);

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, or just `U+E0041` for a character without a name here. */
function describeCodePoint(codePoint: number): string {
  const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = CHARACTER_NAMES.get(codePoint);
  return name === undefined ? hex : `${hex} ${name}`;
}

/** What kind of refused character `char` is, as the end of a sentence. */
function refusedKind(char: string): string {
  if (/\p{Cc}/u.test(char)) return 'a control character';
  if (char === '\u2028' || char === '\u2029') return 'a line break';
  return 'an invisible formatting character that can make a name look like another';
}

/**
 * Why `filename` cannot name an artifact, or `undefined` when it can: it must be a plain name (no folders),
 * without control, invisible formatting (bidi, zero-width) or line-break characters and without surrounding
 * spaces, at most {@link MAX_FILENAME_LENGTH} characters. A refused character is named by its code point.
 */
export function filenameProblem(filename: string): string | undefined {
  if (filename.length === 0) return 'The filename is empty.';
  if (filename.length > MAX_FILENAME_LENGTH)
    return `The filename is longer than ${MAX_FILENAME_LENGTH} characters.`;
  const refused = REFUSED_CHARACTER.exec(filename);
  if (refused) {
    const what = describeCodePoint(refused[0].codePointAt(0)!);
    return `The filename contains ${what}, ${refusedKind(refused[0])}; remove it and use visible characters only.`;
  }
  if (filename.trim() !== filename) return 'The filename starts or ends with a space.';
  if (/[/\\]/.test(filename)) return 'The filename contains a slash; artifacts have no folders.';
  if (filename === '.' || filename === '..') return 'The filename is not a file name.';
  return undefined;
}
