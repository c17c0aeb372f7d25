/**
 * A PDF as text, for when Claude cannot read it as a document: its pages' text, in order, under a heading per
 * page, taken out with PDF.js (Mozilla's PDF reader, the one Firefox uses), which also opens PDFs that are
 * encrypted without a password to open them and many that are damaged. Text only: a scanned page has none.
 */

/** The text of a PDF, or why there is none. */
export type PdfText =
  | {
      readonly ok: true;
      /** `--- Page 1 ---` and that page's text, for each page taken, in order. */
      readonly text: string;
      /** Pages in the PDF. */
      readonly pages: number;
      /** Pages whose text is in `text` (1 to `taken`): fewer than `pages` when the rest did not fit. */
      readonly taken: number;
      /** Pages taken that had no text (scanned, or drawn only). */
      readonly empty: number;
    }
  | { readonly ok: false; readonly reason: string };

/** One run of text of a page as PDF.js gives it (`getTextContent().items`, marked-content items left out). */
export interface TextRun {
  readonly str: string;
  readonly hasEOL: boolean;
}

/** A page's runs as lines: each run's text, a line break where the run ends one; spaces tidied. */
export function pageText(runs: readonly TextRun[]): string {
  let text = '';
  for (const run of runs) text += run.hasEOL ? `${run.str}\n` : run.str;
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Joins pages' text under headings, page by page, while the whole stays within `maxChars`: the pages after
 * the first that does not fit are left out (`taken` says how many went in).
 */
export function joinPages(
  pages: readonly string[],
  maxChars: number,
): { text: string; taken: number; empty: number } {
  let text = '';
  let taken = 0;
  let empty = 0;
  for (const [i, page] of pages.entries()) {
    const part = `${i === 0 ? '' : '\n\n'}--- Page ${i + 1} ---\n${page || '(no text on this page)'}`;
    if (text.length + part.length > maxChars) break;
    text += part;
    taken++;
    if (!page) empty++;
  }
  return { text, taken, empty };
}

/** Why PDF.js could not open a PDF, as a sentence a person can act on. */
export function pdfTextFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException')
    return 'The PDF needs a password to open, and Easel cannot open it. Remove the password (for example by printing it to a new PDF) and attach that file.';
  if (name === 'InvalidPDFException')
    return 'The PDF is too damaged for its text to be read. Try exporting it again from the program that made it.';
  const message = error instanceof Error ? error.message : String(error);
  return `The text could not be read from the PDF (${message || 'unknown error'}).`;
}
