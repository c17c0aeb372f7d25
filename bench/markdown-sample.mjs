// A realistic Markdown answer of about `bytes` characters: headings, paragraphs with inline code and links,
// lists, tables and fenced code blocks, repeated with variations.
export function markdownAnswer(bytes) {
  const sections = [];
  let i = 0;
  let size = 0;
  while (size < bytes) {
    i += 1;
    const section = [
      `## Step ${i}: configure the ${['parser', 'renderer', 'cache', 'worker'][i % 4]}`,
      '',
      `This step explains how the **${['incremental', 'streaming', 'lazy', 'batched'][i % 4]}** approach keeps work ` +
        `proportional to what changed. Call \`render(block${i})\` once per finished block and see ` +
        `[the notes](https://example.com/notes/${i}) for details. The tail is parsed again on each frame, ` +
        'which stays cheap because it is short.',
      '',
      '- Parse finished blocks once',
      `- Re-render only the open tail (item ${i})`,
      '- Coalesce updates to animation frames',
      '',
      '```ts',
      `export function step${i}(input: string): number {`,
      '  let total = 0;',
      '  for (const ch of input) total += ch.charCodeAt(0);',
      `  return total * ${i};`,
      '}',
      '```',
      '',
      '| metric | before | after |',
      '|---|---|---|',
      `| tasks | ${i * 3} | ${i} |`,
      `| busy % | ${40 + (i % 50)} | ${2 + (i % 5)} |`,
      '',
    ].join('\n');
    sections.push(section);
    size += section.length + 1;
  }
  return sections.join('\n').slice(0, bytes);
}
