import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { assistantMessage, exportFileText, sessionRecord, userMessage } from './support/records.mjs';
import { expect, importFile, send, test } from './support/test';

/**
 * Markdown that would freeze the page (marked's cost grows faster than the text for deep nesting, and megabytes
 * are seconds of work in one task) opens as plain text: an imported session with a 4 MB nested list, a 5 MB
 * single line and a 50 MB answer, and the same shapes streamed. How long the page's tasks take is measured in
 * bench/markdown-limits.mjs; these tests check what the person sees.
 */

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const PLAIN_NOTE = 'Shown as plain text: too large or too deeply nested to format.';

function nestedList(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let depth = 0; size < bytes; depth++) {
    const line = `${' '.repeat(depth * 2)}- item ${depth}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

const paragraph =
  'A paragraph with **bold**, *emphasis*, `code` and [a link](https://example.com/), long enough to wrap.\n\n';

/** The answers: each starts with words to look for; the 50 MB one has words past the first pieces shown. */
const answers = {
  'A nested list': `Start of the nested list.\n\n${nestedList(4_000_000)}`,
  'A single line': `Start of the single line. ${'word *emphasis* `code` [link](https://example.com/) '.repeat(96_000)}`,
  'A huge answer': `Start of the huge answer.\n\n${paragraph.repeat(3_000)}Further on in the huge answer.\n\n${paragraph.repeat(480_000)}`,
} as const;

function exportFile(path: string): void {
  const sessions = Object.entries(answers).map(([title, text], i) => {
    const created = 1_780_000_000_000 + i * 10;
    return {
      session: sessionRecord({ id: `huge-${i}`, title, created, updated: created + 1, messageCount: 2 }),
      messages: [{ message: userMessage(title, created) }, { message: assistantMessage(text, created + 1) }],
      attachments: [],
    };
  });
  writeFileSync(path, exportFileText(sessions));
}

test('an imported session with a 4 MB nested list, a 5 MB line and a 50 MB answer opens and shows each as text', async ({
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  const file = testInfo.outputPath('huge-sessions.json');
  exportFile(file);
  await importFile(app, file, 'Imported 3 sessions.', { timeout: 60_000 });
  const sessions = app.getByRole('navigation', { name: 'Sessions' });

  await sessions.getByRole('link', { name: 'A nested list' }).click();
  await expect(claude(app)).toContainText('Start of the nested list.');
  await expect(claude(app)).toContainText(PLAIN_NOTE);
  await expect(claude(app)).toContainText('- item 40');

  await sessions.getByRole('link', { name: 'A single line' }).click();
  await expect(claude(app)).toContainText('Start of the single line. word *emphasis* `code`');
  await expect(claude(app)).toContainText(PLAIN_NOTE);

  // The 50 MB answer shows its first pieces; the rest is a click away, a piece at a time.
  await sessions.getByRole('link', { name: 'A huge answer' }).click();
  await expect(claude(app)).toContainText('Start of the huge answer.');
  await expect(claude(app)).toContainText(PLAIN_NOTE);
  await expect(claude(app)).not.toContainText('Further on in the huge answer.');
  await expect(claude(app)).toContainText(/\d+\.\d million characters more\./);
  await claude(app).getByRole('button', { name: 'Show more' }).click();
  await expect(claude(app)).toContainText('Further on in the huge answer.');

  // The page still answers: another session opens.
  await sessions.getByRole('link', { name: 'A nested list' }).click();
  await expect(claude(app)).toContainText('Start of the nested list.');
});

test('a deeply nested list streamed as an answer is shown as plain text, and ordinary Markdown around it is not', async ({
  app,
  anthropic,
}) => {
  const answer = `Some **bold** words first.\n\n${nestedList(40_000)}\n\nThen a [link](https://example.com/).`;
  await anthropic.reply(sse.text(answer, { deltaSize: 2000 }));
  await send(app, 'Nest a list very deeply');
  await expect(claude(app)).toContainText('Then a link.');
  await expect(claude(app)).toContainText(PLAIN_NOTE);
  await expect(claude(app).getByText('bold', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(claude(app).getByRole('link', { name: 'link' })).toHaveAttribute('target', '_blank');
  await expect(claude(app)).toContainText('- item 150');
});
