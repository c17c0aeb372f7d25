// @ts-check
/**
 * A long PDF for the long-PDF tests and the attachments bench: `pages` pages, each with its number and a
 * paragraph of text, made with pdf-lib (so no large binary is committed). Run on its own, it writes one:
 * `node scripts/make-long-pdf.mjs 300 out.pdf`.
 */
import { writeFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** @param {number} pages @returns {Promise<Uint8Array>} */
export async function longPdf(pages) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${i}`, { x: 50, y: 780, size: 24, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`Line ${line + 1} of page ${i}: the quick brown fox jumps over the lazy dog.`, {
        x: 50,
        y: 740 - line * 20,
        size: 11,
        font,
      });
    }
  }
  return doc.save({ useObjectStreams: false });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = Number(process.argv[2] ?? 300);
  const out = process.argv[3] ?? `long-${pages}.pdf`;
  writeFileSync(out, await longPdf(pages));
  console.log(`${out}: ${pages} pages`);
}
