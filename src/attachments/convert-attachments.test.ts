/** Prepared corpus files through `convertToLlm`: the blocks the model receives. */
import { describe, expect, it } from 'vitest';
import type { UserWithAttachmentsMessage } from '../messages';
import { createConvertToLlm } from '../messages/convert';
import { type PrepareOptions, prepareAttachment } from './prepare';
import { createAttachmentResolver } from './resolve';
import { fixture, fixtureFile } from './test-support';
import { isRefusal, type PreparedAttachment } from './types';

/** Prepares corpus files as the composer would, with a stand-in image processor that keeps PNGs as they are. */
async function prepareAll(names: readonly string[]): Promise<PreparedAttachment[]> {
  let n = 0;
  const options: PrepareOptions = {
    newId: () => `att-${++n}`,
    capabilities: { scaledJpegDecode: true },
    processImage: async (job) => ({
      ok: true,
      blob: job.blob,
      mimeType: 'image/png',
      width: job.plan.width,
      height: job.plan.height,
      thumbnail: 'data:image/png;base64,AA==',
    }),
  };
  const outcomes = await Promise.all(names.map((name) => prepareAttachment(fixtureFile(name), options)));
  return outcomes.map((o) => {
    if (isRefusal(o)) throw new Error(o.reason);
    return o;
  });
}

const base64Of = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('convertToLlm with the attachment resolver', () => {
  it('sends a PNG, a PDF and a CSV as an image block, a document block and a text block, then the text', async () => {
    const prepared = await prepareAll(['png-hopper-128.png', 'pdf-text-1page-pdflatex.pdf', 'csv-utf8.csv']);
    const store = new Map(prepared.map((p) => [p.record.id, p.blob]));
    const convert = createConvertToLlm({
      resolveAttachment: createAttachmentResolver(async (id) => store.get(id)),
    });
    const message: UserWithAttachmentsMessage = {
      role: 'user-with-attachments',
      text: 'What do these show?',
      attachments: prepared.map((p) => p.record),
      timestamp: 1,
    };
    const [user] = await convert([message]);
    expect(user).toEqual({
      role: 'user',
      timestamp: 1,
      content: [
        { type: 'image', mimeType: 'image/png', data: base64Of(fixture('png-hopper-128.png')) },
        {
          type: 'document',
          mimeType: 'application/pdf',
          data: base64Of(fixture('pdf-text-1page-pdflatex.pdf')),
          title: 'pdf-text-1page-pdflatex.pdf',
        },
        {
          type: 'text',
          text: '<file name="csv-utf8.csv">\n3 rows × 3 columns\n\n```csv\na,b,c\n1,2,3\n4,5,ʤ\n```\n</file>',
        },
        { type: 'text', text: 'What do these show?' },
      ],
    });
  });

  it('leaves out an attachment that was removed before sending', async () => {
    const prepared = await prepareAll(['png-hopper-128.png', 'csv-utf8.csv']);
    const store = new Map(prepared.map((p) => [p.record.id, p.blob]));
    const convert = createConvertToLlm({
      resolveAttachment: createAttachmentResolver(async (id) => store.get(id)),
    });
    const kept = prepared.filter((p) => p.record.name !== 'png-hopper-128.png').map((p) => p.record);
    const [user] = await convert([
      { role: 'user-with-attachments', text: 'Hi', attachments: kept, timestamp: 2 },
    ]);
    expect(user?.role === 'user' && user.content).toEqual([
      {
        type: 'text',
        text: '<file name="csv-utf8.csv">\n3 rows × 3 columns\n\n```csv\na,b,c\n1,2,3\n4,5,ʤ\n```\n</file>',
      },
      { type: 'text', text: 'Hi' },
    ]);
  });
});
