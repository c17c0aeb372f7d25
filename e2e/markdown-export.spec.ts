/**
 * `Export <title> as Markdown` in the sessions sidebar: the downloaded file has each message's role and time,
 * the thinking folded, the tool call summarised with a link to the file it wrote, the attachments listed and the
 * latest version of every file Claude wrote.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, send, test } from './support/test';

const CSV = fileURLToPath(new URL('./fixtures/files/csv-utf8.csv', import.meta.url));

test('Export as Markdown downloads a readable session: roles, times, thinking, tools, files, artifacts', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      text: 'Making it.',
      input: { command: 'create', filename: 'hello.html', content: '<h1>Hi</h1>' },
    }),
  );
  await anthropic.reply(sse.thinking({ thinking: 'The page is done.', text: 'Here is your page.' }));
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(CSV);
  await expect(app.getByRole('button', { name: 'Remove csv-utf8.csv' })).toBeVisible();
  await send(app, 'Make a page from this table');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Here is your page.');
  const sidebar = app.getByRole('navigation', { name: 'Sessions' });
  await expect(sidebar).toContainText('Here is your page.');

  const downloading = app.waitForEvent('download');
  await sidebar.getByRole('button', { name: /^Actions for / }).click();
  await sidebar.getByRole('menuitem', { name: /^Export .* as Markdown$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');

  const time = String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC`;
  expect(text).toMatch(new RegExp(`^# .+\\n\\n_Created ${time} · model [^·]+ · \\d+ messages_\\n`));
  expect(text).toMatch(
    new RegExp(
      `## You · ${time}\\n\\nMake a page from this table\\n\\n\\*\\*Attached:\\*\\*\\n\\n- \`csv-utf8\\.csv\` — text/markdown, \\d+ bytes, 3 rows · about \\d+ tokens`,
    ),
  );
  expect(text).toMatch(
    new RegExp(
      `## Claude · ${time}\\n\\nMaking it\\.\\n\\n> \\*\\*Tool call\\*\\* \`artifacts\`: create \\[hello\\.html\\]\\(#artifact-1\\)`,
    ),
  );
  expect(text).toMatch(
    new RegExp(`_Claude created \\[hello\\.html\\]\\(#artifact-1\\) \\(version 1\\) · ${time}\\._`),
  );
  expect(text).toMatch(new RegExp(`<details>\\n<summary>Result of \`artifacts\` · ${time}</summary>`));
  expect(text).toContain(
    '<details>\n<summary>Thinking</summary>\n\nThe page is done.\n\n</details>\n\nHere is your page.',
  );
  expect(text).toMatch(
    /## Files Claude wrote\n\n<a id="artifact-1"><\/a>\n\n### hello\.html\n\n_Version 1, the latest\._\n\n```html\n<h1>Hi<\/h1>\n```\n$/,
  );
});
