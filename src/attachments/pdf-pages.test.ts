/** Tests for choosing pages of a long PDF: the ranges a person types, the default selection, the new PDF. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits';
import { checkPdf } from './pdf';
import { formatPageRanges, parsePageRanges, partName, planPdfParts, selectPdfPages } from './pdf-pages';
import { choosePdfPages, prepareAttachment, splitPdfIntoParts } from './prepare';
import { isRefusal, type PreparedAttachment } from './types';

/** A PDF of `count` pages, each with its number written on it (what the test script and the bench use). */
async function pdfOf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= count; i++) doc.addPage([200, 200]).drawText(`Page ${i}`, { x: 20, y: 100, size: 18 });
  return doc.save({ useObjectStreams: false });
}

describe('parsePageRanges', () => {
  it('reads pages and ranges in the order given, each page once', () => {
    expect(parsePageRanges('3, 1-2, 2–4', 10, 100)).toEqual({ ok: true, pages: [3, 1, 2, 4] });
  });

  it.each([
    ['', 'Give the pages to send, for example 1-20, 45.'],
    ['2-x', '“2-x” is not a page or a range of pages (for example 3 or 3-9).'],
    ['5-12', 'The PDF has pages 1 to 10; “5-12” is outside them.'],
    ['9-3', '“9-3” runs backwards; write it as 3-9.'],
  ])('refuses “%s” with a reason', (text, reason) => {
    expect(parsePageRanges(text, 10, 100)).toEqual({ ok: false, reason });
  });

  it('refuses more pages than the API reads in one request', () => {
    expect(parsePageRanges('1-101', 300, 100)).toEqual({
      ok: false,
      reason: 'That is more than 100 pages, the most the API reads in one request.',
    });
  });

  it('writes pages back as ranges', () => {
    expect(formatPageRanges([1, 2, 3, 7, 9, 10])).toBe('1–3, 7, 9–10');
  });
});

