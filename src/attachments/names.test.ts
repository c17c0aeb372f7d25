/** Tests for file names: extensions, unique names and display names. */
import { describe, expect, it } from 'vitest';
import { displayName, extensionOf, uniqueName } from './names';

describe('file names', () => {
  it('reads the extension in lower case, ignoring dot-files', () => {
    expect(extensionOf('Notes.MD')).toBe('md');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('numbers a name already taken, before its extension', () => {
    expect(uniqueName('image.png', [])).toBe('image.png');
    expect(uniqueName('image.png', ['image.png'])).toBe('image (2).png');
    expect(uniqueName('image.png', ['image.png', 'image (2).png'])).toBe('image (3).png');
    expect(uniqueName('Makefile', ['Makefile'])).toBe('Makefile (2)');
  });

  it('never leaves a name empty', () => {
    expect(displayName('  ')).toBe('attachment');
    expect(displayName(' a.txt ')).toBe('a.txt');
  });

  it('drops bidi controls, zero-width, control and line-separator characters from a name', () => {
    expect(displayName('invoice\u202Elmth.txt')).toBe('invoicelmth.txt');
    expect(displayName('\u2066report\u2069.pdf')).toBe('report.pdf');
    expect(displayName('a\u200B\u200D\uFEFFb.png')).toBe('ab.png');
    expect(displayName('line\u2028break\u2029.md')).toBe('linebreak.md');
    expect(displayName('tab\there\u0000\u007f\u0085.txt')).toBe('tabhere.txt');
    expect(displayName('\u202E\u202E')).toBe('attachment');
    expect(displayName(' \u200B notes.txt')).toBe('notes.txt');
    expect(displayName('отчёт (2).txt')).toBe('отчёт (2).txt');
  });
});
