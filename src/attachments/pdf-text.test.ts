/** Tests for a PDF sent as text: the page text, the pages that fit, the reasons, and what the tray is offered. */
import { describe, expect, it } from 'vitest';
import { joinPages, pageText, pdfTextFailure } from './pdf-text';
import { prepareAttachment, preparePdfText } from './prepare';
import { fixtureFile } from './test-support';
import { isRefusal } from './types';

describe('page text', () => {
  it('breaks lines where PDF.js says a run ends one, and tidies spaces', () => {
    const runs = [
      { str: 'Chapter  1', hasEOL: true },
      { str: '', hasEOL: true },
      { str: '', hasEOL: true },
      { str: '', hasEOL: true },
      { str: 'It was a ', hasEOL: false },
      { str: 'dark\u00a0night. ', hasEOL: true },
    ];
    expect(pageText(runs)).toBe('Chapter 1\n\nIt was a dark night.');
  });

  it('joins pages under headings while they fit, and counts those without text', () => {
    expect(joinPages(['one', '', 'three'], 1_000)).toEqual({
      text: '--- Page 1 ---\none\n\n--- Page 2 ---\n(no text on this page)\n\n--- Page 3 ---\nthree',
      taken: 3,
      empty: 1,
    });
    expect(joinPages(['one', 'two', 'three'], 40)).toEqual({
      text: '--- Page 1 ---\none\n\n--- Page 2 ---\ntwo',
      taken: 2,
      empty: 0,
    });
  });

  it('says what to do about a password or a damaged file', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(pdfTextFailure(named('PasswordException'))).toMatch(/needs a password to open/);
    expect(pdfTextFailure(named('InvalidPDFException'))).toMatch(/too damaged/);
    expect(pdfTextFailure(new Error('Bad FCHECK'))).toBe(
      'The text could not be read from the PDF (Bad FCHECK).',
    );
  });
});

describe('a PDF Claude cannot read as a document', () => {
  it('is refused with the file kept, so its text can be sent instead', async () => {
    const file = fixtureFile('pdf-encrypted-owner-only.pdf', 'application/pdf');
    const outcome = await prepareAttachment(file);
    if (!isRefusal(outcome)) throw new Error('accepted');
    expect(outcome.reason).toMatch(/encrypted/);
    expect(outcome.pdf).toBe(file);
  });

  it('is not offered as text when it is larger than Easel reads', async () => {
    const file = fixtureFile('pdf-corrupt-bad-xref.pdf', 'application/pdf');
    const limits = { ...(await import('./limits')).DEFAULT_LIMITS, maxPdfBytes: 50, maxPdfSourceBytes: 100 };
    const outcome = await prepareAttachment(file, { limits });
    if (!isRefusal(outcome)) throw new Error('accepted');
    expect(outcome.reason).toMatch(/^The file is 745 bytes. PDFs can be at most/);
    expect(outcome.pdf).toBeUndefined();
  });

  it('is refused as text when its pages have none', async () => {
    const outcome = await preparePdfText(new Blob(['%PDF-']), 'scan.pdf', {
      readPdfText: async () => ({
        ok: true,
        text: '--- Page 1 ---\n(no text on this page)',
        pages: 1,
        taken: 1,
        empty: 1,
      }),
    });
    expect(outcome).toEqual({
      file: 'scan.pdf',
      reason: expect.stringMatching(/^The PDF has no text to read \(its pages are scanned images/),
    });
  });

  it('passes on why the text could not be read', async () => {
    const outcome = await preparePdfText(new Blob(['%PDF-']), 'locked.pdf', {
      readPdfText: async () => ({ ok: false, reason: 'The PDF needs a password to open.' }),
    });
    expect(outcome).toEqual({ file: 'locked.pdf', reason: 'The PDF needs a password to open.' });
  });
});
