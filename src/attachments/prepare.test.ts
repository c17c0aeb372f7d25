/** Tests for preparing one file: what is kept, converted or refused, and why. */
import { describe, expect, it, vi } from 'vitest';
import type { ImageJob, ImageJobResult, ImageProcessor } from './image-process';
import { DEFAULT_LIMITS } from './limits';
import { type PrepareOptions, prepareAttachment } from './prepare';
import { fixture, fixtureFile } from './test-support';
import { isRefusal, type PreparedAttachment, type PrepareOutcome } from './types';

const THUMB = 'data:image/jpeg;base64,AAAA';

/** An image processor that records its jobs and answers with a small JPEG of the planned size. */
function fakeProcessor(answer?: (job: ImageJob) => ImageJobResult) {
  const jobs: ImageJob[] = [];
  const process: ImageProcessor = async (job) => {
    jobs.push(job);
    return (
      answer?.(job) ?? {
        ok: true,
        blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
        mimeType: 'image/jpeg',
        width: job.plan.width,
        height: job.plan.height,
        thumbnail: THUMB,
      }
    );
  };
  return { process, jobs };
}

function options(processImage: ImageProcessor, overrides: PrepareOptions = {}): PrepareOptions {
  let n = 0;
  return { processImage, capabilities: { scaledJpegDecode: true }, newId: () => `id-${++n}`, ...overrides };
}

async function bytesOf(blob: Blob | undefined): Promise<ArrayBuffer> {
  if (!blob) throw new Error('no bytes');
  return blob.arrayBuffer();
}

