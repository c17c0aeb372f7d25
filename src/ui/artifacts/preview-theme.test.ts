import { describe, expect, it } from 'vitest';
import { followsTheme } from './preview-theme';

describe('followsTheme', () => {
  it('lets a page that sets no colours follow the theme', () => {
    expect(followsTheme('<!doctype html><h1>Tip calculator</h1><p>Bill: <b>42.00</b></p>')).toBe(true);
    expect(followsTheme('<style>h1 { font-size: 2rem; margin: 0 }</style><h1>Hi</h1>')).toBe(true);
  });

  it('leaves a page with colours or a scheme of its own as it asks', () => {
    expect(followsTheme('<style>body { background: #fff }</style>')).toBe(false);
    expect(followsTheme('<p style="color:#333">x</p>')).toBe(false);
    expect(followsTheme('<body bgcolor="white">')).toBe(false);
    expect(followsTheme('<meta name="color-scheme" content="light">')).toBe(false);
    expect(followsTheme('<div class="bg-white text-gray-900">x</div>')).toBe(false);
    expect(followsTheme('<svg><rect style="fill: red"/></svg>')).toBe(false);
  });
});
