import { describe, expect, it } from 'vitest';
import { buildPreviewDocument, buildStandaloneDocument, escapeHtml, PREVIEW_CSP } from './sandbox';

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

describe('preview documents', () => {
  it('turn the network off and allow inline code and data: media', () => {
    expect(PREVIEW_CSP).toContain("default-src 'none'");
    expect(PREVIEW_CSP).toContain("script-src 'unsafe-inline' 'unsafe-eval'");
    expect(PREVIEW_CSP).toContain("style-src 'unsafe-inline'");
    expect(PREVIEW_CSP).toContain('img-src data: blob:');
    expect(PREVIEW_CSP).toContain("connect-src 'none'");
    expect(PREVIEW_CSP).toContain("form-action 'none'");
    expect(PREVIEW_CSP).toContain("frame-src 'none'");
    expect(PREVIEW_CSP).toContain("base-uri 'none'");
    expect(PREVIEW_CSP).not.toMatch(/https?:|\*|'self'/);
  });

  it('put the policy before any byte of the artifact, even one that starts with its own head markup', () => {
    for (const content of [
      '<base href="https://example.com/"><p>x</p>',
      '<meta http-equiv="refresh" content="0; url=https://example.com/">',
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body></body></html>',
      '<!-- comment --><link rel="stylesheet" href="https://example.com/a.css">',
      '\uFEFF<script>fetch("https://example.com")</script>',
    ]) {
      const doc = buildPreviewDocument(content, 'html', 'chan-1');
      expect(doc.startsWith(`<!DOCTYPE html>${CSP_META}`)).toBe(true);
      expect(doc.endsWith(content)).toBe(true);
      expect(doc.indexOf(CSP_META)).toBeLessThan(doc.indexOf(content));
    }
  });

  it('put the bridge right after the policy, on the same first line', () => {
    const doc = buildPreviewDocument('<p>x</p>\n<script>oops()</script>', 'html', 'chan-1');
    const prefix = doc.slice(0, doc.indexOf('<p>x</p>'));
    expect(prefix).not.toContain('\n');
    expect(prefix.indexOf('<script>')).toBeGreaterThan(prefix.indexOf(CSP_META));
    expect(prefix).toContain('"chan-1"');
    expect(prefix.match(/<\/script>/g)).toHaveLength(1);
  });

  it('leave the bridge out when there is no channel', () => {
    const doc = buildPreviewDocument('<p>x</p>', 'html');
    expect(doc).toBe(`<!DOCTYPE html>${CSP_META}<meta name="referrer" content="no-referrer"><p>x</p>`);
  });

  it('refuse a channel that could break out of the script', () => {
    expect(() => buildPreviewDocument('', 'html', '"</script><script>alert(1)//')).toThrow(
      /Invalid preview channel/,
    );
  });

  it('run an SVG inside the same kind of document, centred', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>console.log(1)</script></svg>';
    const doc = buildPreviewDocument(svg, 'svg', 'c');
    expect(doc.startsWith(`<!DOCTYPE html>${CSP_META}`)).toBe(true);
    expect(doc).toContain('<style>html,body{margin:0;height:100%}');
    expect(doc.endsWith(svg)).toBe(true);
  });

  it('show text escaped in a pre', () => {
    const doc = buildPreviewDocument('<b>&</b>', 'text');
    expect(doc.endsWith('<pre>&lt;b&gt;&amp;&lt;/b&gt;</pre>')).toBe(true);
  });
});

describe('the page Open in new tab opens', () => {
  const preview = buildPreviewDocument('<script>document.write("<p>hi</p>")</script>"\'&', 'html');
  const page = buildStandaloneDocument(preview, 'a "b" <c>.html');

  it('holds only a sandboxed iframe with the artifact in srcdoc, and no script of its own', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page.match(/<iframe /g)).toHaveLength(1);
    expect(page).toContain(' sandbox="allow-scripts" srcdoc="');
    expect(page).not.toContain('allow-same-origin');
    const srcdoc = page.slice(page.indexOf('srcdoc="') + 8, page.indexOf('"></iframe>'));
    expect(srcdoc).not.toMatch(/["<>]/);
    expect(srcdoc).toBe(escapeHtml(preview));
  });

  it('has a policy that keeps the frame from navigating away', () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`);
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<iframe'));
  });

  it('escapes the title', () => {
    expect(page).toContain('<title>a &quot;b&quot; &lt;c&gt;.html</title>');
    expect(page).toContain('title="a &quot;b&quot; &lt;c&gt;.html preview"');
  });
});
