/** Tests for office files → Markdown: what each kind becomes, what is cut to fit, and what is refused. */
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { convertOffice, type OfficeInput, type OfficeResult } from './office-convert';
import { fixture } from './test-support';
import { checkZip } from './zip-guard';

function convert(input: OfficeInput, bytes: Uint8Array, name = 'file', maxChars = 100_000) {
  return convertOffice({ input, name, bytes, maxChars, maxImages: 20 });
}

function markdownOf(result: OfficeResult): string {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.markdown;
}

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const slide = (title: string, ...lines: string[]) =>
  `<p:sld xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree>` +
  `<p:sp><p:nvSpPr><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>${title}</a:t></a:r></a:p></p:txBody></p:sp>` +
  `<p:sp><p:nvSpPr><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:txBody>${lines.map((l) => `<a:p><a:r><a:t>${l}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>` +
  `</p:spTree></p:cSld></p:sld>`;

/** A two-slide PPTX whose presentation lists slide 2 first, with speaker notes on one slide. */
function presentation(): Promise<Uint8Array> {
  return zipOf({
    '[Content_Types].xml': '<Types/>',
    'ppt/presentation.xml':
      '<p:presentation xmlns:p="p" xmlns:r="r"><p:sldIdLst><p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>',
    'ppt/_rels/presentation.xml.rels':
      '<Relationships><Relationship Id="rId2" Target="slides/slide1.xml"/><Relationship Id="rId3" Target="slides/slide2.xml"/></Relationships>',
    'ppt/slides/slide1.xml': slide('Results &amp; next steps', 'Revenue up 12%', 'Hire two engineers'),
    'ppt/slides/slide2.xml': slide('Quarterly review'),
    'ppt/slides/_rels/slide1.xml.rels':
      '<Relationships><Relationship Id="rId1" Target="../notesSlides/notesSlide1.xml"/></Relationships>',
    'ppt/notesSlides/notesSlide1.xml':
      '<p:notes xmlns:p="p" xmlns:a="a"><p:cSld><p:spTree><p:sp><p:nvSpPr><p:nvPr><p:ph type="body" idx="1"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Mention the new office.</a:t></a:r></a:p></p:txBody></p:sp><p:sp><p:nvSpPr><p:nvPr><p:ph type="sldNum"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>1</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>',
  });
}

function workbook(sheets: Record<string, unknown[][]>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('convertOffice', () => {
  it('turns a Word table into a Markdown table between its paragraphs', async () => {
    expect(markdownOf(await convert('docx', fixture('docx-tables.docx')))).toBe(
      'Above\n\n| Top left | Top right |\n| --- | --- |\n| Bottom left | Bottom right |\n\nBelow',
    );
  });

  it('keeps footnotes as a numbered list', async () => {
    expect(markdownOf(await convert('docx', fixture('docx-footnotes.docx')))).toBe(
      'Ouch\\[1\\].\\[2\\]\n\n1. A tachyon walks into a bar. ↑\n2. Fin. ↑',
    );
  });

  it('hands back a Word document’s pictures and marks where each one was', async () => {
    const result = await convert('docx', fixture('docx-tiny-picture.docx'));
    expect(markdownOf(result)).toBe('[Image 1, sent below]');
    expect(result.ok && result.images.map((i) => [i.name, i.bytes.length])).toEqual([['image 1.png', 110]]);
  });

  it('reads PowerPoint slides in the presentation’s order, with titles, text and notes', async () => {
    const result = await convert('pptx', await presentation());
    expect(markdownOf(result)).toBe(
      '## Slide 1: Quarterly review\n\n## Slide 2: Results & next steps\n\n- Revenue up 12%\n- Hire two engineers\n\nNotes: Mention the new office.',
    );
    expect(result.ok && result.count).toEqual({ unit: 'slide', count: 2 });
  });

  it('writes every sheet with its name and dimensions, and says when macros were left unread', async () => {
    const result = await convert('sheet', fixture('xlsm-vba-macros.xlsm'));
    expect(markdownOf(result)).toMatch(/^_The workbook holds macros \(VBA\); they were not read or run._/);
    expect(markdownOf(await convert('sheet', fixture('xlsx-issues-multisheet.xlsx')))).toContain(
      '## Sheet 3 of 6: "issue2" (3 rows × 2 columns, A1:B3)\n\n```csv\n1,a\n2,b\n3,c\n```',
    );
  });

  it('cuts a large sheet at whole rows and says how many rows were shown of how many', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [i + 1, `name ${i + 1}`, 'x'.repeat(20)]);
    const result = await convert('sheet', workbook({ Data: rows }), 'big.xlsx', 20_000);
    const markdown = markdownOf(result);
    expect(markdown).toMatch(/^## Sheet 1 of 1: "Data" \(5,000 rows × 3 columns, A1:C5000\)/);
    expect(markdown).toMatch(
      /\[Truncated: only the first [\d,]+ of the sheet's non-empty rows are shown; the rest of its 5,000 rows were left out to fit.\]$/,
    );
    expect(markdown.length).toBeLessThan(21_000);
    expect(result.ok && result.truncated).toBe(true);
  }, 30_000);

  it('never cuts a CSV inside a quoted field', async () => {
    const csv = `a,b\n${Array.from({ length: 200 }, (_, i) => `${i},"line one\nline two"`).join('\n')}`;
    const markdown = markdownOf(await convert('delimited', new TextEncoder().encode(csv), 'q.csv', 1000));
    expect(markdown).toMatch(/^201 rows × 2 columns\n\n```csv\na,b\n0,"line one\nline two"/);
    expect(markdown).toMatch(/line two"\n```\n\n\[Truncated: only the first \d+ of 201 rows are shown/);
  });

  it('refuses a password-protected workbook', async () => {
    expect(await convert('sheet', fixture('xlsx-password-protected.xlsx'))).toEqual({
      ok: false,
      reason: 'The file is password-protected (encrypted). Save a copy without a password and attach that.',
    });
  });

  it('refuses a file that holds only macros', async () => {
    const bytes = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/vbaProject.bin': 'VBA' });
    expect(await convert('docx', bytes)).toEqual({
      ok: false,
      reason:
        'The file holds only macros (VBA code) and no document content; Easel does not run or read macros.',
    });
  });

  it('refuses a damaged file with the reason the reader gave', async () => {
    const bytes = await zipOf({ 'word/document.xml': '<w:document' });
    expect(await convert('docx', bytes)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The file is damaged or not one Easel can read \(.+\)\.$/),
    });
  });
});

