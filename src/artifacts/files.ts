/**
 * What a file name says about an artifact: how it is shown (its kind), how code in it is highlighted, and the
 * MIME type it is downloaded with. The extension decides; a name without one is plain text.
 */

/**
 * How an artifact is shown. `html`, `svg` and `react` (`.jsx`/`.tsx` components) run in the sandboxed
 * preview; `markdown` is rendered through marked + DOMPurify; `json` is pretty-printed; `image` is a base64
 * or `data:` image; `code` is highlighted.
 */
export type ArtifactKind = 'html' | 'svg' | 'react' | 'markdown' | 'json' | 'image' | 'code' | 'text';

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
  csv: 'text',
  tsv: 'text',
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
};

const MIME_BY_KIND: Readonly<Record<ArtifactKind, string>> = {
  html: 'text/html',
  svg: 'image/svg+xml',
  react: 'text/plain',
  markdown: 'text/markdown',
  json: 'application/json',
  image: 'application/octet-stream',
  code: 'text/plain',
  text: 'text/plain',
};

const IMAGE_MIME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
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
  const kind = artifactKindOf(filename);
  if (kind === 'image') return IMAGE_MIME[extensionOf(filename)] ?? MIME_BY_KIND.image;
  return `${MIME_BY_KIND[kind]};charset=utf-8`;
}

/**
 * Why `filename` cannot name an artifact, or `undefined` when it can: it must be a plain name (no folders),
 * without control characters or surrounding spaces, at most {@link MAX_FILENAME_LENGTH} characters.
 */
export function filenameProblem(filename: string): string | undefined {
  if (filename.length === 0) return 'The filename is empty.';
  if (filename.length > MAX_FILENAME_LENGTH)
    return `The filename is longer than ${MAX_FILENAME_LENGTH} characters.`;
  if (filename.trim() !== filename) return 'The filename starts or ends with a space.';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(filename)) return 'The filename contains a control character.';
  if (/[/\\]/.test(filename)) return 'The filename contains a slash; artifacts have no folders.';
  if (filename === '.' || filename === '..') return 'The filename is not a file name.';
  return undefined;
}
