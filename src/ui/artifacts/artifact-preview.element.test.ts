import { describe, expect, it } from 'vitest';
import { mount, recordEvents } from '../test-support';
import './artifact-preview';

const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

function frameOf(el: HTMLElement): HTMLIFrameElement | null {
  return el.shadowRoot!.querySelector('iframe');
}

describe('<easel-artifact-preview>', () => {
  it('runs the file in a frame named <filename> preview, sandboxed to scripts only', async () => {
    const { screen } = await mount('easel-artifact-preview', {
      filename: 'index.html',
      content: page('<h1>Hello</h1>'),
    });
    const frame = screen.getByTitle('index.html preview');
    await expect.element(frame).toBeInTheDocument();
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts');
    const src = new URL(frame.element().getAttribute('src') ?? '');
    expect(src.pathname).toBe('/preview.html');
    expect(src.hash.length).toBeGreaterThan(1);
  });

  it('names a background run differently, so it is never taken for the preview', async () => {
    const { screen } = await mount('easel-artifact-preview', {
      filename: 'index.html',
      content: page('<p>x</p>'),
      background: true,
    });
    await expect
      .element(screen.getByTitle('index.html console check'))
      .toHaveAttribute('sandbox', 'allow-scripts');
    expect(screen.getByTitle('index.html preview').elements()).toHaveLength(0);
  });

  it('starts a new frame and a new channel for each new content', async () => {
    const { el } = await mount('easel-artifact-preview', { filename: 'a.html', content: page('<p>one</p>') });
    const first = frameOf(el);
    const firstSrc = first?.getAttribute('src');
    expect(first).not.toBeNull();
    const starts = recordEvents(el, 'preview-start');
    el.content = page('<p>two</p>');
    await expect.poll(() => frameOf(el)).not.toBe(first);
    expect(frameOf(el)?.getAttribute('src')).not.toBe(firstSrc);
    expect(frameOf(el)?.getAttribute('sandbox')).toBe('allow-scripts');
    expect(starts).toHaveLength(1);
  });

  it('keeps its events to itself: a preview start does not cross shadow roots', async () => {
    const fromDocument = recordEvents(document, 'preview-start');
    const { el } = await mount('easel-artifact-preview', { filename: 'a.html', content: page('<p>x</p>') });
    expect(frameOf(el)).not.toBeNull();
    expect(fromDocument.every((e) => !e.composed)).toBe(true);
  });
});
