/** Tests for the PDF checks: truncation, encryption, cross-reference tables and page counts. */
import { describe, expect, it } from 'vitest';
import { checkPdf, dictCount } from './pdf';
import { checkXref } from './pdf-xref';
import { fixture } from './test-support';

const ENCRYPTED =
  'The PDF is password-protected (encrypted), and Claude cannot read encrypted PDFs. ' +
  'Save a copy without a password and attach that.';
const DAMAGED = 'The PDF is damaged: its cross-reference table is broken.';

describe('checkPdf', () => {
  it.each([
    ['pdf-text-1page-pdflatex.pdf', 1],
    ['pdf-text-libreoffice.pdf', 1],
    ['pdf-arabic-rtl.pdf', 1],
    ['pdf-with-embedded-attachment.pdf', 1],
    ['pdf-multipage-4pages.pdf', 4],
  ])('accepts %s and counts %i page(s)', async (name, pages) => {
    expect(await checkPdf(fixture(name), 100)).toEqual({ ok: true, pages });
  });

  it('counts pages kept in compressed object streams (pdflatex writes them there)', async () => {
    const bytes = fixture('pdf-multipage-4pages.pdf');
    expect(new TextDecoder('latin1').decode(bytes)).not.toMatch(/\/Type\s*\/Page\b/);
    expect(await checkPdf(bytes, 100)).toEqual({ ok: true, pages: 4 });
  });

  it.each(['pdf-encrypted-userpw-abc.pdf', 'pdf-encrypted-password-openpassword.pdf'])(
    'refuses %s as password-protected',
    async (name) => {
      expect(await checkPdf(fixture(name), 100)).toEqual({ ok: false, reason: ENCRYPTED });
    },
  );

  it('refuses a PDF whose startxref points into page content', async () => {
    expect(await checkPdf(fixture('pdf-corrupt-bad-xref.pdf'), 100)).toEqual({ ok: false, reason: DAMAGED });
  });

  it('refuses the fuzzed PDF whose cross-reference table is malformed', async () => {
    expect(await checkPdf(fixture('pdf-corrupt-fuzzed.pdf'), 100)).toEqual({ ok: false, reason: DAMAGED });
  });

  it('refuses a PDF cut in half as truncated', async () => {
    const bytes = fixture('pdf-text-libreoffice.pdf');
    const result = await checkPdf(bytes.subarray(0, bytes.length >> 1), 100);
    expect(result).toEqual({
      ok: false,
      reason: 'The PDF is truncated or damaged: it has no end-of-file marker.',
    });
  });

  it('refuses a PDF with more pages than the limit, saying how many it has', async () => {
    expect(await checkPdf(fixture('pdf-multipage-4pages.pdf'), 3)).toEqual({
      ok: false,
      reason: 'The PDF has 4 pages; the API reads PDFs of at most 3 pages.',
    });
  });

  it('refuses bytes that are not a PDF', async () => {
    expect(await checkPdf(new TextEncoder().encode('just text'), 100)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('%PDF-'),
    });
  });

  it('leaves the page count unknown when no page tree is readable', async () => {
    const pdf = makePdf(['<< /Type /Catalog >>']);
    expect(await checkPdf(pdf, 100)).toEqual({ ok: true, pages: undefined });
  });

  it('refuses a table whose entries mostly point at the wrong bytes', async () => {
    const pdf = makePdf(['<< /Type /Catalog >>', '<< /Type /Pages /Count 1 >>'], 7);
    expect(await checkPdf(pdf, 100)).toEqual({ ok: false, reason: DAMAGED });
  });

  it('counts page objects across the 1 MB slices of a large file, including one straddling a boundary', async () => {
    const page = '<< /Type /Page >>';
    const first = makePdf([page]);
    const boundary = 1024 * 1024;
    // Pad the first object so its "/Type /Page" starts 5 bytes before the slice boundary.
    const padding = '%'.repeat(boundary - first.length + 40);
    const probe = makePdf([`${padding}\n${page}`]);
    const shiftBy = boundary - 5 - new TextDecoder('latin1').decode(probe).indexOf('/Type /Page');
    const pdf = makePdf([
      `${padding}${'%'.repeat(shiftBy)}\n${page}`,
      page,
      `${'%'.repeat(boundary)}\n${page}`,
    ]);
    expect(new TextDecoder('latin1').decode(pdf).indexOf('/Type /Page', boundary - 100)).toBe(boundary - 5);
    expect(await checkPdf(pdf, 100)).toEqual({ ok: true, pages: 3 });
  });

  it('does not mistake /EncryptMetadata for encryption', async () => {
    const pdf = makePdf(['<< /Type /Catalog /EncryptMetadata false >>', '<< /Type /Pages /Count 2 >>']);
    expect(await checkPdf(pdf, 100)).toEqual({ ok: true, pages: 2 });
  });
});

describe('dictCount', () => {
  it('reads /Count from the dictionary around a position, skipping nested dictionaries', () => {
    const text = '<< /Kids [3 0 R] /Resources << /Font << /F1 4 0 R >> >> /Type /Pages /Count 12 >>';
    expect(dictCount(text, text.indexOf('/Type'))).toBe(12);
    expect(dictCount('no dictionary here /Type /Pages', 20)).toBe(0);
  });
});

describe('checkXref', () => {
  it('refuses an offset outside the file', () => {
    const pdf = makePdf(['<< /Type /Catalog >>']);
    expect(checkXref(pdf, pdf.length + 10, pdf.length)).toBe(DAMAGED);
  });
});

/** A small classic PDF with the given objects; `shift` moves every xref offset to test damaged tables. */
function makePdf(objects: readonly string[], shift = 0): Uint8Array {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset + shift).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
