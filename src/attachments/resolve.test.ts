/** Tests for the attachment resolver and its cache. */
import { describe, expect, it, vi } from 'vitest';
import { createAttachmentResolver } from './resolve';
import { record } from './test-support';

const bytes = (text: string, type: string) => new Blob([text], { type });

describe('createAttachmentResolver', () => {
  it('turns an image record into a base64 image block', async () => {
    const resolve = createAttachmentResolver(async () => bytes('PNGDATA', 'image/png'));
    const blocks = await resolve(record({ kind: 'image', mimeType: 'image/png', name: 'shot.png' }));
    expect(blocks).toEqual([{ type: 'image', mimeType: 'image/png', data: btoa('PNGDATA') }]);
  });

  it('turns a PDF record into a document block titled by the file name', async () => {
    const resolve = createAttachmentResolver(async () => bytes('%PDF-1.7', 'application/pdf'));
    const blocks = await resolve(record({ kind: 'pdf', mimeType: 'application/pdf', name: 'paper.pdf' }));
    expect(blocks).toEqual([
      { type: 'document', mimeType: 'application/pdf', data: btoa('%PDF-1.7'), title: 'paper.pdf' },
    ]);
  });

  it('turns a text record into a text block headed by the file name', async () => {
    const resolve = createAttachmentResolver(async () => bytes('a,b\n1,2\n', 'text/csv'));
    const blocks = await resolve(record({ kind: 'text', mimeType: 'text/csv', name: 'data.csv' }));
    expect(blocks).toEqual([{ type: 'text', text: '<file name="data.csv">\na,b\n1,2\n</file>' }]);
  });

  it('says in words when the bytes are gone, instead of failing the request', async () => {
    const resolve = createAttachmentResolver(async () => undefined);
    expect(await resolve(record({ kind: 'pdf', name: 'old.pdf' }))).toEqual([
      { type: 'text', text: '[The attached file “old.pdf” is no longer available.]' },
    ]);
  });

  it('says in words when loading fails', async () => {
    const resolve = createAttachmentResolver(() => Promise.reject(new Error('quota')));
    expect(await resolve(record({ kind: 'image', mimeType: 'image/png', name: 'x.png' }))).toEqual([
      { type: 'text', text: '[The attached file “x.png” could not be loaded.]' },
    ]);
  });

  it('never sends an image type the API does not accept', async () => {
    const resolve = createAttachmentResolver(async () => bytes('BM', 'image/bmp'));
    const blocks = await resolve(record({ kind: 'image', mimeType: 'image/bmp', name: 'old.bmp' }));
    expect(blocks[0]).toMatchObject({ type: 'text', text: expect.stringContaining('image/bmp') });
  });

  it('encodes each attachment once while it stays in the cache', async () => {
    const load = vi.fn(async () => bytes('PDFBYTES', 'application/pdf'));
    const resolve = createAttachmentResolver(load);
    const paper = record({ kind: 'pdf', id: 'p1', name: 'paper.pdf' });
    const first = await resolve(paper);
    const second = await resolve(paper);
    expect(second).toEqual(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the least recently used attachment when the cache is full', async () => {
    const load = vi.fn(async (id: string) => bytes(id.repeat(30), 'application/pdf'));
    const resolve = createAttachmentResolver(load, { cacheChars: 60 }); // room for one 40-character payload
    const a = record({ kind: 'pdf', id: 'a' });
    const b = record({ kind: 'pdf', id: 'b' });
    await resolve(a);
    await resolve(b);
    await resolve(b);
    await resolve(a);
    expect(load.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'a']);
  });
});
