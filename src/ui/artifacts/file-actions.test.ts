import { describe, expect, it } from 'vitest';
import { buildPreviewDocument } from '../../artifacts';
import { imageSource, prettyJson, standaloneContent } from './file-actions';

describe('what Open in new tab shows', () => {
  it('runs HTML and SVG in the same preview document, without a bridge', () => {
    expect(standaloneContent('html', '<p>x</p>')).toBe(buildPreviewDocument('<p>x</p>', 'html'));
    expect(standaloneContent('svg', '<svg/>')).toBe(buildPreviewDocument('<svg/>', 'svg'));
    expect(standaloneContent('html', '<p>x</p>')).not.toContain('<script>');
  });

  it('shows code, text and JSON as escaped text', () => {
    expect(standaloneContent('code', '<b>x</b>')).toContain('<pre>&lt;b&gt;x&lt;/b&gt;</pre>');
    expect(standaloneContent('json', '{"a":1}')).toContain('<pre>{\n  &quot;a&quot;: 1\n}</pre>');
  });

  it('shows Markdown as the sanitised HTML it was rendered to, or as text', () => {
    expect(standaloneContent('markdown', '# x', '<h1>x</h1>')).toContain('<h1>x</h1>');
    expect(standaloneContent('markdown', '# <x>')).toContain('<pre># &lt;x&gt;</pre>');
  });

  it('shows an image through a data: URL', () => {
    expect(standaloneContent('image', 'iVBORw0KGgo=')).toContain(
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
