/** Tests for the per-message and per-request limits. */
import { describe, expect, it } from 'vitest';
import { base64Length } from './bytes';
import { targetLongEdge } from './image-plan';
import { checkAttachmentSet, DEFAULT_LIMITS, fileSizeReason, requestBytesOf } from './limits';
import { record } from './test-support';

const MB = 1024 * 1024;

describe('requestBytesOf', () => {
  it('counts images and PDFs as base64 and text as text', () => {
    expect(requestBytesOf(record({ kind: 'pdf', size: 3_000_000 }))).toBe(base64Length(3_000_000) + 64);
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    expect(requestBytesOf(record({ kind: 'text', name: 'a.md', size: 1000 }))).toBe(1100 + 4 + 32);
  });
});

describe('checkAttachmentSet', () => {
  it('accepts a message within every limit', () => {
    const records = [
      record({ kind: 'image', size: 200_000, width: 1568, height: 1000 }),
      record({ kind: 'pdf' }),
    ];
    expect(checkAttachmentSet(records)).toEqual([]);
  });

  it('refuses files beyond the count, naming each one', () => {
    const records = Array.from({ length: 22 }, (_, i) =>
      record({ kind: 'text', name: `f${i}.txt`, size: 10 }),
    );
    expect(checkAttachmentSet(records)).toEqual([
      { file: 'f20.txt', reason: 'A message can carry at most 20 files.' },
      { file: 'f21.txt', reason: 'A message can carry at most 20 files.' },
    ]);
  });

  it('refuses the PDF that would take the request over 32 MB and keeps the ones before it', () => {
    const records = [
      record({ kind: 'pdf', name: 'one.pdf', size: 15 * MB }),
      record({ kind: 'pdf', name: 'two.pdf', size: 15 * MB }),
      record({ kind: 'text', name: 'small.txt', size: 100 }),
    ];
    expect(checkAttachmentSet(records)).toEqual([
      {
        file: 'two.pdf',
        reason: 'With it the request would be about 40 MB, more than the 32 MB the API accepts.',
      },
    ]);
  });

  it('counts the rest of the conversation towards the request size', () => {
    const records = [record({ kind: 'pdf', name: 'paper.pdf', size: 10 * MB })];
    expect(checkAttachmentSet(records, DEFAULT_LIMITS, { otherBytes: 0 })).toEqual([]);
    expect(checkAttachmentSet(records, DEFAULT_LIMITS, { otherBytes: 20 * MB })).toHaveLength(1);
  });

  it('refuses images over 2000 px per side once the conversation holds more than 20 images', () => {
    const limits = { ...DEFAULT_LIMITS, imageLongEdge: 2500 };
    const big = record({ kind: 'image', name: 'wide.png', size: 1000, width: 2500, height: 1000 });
    expect(checkAttachmentSet([big], limits, { otherImages: 5 })).toEqual([]);
    expect(checkAttachmentSet([big], limits, { otherImages: 20 })).toEqual([
      {
        file: 'wide.png',
        reason:
          'With more than 20 images in the conversation the API accepts at most 2000 px per side, and this image is 2500 × 1000.',
      },
    ]);
  });
});

describe('targetLongEdge', () => {
  it('uses the configured edge, capped at 2000 px when a request holds more than 20 images', () => {
    expect(targetLongEdge(DEFAULT_LIMITS)).toBe(1568);
    expect(targetLongEdge({ ...DEFAULT_LIMITS, imageLongEdge: 4000 }, 21)).toBe(2000);
    expect(targetLongEdge({ ...DEFAULT_LIMITS, imageLongEdge: 4000 }, 20)).toBe(4000);
  });
});

describe('fileSizeReason', () => {
  it('lets files within the per-kind limits through', () => {
    expect(fileSizeReason('pdf', 20 * MB)).toBeUndefined();
    expect(fileSizeReason('text', 1000)).toBeUndefined();
  });

  it('explains the PDF limit by the request limit and base64', () => {
    expect(fileSizeReason('pdf', 30 * MB)).toBe(
      'The file is 30 MB. PDFs can be at most 23.3 MB (the API takes at most 32 MB per request, and base64 adds a third).',
    );
  });

  it('refuses text over 1 MB', () => {
    expect(fileSizeReason('text', 2 * MB)).toBe('The file is 2 MB. Text files can be at most 1 MB.');
  });
});

describe('the page limit of a request', () => {
  it('refuses a PDF whose pages take the request over 100, counting earlier PDFs in the conversation', () => {
    const records = [
      record({ kind: 'pdf', name: 'a.pdf', pages: 60 }),
      record({ kind: 'pdf', name: 'b.pdf', pages: 30 }),
      record({ kind: 'pdf', name: 'c.pdf', pages: 5 }),
    ];
    expect(checkAttachmentSet(records, DEFAULT_LIMITS, { otherPdfPages: 10 })).toEqual([
      {
        file: 'c.pdf',
        reason:
          'With it the request would hold 105 PDF pages; the API reads at most 100 in one request. Choose fewer pages of the longer PDF.',
      },
    ]);
  });
});
