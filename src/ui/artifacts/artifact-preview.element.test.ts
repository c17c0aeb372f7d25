import { describe, expect, it } from 'vitest';
import { mount, recordEvents } from '../test-support';
import './artifact-preview';
import type { PreviewMessageEvent, PreviewStartEvent } from './events';

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
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
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
      .toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    expect(screen.getByTitle('index.html preview').elements()).toHaveLength(0);
  });

  it('starts a new frame and a new channel for each new content', async () => {
    const { el } = await mount('easel-artifact-preview', { filename: 'a.html', content: page('<p>one</p>') });
    // The document is prepared (and its app APIs bound) before its frame is made.
    await expect.poll(() => frameOf(el)).not.toBeNull();
    const first = frameOf(el);
    const firstSrc = first?.getAttribute('src');
    expect(first).not.toBeNull();
    const starts = recordEvents(el, 'preview-start');
    el.content = page('<p>two</p>');
    await expect.poll(() => frameOf(el)).not.toBe(first);
    expect(frameOf(el)?.getAttribute('src')).not.toBe(firstSrc);
    expect(frameOf(el)?.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    expect(starts).toHaveLength(1);
  });

  it('keeps its events to itself: a preview start does not cross shadow roots', async () => {
    const fromDocument = recordEvents(document, 'preview-start');
    const { el } = await mount('easel-artifact-preview', { filename: 'a.html', content: page('<p>x</p>') });
    await expect.poll(() => frameOf(el)).not.toBeNull();
    expect(fromDocument.every((e) => !e.composed)).toBe(true);
  });

  it('reports what the page prints, checked and tagged with the file name', async () => {
    const starts: PreviewStartEvent[] = [];
    const messages: PreviewMessageEvent[] = [];
    const { el } = await mount(
      'easel-artifact-preview',
      {
        filename: 'app.html',
        content: page('<script>console.log("hello from the page"); throw new Error("boom")</script>'),
      },
      {
        setup: (parent) => {
          parent.addEventListener('preview-start', (e) => starts.push(e as PreviewStartEvent));
          parent.addEventListener('preview-message', (e) => messages.push(e as PreviewMessageEvent));
        },
      },
    );
    // The document is prepared first (with the runtime's core, loaded with the first file that runs).
    await expect.poll(() => starts.map((e) => e.filename)).toEqual(['app.html']);
    expect(starts[0]?.content).toBe(el.content);
    await expect
      .poll(() => messages.map((e) => e.message.kind), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['console', 'error', 'loaded']));
    expect(messages.every((e) => e.filename === 'app.html')).toBe(true);
    expect(messages.find((e) => e.message.kind === 'console')?.message).toMatchObject({
      kind: 'console',
      level: 'log',
      text: 'hello from the page',
    });
    expect(messages.find((e) => e.message.kind === 'error')?.message).toMatchObject({
      text: expect.stringContaining('boom'),
    });
  });

  it('shows why a streamed component does not compile once its stream ends on that same text', async () => {
    const broken =
      "import React from 'react';\nexport default function App() {\n  return <div><p>Unclosed</div>;\n}\n";
    const { el } = await mount('easel-artifact-preview', {
      filename: 'Broken.jsx',
      kind: 'react',
      streaming: true,
      content: broken,
    });
    const starts = recordEvents(el, 'preview-start');
    const messages = recordEvents(el, 'preview-message');
    el.streaming = false;
    await expect.poll(() => starts.map((e) => e.content)).toEqual([broken]);
    await expect
      .poll(() => messages.map((e) => e.message).find((m) => m.kind === 'console' && m.level === 'error'))
      .toMatchObject({ text: expect.stringContaining('Broken.jsx does not compile: SyntaxError') });
  });
});
