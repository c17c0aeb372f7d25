// Squeezes the text of Lit's tagged templates for the build. In `css` templates: comments dropped, runs of white
// space made one space, none around `{`, `}` and `;`. In `html` and `svg` templates: the source's indentation (a
// run of white space with a line break) made one space. The bundler's minifier leaves template text as written,
// and the elements' styles and markup are much of what the first screen's JavaScript says. Interpolations are
// kept as they are, templates inside them squeezed too; only the literal text between them changes.

/** The text of one literal part of a `css` template, squeezed. */
function squeeze(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1');
}

/**
 * The text of one literal part of an `html` or `svg` template: a run of white space that holds a line break (the
 * source's indentation) becomes one space, which HTML shows the same; other spaces are left as written.
 */
function squeezeMarkup(text) {
  return text.replace(/[ \t]*\n\s*/g, ' ');
}

/** `code` with the text of every `css` template squeezed; code without one comes back unchanged. */
export function minifyLitCss(code) {
  return minifyTemplates(
    minifyTemplates(code, /\bcss`/g, squeeze, true),
    /\b(?:html|svg)`/g,
    squeezeMarkup,
    false,
  );
}

/** `code` with the literal text of the templates that `opening` finds passed through `squeezer`. */
function minifyTemplates(code, pattern, squeezer, trim) {
  const opening = new RegExp(pattern.source, 'g');
  let out = '';
  let copied = 0;
  for (let match = opening.exec(code); match; match = opening.exec(code)) {
    if (inComment(code, match.index)) continue;
    let at = match.index + match[0].length;
    out += code.slice(copied, at);
    let text = '';
    let first = true;
    while (at < code.length && code[at] !== '`') {
      const c = code[at];
      if (c === '\\') {
        text += code.slice(at, at + 2);
        at += 2;
      } else if (c === '$' && code[at + 1] === '{') {
        out += first && trim ? squeezer(text).trimStart() : squeezer(text);
        first = false;
        text = '';
        let depth = 0;
        const from = at;
        at += 1;
        do {
          if (code[at] === '{') depth += 1;
          else if (code[at] === '}') depth -= 1;
          at += 1;
        } while (depth > 0 && at < code.length);
        // Templates inside the interpolation (`${open ? html`…` : nothing}`) are squeezed too.
        out += minifyTemplates(code.slice(from, at), pattern, squeezer, trim);
      } else {
        text += c;
        at += 1;
      }
    }
    const last = squeezer(text);
    out += `${trim ? (first ? last.trim() : last.trimEnd()) : last}\``;
    copied = at + 1;
    opening.lastIndex = copied;
  }
  return copied === 0 ? code : out + code.slice(copied);
}

/** Whether `index` is in a comment (its line starts one) or names the tag in prose (`` `css` ``). */
function inComment(code, index) {
  const line = code.slice(code.lastIndexOf('\n', index) + 1, index).trimStart();
  return code[index - 1] === '`' || line.startsWith('*') || line.startsWith('//') || line.startsWith('/*');
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One number of a source map's `mappings`, as base64 VLQ. */
function vlq(n) {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    out += B64[digit];
  } while (value > 0);
  return out;
}

/**
 * A source map from `code` to `minified` (`minifyLitCss(code)`), so the build still knows which source each byte
 * came from: the squeezing only drops characters and makes white space one space, so walking both texts side by
 * side finds where each kept character was. Each word and line start is mapped. `undefined` when the walk does
 * not line up (the bundler then treats the module as unmapped, as it would without a map).
 */
export function squeezeMap(code, minified, source) {
  const lines = [];
  let line = [];
  let srcLine = 0;
  let srcCol = 0;
  let i = 0;
  let prev = [0, 0];
  let genCol = 0;
  let lastGenCol = 0;
  let wordStart = true;
  for (let j = 0; j < minified.length; j++) {
    const want = minified[j];
    // Characters the squeezing dropped: skip them in the source, keeping its line and column.
    while (i < code.length && code[i] !== want && !(want === ' ' && /\s/.test(code[i]))) {
      if (code[i] === '\n') {
        srcLine += 1;
        srcCol = 0;
      } else srcCol += 1;
      i += 1;
    }
    if (i >= code.length) return undefined;
    if (want === '\n') {
      lines.push(line.join(','));
      line = [];
      genCol = 0;
      lastGenCol = 0;
      wordStart = true;
    } else {
      const isWord = /\w/.test(want);
      if (genCol === 0 || (isWord && wordStart) || !isWord) {
        line.push(vlq(genCol - lastGenCol) + vlq(0) + vlq(srcLine - prev[0]) + vlq(srcCol - prev[1]));
        lastGenCol = genCol;
        prev = [srcLine, srcCol];
      }
      wordStart = !isWord;
      genCol += 1;
    }
    if (code[i] === '\n') {
      srcLine += 1;
      srcCol = 0;
    } else srcCol += 1;
    i += 1;
  }
  lines.push(line.join(','));
  return { version: 3, sources: [source], sourcesContent: [code], names: [], mappings: lines.join(';') };
}