describe('checkZip', () => {
  it('refuses a part that inflates a thousand times over before anything is inflated', async () => {
    const bytes = await zipOf({ 'xl/worksheets/sheet1.xml': new Uint8Array(4 * 1024 * 1024) });
    expect(checkZip(bytes)).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^The part “xl\/worksheets\/sheet1.xml” is compressed \d+ to 1, as only a decompression bomb is; Easel does not open it.$/,
      ),
    });
  });

  it('refuses an archive that declares more entries than Easel opens', () => {
    const eocd = new Uint8Array(22);
    const view = new DataView(eocd.buffer);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, 20_000, true);
    view.setUint16(10, 20_000, true);
    expect(checkZip(eocd)).toEqual({
      ok: false,
      reason: 'The file holds 20,000 entries; Easel opens at most 10,000 (it may be a decompression bomb).',
    });
  });

  it('refuses a truncated archive', async () => {
    const bytes = await zipOf({ 'word/document.xml': '<w:document/>' });
    expect(checkZip(bytes.subarray(0, bytes.length - 30))).toEqual({
      ok: false,
      reason: 'The file is damaged or truncated: its ZIP directory is missing.',
    });
  });

  it('lists the entries of a sound archive with their sizes', async () => {
    const bytes = await zipOf({ 'a.xml': 'hello' });
    expect(checkZip(bytes)).toEqual({
      ok: true,
      entries: [{ name: 'a.xml', compressedSize: expect.any(Number), uncompressedSize: 5 }],
    });
  });
});
