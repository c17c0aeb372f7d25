import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paragraphsOf, parseSlides } from './slides-read';

describe('parseSlides', () => {
  it('reads a real presentation’s slides in order, with their text and pictures', async () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('./__fixtures__/pptx-shapes-and-picture.pptx', import.meta.url)),
    );
    const slides = await parseSlides(bytes);
    expect(slides.map((s) => s.paragraphs)).toEqual([
      ['autoshape positioned at:', 'x = 1”, y = 2”', 'with dimensions:', 'cx = 3”, cy = 4”'],
      [],
      [],
    ]);
    expect(slides.map((s) => s.images.map((i) => i.mimeType))).toEqual([[], ['image/png'], []]);
    expect([...(slides[1]?.images[0]?.bytes.slice(0, 4) ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('refuses a zip that is no presentation', async () => {
    const JSZip = (await import('jszip')).default;
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    await expect(parseSlides(await zip.generateAsync({ type: 'uint8array' }))).rejects.toThrow(
      'it has no ppt/presentation.xml, so it is not a PowerPoint file',
    );
  });
});

describe('paragraphsOf', () => {
  it('joins a paragraph’s runs, keeps line breaks, decodes entities and drops empty paragraphs', () => {
    const xml =
      '<a:p><a:r><a:t>Sales &amp; </a:t></a:r><a:r><a:t xml:space="preserve">costs</a:t></a:r></a:p>' +
      '<a:p><a:endParaRPr/></a:p><a:p lvl="1"><a:r><a:t>one</a:t></a:r><a:br/><a:r><a:t>two &#x2713;</a:t></a:r></a:p>';
    expect(paragraphsOf(xml)).toEqual(['Sales & costs', 'one\ntwo ✓']);
  });
});
