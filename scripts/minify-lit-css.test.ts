import { describe, expect, it } from 'vitest';
import { minifyLitCss, squeezeMap } from './minify-lit-css.mjs';

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

/** The source line and column `map` gives for each generated line and column it marks (base64 VLQ decoded). */
function marks(mappings: string): Map<string, [number, number]> {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const found = new Map<string, [number, number]>();
  let line = 0;
  let column = 0;
  for (const [genLine, text] of mappings.split(';').entries()) {
    let genCol = 0;
    for (const segment of text.split(',').filter(Boolean)) {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = digits.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      genCol += values[0] ?? 0;
      line += values[2] ?? 0;
      column += values[3] ?? 0;
      found.set(`${genLine}:${genCol}`, [line, column]);
    }
  }
  return found;
}

describe('squeezeMap', () => {
  it('maps each kept word of the squeezed code to where it was written', () => {
    const code =
      'const s = css`\n  /* note */\n  a {\n    color: red;\n  }\n`;\nconst x = html`<p>\n  hi</p>`;\n';
    const squeezed = minifyLitCss(code);
    const map = squeezeMap(code, squeezed, 'el.ts');
    expect(map?.sources).toEqual(['el.ts']);
    const at = marks(map?.mappings ?? '');
    const [first, second] = squeezed.split('\n');
    // `color` was on line 3 (from 0), column 4; `x` on line 6, column 6; `hi` on line 7, column 2.
    expect(at.get(`0:${first?.indexOf('color')}`)).toEqual([3, 4]);
    expect(at.get(`1:${second?.indexOf('hi')}`)).toEqual([7, 2]);
    expect(at.get(`1:${second?.indexOf('x')}`)).toEqual([6, 6]);
  });
});
