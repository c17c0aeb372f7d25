/** Tests of the incremental renderer's state machine: a growing text shows what a one-shot render of it shows. */
import { readFileSync } from 'node:fs';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { type BlockRenderer, IncrementalMarkdown, type MarkdownLayout } from './incremental';

const marked = new Marked({ gfm: true });

/** An answer with a bit of everything a model writes, including the shapes that tie lines across blank lines. */
const ANSWER = [
  '# Setting up the parser',
  '',
  'A paragraph with **bold**, *emphasis*, `code`, a [link](https://example.com/) and a line',
  'that goes on.',
  '',
  '1. First install it:',
  '',
  '   ```sh',
  '   npm install marked',
  '   ```',
  '',
  '2. Then configure it',
  '   - nested item',
  '',
  '     continued after a blank line',
  '   - [ ] a task',
  '',
  '```ts',
  'const a = 1;',
  '',
  '',
  'const b = 2;',
  '```',
  '',
  '~~~~python',
  '```',
  'not a close',
  '~~~',
  '~~~~',
  '',
  '> A quote',
  '>',
  '> > nested',
  '',
  '| metric | before | after |',
  '|---|---|---|',
  '| tasks | 12 | 3 |',
  '',
  '    indented code',
  '',
  '    more of it',
  '',
  '<details><summary>More</summary>',
  '',
  'Inside *html*.',
  '',
  '</details>',
  '',
  '---',
  '',
  'Setext heading',
  '==============',
  '',
  'The end.',
].join('\n');

/** Real documents: the project's own READMEs (tables, lists, code spans, long lines). */
/**
 * A README of the project, its first 8,000 characters cut at a line's end: real Markdown of every kind, at a size
 * that does not grow with the README (the character-at-a-time test parses every prefix, so its cost grows with
 * the square of the length).
 */
const README = (path: string) => {
  const text = readFileSync(new URL(path, import.meta.url), 'utf8');
  return text.length <= 8_000 ? text : text.slice(0, text.lastIndexOf('\n', 8_000) + 1);
};

const SAMPLES: Record<string, string> = {
  'an answer': ANSWER,
  'the artifacts README': README('../artifacts/README.md'),
  'the ui README': README('../README.md'),
};

/** marked's HTML for a source, each source parsed once (the comparisons below run thousands of times). */
const parsed = new Map<string, string>();
function parse(source: string): string {
  let html = parsed.get(source);
  if (html === undefined) {
    html = marked.parse(source, { async: false });
    parsed.set(source, html);
  }
  return html;
}

/** Renders to marked's HTML, and records what it was asked to render. */
function recordingRenderer(highlighterReady = true) {
  const blocks: string[] = [];
  const tails: string[] = [];
  const state = { ready: highlighterReady };
  const renderer: BlockRenderer<string> = {
    renderBlock(source) {
      blocks.push(source);
      return `${state.ready ? '' : '(plain)'}${parse(source)}`;
    },
    renderTail(source) {
      tails.push(source);
      return `${state.ready ? '' : '(plain)'}${parse(source)}`;
    },
    isHighlighterReady: () => state.ready,
  };
  return { renderer, blocks, tails, state };
}

const quiet: BlockRenderer<string> = {
  renderBlock: parse,
  renderTail: parse,
  isHighlighterReady: () => true,
};

/** A sample is rendered thousands of times over: on a busy machine that takes longer than a test usually may. */
const SAMPLE_TIMEOUT_MS = 60_000;

/** A clock that does not move: slices never run out. */
const still = () => 0;

/** What is on screen for a layout, in order. */
function shown(layout: MarkdownLayout<string>): string[] {
  if (layout.kind === 'whole') return [layout.nodes];
  return layout.tail === undefined ? [...layout.blocks] : [...layout.blocks, layout.tail];
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((html, i) => html === b[i]);
}

function oneShot(text: string, streaming = false): string[] {
  return shown(new IncrementalMarkdown<string>(still).update(quiet, text, streaming));
}

