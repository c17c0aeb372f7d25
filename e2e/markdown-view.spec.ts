import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

// One <easel-markdown> element shown different texts in turn, as the artifacts viewer and a reused message view
// do: whatever the order, it shows exactly the current text, whole.

async function mount(page: Page): Promise<void> {
  await page.evaluate(() => {
    const element = document.createElement('easel-markdown');
    element.id = 'probe';
    document.body.append(element);
  });
}

async function show(page: Page, source: string, streaming = false): Promise<void> {
  await page.evaluate(
    ({ source, streaming }) => {
      const element = document.getElementById('probe') as HTMLElement & {
        source: string;
        streaming: boolean;
      };
      element.source = source;
      element.streaming = streaming;
    },
    { source, streaming },
  );
}

const probe = (page: Page) => page.locator('#probe');

test('a new text that ends like the old one shows whole, its end included', async ({ app }) => {
  await mount(app);
  await show(app, 'One.\n\nTwo.\n\nThree.\n\nLast paragraph.');
  await expect(probe(app)).toContainText('Last paragraph.');
  await show(app, 'Other.\n\nLast paragraph.');
  await expect(probe(app).getByText('Other.')).toBeVisible();
  await expect(probe(app).getByText('Last paragraph.')).toHaveCount(1);
  await expect(probe(app)).not.toContainText('Three.');
  // A text as long as the old one, sharing its end: an edit, not a continuation.
  await show(app, 'One!\n\nTwo!\n\nThree.\n\nLast paragraph.');
  await expect(probe(app).getByText('One!')).toBeVisible();
  await expect(probe(app).getByText('Other.')).toHaveCount(0);
});

test('texts with and without reference links alternate without losing anything', async ({ app }) => {
  await mount(app);
  const referenced = 'See [the docs][d].\n\n[d]: https://example.com/docs';
  await show(app, referenced);
  await expect(probe(app).getByRole('link', { name: 'the docs' })).toBeVisible();
  await show(app, 'Plain words.\n\nMore words.');
  await expect(probe(app)).toContainText('More words.');
  await show(app, referenced);
  await expect(probe(app).getByRole('link', { name: 'the docs' })).toBeVisible();
  await show(app, 'Plain words.\n\nMore words.');
  await expect(probe(app)).toContainText('Plain words.');
  await expect(probe(app)).toContainText('More words.');
});

test('an emptied text shown again comes back whole', async ({ app }) => {
  await mount(app);
  await show(app, 'First.\n\nSecond.');
  await expect(probe(app)).toContainText('Second.');
  await show(app, '');
  await expect(probe(app)).toHaveText('');
  await show(app, 'First.\n\nSecond.');
  await expect(probe(app)).toContainText('First.');
  await expect(probe(app)).toContainText('Second.');
});

test('a stream that ends with a reference definition is not left busy', async ({ app }) => {
  await mount(app);
  const blocks = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} with **bold** text.`);
  await show(app, blocks.join('\n\n'), true);
  await show(app, `${blocks.join('\n\n')}\n\nSee [a][r].\n\n[r]: https://example.com/`, false);
  await expect(probe(app).getByRole('link', { name: 'a', exact: true })).toBeVisible();
  await expect(probe(app)).not.toHaveAttribute('aria-busy');
  await expect(probe(app)).toContainText('Paragraph 399 with bold text.');
});

test('a stream that pauses with blocks still waiting shows them all', async ({ app }) => {
  await mount(app);
  const blocks = Array.from({ length: 600 }, (_, i) => `Paragraph ${i} with **bold** text and \`code\`.`);
  await show(app, `${blocks.join('\n\n')}\n\nThe open end`, true);
  // No further update comes from the stream: the waiting blocks and the open end still appear.
  await expect(probe(app)).toContainText('Paragraph 599 with bold text and code.');
  await expect(probe(app)).toContainText('The open end');
  await expect(probe(app)).toHaveAttribute('aria-busy');
  await show(app, `${blocks.join('\n\n')}\n\nThe open end, finished.`, false);
  await expect(probe(app)).toContainText('The open end, finished.');
  await expect(probe(app)).not.toHaveAttribute('aria-busy');
});
