/**
 * What may be added to a rendered stream tail without rendering it again (`MarkdownRenderer.extendTail`): where
 * its text ends and whether plain characters continue it as Markdown would, and the one open code block a tail
 * may be. No DOM is made here beyond finding nodes; the renderer adds text as text.
 */
import type { Token, Tokens } from 'marked';

/** A text that starts with a code fence (without indentation: marked takes a fence's indentation off its lines). */
export const FENCED = /^(`{3,}|~{3,})/;
/** An open code block of at most this many characters is coloured again while it grows… */
export const RECOLOUR_CHARS = 8000;
/** …every this many milliseconds. */
export const RECOLOUR_MS = 500;

/** The one fenced code block a text lexes to (besides blank space), if that is all it is. */
export function onlyCode(tokens: readonly Token[]): Tokens.Code | undefined {
  const blocks = tokens.filter((token) => token.type !== 'space');
  const [first] = blocks;
  return blocks.length === 1 && first?.type === 'code' && first.codeBlockStyle !== 'indented'
    ? (first as Tokens.Code)
    : undefined;
}

/** A tail that is one open code block (see `MarkdownRenderer.extendTail`). */
export interface OpenCode {
  readonly code: HTMLElement;
  /** The code its `<code>` shows. */
  shown: string;
  readonly lang: string;
  /** When it was last rendered, coloured (`performance.now()`). */
  readonly renderedAt: number;
  /** Code was added since, as text: the block shows uncoloured code until it is rendered again. */
  extended: boolean;
}

/** Elements whose last text node is where a paragraph, list item or heading being written goes on. */
const TEXT_ENDS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements `textEnd` looks into for the last one of those. */
const TEXT_CONTAINERS = new Set(['ul', 'ol', 'blockquote', 'li']);

/** The text node rendered Markdown ends in, and whether Markdown keeps the spaces that text ends with. */
export interface TextEnd {
  readonly text: Text;
  /** A paragraph keeps them; headings, list items and paragraphs inside list items trim them. */
  readonly keepsSpaces: boolean;
}

/**
 * Where rendered Markdown's text ends: its last text node, when that is the last child of a paragraph, list
 * item or heading that is itself last (inside lists and quotes only); else `undefined`. Line breaks between
 * elements are skipped.
 */
export function textEnd(root: DocumentFragment): TextEnd | undefined {
  let parent: ParentNode = root;
  let inItem = false;
  for (;;) {
    let child = parent.lastChild;
    const holder = parent instanceof Element ? parent.localName : '';
    const inText = TEXT_ENDS.has(holder);
    const keepsSpaces = holder === 'p' && !inItem;
    if (child instanceof Text && inText && child.data.trim() !== '') return { text: child, keepsSpaces };
    while (child instanceof Text && child.data.trim() === '') child = child.previousSibling;
    if (child === null)
      return inText && parent.lastChild instanceof Text ? { text: parent.lastChild, keepsSpaces } : undefined;
    if (!(child instanceof Element)) return undefined;
    const name = child.localName;
    if (!TEXT_ENDS.has(name) && !TEXT_CONTAINERS.has(name)) return undefined;
    inItem ||= name === 'li';
    parent = child;
  }
}

/**
 * Anything in these may be Markdown (emphasis, code, links, HTML, entities, escapes, tables, headings) or end a
 * line, where a line break may start a block; `@` may make an automatic link.
 */
const NOT_PLAIN = /[\n\r\t*_`~\\<>&[\]!|#@]/;
/** A line shorter than this may still turn into a list item or heading (`1.`, up to 9 digits, or `#`). */
const SETTLED_LINE = 16;

/**
 * Whether Markdown renders `rendered + added` as it renders `rendered` with `added` at the end of its last text
 * (`endData`, which ends as `rendered` does): `added` is plain text (`NOT_PLAIN`), the line it goes on is long
 * enough for its start to be settled and holds no `<`, backslash or pipe nor only dashes or equals signs, and no
 * automatic link can form across the join; a line that starts with `[` may become a link definition. A parenthesis
 * or semicolon is plain only where nothing on the line could take it: no brackets (a link's address), no `&` (an
 * entity's end).
 */
export function continuesAsText(rendered: string, added: string, endData: string): boolean {
  if (added === '' || NOT_PLAIN.test(added)) return false;
  const line = rendered.slice(rendered.lastIndexOf('\n') + 1);
  // A table's rows and delimiter row have pipes; a line of dashes or equals signs may underline a heading.
  if (line.trimStart().length < SETTLED_LINE || /[<\\|]/.test(line) || /^[\s=\-:]*$/.test(line)) return false;
  if (line.trimStart().startsWith('[')) return false;
  if (/[()]/.test(added) && /[[\]]/.test(line)) return false;
  if (added.includes(';') && line.includes('&')) return false;
  const lastWord = /\S*$/.exec(rendered)?.[0] ?? '';
  if (/@|www\.|(?:ftp|https?):/i.test(lastWord + added)) return false;
  // The text shown ends as the source does: nothing at the end was trimmed or turned into something else.
  const ending = rendered.slice(-Math.min(rendered.length, endData.length, 16));
  return ending !== '' && endData.endsWith(ending);
}
