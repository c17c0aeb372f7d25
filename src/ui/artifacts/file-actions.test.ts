import { describe, expect, it } from 'vitest';
import { imageSource, prettyJson, standaloneContent } from './file-actions';

describe('what Open in new tab shows', () => {
  it('runs HTML, SVG and components as they are', () => {
    expect(standaloneContent('html', '<p>x</p>')).toEqual({ content: '<p>x</p>', kind: 'html' });
    expect(standaloneContent('svg', '<svg/>')).toEqual({ content: '<svg/>', kind: 'svg' });
    expect(standaloneContent('react', 'export default 1')).toEqual({
      content: 'export default 1',
      kind: 'react',
    });
  });

  it('shows code, text and JSON as text', () => {
    expect(standaloneContent('code', '<b>x</b>')).toEqual({ content: '<b>x</b>', kind: 'text' });
    expect(standaloneContent('json', '{"a":1}')).toEqual({ content: '{\n  "a": 1\n}', kind: 'text' });
  });

  it('shows Markdown as the sanitised HTML it was rendered to, or as text', () => {
    expect(standaloneContent('markdown', '# x', '<h1>x</h1>').content).toContain('<h1>x</h1>');
    expect(standaloneContent('markdown', '# <x>')).toEqual({ content: '# <x>', kind: 'text' });
  });

  it('shows an image through a data: URL', () => {
    expect(standaloneContent('image', 'iVBORw0KGgo=').content).toContain(
      '<img alt="" src="data:image/png;base64,iVBORw0KGgo=">',
    );
  });
});

describe('image artifacts', () => {
  it('accept base64 (typed by the extension) or a raster data: URL', () => {
    expect(imageSource('R0lG\nODlh', 'a.gif')).toBe('data:image/gif;base64,R0lGODlh');
    expect(imageSource('data:image/webp;base64,AAAA')).toBe('data:image/webp;base64,AAAA');
  });

  it('refuse anything else, including SVG and script URLs', () => {
    expect(imageSource('data:image/svg+xml;base64,PHN2Zz4=')).toBeUndefined();
    expect(imageSource('javascript:alert(1)')).toBeUndefined();
    expect(imageSource('<svg></svg>')).toBeUndefined();
  });
});

describe('JSON artifacts', () => {
  it('are pretty-printed, or shown as they are with the reason', () => {
    expect(prettyJson('[1,2]')).toEqual({ text: '[\n  1,\n  2\n]' });
    const bad = prettyJson('{oops');
    expect(bad.text).toBe('{oops');
    expect(bad.problem).toMatch(/JSON/);
  });
});
