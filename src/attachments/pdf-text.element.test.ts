/**
 * PDF text in a real Chromium: PDF.js in its module worker, on real PDFs (the `__fixtures__` folder) and on
 * one of 300 pages made here, through `createPdfTextReader` and `preparePdfText` as the tray calls them.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import damagedUrl from './__fixtures__/pdf-corrupt-bad-xref.pdf?url';
import ownerOnlyUrl from './__fixtures__/pdf-encrypted-owner-only.pdf?url';
import userPasswordUrl from './__fixtures__/pdf-encrypted-userpw-abc.pdf?url';
import fourPagesUrl from './__fixtures__/pdf-multipage-4pages.pdf?url';
import libreOfficeUrl from './__fixtures__/pdf-text-libreoffice.pdf?url';
import { createPdfTextReader } from './pdf-text-runner';
import { preparePdfText } from './prepare';
import { isRefusal } from './types';

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

/** A PDF of `count` pages, page n saying "This is page n of the book." */
async function book(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++)
    doc.addPage([300, 200]).drawText(`This is page ${n} of the book.`, { x: 20, y: 100, size: 12, font });
  return doc.save();
}

const read = createPdfTextReader();

describe('the text of a PDF', () => {
  it('reads the text of a PDF made by LibreOffice, under a heading for its page', async () => {
    const result = await read(await bytesAt(libreOfficeUrl), 100_000);
    if (!result.ok) throw new Error(result.reason);
    expect(result).toMatchObject({ pages: 1, taken: 1, empty: 0 });
    expect(result.text).toMatch(/^--- Page 1 ---\nLorem ipsum dolor sit amet/);
  });

  it('reads a PDF encrypted without a password to open it, with the same text as the file it was made from', async () => {
    const [plain, encrypted] = await Promise.all([
      read(await bytesAt(libreOfficeUrl), 100_000),
      read(await bytesAt(ownerOnlyUrl), 100_000),
    ]);
    expect(encrypted).toEqual(plain);
  });

  it('reads every page of a 4-page PDF, in order', async () => {
    const result = await read(await bytesAt(fourPagesUrl), 100_000);
    if (!result.ok) throw new Error(result.reason);
    expect(result.pages).toBe(4);
    expect([...result.text.matchAll(/^--- Page (\d) ---$/gm)].map((m) => m[1])).toEqual(['1', '2', '3', '4']);
  });

  it('says a PDF needs a password to open, and what to do', async () => {
    expect(await read(await bytesAt(userPasswordUrl), 100_000)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The PDF needs a password to open, and Easel cannot open it\. Remove/),
    });
  });

  it('reads a PDF whose cross-reference table is wrong', async () => {
    const result = await read(await bytesAt(damagedUrl), 100_000);
    if (!result.ok) throw new Error(result.reason);
    expect(result.text).toBe('--- Page 1 ---\nHello, world!');
  });

  it('refuses bytes that are no PDF with a reason', async () => {
    const result = await read(new TextEncoder().encode('%PDF-1.7\nnot really'), 100_000);
    expect(result.ok).toBe(false);
  });

  it('sends a 300-page PDF as text, every page, with the PDF kept as the file attached', async () => {
    const pdf = new Blob([(await book(300)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
    const outcome = await preparePdfText(pdf, 'book.pdf');
    if (isRefusal(outcome)) throw new Error(outcome.reason);
    expect(outcome.record).toMatchObject({ name: 'book.pdf', kind: 'text', mimeType: 'text/plain' });
    expect(outcome.record.summary).toMatch(/^text of 300 pages · about [\d,]+ tokens$/);
    const text = await outcome.blob.text();
    expect(text).toMatch(/^\[The text of “book\.pdf”, taken out of the PDF by Easel\. Pictures/);
    for (const n of [1, 150, 300])
      expect(text).toContain(`--- Page ${n} ---\nThis is page ${n} of the book.`);
    expect(outcome.original?.size).toBe(pdf.size);
    expect(outcome.record.sourceId).toBeTruthy();
  }, 60_000);

  it('leaves out the pages that do not fit, and says so', async () => {
    const pdf = new Blob([(await book(50)) as Uint8Array<ArrayBuffer>]);
    const limits = { ...(await import('./limits')).DEFAULT_LIMITS, maxOfficeChars: 1_000 };
    const outcome = await preparePdfText(pdf, 'book.pdf', { limits });
    if (isRefusal(outcome)) throw new Error(outcome.reason);
    const text = await outcome.blob.text();
    const taken = [...text.matchAll(/^--- Page (\d+) ---$/gm)].length;
    expect(taken).toBeGreaterThan(5);
    expect(taken).toBeLessThan(50);
    expect(outcome.record.summary).toMatch(
      new RegExp(`^text of pages 1–${taken} of 50 \\(the rest did not fit\\)`),
    );
    expect(text).toContain(`pages 1–${taken} of 50, the rest did not fit`);
  }, 60_000);
});
