import { describe, expect, it } from 'vitest';
import { isTooComplexToFormat, isTooLongToFormat, MARKDOWN_LIMITS, plainChunks } from './limits';

function nestedList(depth: number): string {
  return Array.from({ length: depth }, (_, d) => `${'  '.repeat(d)}- item ${d}`).join('\n');
}

describe('Markdown limits', () => {
  it('formats ordinary blocks: paragraphs, lists a few levels deep, quotes, tables', () => {
    expect(isTooComplexToFormat('A paragraph with **bold** and `code`.')).toBe(false);
    expect(isTooComplexToFormat(nestedList(8))).toBe(false);
    expect(isTooComplexToFormat('> quoted\n> > twice\n> > > three times')).toBe(false);
    expect(isTooComplexToFormat('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(false);
    expect(isTooComplexToFormat('1. one\n   2. two\n      - three')).toBe(false);
    expect(isTooComplexToFormat('---\n\n* * *')).toBe(false);
  });

  it('shows a deeply nested list as plain text, however short', () => {
    expect(isTooComplexToFormat(nestedList(30))).toBe(true);
    expect(isTooComplexToFormat(`${' '.repeat(MARKDOWN_LIMITS.indentColumns + 1)}x`)).toBe(true);
    expect(isTooComplexToFormat(`${'\t'.repeat(11)}x`)).toBe(true);
  });

  it('shows a line opening too many quotes or list items as plain text', () => {
    expect(isTooComplexToFormat(`${'>'.repeat(MARKDOWN_LIMITS.containers + 1)} deep`)).toBe(true);
    expect(isTooComplexToFormat(`${'- '.repeat(MARKDOWN_LIMITS.containers + 1)}deep`)).toBe(true);
    expect(isTooComplexToFormat(`${'1. '.repeat(MARKDOWN_LIMITS.containers + 1)}deep`)).toBe(true);
  });

  it('leaves deep indentation inside a fenced code block alone', () => {
    const code = `\`\`\`py\n${' '.repeat(80)}return 1\n\`\`\``;
    expect(isTooComplexToFormat(code)).toBe(false);
    expect(isTooComplexToFormat(`${code}\n${' '.repeat(80)}- after the fence`)).toBe(true);
  });

  it('shows a block past the size limit as plain text unless it is one fenced code block', () => {
    const long = 'word '.repeat(MARKDOWN_LIMITS.blockChars / 5 + 1);
    expect(isTooComplexToFormat(long)).toBe(true);
    expect(isTooComplexToFormat(long.slice(0, MARKDOWN_LIMITS.blockChars))).toBe(false);
    const code = `\`\`\`\n${long}\n\`\`\``;
    expect(isTooComplexToFormat(code)).toBe(false);
    expect(isTooComplexToFormat(`${code}\nthen a paragraph`)).toBe(true);
    expect(isTooComplexToFormat(`text first\n${code}`)).toBe(true);
    expect(isTooComplexToFormat(`\`\`\`\n${'x'.repeat(MARKDOWN_LIMITS.codeBlockChars)}`)).toBe(true);
  });

  it('shows a text past the text limit as plain text', () => {
    expect(isTooLongToFormat('a'.repeat(MARKDOWN_LIMITS.textChars))).toBe(false);
    expect(isTooLongToFormat('a'.repeat(MARKDOWN_LIMITS.textChars + 1))).toBe(true);
  });

  it('cuts plain text into pieces that join back into the text, at line breaks where near', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(i % 50)}`).join('\n');
    const chunks = plainChunks(lines, 1000);
    expect(chunks.join('')).toBe(lines);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.length).toBeLessThanOrEqual(1000 + 1000 / 8 + 1);
    }
  });

  it('never cuts inside a surrogate pair', () => {
    const text = '😀'.repeat(5000);
    const chunks = plainChunks(text, 999);
    expect(chunks.join('')).toBe(text);
    for (const chunk of chunks) expect(/^[\udc00-\udfff]|[\ud800-\udbff]$/.test(chunk)).toBe(false);
  });

  it('shows the hostile shapes of a probe as plain text: a 5 MB single line and a 4 MB nested list', () => {
    const line = 'word *emphasis* '.repeat(330_000);
    expect(isTooComplexToFormat(line)).toBe(true);
    expect(isTooComplexToFormat(nestedList(2000))).toBe(true);
    expect(plainChunks(line).join('')).toBe(line);
  });
});
