import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('drops emphasis, headings and inline code but keeps their words', () => {
    expect(plainText('# tsconfig\nThe **compiler** options, `strict` and _more_.')).toBe(
      'tsconfig The compiler options, strict and more.',
    );
  });

  it('keeps the text of links and images, not their addresses', () => {
    expect(plainText('See [the docs](https://example.com) and ![a chart](x.png)')).toBe(
      'See the docs and a chart',
    );
  });

  it('drops code fences, quote marks and list markers', () => {
    expect(plainText('```csv\na,b\n```\n> quoted\n- one\n2. two')).toBe('a,b quoted one two');
  });

  it('leaves plain words, snake_case and arithmetic alone', () => {
    expect(plainText('Fake Anthropic server: 2 * 3 = 6, snake_case_name')).toBe(
      'Fake Anthropic server: 2 * 3 = 6, snake_case_name',
    );
  });
});
