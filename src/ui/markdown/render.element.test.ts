import { describe, expect, it, vi } from 'vitest';
import httpLeaks from '../../../e2e/fixtures/artifacts/html-cure53-httpleaks.html?raw';
import corpusReadme from '../../../e2e/fixtures/artifacts-corpus/README.md?raw';
import filesSources from '../../../e2e/fixtures/files/SOURCES.md?raw';
import garden from '../../../e2e/fixtures/projects/garden-notes.md?raw';
import sseReadme from '../../../e2e/fixtures/sse/README.md?raw';
import dompurifyPayloads from '../../../e2e/fixtures/xss/dompurify-payloads.json';
import generalPayloads from '../../../e2e/fixtures/xss/general-html-payloads.json';
import h5scPayloads from '../../../e2e/fixtures/xss/h5sc-payloads.json';
import payloads from '../../../e2e/fixtures/xss/markdown-payloads.json';
import uiReadme from '../README.md?raw';
import { MarkdownBlockSplitter } from './block-splitter';
import { IncrementalMarkdown } from './incremental';
import { ownMarkupSanitiser } from './own-markup';
import { MarkdownRenderer } from './render';
import { continuesAsText } from './tail-growth';

/** A repeatable sequence of numbers in [0, 1) (mulberry32), so a failing cut can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a fresh render of `source` shows, as markup. */
function freshly(renderer: MarkdownRenderer, source: string): string {
  const box = document.createElement('div');
  box.append(renderer.renderTail(source));
  return box.innerHTML;
}

/**
 * `html` with the code of each code block as plain text: code added to an open block is shown uncoloured until
 * the block is rendered again, so that is the one way the two may differ.
 */
function uncoloured(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  for (const code of box.querySelectorAll('code')) code.replaceChildren(code.textContent ?? '');
  return box.innerHTML;
}

/**
 * Streams `text` through the incremental state in deltas of 1–`maxDelta` characters, showing the blocks and the
 * open tail the way the view does (new nodes replace the old; the same object is left alone), and after every
 * update compares what is shown with fresh renders: of each finished block, and of the tail. Returns how many
 * updates there were, how many rendered the tail again, and how many finished blocks kept the tail's nodes.
 */
function streamAndCompare(text: string, seed: number, maxDelta: number) {
  const renderer = new MarkdownRenderer();
  const rendersOfTail = vi.spyOn(renderer, 'renderTail');
  // A new tail may be rendered with the update's last new blocks (in one call to the sanitiser).
  const rendersWithBlocks = vi.spyOn(renderer, 'renderBlocksAndTail');
  const takes = vi.spyOn(renderer, 'takeTail');
  const blocks = new IncrementalMarkdown<DocumentFragment>(() => 0);
  const splitter = new MarkdownBlockSplitter();
  const fresh = new MarkdownRenderer();
  const shown = document.createElement('div');
  const blockBoxes: HTMLElement[] = [];
  const shownBlocks: DocumentFragment[] = [];
  let shownTail: DocumentFragment | undefined;
  const next = random(seed);
  let updates = 0;
  let end = 0;
  let checkedBlocks = 0;
  while (end < text.length) {
    end = Math.min(text.length, end + 1 + Math.floor(next() * maxDelta));
    const source = text.slice(0, end);
    const layout = blocks.update(renderer, source, end < text.length);
    updates++;
    if (layout.kind !== 'blocks') continue;
    layout.blocks.forEach((nodes, i) => {
      if (shownBlocks[i] === nodes) return;
      const box = blockBoxes[i] ?? document.createElement('div');
      blockBoxes[i] = box;
      box.replaceChildren(nodes);
      shownBlocks[i] = nodes;
    });
    splitter.push(source);
    // Each block as it is shown, against a fresh render of it (once, when it is first there).
    const finished = end < text.length ? splitter.blocks : [...splitter.blocks, splitter.tail];
    for (; checkedBlocks < Math.min(finished.length, layout.blocks.length); checkedBlocks++) {
      const expected = uncoloured(freshly(fresh, finished[checkedBlocks] ?? ''));
      const actual = uncoloured(blockBoxes[checkedBlocks]?.innerHTML ?? '');
      if (actual !== expected)
        throw new Error(`block ${checkedBlocks} (seed ${seed}):\n${actual}\n!==\n${expected}`);
    }
    if (layout.tail === undefined) continue;
    if (layout.tail !== shownTail) {
      shown.replaceChildren(layout.tail);
      shownTail = layout.tail;
    }
    const expected = uncoloured(freshly(fresh, splitter.tail));
    if (uncoloured(shown.innerHTML) !== expected)
      throw new Error(
        `after ${JSON.stringify(source.slice(-80))} (seed ${seed}):\n${shown.innerHTML}\n!==\n${expected}`,
      );
  }
  const kept = takes.mock.results.filter((r) => r.type === 'return' && r.value !== undefined).length;
  return {
    updates,
    tailRenders: rendersOfTail.mock.calls.length + rendersWithBlocks.mock.calls.length,
    kept,
    blocks: checkedBlocks,
    tailsWithBlocks: rendersWithBlocks.mock.calls.length,
  };
}

