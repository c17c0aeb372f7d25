/**
 * Markdown as the plain words it shows, for one-line snippets (the sidebar's rows, the palette's results): the
 * marks of emphasis, code, headings, quotes, lists, links and images go, their text stays, and runs of space
 * become one. It reads the text only; nothing here is HTML.
 */
export function plainText(markdown: string): string {
  return (
    markdown
      // Fences of code blocks (with their language) and rules.
      .replace(/^\s*(```|~~~)[^\n]*$/gm, ' ')
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, ' ')
      // Images and links keep their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      // Headings, quotes and list markers at the start of a line.
      .replace(/^\s{0,3}#{1,6}\s+/gm, '')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
      // Emphasis, strike-through and inline code.
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3')
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
      .replace(/`+([^`]*)`+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
