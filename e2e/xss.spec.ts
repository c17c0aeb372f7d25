import { readFileSync } from 'node:fs';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, send, test } from './support/test';

/**
 * Third-party XSS suites (e2e/fixtures/xss, sources and licences in SOURCES.md) streamed as Claude's answer: every
 * payload goes through the real Markdown path (marked, then DOMPurify) and nothing may run or survive.
 */
const suites = ['markdown-payloads', 'dompurify-payloads', 'h5sc-payloads', 'general-html-payloads'] as const;

function payloads(suite: string): string[] {
  const items = JSON.parse(
    readFileSync(new URL(`./fixtures/xss/${suite}.json`, import.meta.url), 'utf8'),
  ) as {
    payload: unknown;
  }[];
  return items.map((item) => item.payload).filter((p): p is string => typeof p === 'string');
}

for (const suite of suites) {
  test(`no payload of ${suite} runs script or keeps a dangerous attribute`, async ({ app, anthropic }) => {
    const list = payloads(suite);
    expect(list.length).toBeGreaterThan(50);
    const dialogs: string[] = [];
    app.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const marker = `End of ${suite}.`;
    await anthropic.reply(sse.text(`${list.join('\n\n')}\n\n${marker}`, { deltaSize: 4000 }));
    await send(app, 'Show me the payloads');
    // The answer has ended (a payload may leave a block open that swallows the marker, so the end is shown by
    // the answer's actions, and the answer must have rendered).
    await expect(app.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    await expect(app.getByRole('article', { name: 'Claude' })).not.toBeEmpty();

    const found = await app.evaluate(() => {
      const problems: string[] = [];
      const visit = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          const tag = el.tagName.toLowerCase();
          if (
            el.closest('.md') &&
            ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'style', 'link'].includes(tag)
          ) {
            problems.push(`<${tag}>`);
          }
          for (const attr of el.attributes) {
            const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
            if (attr.name.startsWith('on')) problems.push(`${tag}[${attr.name}]`);
            if (attr.name === 'style' && el.closest('.md')) problems.push(`${tag}[style]`);
            if (
              /^(javascript|vbscript):|^data:text\/html/.test(value) &&
              /href|src|action|data|xlink/.test(attr.name)
            ) {
              problems.push(`${tag}[${attr.name}=${value.slice(0, 40)}]`);
            }
          }
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return problems;
    });
    expect(found).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await app.evaluate(() => document.title)).toBe('Easel');
  });
}
