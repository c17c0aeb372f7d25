/** The fake API's PDF limits: 100 pages over every PDF of a request, and 32 MB per request. */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES, requestProblem } from './request-rules.mjs';

async function pdfBase64(pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([100, 100]);
  return Buffer.from(await doc.save({ useObjectStreams: false })).toString('base64');
}

const documentOf = (data: string) => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data },
});
const body = (content: unknown[]) => ({
  model: 'claude-opus-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: [...content, { type: 'text', text: 'Read these' }] }],
});

describe('the PDF limits', () => {
  it('accepts 100 pages in two documents', async () => {
    const [sixty, forty] = await Promise.all([pdfBase64(60), pdfBase64(40)]);
    expect(requestProblem(body([documentOf(sixty), documentOf(forty)]))).toBeUndefined();
  });

  it('refuses 101 pages over the request, as the API does', async () => {
    const [sixty, fortyOne] = await Promise.all([pdfBase64(60), pdfBase64(41)]);
    expect(requestProblem(body([documentOf(sixty), documentOf(fortyOne)]))).toBe(
      'A maximum of 100 PDF pages may be provided.',
    );
  });

  it('counts the pages of earlier messages and of tool results too', async () => {
    const [sixty, fortyOne] = await Promise.all([pdfBase64(60), pdfBase64(41)]);
    const request = {
      model: 'claude-opus-5-5',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: [documentOf(sixty), { type: 'text', text: 'Read this' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [documentOf(fortyOne)] }],
        },
      ],
    };
    expect(requestProblem(request)).toBe('A maximum of 100 PDF pages may be provided.');
  });

  it('counts the request in UTF-8 bytes, not characters', () => {
    const text = 'é'.repeat(MAX_REQUEST_BYTES / 2);
    expect(requestProblem(body([{ type: 'text', text }]))).toBe(
      `request_too_large: Request exceeds the maximum allowed number of bytes (${MAX_REQUEST_BYTES}).`,
    );
  });

  it('refuses a request over 32 MB', async () => {
    const big = 'A'.repeat(MAX_REQUEST_BYTES);
    expect(requestProblem(body([documentOf(big)]))).toBe(
      `request_too_large: Request exceeds the maximum allowed number of bytes (${MAX_REQUEST_BYTES}).`,
    );
  });
});
