import { describe, expect, it } from 'vitest';
import { mount, settled } from '../test-support';
import './markdown-view';
import type { FarGroups } from './far-groups';
import type { EaselMarkdown } from './markdown-view';

/** A long answer: `sections` sections of a heading, prose, a list, code and a table (seven blocks each). */
function longAnswer(sections: number): string {
  let text = '';
  for (let i = 1; i <= sections; i++)
    text +=
      `## Step ${i}\n\nThis step explains how the **streaming** approach keeps work small. Call \`render(${i})\` ` +
      `once per block; see [the notes](https://example.com/notes/${i}).\n\n- Parse once\n- Render the tail (${i})\n\n` +
      `\`\`\`ts\nexport function step${i}(input: string): number {\n  return input.length * ${i};\n}\n\`\`\`\n\n` +
      `| metric | value |\n|---|---|\n| blocks | ${i} |\n\n> Step ${i} done.\n\nOn to the next.\n\n`;
  return `${text}That is all.`;
}

/** A scroller like the conversation's: a reversed column, its end at offset 0. */
const SCROLLER = 'height: 300px; overflow-y: auto; display: flex; flex-direction: column-reverse';

const frames = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};

/** The element's `FarGroups`, to put every group back at a chosen moment. */
const farGroupsOf = (el: EaselMarkdown) => (el as unknown as { farGroups: FarGroups }).farGroups;

const heldOut = (el: EaselMarkdown) => el.shadowRoot?.querySelectorAll('.held-out').length ?? 0;

/**
 * What the answer shows, as markup: Lit's markers left out, and the size a group held out keeps until it is laid
 * out again (`contain-intrinsic-size`, which a group laid out since no longer uses).
 */
function shown(el: EaselMarkdown): string {
  const copy = el.shadowRoot?.querySelector('.md')?.cloneNode(true) as HTMLElement;
  for (const group of copy.querySelectorAll('.group')) group.removeAttribute('style');
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  return copy.innerHTML;
}

/** Mounts a streaming `<easel-markdown>` in a scroller, once its Markdown renderer has loaded. */
async function mountStreaming() {
  const mounted = await mount('easel-markdown', { source: 'Hello', streaming: true }, { style: SCROLLER });
  await expect.poll(() => mounted.el.shadowRoot?.querySelector('.md')).toBeTruthy();
  return mounted;
}

/**
 * Streams `text` into `el` in `deltas` pieces, calling `after` once each piece is shown. The pieces are small
 * enough to be rendered in one update (a burst is rendered in slices over the next frames).
 */
async function stream(
  el: EaselMarkdown,
  text: string,
  from: number,
  deltas: number,
  after: () => Promise<void>,
) {
  const step = Math.ceil((text.length - from) / deltas);
  for (let cut = from + step; cut < text.length; cut += step) {
    el.source = text.slice(0, cut);
    await settled(el);
    await after();
  }
}

describe('<easel-markdown> holding far groups out of the document while streaming', () => {
  it('keeps the scroll height as groups leave, and shows what a fresh render shows once the stream ends', async () => {
    const text = longAnswer(60);
    const { el, parent } = await mountStreaming();
    let mostHeld = 0;
    let cuts = 0;
    await stream(el, text, 0, 120, async () => {
      await frames(3);
      expect(parent.scrollTop).toBe(0);
      const held = heldOut(el);
      mostHeld = Math.max(mostHeld, held);
      if (++cuts % 10 !== 0 || held === 0) return;
      // The groups held out take the room they took in the document: putting them back moves nothing.
      const height = parent.scrollHeight;
      farGroupsOf(el).restoreAll();
      expect(heldOut(el)).toBe(0);
      expect(parent.scrollHeight).toBe(height);
      expect(parent.scrollTop).toBe(0);
    });
    // 420 blocks: 8 full groups, all but the last one or two far above a 300 px view.
    expect(mostHeld).toBeGreaterThanOrEqual(5);
    const height = parent.scrollHeight;
    el.source = text;
    el.streaming = false;
    await settled(el);
    expect(heldOut(el)).toBe(0);
    await frames(2);
    expect(parent.scrollHeight).toBeGreaterThanOrEqual(height);

    const fresh = await mount('easel-markdown', { source: text }, { style: SCROLLER });
    expect(shown(el)).toBe(shown(fresh.el));
    // Every heading is in the document again, for find-in-page, selection and copy.
    const headings = [...(el.shadowRoot?.querySelectorAll('h2') ?? [])].map((h) => h.textContent);
    expect(headings).toEqual(Array.from({ length: 60 }, (_, i) => `Step ${i + 1}`));
    expect(el.shadowRoot?.querySelector('.md')?.textContent).toBe(
      fresh.el.shadowRoot?.querySelector('.md')?.textContent,
    );
  });

  it('keeps the place of a reader scrolled up, showing real content where they look', async () => {
    const text = longAnswer(60);
    const { el, parent } = await mountStreaming();
    const half = Math.floor(text.length / 2);
    await stream(el, text.slice(0, half), 0, 60, () => frames(3));
    expect(heldOut(el)).toBeGreaterThan(0);
    // The reader scrolls up to the start of the answer (in a reversed column, offsets are negative).
    parent.scrollTop = -(parent.scrollHeight - parent.clientHeight);
    await frames(4);
    const first = el.shadowRoot?.querySelector('h2');
    expect(first?.textContent).toBe('Step 1');
    const view = parent.getBoundingClientRect();
    const top = first?.getBoundingClientRect().top ?? Number.NaN;
    expect(top).toBeGreaterThan(view.top - 1);
    expect(top).toBeLessThan(view.bottom);

    await stream(el, text, half, 60, async () => {
      await frames(3);
      // The same heading, where it was, and no placeholder in view.
      expect(first?.isConnected).toBe(true);
      expect(Math.abs((first?.getBoundingClientRect().top ?? Number.NaN) - top)).toBeLessThan(1);
      for (const placeholder of el.shadowRoot?.querySelectorAll('.held-out') ?? []) {
        const box = placeholder.getBoundingClientRect();
        expect(box.bottom <= view.top || box.top >= view.bottom).toBe(true);
      }
    });
    // Scrolling back down to the end shows real content there too.
    parent.scrollTop = 0;
    await frames(4);
    const view2 = parent.getBoundingClientRect();
    for (const placeholder of el.shadowRoot?.querySelectorAll('.held-out') ?? []) {
      const box = placeholder.getBoundingClientRect();
      expect(box.bottom <= view2.top || box.top >= view2.bottom).toBe(true);
    }
    el.streaming = false;
    await settled(el);
    expect(heldOut(el)).toBe(0);
  });

  it('brings every group back when the view changes width, and holds far ones out again as the answer grows', async () => {
    const text = longAnswer(60);
    const { el, parent } = await mountStreaming();
    const half = Math.floor(text.length / 2);
    await stream(el, text.slice(0, half), 0, 60, () => frames(3));
    expect(heldOut(el)).toBeGreaterThan(0);
    // The artifacts panel opens: the conversation is narrower, and the groups' heights are no longer known.
    parent.style.width = '320px';
    await expect.poll(() => heldOut(el)).toBe(0);
    expect(parent.scrollTop).toBe(0);
    await stream(el, text, half, 30, () => frames(3));
    expect(heldOut(el)).toBeGreaterThan(0);
    el.streaming = false;
    await settled(el);
    expect(heldOut(el)).toBe(0);
  });
});
