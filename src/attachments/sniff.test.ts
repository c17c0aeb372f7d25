/** Tests for type sniffing from the bytes, the name and the declared type. */
import { describe, expect, it } from 'vitest';
import { asciiBytes } from './bytes';
import { SNIFF_BYTES, sniffType } from './sniff';
import { fixture } from './test-support';

function sniffFixture(name: string, declaredType = '', as = name) {
  const bytes = fixture(name);
  return sniffType(bytes.subarray(0, SNIFF_BYTES), as, declaredType, bytes.length);
}

function sniffBytes(bytes: readonly number[] | Uint8Array, name: string, declaredType = '') {
  const head = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return sniffType(head, name, declaredType, head.length);
}

describe('sniffType', () => {
  it.each([
    ['png-hopper-128.png', 'png'],
    ['jpeg-hopper-128.jpg', 'jpeg'],
    ['jpeg-giant-20000x14000.jpg', 'jpeg'],
    ['gif-hopper-128.gif', 'gif'],
    ['gif-decompression-bomb-extents.gif', 'gif'],
    ['webp-hopper-128.webp', 'webp'],
    ['webp-animated-rotating-squares.webp', 'webp'],
    ['png-truncated.png', 'png'],
  ])('recognises %s as %s by its signature', (name, format) => {
    expect(sniffFixture(name)).toMatchObject({ kind: 'image', format });
  });

  it('trusts the bytes over the name: a PNG called notes.txt is a PNG', () => {
    expect(sniffFixture('png-hopper-128.png', 'text/plain', 'notes.txt')).toEqual({
      kind: 'image',
      format: 'png',
      mimeType: 'image/png',
    });
  });

  it('recognises PDFs by the %PDF- header, whatever they are called', () => {
    expect(sniffFixture('pdf-text-1page-pdflatex.pdf')).toEqual({ kind: 'pdf' });
    expect(sniffFixture('pdf-encrypted-userpw-abc.pdf', '', 'download')).toEqual({ kind: 'pdf' });
  });

  it('tells Word and Excel files apart by the paths inside the ZIP', () => {
    expect(sniffFixture('docx-tables.docx', '', 'report')).toEqual({
      kind: 'office',
      family: 'word',
      container: 'zip',
    });
    expect(sniffFixture('xlsx-merge-cells.xlsx')).toEqual({
      kind: 'office',
      family: 'excel',
      container: 'zip',
    });
  });

  it('sees a password-protected workbook as an OLE2 container', () => {
    expect(sniffFixture('xlsx-password-protected.xlsx')).toEqual({
      kind: 'office',
      family: 'excel',
      container: 'ole',
    });
  });

  it('takes an .xls that holds plain text for the Excel file its name says it is', () => {
    expect(sniffFixture('xls-corrupt-too-small.xls')).toEqual({
      kind: 'office',
      family: 'excel',
      container: 'unknown',
    });
  });

  it('refuses a file named like a PNG whose signature is damaged', () => {
    for (const name of [
      'png-pngsuite-xs1n0g01-bad-signature.png',
      'png-pngsuite-xcrn0g04-crlf-corrupted.png',
    ]) {
      const sniffed = sniffFixture(name);
      expect(sniffed.kind).toBe('unsupported');
      expect(sniffed).toMatchObject({
        reason: expect.stringContaining('named like a PNG image but is not one'),
      });
    }
  });

  it('reads UTF-16 files with a byte-order mark as text', () => {
    for (const name of ['utf16le-bom-cjk.txt', 'utf16be-bom.txt', 'utf16be-bom-cjk.txt']) {
      expect(sniffFixture(name)).toEqual({ kind: 'text', mimeType: 'text/plain' });
    }
  });

  it('reads CSV, JSON and SVG as text, with a MIME type from the extension', () => {
    expect(sniffFixture('csv-utf8.csv')).toEqual({ kind: 'text', mimeType: 'text/csv' });
    expect(sniffFixture('json-long-single-line.json')).toEqual({
      kind: 'text',
      mimeType: 'application/json',
    });
    expect(sniffFixture('svg-xss-script-green-triangle.svg', 'image/svg+xml')).toEqual({
      kind: 'text',
      mimeType: 'image/svg+xml',
    });
  });

  it('refuses a file with NUL bytes and no known signature as binary', () => {
    const sniffed = sniffFixture('text-control-characters.txt');
    expect(sniffed).toMatchObject({ kind: 'unsupported', reason: expect.stringContaining('binary') });
  });

  it('refuses bytes that are not UTF-8, saying how to fix it', () => {
    const sniffed = sniffBytes([0x63, 0x61, 0x66, 0xe9, 0x0a], 'cafe.txt');
    expect(sniffed).toMatchObject({ kind: 'unsupported', reason: expect.stringContaining('saved as UTF-8') });
  });

  it('accepts a head that ends inside a UTF-8 character when the file goes on', () => {
    const head = new Uint8Array([...asciiBytes('caf'), 0xc3]);
    expect(sniffType(head, 'notes.md', '', 100)).toEqual({ kind: 'text', mimeType: 'text/markdown' });
    expect(sniffType(head, 'notes.md', '', head.length).kind).toBe('unsupported');
  });

  it('names common binary kinds when refusing them', () => {
    expect(sniffBytes([0x1f, 0x8b, 8, 0, 0, 0], 'logs.gz')).toMatchObject({
      reason: expect.stringContaining('gzip archive'),
    });
    expect(
      sniffBytes([...asciiBytes('PK\x03\x04'), 0, 0, ...asciiBytes('photo.jpg')], 'photos.zip'),
    ).toMatchObject({
      reason: expect.stringContaining('ZIP archive'),
    });
    expect(sniffBytes([0, 0, 0, 0x20, ...asciiBytes('ftypisom')], 'clip.mp4')).toMatchObject({
      reason: expect.stringContaining('video or audio'),
    });
  });

  it('refuses a file named .pdf that is not one', () => {
    expect(sniffBytes(asciiBytes('hello'), 'paper.pdf')).toMatchObject({
      kind: 'unsupported',
      reason: expect.stringContaining('%PDF'),
    });
  });
});
