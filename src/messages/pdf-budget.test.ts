/** Tests for the PDF budget of one request: newer PDFs are sent, older ones beyond 100 pages become notes. */
import { describe, expect, it } from 'vitest';
import type { AgentMessage, UserContent } from '../agent';
import { createConvertToLlm } from './convert';
import { pdfsLeftOut } from './pdf-budget';
import type { AttachmentRecord } from './types';

const pdf = (name: string, pages: number, size = 1000): AttachmentRecord => ({
  id: name,
  name,
  mimeType: 'application/pdf',
  size,
  kind: 'pdf',
  pages,
});

const withFiles = (text: string, ...attachments: AttachmentRecord[]): AgentMessage => ({
  role: 'user-with-attachments',
  text,
  attachments,
  timestamp: 1,
});

const answer: AgentMessage = {
  role: 'assistant',
  content: [{ type: 'text', text: 'Read.' }],
  provider: 'test',
  model: 'm',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  stopReason: 'stop',
  timestamp: 2,
};

describe('pdfsLeftOut', () => {
  it('keeps the newest PDFs up to 100 pages and leaves out the older ones', () => {
    const [one, two, three] = [pdf('part 1', 100), pdf('part 2', 100), pdf('small', 10)];
    const messages = [withFiles('a', one), answer, withFiles('b', three), answer, withFiles('c', two)];
    expect([...pdfsLeftOut(messages)]).toEqual([three, one]);
    expect([...pdfsLeftOut([withFiles('a', pdf('x', 60)), answer, withFiles('b', pdf('y', 40))])]).toEqual(
      [],
    );
  });

  it('leaves out older PDFs beyond the bytes a request holds', () => {
    const [old, recent] = [pdf('old', 1, 20_000_000), pdf('recent', 1, 20_000_000)];
    expect([...pdfsLeftOut([withFiles('a', old), answer, withFiles('b', recent)])]).toEqual([old]);
  });
});

describe('convertToLlm with PDFs sent in parts', () => {
  it('sends the newest part as a document and an earlier one as a note, so the request holds 100 pages', async () => {
    const resolveAttachment = async (record: AttachmentRecord): Promise<UserContent[]> => [
      { type: 'document', mimeType: 'application/pdf', data: 'JVBERi0=', title: record.name },
    ];
    const convert = createConvertToLlm({ resolveAttachment });
    const out = await convert([
      withFiles('Summarise', pdf('book.pdf (part 1 of 2, pages 1–100)', 100)),
      answer,
      withFiles('Next', pdf('book.pdf (part 2 of 2, pages 101–200)', 100)),
    ]);
    const first = out[0]?.content as UserContent[];
    const last = out[2]?.content as UserContent[];
    expect(first[0]).toEqual({
      type: 'text',
      text: '[The PDF “book.pdf (part 1 of 2, pages 1–100)” (100 pages) was attached here and read then; it is not sent again, because a request holds at most 100 PDF pages and newer PDFs take them.]',
    });
    expect(last[0]).toMatchObject({ type: 'document', title: 'book.pdf (part 2 of 2, pages 101–200)' });
  });
});

/** The first content block of the converted message at `index`. */
function firstBlock(messages: readonly { readonly content: unknown }[], index: number): unknown {
  const content = messages[index]?.content;
  return Array.isArray(content) ? content[0] : undefined;
}

describe('convertToLlm with a project’s PDFs in the request', () => {
  it('leaves room for the pages the project’s files take: an older PDF becomes a note sooner', async () => {
    const resolveAttachment = async (record: AttachmentRecord): Promise<UserContent[]> => [
      { type: 'document', mimeType: 'application/pdf', data: 'JVBERi0=', title: record.name },
    ];
    const history = [withFiles('Read', pdf('old.pdf', 40)), answer, withFiles('And', pdf('new.pdf', 40))];
    const alone = await createConvertToLlm({ resolveAttachment })(history);
    expect(firstBlock(alone, 0)).toMatchObject({ type: 'document' });
    const reserved = await createConvertToLlm({ resolveAttachment })(history, {
      reservedPdf: { pages: 30, bytes: 0 },
    });
    expect(firstBlock(reserved, 0)).toMatchObject({ type: 'text' });
    expect(firstBlock(reserved, 2)).toMatchObject({ type: 'document', title: 'new.pdf' });
  });
});
