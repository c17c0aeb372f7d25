/**
 * Text and code files: decoded from UTF-8 (strictly) or UTF-16 with a byte-order mark, refused when binary,
 * and sent to the model as a text block headed by the file name:
 *
 * ```
 * <file name="notes.md">
 * …the text…
 * </file>
 * ```
 *
 * (an XML-style wrapper rather than a Markdown fence, because code often contains fences itself).
 */

export type TextDecodeResult =
  | { readonly ok: true; readonly text: string; readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }
  | { readonly ok: false; readonly reason: string };

/** Control characters that ordinary text uses: tab, line feed, vertical tab, form feed, carriage return, escape. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);

/** Share of other control characters above which a file counts as binary (stray ones are tolerated). */
const MAX_CONTROL_SHARE = 0.01;

/** Decodes a whole text file. The byte-order mark decides UTF-16; otherwise the bytes must be valid UTF-8. */
export function decodeText(bytes: Uint8Array): TextDecodeResult {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  let text: string;
  try {
    // Each decoder strips its own byte-order mark.
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      reason:
        encoding === 'utf-8'
          ? 'The file is not valid UTF-8 text. Save it as UTF-8 (or UTF-16 with a byte-order mark) and attach it again.'
          : 'The file is not valid UTF-16 text, although it starts like it.',
    };
  }
  const reason = binaryReason(text);
  return reason ? { ok: false, reason } : { ok: true, text, encoding };
}

/** Why decoded text looks binary (NUL characters, or many control characters), or undefined when it does not. */
export function binaryReason(text: string): string | undefined {
  if (text.includes('\0')) return 'The file contains NUL bytes, so it is binary, not text.';
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && !ALLOWED_CONTROLS.has(c)) || c === 0x7f || (c >= 0x80 && c <= 0x9f)) controls++;
  }
  return controls > Math.max(0, text.length * MAX_CONTROL_SHARE)
    ? 'The file is full of control characters, so it is binary, not text.'
    : undefined;
}

/** The text block the model reads for a text attachment. */
export function textAttachmentBlock(name: string, text: string): string {
  const attribute = name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<file name="${attribute}">\n${text}${text.endsWith('\n') ? '' : '\n'}</file>`;
}

/** The first lines of a text, for the tile and the record's `preview` (at most `maxChars` characters). */
export function textPreview(text: string, maxLines = 6, maxChars = 300): string {
  const lines = text.split(/\r\n|\r|\n/, maxLines).join('\n');
  return lines.length > maxChars ? `${lines.slice(0, maxChars - 1)}…` : lines;
}
