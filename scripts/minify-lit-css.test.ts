import { describe, expect, it } from 'vitest';
import { minifyLitCss } from './minify-lit-css.mjs';

/** `${name}` as source text (a placeholder written out, not one filled in). */
const slot = (name: string) => `$${'{'}${name}}`;

describe('minifyLitCss', () => {
  it('drops comments and squeezes white space in css templates, keeping interpolations', () => {
    const code = `const s = css\`\n  /* a note */\n  button:focus-visible {\n    ${slot('focusRing')}\n  }\n  .a .b { color: red; }\n\`;`;
    expect(minifyLitCss(code)).toBe(
      `const s = css\`button:focus-visible{${slot('focusRing')}}.a .b{color: red;}\`;`,
    );
  });

  it('makes the indentation of html templates one space, and leaves other templates alone', () => {
    const code = `const t = html\`<p>\n  hi  </p>\n  \${open ? html\`<b>\n x</b>\` : nothing}\`; const u = \`  x\n  y\`;`;
    expect(minifyLitCss(code)).toBe(
      `const t = html\`<p> hi  </p> \${open ? html\`<b> x</b>\` : nothing}\`; const u = \`  x\n  y\`;`,
    );
  });

  it('leaves a tag named in a comment alone', () => {
    const code = '// the `css` tag\n/** an html`<p>` example\n * x */\nconst a = 1;\n';
    expect(minifyLitCss(code)).toBe(code);
  });

  it('follows nested braces and templates inside an interpolation', () => {
    const inner = slot('cond ? css`b {  c: d; }` : { x: 1 }');
    const squeezed = slot('cond ? css`b{c: d;}` : { x: 1 }');
    expect(minifyLitCss(`css\`a { ${inner} }\``)).toBe(`css\`a{${squeezed}}\``);
  });
});
