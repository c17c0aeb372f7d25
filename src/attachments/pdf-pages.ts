/**
 * Pages of a PDF: the person's page ranges ("1-20, 45"), the default selection of a PDF longer than the API
 * reads, the token estimate, and (in the PDF worker, with pdf-lib) the new PDF holding only the chosen pages.
 */

export type PageChoice =
  | { readonly ok: true; readonly pages: readonly number[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads "1-20, 45, 50–52" against a document of `total` pages: each page once, in the order given, at most
 * `max` of them. Never throws.
 */
export function parsePageRanges(text: string, total: number, max: number): PageChoice {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, reason: 'Give the pages to send, for example 1-20, 45.' };
  const pages: number[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const m = /^(\d+)(?:\s*[-–—]\s*(\d+))?$/.exec(part);
    if (!m)
      return { ok: false, reason: `“${part}” is not a page or a range of pages (for example 3 or 3-9).` };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < 1 || from > total || to > total)
      return { ok: false, reason: `The PDF has pages 1 to ${total}; “${part}” is outside them.` };
    if (to < from) return { ok: false, reason: `“${part}” runs backwards; write it as ${to}-${from}.` };
    for (let p = from; p <= to; p++) {
      if (seen.has(p)) continue;
      seen.add(p);
      pages.push(p);
      if (pages.length > max)
        return {
          ok: false,
          reason: `That is more than ${max} pages, the most the API reads in one request.`,
        };
    }
  }
  return { ok: true, pages };
}

/** "1–100", "1–2, 5, 9–12": the pages as ranges. */
export function formatPageRanges(pages: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && (pages[j + 1] as number) === (pages[j] as number) + 1) j++;
    out.push(i === j ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** Tokens a PDF of `pages` pages costs, as the documentation estimates it: 1,500–3,000 per page (text and image). */
export function pdfTokenRange(pages: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `about ${n(pages * 1500)}–${n(pages * 3000)} tokens`;
}

/** Pages `from` to `to` (1-based, inclusive) of a PDF sent in parts. */
export interface PageRange {
  readonly from: number;
  readonly to: number;
}

/**
 * A PDF of `total` pages in as few parts of at most `max` pages as will do, of nearly equal length:
 * 300 pages at 100 → 1–100, 101–200, 201–300; 250 → 1–84, 85–168, 169–250.
 */
export function planPdfParts(total: number, max: number): PageRange[] {
  const count = Math.max(1, Math.ceil(total / max));
  const size = Math.ceil(total / count);
  const parts: PageRange[] = [];
  for (let from = 1; from <= total; from += size) parts.push({ from, to: Math.min(total, from + size - 1) });
  return parts;
}

/** The name (and document title) of a part: "book.pdf (part 2 of 3, pages 101–200)". */
export function partName(name: string, k: number, n: number, range: PageRange): string {
  const pages = range.from === range.to ? `page ${range.from}` : `pages ${range.from}–${range.to}`;
  return `${name} (part ${k} of ${n}, ${pages})`;
}

export type PdfSelection =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly pages: number }
  | { readonly ok: false; readonly reason: string };

/** A new PDF holding `pages` (1-based) of `bytes`, in that order, with pdf-lib. Never throws. */
export async function selectPdfPages(bytes: Uint8Array, pages: readonly number[]): Promise<PdfSelection> {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const total = source.getPageCount();
    if (pages.some((p) => p < 1 || p > total))
      return { ok: false, reason: `The PDF has ${total} pages; some of the chosen pages are not in it.` };
    const out = await PDFDocument.create({ updateMetadata: false });
    const copied = await out.copyPages(
      source,
      pages.map((p) => p - 1),
    );
    for (const page of copied) out.addPage(page);
    const saved = await out.save({ useObjectStreams: false });
    return { ok: true, bytes: saved, pages: pages.length };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: `The pages could not be taken out of the PDF (${message}).` };
  }
}