describe('long PDFs', () => {
  it('makes a PDF of the chosen pages only, which passes the PDF checks', async () => {
    const result = await selectPdfPages(await pdfOf(12), [2, 3, 11]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.pages).toBe(3);
    expect(await checkPdf(result.bytes, 100)).toEqual({ ok: true, pages: 3 });
  });

  it('sends the first 100 pages of a 300-page PDF by default, and keeps the whole file to choose others and to read as attached', async () => {
    const whole = await pdfOf(300);
    let n = 0;
    const outcome = await prepareAttachment(new File([whole as Uint8Array<ArrayBuffer>], 'book.pdf'), {
      newId: () => `b${++n}`,
    });
    if (isRefusal(outcome)) throw new Error(outcome.reason);
    expect(outcome.record).toMatchObject({
      id: 'b1',
      kind: 'pdf',
      pages: 100,
      sourcePages: 300,
      pageRanges: '1–100',
      summary: expect.stringMatching(/ · pages 1–100 of 300 · about 150,000–300,000 tokens$/),
    });
    expect(await checkPdf(new Uint8Array(await outcome.blob.arrayBuffer()), 100)).toEqual({
      ok: true,
      pages: 100,
    });
    expect(outcome.source?.size).toBe(whole.length);
    expect(outcome.record).toMatchObject({ sourceId: 'b2', sourceSize: whole.length });
    expect(new Uint8Array((await outcome.original?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(whole);

    const two = await choosePdfPages(outcome, [150, 151]);
    if (isRefusal(two)) throw new Error(two.reason);
    expect(two.record).toMatchObject({
      id: 'b1',
      name: 'book.pdf',
      pages: 2,
      pageRanges: '150–151',
      sourceId: 'b2',
      sourceSize: whole.length,
    });
    expect(two.original).toBe(outcome.original);
    expect(two.record.summary).toMatch(/ · pages 150–151 of 300 · about 3,000–6,000 tokens$/);
  }, 60_000);

  it('has no pages to choose for a PDF sent whole', async () => {
    const prepared: PreparedAttachment = {
      record: { id: 'a', name: 'a.pdf', mimeType: 'application/pdf', size: 1, kind: 'pdf', pages: 1 },
      blob: new Blob(['%PDF-']),
    };
    expect(await choosePdfPages(prepared, [1])).toEqual({
      file: 'a.pdf',
      reason: 'Only a PDF longer than the API reads has pages to choose.',
    });
  });
});

describe('a long PDF in parts', () => {
  it('plans as few parts as the page limit allows, of nearly equal length', () => {
    expect(planPdfParts(300, 100)).toEqual([
      { from: 1, to: 100 },
      { from: 101, to: 200 },
      { from: 201, to: 300 },
    ]);
    expect(planPdfParts(250, 100)).toEqual([
      { from: 1, to: 84 },
      { from: 85, to: 168 },
      { from: 169, to: 250 },
    ]);
    expect(planPdfParts(101, 100)).toEqual([
      { from: 1, to: 51 },
      { from: 52, to: 101 },
    ]);
  });

  it('names each part with its place and pages', () => {
    expect(partName('book.pdf', 2, 3, { from: 101, to: 200 })).toBe('book.pdf (part 2 of 3, pages 101–200)');
    expect(partName('book.pdf', 3, 3, { from: 7, to: 7 })).toBe('book.pdf (part 3 of 3, page 7)');
  });

  it('splits a 300-page PDF into three documents of 100 pages; part 1 keeps the id, the file as attached and its pages to choose', async () => {
    const whole = await pdfOf(300);
    let n = 0;
    const newId = () => `b${++n}`;
    const outcome = await prepareAttachment(new File([whole as Uint8Array<ArrayBuffer>], 'book.pdf'), {
      newId,
    });
    if (isRefusal(outcome)) throw new Error(outcome.reason);
    const split = await splitPdfIntoParts(outcome, 'book.pdf', { newId });
    if (!('parts' in split)) throw new Error(split.reason);
    expect(split.parts.map((p) => p.record.name)).toEqual([
      'book.pdf (part 1 of 3, pages 1–100)',
      'book.pdf (part 2 of 3, pages 101–200)',
      'book.pdf (part 3 of 3, pages 201–300)',
    ]);
    expect(split.parts.map((p) => p.record.id)).toEqual(['b1', 'b3', 'b4']);
    for (const part of split.parts)
      expect(await checkPdf(new Uint8Array(await part.blob.arrayBuffer()), 100)).toEqual({
        ok: true,
        pages: 100,
      });
    const [first, second] = split.parts;
    expect(first?.record).toMatchObject({ sourcePages: 300, pageRanges: '1–100', sourceId: 'b2' });
    expect(first?.source).toBe(outcome.source);
    expect(first?.original).toBe(outcome.original);
    expect(first?.record.summary).toMatch(
      /pages 1–100 of 300 · about 150,000–300,000 tokens · sent with your message$/,
    );
    expect(second?.record.sourcePages).toBeUndefined();
    expect(second?.source).toBeUndefined();
    expect(second?.record.summary).toMatch(
      /pages 101–200 of 300 · .* · sent on its own once Claude has answered part 1$/,
    );
  }, 120_000);

  it('halves a part that is more bytes than a request holds', async () => {
    const whole = await pdfOf(120);
    const outcome = await prepareAttachment(new File([whole as Uint8Array<ArrayBuffer>], 'book.pdf'));
    if (isRefusal(outcome)) throw new Error(outcome.reason);
    // A request that holds fewer bytes than 60 of these pages take, but more than 30.
    const one = (await selectPdfPages(
      whole,
      Array.from({ length: 60 }, (_, i) => i + 1),
    )) as { bytes: Uint8Array };
    const limits = { ...DEFAULT_LIMITS, maxPdfBytes: one.bytes.length - 1 };
    const split = await splitPdfIntoParts(outcome, 'book.pdf', { limits });
    if (!('parts' in split)) throw new Error(split.reason);
    expect(split.parts.map((p) => p.record.pageRanges)).toEqual(['1–30', '31–60', '61–90', '91–120']);
    expect(split.parts.every((p) => p.blob.size <= limits.maxPdfBytes)).toBe(true);
  }, 120_000);

  it('does not split a PDF sent whole', async () => {
    const prepared: PreparedAttachment = {
      record: { id: 'a', name: 'a.pdf', mimeType: 'application/pdf', size: 1, kind: 'pdf', pages: 1 },
      blob: new Blob(['%PDF-']),
    };
    expect(await splitPdfIntoParts(prepared, 'a.pdf')).toEqual({
      file: 'a.pdf',
      reason: 'Only a PDF longer than the API reads is sent in parts.',
    });
  });
});
