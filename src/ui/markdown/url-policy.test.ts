import { describe, expect, it } from 'vitest';
import { FETCHING_ATTRIBUTES } from './fetching-attributes';
import { decideAttribute, decideImage, decideLink, firstSrcsetUrl } from './url-policy';

const BASE = 'http://127.0.0.1:4173/app/';

/** Ways to write an address of another host that the browser resolves to http(s). */
const REMOTE_SPELLINGS = [
  'https://tripwire.example/x.png',
  'http://tripwire.example/x.png',
  'HTTPS://tripwire.example/x.png',
  '//tripwire.example/x.png',
  '\\\\tripwire.example\\x.png',
  '/\\tripwire.example/x.png',
  ' \t\nhttps://tripwire.example/x.png',
  'ht\ttps://tripwire.example/x.png',
  'https:tripwire.example/x.png',
  'https:\\\\tripwire.example/x.png',
];

describe('the URL policy, for every fetching attribute of the HTML, SVG and MathML specifications', () => {
  for (const entry of FETCHING_ATTRIBUTES) {
    const where = `${entry.namespace ? `${entry.namespace} ` : ''}<${entry.element} ${entry.attribute}>`;
    it(`${where} (${entry.kind}) never keeps an address of another host that would load without a click`, () => {
      for (const spelling of REMOTE_SPELLINGS) {
        const decision = decideAttribute(entry.element, entry.attribute, spelling, BASE);
        expect(decision, spelling).toBeDefined();
        if (entry.kind === 'image') {
          expect(decision).toEqual({
            action: 'hold',
            url: expect.stringMatching(/^https?:\/\/tripwire\.example\//),
          });
        } else if (
          entry.kind === 'link' &&
          entry.attribute === 'href' &&
          (entry.element === 'a' || entry.element === 'area')
        ) {
          expect(decision).toEqual({
            action: 'keep',
            value: expect.stringMatching(/^https?:\/\/tripwire\.example\//),
          });
        } else {
          expect(decision).toEqual({ action: 'remove' });
        }
      }
    });
  }

  it('resolves protocol-relative and backslash addresses against the base, as the browser does', () => {
    expect(decideImage('//h.example/a', BASE)).toEqual({ action: 'hold', url: 'http://h.example/a' });
    expect(decideImage('\\\\h.example\\a', BASE)).toEqual({ action: 'hold', url: 'http://h.example/a' });
    expect(decideImage('pic.png', BASE)).toEqual({
      action: 'hold',
      url: 'http://127.0.0.1:4173/app/pic.png',
    });
    expect(decideImage('//h.example/a', 'https://easel.example/')).toEqual({
      action: 'hold',
      url: 'https://h.example/a',
    });
  });

  it('keeps an inline data: image and removes every other scheme of image', () => {
    expect(decideImage('data:image/png;base64,iVBORw0KGgo=', BASE)).toEqual({
      action: 'keep',
      value: 'data:image/png;base64,iVBORw0KGgo=',
    });
    for (const value of [
      'data:text/html,<script>1</script>',
      'javascript:alert(1)',
      'blob:http://x/1',
      'file:///etc',
    ]) {
      expect(decideImage(value, BASE), value).toEqual({ action: 'remove' });
    }
  });

  it('keeps links to http(s), mailto and tel, resolved, and removes any other scheme', () => {
    expect(decideLink('//h.example/a', BASE)).toEqual({ action: 'keep', value: 'http://h.example/a' });
    expect(decideLink('mailto:a@b.example', BASE)).toEqual({ action: 'keep', value: 'mailto:a@b.example' });
    expect(decideLink('#/s/other', BASE)).toEqual({ action: 'keep', value: `${BASE}#/s/other` });
    for (const value of [
      'java\tscript:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///x',
    ]) {
      expect(decideLink(value, BASE), value).toEqual({ action: 'remove' });
    }
    expect(decideLink('http://[', BASE)).toEqual({ action: 'remove' });
  });

  it('removes CSS that fetches from any attribute, and leaves ordinary attributes alone', () => {
    expect(decideAttribute('div', 'title', 'background: url(//h.example/)', BASE)).toEqual({
      action: 'remove',
    });
    expect(decideAttribute('rect', 'fill', 'u\\72l(//h.example/#a)', BASE)).toEqual({ action: 'remove' });
    expect(decideAttribute('div', 'data-x', 'image-set("//h.example/" 1x)', BASE)).toEqual({
      action: 'remove',
    });
    expect(decideAttribute('img', 'alt', 'A cat on a mat', BASE)).toBeUndefined();
    expect(decideAttribute('code', 'class', 'hljs language-ts', BASE)).toBeUndefined();
    expect(decideAttribute('img', 'data-blocked-src', 'https://h.example/', BASE)).toEqual({
      action: 'remove',
    });
    expect(decideAttribute('x-thing', 'fancysrc', 'https://h.example/', BASE)).toEqual({ action: 'remove' });
  });

  it('reads the first candidate of a srcset', () => {
    expect(firstSrcsetUrl(' //h.example/a.png 1x, b.png 2x')).toBe('//h.example/a.png');
    expect(firstSrcsetUrl('a.png, b.png 2x')).toBe('a.png');
    expect(firstSrcsetUrl('  ')).toBeUndefined();
  });
});