describe('IncrementalMarkdown', () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    it(
      `shows ${name}, streamed a character at a time, as a one-shot render shows it at every step and at the end`,
      () => {
        const { renderer, blocks } = recordingRenderer();
        const machine = new IncrementalMarkdown<string>(still);
        const differ: number[] = [];
        for (let end = 1; end <= text.length; end++) {
          const prefix = text.slice(0, end);
          if (!same(shown(machine.update(renderer, prefix, true)), oneShot(prefix, true))) differ.push(end);
        }
        expect(differ, 'lengths at which the stream showed something else').toEqual([]);
        const final = machine.update(renderer, text, false);
        expect(shown(final)).toEqual(oneShot(text));
        // Each finished block was rendered once; the stream's tail once more, as the last block.
        expect(final.kind).toBe('blocks');
        expect(blocks.length).toBe(shown(final).length);
        expect(machine.behind).toBe(false);
      },
      SAMPLE_TIMEOUT_MS,
    );

    it(
      `shows ${name} cut in two at any character as a one-shot render does`,
      () => {
        const renderer = quiet;
        const expected = oneShot(text);
        const differ: number[] = [];
        for (let cut = 1; cut < text.length; cut++) {
          const machine = new IncrementalMarkdown<string>(still);
          machine.update(renderer, text.slice(0, cut), true);
          machine.update(renderer, text, true);
          if (!same(shown(machine.update(renderer, text, false)), expected)) differ.push(cut);
        }
        expect(differ, 'cuts after which the text showed something else').toEqual([]);
      },
      SAMPLE_TIMEOUT_MS,
    );
  }

  it('renders only the tail again while a stream grows', () => {
    const { renderer, blocks, tails } = recordingRenderer();
    const machine = new IncrementalMarkdown<string>(still);
    machine.update(renderer, 'One.\n\nTwo.\n\nThr', true);
    machine.update(renderer, 'One.\n\nTwo.\n\nThree', true);
    expect(blocks).toEqual(['One.\n\n', 'Two.\n\n']);
    expect(tails).toEqual(['Thr', 'Three']);
  });

  it('keeps each finished block the same object from one update to the next', () => {
    const { renderer } = recordingRenderer();
    const machine = new IncrementalMarkdown<string>(still);
    const first = machine.update(renderer, 'One.\n\nTwo', true);
    const second = machine.update(renderer, 'One.\n\nTwo.\n\nThree', false);
    expect(first.kind === 'blocks' && second.kind === 'blocks').toBe(true);
    if (first.kind !== 'blocks' || second.kind !== 'blocks') return;
    expect(first.blocks[0]).toBe(second.blocks[0]);
    expect(second.blocks).toHaveLength(3);
  });

  it('renders a burst of blocks in slices, with no tail until they are all there', () => {
    const { renderer, blocks } = recordingRenderer();
    // Each reading of the clock is 10 ms later: two blocks fit in a 16 ms slice.
    let time = 0;
    const machine = new IncrementalMarkdown<string>(() => (time += 10));
    const text = `${Array.from({ length: 9 }, (_, i) => `Paragraph ${i}.`).join('\n\n')}\n\nTail`;
    const first = machine.update(renderer, text, true);
    expect(machine.behind).toBe(true);
    expect(first).toEqual({
      kind: 'blocks',
      blocks: [expect.any(String), expect.any(String)],
      tail: undefined,
    });
    let updates = 1;
    while (machine.behind) {
      machine.update(renderer, text, true);
      updates++;
    }
    expect(updates).toBe(5);
    expect(shown(machine.update(renderer, text, false))).toEqual(oneShot(text));
    expect(blocks).toHaveLength(10);
  });

  it('hands a renderer that renders blocks together batches of at most 8 blocks and 2,000 characters, in order', () => {
    const batches: string[][] = [];
    const renderer: BlockRenderer<string> = {
      ...quiet,
      renderBlocks(sources) {
        batches.push([...sources]);
        return sources.map(parse);
      },
    };
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}. ${'word '.repeat(i * 10)}`);
    const text = paragraphs.join('\n\n');
    const machine = new IncrementalMarkdown<string>(() => 0);
    expect(shown(machine.update(renderer, text, false))).toEqual(oneShot(text));
    expect(batches.flat()).toEqual(paragraphs.slice(0, -1).map((p) => `${p}\n\n`));
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(8);
      if (batch.length > 1) expect(batch.join('').length).toBeLessThanOrEqual(2000);
    }
    expect(batches.some((batch) => batch.length > 1)).toBe(true);
  });

  it("hands a stream's new open tail to the renderer with the last new blocks, when it can take both", () => {
    const calls: { blocks: string[]; tail: string }[] = [];
    const alone: string[] = [];
    const renderer: BlockRenderer<string> = {
      ...quiet,
      renderTail(source) {
        alone.push(source);
        return parse(source);
      },
      renderBlocks: (sources) => sources.map(parse),
      renderBlocksAndTail(sources, tail) {
        calls.push({ blocks: [...sources], tail });
        return { blocks: sources.map(parse), tail: parse(tail) };
      },
    };
    const machine = new IncrementalMarkdown<string>(still);
    const text = 'One **bold**.\n\nTwo *words*.\n\nThree [a](b) and more';
    // The first update has no finished block: the tail alone.
    expect(shown(machine.update(renderer, text.slice(0, 8), true))).toEqual(oneShot(text.slice(0, 8)));
    expect(alone).toEqual([text.slice(0, 8)]);
    // Two blocks end and a new tail begins: all three in one call.
    expect(shown(machine.update(renderer, text.slice(0, 38), true))).toEqual(oneShot(text.slice(0, 38)));
    expect(calls).toEqual([{ blocks: ['One **bold**.\n\n', 'Two *words*.\n\n'], tail: 'Three [a]' }]);
    // Markup added to that tail: the tail alone again, no blocks.
    expect(shown(machine.update(renderer, text, true))).toEqual(oneShot(text));
    expect(calls).toHaveLength(1);
    expect(alone).toHaveLength(2);
    expect(shown(machine.update(renderer, text, false))).toEqual(oneShot(text));
  });

  it('renders a short text shown whole at once, however slow its blocks', () => {
    const { renderer } = recordingRenderer();
    let time = 0;
    const machine = new IncrementalMarkdown<string>(() => (time += 100));
    const text = 'One.\n\nTwo.\n\nThree.\n\nFour.';
    expect(shown(machine.update(renderer, text, false))).toEqual(oneShot(text));
    expect(machine.behind).toBe(false);
  });

  it('starts over when the text does not extend the one shown', () => {
    const { renderer } = recordingRenderer();
    const machine = new IncrementalMarkdown<string>(still);
    machine.update(renderer, 'Old text.\n\nMore old.', false);
    expect(shown(machine.update(renderer, 'Old text.\n\nNew', false))).toEqual(oneShot('Old text.\n\nNew'));
    expect(shown(machine.update(renderer, 'Else.', false))).toEqual(oneShot('Else.'));
    // Longer, and the same from where the last block starts: only the start tells it is another text.
    machine.update(renderer, 'First.\n\nSame', false);
    expect(shown(machine.update(renderer, 'Fresh.\n\nSame end', false))).toEqual(
      oneShot('Fresh.\n\nSame end'),
    );
  });

  it('parses a text with reference definitions whole, once while it stays the same', () => {
    const { renderer, tails } = recordingRenderer();
    const machine = new IncrementalMarkdown<string>(still);
    const text = 'See [the docs][d].\n\n[d]: https://example.com/docs';
    const first = machine.update(renderer, text, false);
    const again = machine.update(renderer, text, false);
    expect(first.kind).toBe('whole');
    expect(again).toEqual(first);
    expect(tails).toEqual([text]);
    expect(shown(first)[0]).toContain('href="https://example.com/docs"');
  });

  it('renders again, once, only the blocks with code once the highlighter is ready', () => {
    const { renderer, blocks, state } = recordingRenderer(false);
    const machine = new IncrementalMarkdown<string>(still);
    const text = 'Intro.\n\n```js\nlet a;\n```\n\nOutro with `code`.';
    machine.update(renderer, text, true);
    machine.update(renderer, text, false);
    const rendered = blocks.length;
    state.ready = true;
    expect(machine.rehighlight(renderer)).toBe(true);
    expect(machine.version).toBe(1);
    expect(blocks.slice(rendered)).toEqual(['```js\nlet a;\n```\n\n']);
    const layout = shown(machine.update(renderer, text, false));
    expect(layout[1]).not.toContain('(plain)');
    expect(layout[0]).toContain('(plain)');
    expect(machine.rehighlight(renderer)).toBe(false);
  });

  it('forgets everything on reset', () => {
    const { renderer, blocks } = recordingRenderer();
    const machine = new IncrementalMarkdown<string>(still);
    machine.update(renderer, 'One.\n\nTwo.', false);
    machine.reset();
    machine.update(renderer, 'One.\n\nTwo.', false);
    expect(blocks).toEqual(['One.\n\n', 'Two.', 'One.\n\n', 'Two.']);
  });
});
