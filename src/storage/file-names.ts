/**
 * File names an import may not bring in. The same rule as the artifacts tool's (`src/artifacts/files.ts`),
 * kept here as its own copy because storage imports nothing of ours but `src/agent`.
 */

/**
 * Controls (`\p{Cc}`), invisible format characters (`\p{Cf}`: bidi embeddings, overrides and isolates,
 * marks, zero-width characters, tags) and U+2028/U+2029: characters that make a name read as another
 * (`invoice\u202Elmth.txt` shows as `invoicetxt.html`).
 */
const REFUSED_CHARACTER = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/** `U+202E`. */
function codePointText(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why `name` cannot be a file name here, as the end of a sentence about it (`contains U+202E, an invisible
 * formatting character …`), or `undefined` when it can.
 */
export function refusedCharacterProblem(name: string): string | undefined {
  const refused = REFUSED_CHARACTER.exec(name)?.[0];
  if (refused === undefined) return undefined;
  const kind = /\p{Cc}/u.test(refused)
    ? 'a control character'
    : refused === '\u2028' || refused === '\u2029'
      ? 'a line break'
      : 'an invisible formatting character that can make a name look like another';
  return `contains ${codePointText(refused)}, ${kind}`;
}

/** `name` with each refused character written as `<U+202E>`, so a report can quote it safely. */
export function visibleName(name: string): string {
  return name.replace(REFUSED_CHARACTERS, (char) => `<${codePointText(char)}>`);
}
