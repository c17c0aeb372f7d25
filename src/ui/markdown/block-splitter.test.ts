import { describe, expect, it } from 'vitest';
import { MarkdownBlockSplitter } from './block-splitter';

function feed(text: string, step: number): MarkdownBlockSplitter {
  const splitter = new MarkdownBlockSplitter();
  for (let end = step; end < text.length + step; end += step) splitter.push(text.slice(0, end));
  return splitter;
}

describe('MarkdownBlockSplitter', () => {
  it('commits a paragraph once the next block starts', () => {
    const s = feed('First paragraph.\n\nSecond', 3);
    expect(s.blocks).toEqual(['First paragraph.\n\n']);
    expect(s.tail).toBe('Second');
  });

  it('keeps blocks plus tail equal to the whole text', () => {
    const text =
      '# Title\n\nPara one\nstill one\n\n- a\n- b\n\n```js\nconst x = 1;\n\nconst y = 2;\n```\n\nEnd';
    const s = feed(text, 7);
    expect(s.blocks.join('') + s.tail).toBe(text);
  });

  it('never splits inside a fenced code block, even at blank lines', () => {
    const s = feed('```\na\n\n\nb\n```\n\nafter', 1);
    expect(s.blocks).toEqual(['```\na\n\n\nb\n```\n\n']);
    expect(s.tail).toBe('after');
  });

  it('treats a tilde fence as closed only by tildes of at least the same length', () => {
    const s = feed('~~~~\n```\n\n~~~\n\n~~~~\n\nnext', 2);
    expect(s.blocks).toEqual(['~~~~\n```\n\n~~~\n\n~~~~\n\n']);
  });

  it('does not split before an indented continuation line', () => {
    const s = feed('- item\n\n  continued\n\nnext', 4);
    expect(s.blocks).toEqual(['- item\n\n  continued\n\n']);
    expect(s.tail).toBe('next');
  });

  it('starts over when the text is replaced by a different one', () => {
    const s = new MarkdownBlockSplitter();
    s.push('Old text\n\nmore');
    s.push('New');
    expect(s.blocks).toEqual([]);
    expect(s.tail).toBe('New');
  });

  it('examines each character once however the text is delivered', () => {
    const paragraph = `${'word '.repeat(40)}\n\n`;
    const text = paragraph.repeat(200);
    const s = feed(text, 10);
    expect(s.examined).toBe(text.length);
    expect(s.blocks.length).toBe(199);
  });
});
