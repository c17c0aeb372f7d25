import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import './markdown-view';

describe('<easel-markdown>', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders Markdown as headings, lists, emphasis and tables', async () => {
    const { screen } = await mount('easel-markdown', {
      source: '# Tides\n\nThey follow **the Moon**.\n\n- high\n- low\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Tides' })).toBeVisible();
    await expect.element(screen.getByText('the Moon', { exact: true })).toBeVisible();
    expect(
      screen
        .getByRole('listitem')
        .elements()
        .map((li) => li.textContent),
    ).toEqual(['high', 'low']);
    await expect.element(screen.getByRole('table')).toBeVisible();
    await expect.element(screen.getByRole('cell', { name: '2' })).toBeVisible();
  });

  it('draws a finished mermaid block as a diagram in a sandboxed frame, its code kept as the source', async () => {
    const { el, screen } = await mount('easel-markdown', {
      source: 'A flow:\n\n```mermaid\ngraph TD\n  A --> B\n```\n',
      streaming: true,
    });
    await expect.element(screen.getByText('A flow:')).toBeVisible();
    expect(screen.getByTitle('Mermaid diagram preview').elements()).toHaveLength(0);
    el.streaming = false;
    const frame = screen.getByTitle('Mermaid diagram preview');
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await userEvent.click(screen.getByRole('button', { name: 'Show source' }));
    await expect.element(screen.getByText('graph TD', { exact: false })).toBeVisible();
    // Rendering again keeps one diagram per block.
    el.requestUpdate();
    await el.updateComplete;
    expect(screen.getByTitle('Mermaid diagram preview').elements()).toHaveLength(1);
  });

  it('draws nothing for an empty source, and follows a new source', async () => {
    const { el, screen } = await mount('easel-markdown', { source: 'First text' });
    await expect.element(screen.getByText('First text')).toBeVisible();
    el.source = '';
    await expect.element(screen.getByText('First text')).not.toBeInTheDocument();
    el.source = 'Second text';
    await expect.element(screen.getByText('Second text')).toBeVisible();
  });

  it('lets no script, handler or javascript: URL of the model reach the page', async () => {
    const { el, screen } = await mount('easel-markdown', {
      source:
        'Hello <img src="x" onerror="window.__pwned = 1"> <script>window.__pwned = 2</script>\n\n' +
        '[click](javascript:window.__pwned=3) <a href="#" onclick="window.__pwned=4">here</a>\n\n' +
        '<iframe src="about:blank"></iframe><object data="x.swf"></object><embed src="x.swf">',
    });
    await expect.element(screen.getByText(/Hello/)).toBeVisible();
    const root = el.shadowRoot!;
    expect(root.querySelector('script, iframe, object, embed')).toBeNull();
    expect(root.querySelector('[onerror], [onclick]')).toBeNull();
    for (const a of root.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens links in a new tab, without a referrer', async () => {
    const { screen } = await mount('easel-markdown', { source: 'See [the docs](https://example.com/docs).' });
    const link = screen.getByRole('link', { name: 'the docs' });
    await expect.element(link).toHaveAttribute('href', 'https://example.com/docs');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('gives code blocks their language and a Copy button that copies the code', async () => {
    const writes: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      writes.push(text);
    });
    const { screen } = await mount('easel-markdown', { source: '```js\nconst answer = 42;\n```\n' });
    const copy = screen.getByRole('button', { name: 'Copy js code' });
    await expect.element(copy).toBeVisible();
    await expect.element(screen.getByText('js', { exact: true })).toBeVisible();
    await userEvent.click(copy);
    expect(writes).toEqual(['const answer = 42;']);
    await expect.element(copy).toHaveTextContent('Copied');
  });

  it('holds images from other sites until the person agrees to load them', async () => {
    const { el, screen } = await mount('easel-markdown', {
      source: 'A cat: ![cat](http://127.0.0.1:9/cat.png)',
    });
    await expect
      .element(
        screen.getByText(
          /This answer shows an image from another site, which\s+would learn that you viewed it\./,
        ),
      )
      .toBeVisible();
    const img = () => el.shadowRoot!.querySelector('img');
    expect(img()?.getAttribute('src')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load images' }));
    await expect.poll(() => img()?.getAttribute('src')).toBe('http://127.0.0.1:9/cat.png');
    await expect.element(screen.getByRole('button', { name: 'Load images' })).not.toBeInTheDocument();
  });

  it('is busy while the text streams, and shows every part of it when it ends', async () => {
    const { el, screen } = await mount('easel-markdown', {
      source: 'First paragraph.\n\nSecond',
      streaming: true,
    });
    await expect.poll(() => el.getAttribute('aria-busy')).toBe('');
    await expect.element(screen.getByText('First paragraph.')).toBeVisible();
    el.source = 'First paragraph.\n\nSecond paragraph.\n\n## Done';
    el.streaming = false;
    await expect.poll(() => el.hasAttribute('aria-busy')).toBe(false);
    await expect.element(screen.getByText('Second paragraph.')).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Done' })).toBeVisible();
    expect(screen.getByText('First paragraph.').elements()).toHaveLength(1);
  });

  it('shows a text too large to format as plain text, saying so', async () => {
    const source = `# Not a heading\n${'word '.repeat(220_000)}`;
    const { screen } = await mount('easel-markdown', { source });
    await expect
      .element(screen.getByText('Shown as plain text: too large or too deeply nested to format.'))
      .toBeVisible();
    expect(screen.getByRole('heading').elements()).toHaveLength(0);
    await expect.element(screen.getByRole('button', { name: 'Show more' })).toBeVisible();
  });
});