function prepared(outcome: PrepareOutcome): PreparedAttachment {
  if (isRefusal(outcome)) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

/** A file whose bytes went away after it was chosen (moved or deleted on disk). */
class VanishedFile extends File {
  override slice(): Blob {
    const gone = () => Promise.reject(new DOMException('The file is gone.', 'NotReadableError'));
    return Object.assign(new Blob(), { arrayBuffer: gone });
  }
}

/** A refused PDF keeps the file, so its text may be sent instead (pdf-text.test.ts). */
function offeredAsText(name: string) {
  return name.endsWith('.pdf') ? { pdf: expect.any(File) } : {};
}

describe('prepareAttachment', () => {
  it('keeps a PDF as it is, with its page count', async () => {
    const outcome = prepared(
      await prepareAttachment(fixtureFile('pdf-multipage-4pages.pdf'), options(vi.fn())),
    );
    expect(outcome.record).toEqual({
      id: 'id-1',
      name: 'pdf-multipage-4pages.pdf',
      mimeType: 'application/pdf',
      size: 24607,
      kind: 'pdf',
      pages: 4,
      summary: '24 KB · 4 pages · about 6,000–12,000 tokens',
    });
    expect(outcome.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await outcome.blob.arrayBuffer())).toEqual(fixture('pdf-multipage-4pages.pdf'));
  });

  it('stores text as UTF-8 with a preview of its first lines', async () => {
    const outcome = prepared(await prepareAttachment(fixtureFile('utf16le-bom-cjk.txt'), options(vi.fn())));
    expect(outcome.record).toMatchObject({
      kind: 'text',
      mimeType: 'text/plain',
      preview: '上一伊刀\nfoo bar\nhello world',
    });
    expect(await outcome.blob.text()).toBe('上一伊刀\nfoo bar\nhello world');
    expect(outcome.record.size).toBe(outcome.blob.size);
  });

  it('sends a CSV as a table with its dimensions', async () => {
    const outcome = prepared(
      await prepareAttachment(fixtureFile('csv-utf8.csv', 'text/csv'), options(vi.fn())),
    );
    expect(outcome.record).toMatchObject({
      kind: 'text',
      mimeType: 'text/markdown',
      name: 'csv-utf8.csv',
      summary: '3 rows · about 13 tokens',
    });
    expect(await outcome.blob.text()).toBe('3 rows × 3 columns\n\n```csv\na,b,c\n1,2,3\n4,5,ʤ\n```');
  });

  it('converts a Word document to Markdown and sends its pictures as images of their own', async () => {
    const { process, jobs } = fakeProcessor();
    const outcome = prepared(
      await prepareAttachment(fixtureFile('docx-tiny-picture.docx'), options(process)),
    );
    expect(outcome.record).toMatchObject({
      kind: 'text',
      mimeType: 'text/markdown',
      name: 'docx-tiny-picture.docx',
    });
    expect(await outcome.blob.text()).toBe('[Image 1, sent below]');
    expect(jobs).toHaveLength(1);
    expect(outcome.also?.map((a) => a.record)).toEqual([
      expect.objectContaining({ kind: 'image', name: 'docx-tiny-picture.docx image 1.png' }),
    ]);
    expect(outcome.record.summary).toMatch(/^1 page · about \d+ tokens · 1 image$/);
  });

  it('converts a workbook to one CSV table per sheet with the sheet’s name and size', async () => {
    const outcome = prepared(await prepareAttachment(fixtureFile('xlsx-merge-cells.xlsx'), options(vi.fn())));
    expect(await outcome.blob.text()).toBe(
      '## Sheet 1 of 1: "Sheet1" (4 rows × 4 columns, A1:D4)\n\n```csv\nRow Merge,,Not Merged\nColumn Merge,Chunk Merged\n```',
    );
    expect(outcome.record.summary).toMatch(/^1 sheet · about \d+ tokens$/);
  });

  it('keeps a CSV as attached (byte-order mark, quotes, CRLF) beside the table Claude reads', async () => {
    const text = 'name,note\r\n"Smith, J","said ""hi"""\r\nœuf,2\r\n';
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const outcome = prepared(
      await prepareAttachment(new File([bytes], 'data.csv', { type: 'text/csv' }), options(vi.fn())),
    );
    expect(outcome.record).toMatchObject({
      id: 'id-1',
      mimeType: 'text/markdown',
      sourceId: 'id-2',
      sourceSize: bytes.length,
    });
    // What Claude reads is unchanged: the table, without the byte-order mark or the CRs.
    expect(await outcome.blob.text()).toBe(
      '3 rows × 2 columns\n\n```csv\nname,note\n"Smith, J","said ""hi"""\nœuf,2\n```',
    );
    expect(outcome.original?.type).toBe('text/csv');
    expect(new Uint8Array(await bytesOf(outcome.original))).toEqual(bytes);
  });

  it('keeps a workbook as attached beside its Markdown, but not the pictures taken out of a Word document', async () => {
    const workbook = prepared(
      await prepareAttachment(fixtureFile('xlsx-merge-cells.xlsx'), options(vi.fn())),
    );
    expect(new Uint8Array(await bytesOf(workbook.original))).toEqual(fixture('xlsx-merge-cells.xlsx'));
    expect(workbook.record.sourceId).toBe('id-2');

    const { process } = fakeProcessor();
    const document = prepared(
      await prepareAttachment(fixtureFile('docx-tiny-picture.docx'), options(process)),
    );
    expect(document.record.sourceId).toEqual(expect.any(String));
    expect(document.also?.[0]?.record.sourceId).toBeUndefined();
    expect(document.also?.[0]?.original).toBeUndefined();
  });

  it('keeps no second copy of UTF-8 text, which is stored as it is; UTF-16 is kept as attached too', async () => {
    const plain = prepared(
      await prepareAttachment(
        new File(['a,b\n1,2\n'], 'notes.txt', { type: 'text/plain' }),
        options(vi.fn()),
      ),
    );
    expect(plain.original).toBeUndefined();
    expect(plain.record).not.toHaveProperty('sourceId');
    expect(plain.record).not.toHaveProperty('sourceSize');

    const wide = prepared(await prepareAttachment(fixtureFile('utf16le-bom-cjk.txt'), options(vi.fn())));
    expect(new Uint8Array(await bytesOf(wide.original))).toEqual(fixture('utf16le-bom-cjk.txt'));
    expect(wide.record.sourceId).toBe('id-2');
  });

  it('keeps a PDF sent whole only once', async () => {
    const pdf = prepared(await prepareAttachment(fixtureFile('pdf-multipage-4pages.pdf'), options(vi.fn())));
    expect(pdf.original).toBeUndefined();
    expect(pdf.record).not.toHaveProperty('sourceId');
  });

  it('keeps only the size of a file larger than the most kept as attached', async () => {
    const { process } = fakeProcessor();
    const limits = { ...DEFAULT_LIMITS, maxOriginalBytes: 1000 };
    const outcome = prepared(
      await prepareAttachment(fixtureFile('png-hopper-128.png', 'image/png'), options(process, { limits })),
    );
    expect(outcome.original).toBeUndefined();
    expect(outcome.record).not.toHaveProperty('sourceId');
    expect(outcome.record.sourceSize).toBe(30605);
  });

  it('keeps a file whose name has a bidi override, under its name without it', async () => {
    const file = new File(['total: 12'], 'invoice\u202Elmth.txt', { type: 'text/plain' });
    const outcome = prepared(await prepareAttachment(file, options(vi.fn())));
    expect(outcome.record).toMatchObject({ kind: 'text', name: 'invoicelmth.txt' });
  });

  it('names a refused file without its invisible characters', async () => {
    const file = new File([new Uint8Array([0, 1, 2, 0])], 'a\u2067b\u2069.bin');
    expect(await prepareAttachment(file, options(vi.fn()))).toMatchObject({ file: 'ab.bin' });
  });

  it('hands a PNG to the image processor and records what comes back', async () => {
    const { process, jobs } = fakeProcessor();
    const outcome = prepared(
      await prepareAttachment(fixtureFile('png-hopper-128.png', 'image/png'), options(process)),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ format: 'png', plan: { width: 128, height: 128 }, maxBytes: 3_932_160 });
    expect(jobs[0]?.blob.type).toBe('image/png');
    expect(outcome.record).toEqual({
      id: 'id-1',
      name: 'png-hopper-128.png',
      mimeType: 'image/jpeg',
      size: 10,
      kind: 'image',
      width: 128,
      height: 128,
      preview: THUMB,
      sourceId: 'id-2',
      sourceSize: 30605,
    });
    expect(new Uint8Array(await bytesOf(outcome.original))).toEqual(fixture('png-hopper-128.png'));
  });

  it('plans the 20000 × 14000 JPEG down to a 1568 px long edge with a scaled decode', async () => {
    const { process, jobs } = fakeProcessor();
    const outcome = prepared(
      await prepareAttachment(fixtureFile('jpeg-giant-20000x14000.jpg'), options(process)),
    );
    expect(jobs[0]?.plan).toEqual({
      width: 1568,
      height: 1098,
      decodeHint: { width: 2500, height: 1750 },
      decodePixels: 2500 * 1750,
    });
    expect(outcome.record).toMatchObject({ width: 1568, height: 1098 });
  });

  it.each([
    ['png-huge-65536x65536.png', 'The image is 65536 × 65536 pixels (4,295 megapixels)'],
    ['gif-decompression-bomb-extents.gif', 'a decompression bomb'],
    ['png-truncated.png', 'The PNG data is truncated.'],
    ['png-pngsuite-xdtn0g01-missing-idat.png', 'no image data'],
    ['pdf-corrupt-bad-xref.pdf', 'The PDF is damaged'],
    ['pdf-corrupt-fuzzed.pdf', 'The PDF is damaged'],
    ['pdf-encrypted-userpw-abc.pdf', 'password-protected'],
    ['pdf-encrypted-password-openpassword.pdf', 'password-protected'],
    ['xls-corrupt-too-small.xls', 'named like an Excel file but is not one'],
    ['xlsx-password-protected.xlsx', 'password-protected'],
    ['text-control-characters.txt', 'binary'],
    ['png-pngsuite-xs1n0g01-bad-signature.png', 'named like a PNG image but is not one'],
  ])('refuses %s without decoding it', async (name, reason) => {
    const process = vi.fn<ImageProcessor>();
    const outcome = await prepareAttachment(fixtureFile(name), options(process));
    expect(outcome).toEqual({ file: name, reason: expect.stringContaining(reason), ...offeredAsText(name) });
    expect(process).not.toHaveBeenCalled();
  });

  it.each([
    ['png-truncated.png', 'The PNG data is truncated.'],
    ['pdf-corrupt-bad-xref.pdf', 'The PDF is damaged: its cross-reference table is broken.'],
    [
      'text-control-characters.txt',
      'The file is binary, not text, and not a kind Easel can send. Images (PNG, JPEG, GIF, WebP), PDFs, Word, Excel and PowerPoint files, CSV and text files can be attached.',
    ],
    [
      'xls-corrupt-too-small.xls',
      'The file is named like an Excel file but is not one (it is neither a ZIP-based nor an OLE2 Office file).',
    ],
    [
      'xlsx-password-protected.xlsx',
      'The file is password-protected (encrypted). Save a copy without a password and attach that.',
    ],
  ])('tells the person exactly why %s is refused', async (name, reason) => {
    expect(await prepareAttachment(fixtureFile(name), options(vi.fn()))).toEqual({
      file: name,
      reason,
      ...offeredAsText(name),
    });
  });

  it('passes on the processor’s reason when decoding fails', async () => {
    const { process } = fakeProcessor(() => ({ ok: false, reason: 'The GIF image could not be decoded.' }));
    expect(await prepareAttachment(fixtureFile('gif-hopper-128.gif'), options(process))).toEqual({
      file: 'gif-hopper-128.gif',
      reason: 'The GIF image could not be decoded.',
    });
  });

  it('names a JPEG that failed to decode and has no end marker as truncated', async () => {
    const { process } = fakeProcessor(() => ({ ok: false, reason: 'The JPEG image could not be decoded.' }));
    expect(await prepareAttachment(fixtureFile('jpeg-truncated.jpg'), options(process))).toEqual({
      file: 'jpeg-truncated.jpg',
      reason: 'The JPEG data is truncated (it has no end marker).',
    });
  });

  it('refuses an empty file', async () => {
    expect(await prepareAttachment(new File([], 'empty.txt'), options(vi.fn()))).toEqual({
      file: 'empty.txt',
      reason: 'The file is empty.',
    });
  });

  it('resolves to a refusal, never a rejection, when the file cannot be read', async () => {
    const broken = new VanishedFile(['a,b\n'], 'gone.csv', { type: 'text/csv' });
    expect(await prepareAttachment(broken, options(vi.fn()))).toEqual({
      file: 'gone.csv',
      reason: 'The file could not be read (it may have moved).',
    });
  });
});