/** An answer of about `chars` characters shaped like a real one: sections of a heading, prose, a list, code, a table. */
function answer(chars: number): string {
  const sections: string[] = [];
  for (let i = 1; sections.join('\n').length < chars; i++)
    sections.push(
      [
        `## Step ${i}: set up the ${['parser', 'cache', 'worker'][i % 3]}`,
        '',
        `This step keeps the **${['incremental', 'lazy', 'batched'][i % 3]}** work in proportion to what changed. ` +
          `Call \`render(block${i})\` once per block, and see [the notes](https://example.com/notes/${i}) for more.`,
        '',
        '- Parse each finished block once',
        `- Render only the open tail (item ${i})`,
        '',
        '```ts',
        `export function step${i}(input: string): number {`,
        `  return input.length * ${i};`,
        '}',
        '```',
        '',
        '| metric | before | after |',
        '|---|---|---|',
        `| tasks | ${i * 3} | ${i} |`,
        '',
      ].join('\n'),
    );
  return sections.join('\n').slice(0, chars);
}

describe('MarkdownRenderer.extendTail', () => {
  it('shows every cut of real Markdown exactly as a fresh render does, rendering the tail again only when needed', () => {
    // Real Markdown (the project's own documents), in deltas of up to 12 characters and of up to 40, as at a real
    // answer's pace.
    const runs = [
      [uiReadme, 1, 12],
      [uiReadme, 2, 40],
      [garden, 3, 12],
      [garden, 4, 40],
      [sseReadme, 5, 12],
      [sseReadme, 6, 40],
      [filesSources, 7, 40],
      [corpusReadme, 8, 40],
    ] as const;
    let updates = 0;
    let tailRenders = 0;
    let kept = 0;
    let blocks = 0;
    for (const [text, seed, maxDelta] of runs) {
      const run = streamAndCompare(text, seed, maxDelta);
      updates += run.updates;
      tailRenders += run.tailRenders;
      kept += run.kept;
      blocks += run.blocks;
    }
    // Prose grows mostly by plain words: a good part of the updates only add text to what is shown.
    expect(updates).toBeGreaterThan(5000);
    expect(tailRenders).toBeLessThan(updates * 0.85);
    expect(blocks).toBeGreaterThan(40);
    expect(kept).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the nodes of the tail for most blocks of an answer as they end, each shown as a fresh render shows it', () => {
    // An answer of headings, paragraphs, lists, code and tables (the benchmarks' sample), at a real answer's pace
    // and faster.
    const text = answer(12_000);
    // At a real answer's pace about half of the blocks end as the tail last showed them (plain words or line
    // breaks added); in bigger pieces, fewer.
    for (const [seed, maxDelta, share] of [
      [21, 40, 0.4],
      [22, 120, 0.25],
    ] as const) {
      const run = streamAndCompare(text, seed, maxDelta);
      expect(run.blocks).toBeGreaterThan(100);
      expect(run.kept, `seed ${seed}`).toBeGreaterThan(run.blocks * share);
      // A new tail after new blocks went with them to the sanitiser, and shows as a fresh render does.
      expect(run.tailsWithBlocks, `seed ${seed}`).toBeGreaterThan(run.blocks * 0.1);
    }
  }, 60_000);

  it('shows every cut of text full of what plain words can turn into exactly as a fresh render does', () => {
    // Each line is something that a few more plain characters change: a link's address, a definition, an
    // entity, an automatic link, an ordered item, a heading, a setext underline, a table, a hard break.
    const text = [
      'A sentence that ends with a link [to the notes](https://example.com/a_(b)) and goes on (in parentheses).',
      '[a label that is long enough]: https://example.com/definition "with a title"',
      'Entities such as &amp; and &copy and &#169; and &#x00A9; stay as they are written; here too.',
      'Visit www.example.com/path or https://example.com:8080/x?y=z or mail someone@example.com today.',
      '123456789. An item numbered with nine digits, and 1234567890. one with ten that is not an item.',
      'A paragraph long enough to be a paragraph\n===',
      'Another paragraph long enough to be one\n---',
      '| a table header | another one |\n|---|---|\n| a cell with words | and more words here |',
      'A line that ends in two spaces  \nand a line that ends in a backslash\\\nand the end: done; really (yes).',
      '> A quote that goes on for a while: with a colon; and (parentheses) in it.',
      '- an item that goes on for a while: with a colon; and (parentheses)\n- another item, and more words',
      'Emphasis *that opens and never closes, and **strong that does not either; and `code that stays open.',
      '```ts\nconst a = `template $\u007Bb}`; // a comment with <tags> & entities\n\nconst c = "```";\n```',
      '~~~~python\ndef f(x):\n    return x  # ~~~ is not a closing fence here\n~~~\nstill code\n~~~~',
      '```\nno language, then a fence that closes with more backticks\n`````',
    ].join('\n\n');
    for (const seed of [11, 12, 13]) streamAndCompare(text, seed, 5);
    for (const seed of [14, 15]) streamAndCompare(text, seed, 30);
  });

  it('shows every cut of a long page of hostile HTML in a code block as a fresh render does, but for colour', () => {
    const text = `Here is the page:\n\n\`\`\`html\n${httpLeaks}\n\`\`\`\n\nThat is all of it.`;
    expect(text.length).toBeGreaterThan(8000);
    for (const [seed, maxDelta] of [
      [16, 40],
      [17, 9],
    ] as const)
      streamAndCompare(text, seed, maxDelta);
  }, 120_000);

  it('shows every cut of the Markdown XSS suite exactly as a fresh render does', () => {
    const suite = payloads as readonly { readonly payload: string }[];
    const text = suite.map((entry) => entry.payload).join('\n\n');
    expect(suite.length).toBeGreaterThan(50);
    for (const seed of [7, 8]) streamAndCompare(text, seed, 6);
  });

  it('adds plain words to a paragraph as text, in the node already shown', () => {
    const renderer = new MarkdownRenderer();
    const rendered = 'The tide comes in **twice** a day, and the';
    const nodes = renderer.renderTail(rendered);
    const box = document.createElement('div');
    box.append(nodes);
    const paragraph = box.querySelector('p');
    expect(renderer.extendTail(nodes, rendered, `${rendered} Moon pulls it`)).toBe(true);
    expect(box.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('The tide comes in twice a day, and the Moon pulls it');
  });

  it('leaves anything that may be Markdown to a fresh render', () => {
    const long = 'A sentence long enough to settle its line';
    const cases: readonly [rendered: string, added: string][] = [
      [long, ' **bold**'],
      [long, ' `code`'],
      [long, ' [a link]'],
      [long, ' &amp;'],
      [`${long} &amp`, ';'],
      [long, '\n- an item'],
      [long, ' <b>'],
      [`${long} mail me at me`, '@example.com'],
      [`${long} see ww`, 'w.example.com'],
      [`${long} see https`, '://example.com'],
      [`${long} [a](https://example.com/x`, ')'],
      [`${long} \\`, '.'],
      ['1', '. the first item'],
      ['Step', ' one'],
      [`${long}\n`, 'more'],
    ];
    for (const [rendered, added] of cases) {
      const renderer = new MarkdownRenderer();
      const nodes = renderer.renderTail(rendered);
      const box = document.createElement('div');
      box.append(nodes);
      const extended = renderer.extendTail(nodes, rendered, rendered + added);
      if (extended) expect(box.innerHTML, `${rendered} + ${added}`).toBe(freshly(renderer, rendered + added));
      expect(extended, `${JSON.stringify(rendered)} + ${JSON.stringify(added)}`).toBe(false);
    }
  });

  it('does not add to text whose end was trimmed or is not the text of a paragraph, item or heading', () => {
    expect(continuesAsText('## A heading long enough ', 'x', 'A heading long enough')).toBe(false);
    const renderer = new MarkdownRenderer();
    for (const rendered of [
      '| a | b |\n|---|---|\n| one long cell | two',
      '    indented code that goes on',
    ]) {
      const nodes = renderer.renderTail(rendered);
      expect(renderer.extendTail(nodes, rendered, `${rendered} more`), rendered).toBe(false);
    }
  });

  it('adds code to an open code block as text, without rendering it again, until the block is closed', () => {
    const renderer = new MarkdownRenderer();
    const line = 'const total = values.reduce((sum, value) => sum + value * 2, 0); // <b>not markup</b>\n';
    const code = line.repeat(150);
    // Past 8,000 characters an open block is not coloured again until it ends, so every step only adds code.
    const rendered = `\`\`\`ts\n${code.slice(0, 8100)}`;
    const nodes = renderer.renderTail(rendered);
    const box = document.createElement('div');
    box.append(nodes);
    let source = rendered;
    for (let end = 8140; end <= code.length; end += 40) {
      const next = `\`\`\`ts\n${code.slice(0, end)}`;
      expect(renderer.extendTail(nodes, source, next), `up to ${end}`).toBe(true);
      source = next;
    }
    expect(box.querySelector('code')?.textContent).toBe(source.slice('```ts\n'.length).replace(/\n$/, ''));
    expect(box.querySelector('b')).toBeNull();
    // The closing fence, or anything after the block, renders it again.
    expect(renderer.extendTail(nodes, source, `${source}\n\`\`\`\nAnd a paragraph`)).toBe(false);
  });
});

describe('MarkdownRenderer.takeTail', () => {
  it('keeps no copy of a tail that may carry what one view did to it, so another view starts afresh', () => {
    const renderer = new MarkdownRenderer();
    const image = 'A chart that the person chose to load: ![chart](https://images.example.com/chart.png)';
    const code = '```ts\nconst answer = 42;\n```';
    for (const [tail, touch, untouched] of [
      [
        image,
        (box: HTMLElement) => {
          const img = box.querySelector('img');
          img?.setAttribute('src', img.getAttribute('data-blocked-src') ?? '');
          img?.removeAttribute('data-blocked-src');
        },
        (box: HTMLElement) => box.querySelector('img')?.hasAttribute('data-blocked-src') === true,
      ],
      [
        code,
        (box: HTMLElement) => {
          const button = box.querySelector('button');
          if (button) button.textContent = 'Copied';
        },
        (box: HTMLElement) => box.querySelector('button')?.textContent === 'Copy',
      ],
    ] as const) {
      // The tail as a view shows it, touched there (the images loaded, the code copied)…
      const shown = document.createElement('div');
      const nodes = renderer.renderTail(tail);
      shown.append(nodes);
      touch(shown);
      // …then the next block begins: the tail's nodes become the block's, as they are.
      const block = renderer.takeTail(nodes, tail, `${tail}\n\n`);
      expect(block).toBeDefined();
      // Another view of the same text gets nodes of its own, as a fresh render makes them.
      const other = document.createElement('div');
      other.append(renderer.renderBlock(`${tail}\n\n`));
      expect(untouched(other)).toBe(true);
    }
  });
});

describe('MarkdownRenderer.renderBlocks', () => {
  /** The finished blocks of `text`, as a stream splits them. */
  function blocksOf(text: string): readonly string[] {
    const splitter = new MarkdownBlockSplitter();
    splitter.push(`${text}\n\nend\n\nend`);
    return splitter.blocks;
  }

  const markup = (nodes: DocumentFragment) => {
    const box = document.createElement('div');
    box.append(nodes);
    return box.innerHTML;
  };

  // Both sanitisers check blocks together: each call has a fixed cost (DOMPurify's parsed document; for the
  // browser's, about 0.2 ms a call in a trace of a streamed answer), which is most of checking a small block.
  it.each(['browser', 'dompurify'] as const)(
    'renders every block of real Markdown as renderBlock renders it alone (%s)',
    (sanitiser) => {
      const suite = (payloads as readonly { readonly payload: string }[]).map((entry) => entry.payload);
      const blocks = [uiReadme, garden, sseReadme, filesSources, corpusReadme, answer(12_000)]
        .flatMap(blocksOf)
        .concat(suite.filter((payload) => !payload.includes('<')));
      expect(blocks.length).toBeGreaterThan(30);
      const together = new MarkdownRenderer(undefined, sanitiser);
      const alone = vi.spyOn(together, 'renderBlock');
      for (let start = 0; start < blocks.length; start += 8) {
        const batch = blocks.slice(start, start + 8);
        const nodes = together.renderBlocks(batch);
        expect(nodes).toHaveLength(batch.length);
        batch.forEach((block, i) => {
          const node = nodes[i];
          if (node === undefined) throw new Error('missing');
          expect(markup(node), block).toBe(
            markup(new MarkdownRenderer(undefined, sanitiser).renderBlock(block)),
          );
        });
      }
      // Most blocks went together; those with `<` in them, alone.
      expect(alone.mock.calls.length).toBeLessThan(blocks.length / 2);
    },
  );

  it.each(['browser', 'dompurify'] as const)(
    'renders text that names the wrapper, and blocks seen before, as renderBlock does (%s)',
    (sanitiser) => {
      const renderer = new MarkdownRenderer(undefined, sanitiser);
      const blocks = [
        'A paragraph naming data-easel-batch="x" and &lt;div data-easel-batch&gt; as text.\n',
        '&#60;/div&#62; is an end tag written as entities.\n',
        'A paragraph naming class="easel-batch-x" and &lt;div class="easel-batch-"&gt; as text.\n',
        'A paragraph naming data-easel-batch="x" and &lt;div data-easel-batch&gt; as text.\n',
        "A paragraph naming shadowrootmode, which the browser's sanitiser leaves to DOMPurify.\n",
        '- a list\n- of **two**\n',
      ];
      const first = renderer.renderBlocks(blocks).map(markup);
      const again = renderer.renderBlocks(blocks).map(markup);
      const alone = blocks.map((block) =>
        markup(new MarkdownRenderer(undefined, sanitiser).renderBlock(block)),
      );
      expect(first).toEqual(alone);
      expect(again).toEqual(alone);
    },
  );
});

describe("MarkdownRenderer: the browser's sanitiser for marked's own markup", () => {
  const browser = new MarkdownRenderer();
  const purify = new MarkdownRenderer(undefined, 'dompurify');

  /** Every block of `text`, and its cuts every `step` characters (what a stream's tail is rendered from). */
  function piecesOf(text: string, step: number): readonly string[] {
    const splitter = new MarkdownBlockSplitter();
    splitter.push(`${text}\n\nend\n\nend`);
    const cuts = Array.from({ length: Math.ceil(text.length / step) }, (_, i) =>
      text.slice(0, (i + 1) * step),
    );
    return [...splitter.blocks, ...cuts];
  }

  it('shows real Markdown, answers cut anywhere and the Markdown XSS suite exactly as DOMPurify does', () => {
    const suite = (payloads as readonly { readonly payload: string }[]).map((entry) => entry.payload);
    const pieces = [
      ...[uiReadme, garden, sseReadme, filesSources, corpusReadme].flatMap((text) => piecesOf(text, 997)),
      ...piecesOf(answer(12_000), 41),
      ...suite,
      // A class, a title and an address that the URL policy or DOMPurify's breakout rule take away.
      '```url(https://example.com/x.png)\nconst a = 1;\n```',
      '```ts@import\nconst a = 1;\n```',
      '[a link](https://example.com/ "a title --> that could end a comment") and ![an image](x.png "</title>")',
      '[a link](https://example.com/ "background: url(https://example.com/t.png)")',
      // Code with `<` in it: one fenced block goes to the browser's sanitiser, as it is and cut while it grows.
      ...piecesOf(`\`\`\`html\n${httpLeaks}\n\`\`\``, 1499).filter((piece) => piece.startsWith('```')),
      // The HTML XSS suites as code: each in a fence of its own language, then with its payload as the language.
      ...[dompurifyPayloads, h5scPayloads, generalPayloads].flatMap((suite) =>
        (suite as readonly { readonly payload: string }[]).flatMap(({ payload }) => [
          `\`\`\`html\n${payload}\n\`\`\``,
          `~~~${payload.replace(/[\n~`]/g, ' ')}\nconst a = 1;\n~~~`,
        ]),
      ),
      '```jsx\nexport function App() {\n  return <div className="app"><img src="x.png" onError={f} /></div>;\n}\n```',
      '```<img src=x onerror=alert(1)>\nconst a = 1 < 2;\n```',
      '```html\n<template shadowrootmode="open"><img src="https://example.com/x.png"></template>\n```',
      // Values DOMPurify trims.
      '[a link](https://example.com/ " padded title ") and ![ padded alt ](x.png) and [b](https://e.com/ "\u00a0nbsp\u00a0")',
    ];
    expect(pieces.length).toBeGreaterThan(1500);
    for (const piece of pieces) expect(freshly(browser, piece), piece).toBe(freshly(purify, piece));
  });

  it('checks text without `<` and single code blocks; other text with `<` goes through DOMPurify', () => {
    const setHtml = vi.spyOn(Element.prototype as unknown as { setHTML: () => void }, 'setHTML');
    // DOMPurify parses what it checks into a document of its own.
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      freshly(
        browser,
        '## A heading\n\nA paragraph with **bold**, `code` and [a link](https://example.com/).',
      );
      freshly(browser, '```ts\nconst answer = 42;\n```');
      freshly(browser, '| a | b |\n|---|---|\n| 1 | &lt;2&gt; |');
      expect(setHtml).toHaveBeenCalledTimes(3);
      expect(parse).not.toHaveBeenCalled();
      const raw = freshly(browser, 'Some <kbd>Ctrl</kbd> and <img src=x onerror=alert(1)>');
      expect(raw).toContain('<kbd>Ctrl</kbd>');
      expect(raw).not.toMatch(/onerror| src=/);
      // marked writes the rest of this block unescaped without an HTML token: a tag in an image's alt text
      // leaves it in its raw-block state.
      freshly(browser, '![<pre>](x.png) <img/src=x onerror=alert(1)//');
      // A code block, then raw HTML.
      freshly(browser, '```js\nconst a = 1;\n```\n<img src=x onerror=alert(1)>');
      expect(parse).toHaveBeenCalledTimes(3);
      expect(setHtml).toHaveBeenCalledTimes(3);
      // One fenced code block is the code renderer's own, whatever its code or its language say.
      freshly(browser, '```ts\nconst tag = "<b>not markup</b>";\n```');
      const fence = freshly(browser, '```<img src=x onerror=alert(1)>\nconst a = 1 < 2;\n```');
      expect(setHtml).toHaveBeenCalledTimes(5);
      expect(parse).toHaveBeenCalledTimes(3);
      const box = document.createElement('div');
      box.innerHTML = fence;
      expect(box.querySelector('img')).toBeNull();
      expect(box.querySelector('.code-lang')?.textContent).toBe('<img');
      expect(box.querySelector('code')?.textContent).toBe('const a = 1 < 2;');
    } finally {
      setHtml.mockRestore();
      parse.mockRestore();
    }
  });

  it('leaves everything to DOMPurify in a browser without the Sanitizer API', () => {
    const api = Object.getOwnPropertyDescriptor(globalThis, 'Sanitizer');
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    try {
      Reflect.deleteProperty(globalThis, 'Sanitizer');
      expect(ownMarkupSanitiser(() => {})).toBeUndefined();
      const without = new MarkdownRenderer();
      const text = 'A paragraph with **bold** and ![an image](https://example.com/i.png).';
      expect(freshly(without, text)).toBe(freshly(purify, text));
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      if (api) Object.defineProperty(globalThis, 'Sanitizer', api);
      parse.mockRestore();
    }
    expect(ownMarkupSanitiser(() => {})).toBeDefined();
  });

  it('refuses markup with a declarative shadow root, where the URL policy could not see an image', async () => {
    const image = `https://images.example.com/shadow-${Date.now()}.png`;
    const own = ownMarkupSanitiser(() => {});
    expect(own).toBeDefined();
    for (const html of [
      `<div><template shadowrootmode="open"><img src="${image}"></template></div>`,
      `<div/x><template/shadowrootmode=closed><img/src=${image}>`,
      `<p><TEMPLATE SHADOWROOTMODE="open"><a href="https://example.com/">x</a></TEMPLATE></p>`,
    ])
      expect(own?.toNodes(html)).toBeUndefined();
    // The same through the renderer, as model text: DOMPurify leaves the template inert and holds the image.
    const text = `Here is the chart ![<code> output](chart.png) as promised. <div/x><template/shadowrootmode=open><img/src=${image}><a/href=//example.com/phish>Open the settings`;
    const box = document.createElement('div');
    box.append(browser.renderTail(text));
    document.body.append(box);
    expect(Array.from(box.querySelectorAll('*')).some((element) => element.shadowRoot !== null)).toBe(false);
    expect(box.innerHTML).toBe(freshly(purify, text));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(performance.getEntriesByName(image)).toHaveLength(0);
    box.remove();
  });

  it('applies the URL policy before the nodes reach the page: links open apart, images wait, scripts go', async () => {
    const image = `https://images.example.com/held-${Date.now()}.png`;
    const nodes = browser.renderTail(
      `![a chart](${image} "Chart") [safe](https://example.com/a "A title") [bad](javascript:alert(1)) ` +
        '[data](data:text/html,x) [mail](mailto:someone@example.com) ![inline](data:image/png;base64,AAAA)',
    );
    const box = document.createElement('div');
    box.append(nodes);
    const [held, inline] = box.querySelectorAll('img');
    expect(held?.hasAttribute('src')).toBe(false);
    expect(held?.getAttribute('data-blocked-src')).toBe(image);
    expect(held?.getAttribute('alt')).toBe('a chart');
    expect(inline?.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    const links = Array.from(box.querySelectorAll('a'), (a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('target'),
      a.getAttribute('rel'),
    ]);
    expect(links).toEqual([
      ['safe', 'https://example.com/a', '_blank', 'noopener noreferrer'],
      ['bad', null, null, null],
      ['data', null, null, null],
      ['mail', 'mailto:someone@example.com', '_blank', 'noopener noreferrer'],
    ]);
    expect(box.ownerDocument).toBe(document);
    document.body.append(box);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The held image was never fetched, not even while its nodes were being checked.
    expect(performance.getEntriesByName(image)).toHaveLength(0);
    box.remove();
  });
});
