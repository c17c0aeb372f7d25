import { describe, expect, it } from 'vitest';
import { mount } from '../test-support';
import type { EaselCodeView } from './code-view';
import './code-view';

/** What the person sees: the text and the line numbers beside it. */
function shown(el: EaselCodeView) {
  const root = el.shadowRoot!;
  return {
    text: root.querySelector('code')?.textContent ?? '',
    numbers: (root.querySelector('.gutter')?.textContent ?? '').split('\n').filter(Boolean),
  };
}

describe('<easel-code-view>', () => {
  it('is a focusable region named by its label, showing the text with line numbers', async () => {
    const { el, screen } = await mount('easel-code-view', {
      content: 'one\ntwo\nthree\n',
      label: 'notes.txt',
    });
    const region = screen.getByRole('region', { name: 'notes.txt' });
    await expect.element(region).toHaveAttribute('tabindex', '0');
    expect(shown(el)).toEqual({ text: 'one\ntwo\nthree\n', numbers: ['1', '2', '3'] });
  });

  it('shows markup as text, never as elements', async () => {
    const { el, screen } = await mount('easel-code-view', {
      content: '<img src=x onerror="alert(1)"><b>bold</b>',
    });
    await expect.element(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeVisible();
    expect(el.shadowRoot!.querySelector('img, b')).toBeNull();
  });

  it('grows with streamed text, and ends showing exactly the final text', async () => {
    const { el } = await mount('easel-code-view', { content: 'const a', streaming: true });
    for (const content of [
      'const a = 1;\n',
      'const a = 1;\nconst b',
      'const a = 1;\nconst b = 2;\nconst c = 3;',
    ]) {
      el.content = content;
      await el.updateComplete;
      expect(shown(el).text).toBe(content);
    }
    expect(shown(el).numbers).toEqual(['1', '2', '3']);
    el.content = 'rewritten';
    await el.updateComplete;
    expect(shown(el)).toEqual({ text: 'rewritten', numbers: ['1'] });
    el.streaming = false;
    await el.updateComplete;
    expect(shown(el)).toEqual({ text: 'rewritten', numbers: ['1'] });
  });

  it('highlights complete code in its language, keeping the text', async () => {
    const code = 'function add(a, b) {\n  return a + b;\n}\n';
    const { el } = await mount('easel-code-view', { content: code, language: 'javascript' });
    await expect.poll(() => el.shadowRoot!.querySelector('.hljs-keyword')?.textContent).toBe('function');
    expect(shown(el).text).toBe(code);
  });

  it('does not highlight while streaming', async () => {
    const { el } = await mount('easel-code-view', {
      content: 'function f() {}',
      language: 'javascript',
      streaming: true,
    });
    el.content = 'function f() {}\nfunction g() {}';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[class^="hljs-"]')).toBeNull();
    el.streaming = false;
    await expect.poll(() => el.shadowRoot!.querySelectorAll('.hljs-keyword').length).toBe(2);
  });
});
