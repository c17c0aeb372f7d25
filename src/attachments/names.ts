/** File names and sizes as people read them. */

/** The lower-case extension of a file name without the dot (`Notes.MD` → `md`), or `''`. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Characters a file name from the person's disk loses on the way in: controls (`\p{Cc}`), invisible format
 * characters (`\p{Cf}`: bidi embeddings, overrides and isolates, marks, zero-width characters, tags) and
 * U+2028/U+2029. They make a name read as another (`invoice\u202Elmth.txt` shows as `invoicetxt.html`). The
 * same rule as the artifacts tool's, kept here as its own copy since this folder does not import
 * `src/artifacts`.
 */
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A usable display name: without the characters above, trimmed, never empty. The file itself is not refused
 * for its name (the person chose it, and its content decides what it is); only the name shown and sent to
 * Claude is cleaned, so it reads as what it is: `invoice\u202Elmth.txt` → `invoicelmth.txt`.
 */
export function displayName(name: string): string {
  const trimmed = name.replace(REFUSED_CHARACTERS, '').trim();
  return trimmed === '' ? 'attachment' : trimmed;
}

/**
 * `name`, or `name (2)`, `name (3)`… before the extension, so no two attachments of one message share a name
 * (pasted screenshots all arrive as `image.png`, and `Remove image.png` must say which one).
 */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** 4_294_967_296 → "4,295". */
export function formatMegapixels(pixels: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(pixels / 1_000_000);
}
