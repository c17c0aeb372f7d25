/** Tests for strict text decoding and the text block sent to the model. */
import { describe, expect, it } from 'vitest';
import { fixture } from './test-support';
import { binaryReason, decodeText, textAttachmentBlock, textPreview } from './text';

describe('decodeText', () => {
  it('decodes UTF-16 little-endian with a byte-order mark, CJK included', () => {
    expect(decodeText(fixture('utf16le-bom-cjk.txt'))).toEqual({
      ok: true,
      text: '上一伊刀\nfoo bar\nhello world',
      encoding: 'utf-16le',
    });
  });

  it('decodes UTF-16 big-endian with a byte-order mark', () => {
    expect(decodeText(fixture('utf16be-bom.txt'))).toEqual({
      ok: true,
      text: 'hello world\nthis is a test\n',
      encoding: 'utf-16be',
    });
    expect(decodeText(fixture('utf16be-bom-cjk.txt'))).toMatchObject({
      text: '上一伊刀\nfoo bar\nhello world',
    });
  });

  it('decodes UTF-8 and drops its byte-order mark', () => {
    expect(decodeText(fixture('csv-utf8.csv'))).toEqual({
      ok: true,
      text: 'a,b,c\n1,2,3\n4,5,ʤ',
      encoding: 'utf-8',
    });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toMatchObject({
      ok: true,
      text: 'hi',
    });
  });

  it('refuses the control-character sample as binary', () => {
    expect(decodeText(fixture('text-control-characters.txt'))).toEqual({
      ok: false,
      reason: 'The file contains NUL bytes, so it is binary, not text.',
    });
  });

  it('refuses text dense with control characters but tolerates a stray one', () => {
    expect(binaryReason('\x01\x02\x03 abc')).toBe(
      'The file is full of control characters, so it is binary, not text.',
    );
    expect(binaryReason(`${'word '.repeat(100)}\x07`)).toBeUndefined();
    expect(binaryReason('tabs\tand\r\nnew lines\fand \x1b[1mescapes\x1b[0m')).toBeUndefined();
  });

  it('refuses invalid UTF-8 with advice', () => {
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Save it as UTF-8'),
    });
  });

  it('refuses a UTF-16 byte-order mark followed by an unpaired surrogate', () => {
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]))).toMatchObject({ ok: false });
  });
});

describe('textAttachmentBlock', () => {
  it('wraps the text in a file element named after the file', () => {
    expect(textAttachmentBlock('notes.md', '# Title\nBody\n')).toBe(
      '<file name="notes.md">\n# Title\nBody\n</file>',
    );
    expect(textAttachmentBlock('a.csv', 'x,y')).toBe('<file name="a.csv">\nx,y\n</file>');
  });

  it('escapes quotes and angle brackets in the name', () => {
    expect(textAttachmentBlock('"><x>&.txt', 'hi')).toBe('<file name="&quot;>&lt;x>&amp;.txt">\nhi\n</file>');
  });
});

describe('textPreview', () => {
  it('keeps the first lines, at most a few hundred characters', () => {
    expect(textPreview('1\n2\n3\n4\n5\n6\n7\n8')).toBe('1\n2\n3\n4\n5\n6');
    expect(textPreview('x'.repeat(1000))).toHaveLength(300);
    expect(textPreview('a\r\nb')).toBe('a\nb');
  });
});
