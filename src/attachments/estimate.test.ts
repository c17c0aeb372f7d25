/** Tests for the estimate a tile shows before sending: tokens, and their cost at the model's input price. */
import { describe, expect, it } from 'vitest';
import type { AttachmentRecord } from '../messages';
import { estimateCost, estimateTokens } from './estimate';

const record = (extra: Partial<AttachmentRecord>): AttachmentRecord => ({
  id: 'a',
  name: 'a',
  mimeType: 'application/pdf',
  size: 1000,
  kind: 'pdf',
  ...extra,
});

describe('estimateTokens', () => {
  it('takes 1,500–3,000 tokens a PDF page, as the documentation estimates', () => {
    expect(estimateTokens(record({ pages: 100 }))).toEqual({ low: 150_000, high: 300_000 });
  });

  it('takes width × height / 750 for an image and a quarter of the bytes for text', () => {
    expect(estimateTokens(record({ kind: 'image', width: 1000, height: 750 }))).toEqual({
      low: 1000,
      high: 1000,
    });
    expect(estimateTokens(record({ kind: 'text', size: 4001 }))).toEqual({ low: 1001, high: 1001 });
  });
});

describe('estimateCost', () => {
  it('prices 100 PDF pages at $3 per million input tokens as $0.45–$0.90', () => {
    expect(estimateCost(record({ pages: 100 }), 3)).toBe('about $0.45–$0.90');
  });

  it('says one figure when the range rounds to it, and "under $0.01" for less', () => {
    expect(estimateCost(record({ kind: 'text', size: 40_000 }), 3)).toBe('about $0.03');
    expect(estimateCost(record({ kind: 'text', size: 400 }), 3)).toBe('under $0.01');
  });
});
