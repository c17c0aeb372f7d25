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
