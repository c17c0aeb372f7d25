import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test, toolResultText } from './support/test';

// The `artifacts` tool end to end: scripted tool calls from the fake API, the panel, the preview, versions,
// edits by the person, and the panel rebuilt from the saved session.

type ArtifactsInput = {
  command: 'create' | 'update' | 'rewrite' | 'get' | 'delete' | 'logs';
  filename: string;
  content?: string;
  old_str?: string;
  new_str?: string;
};
type SseOptions = { id?: string; text?: string; deltaSize?: number; holdAfter?: number; delayMs?: number };

/** A streamed `artifacts` tool call, as the model would make it. */
function artifactsCall(input: ArtifactsInput, options: SseOptions = {}) {
  return sse.toolUse({ name: 'artifacts', input, ...options });
}

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const tab = (page: Page, filename: string) => panel(page).getByRole('tab', { name: filename, exact: true });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const versions = (page: Page) => panel(page).getByRole('combobox', { name: 'Version' });

type WireBlock = { type: string; text?: string; tool_use_id?: string; content?: string | WireBlock[] };
type WireMessage = { role: string; content: string | WireBlock[] };

function wireMessages(body: Record<string, unknown>): WireMessage[] {
  return (body.messages ?? []) as WireMessage[];
}

/** The text blocks of a request's last message. */
function lastUserText(body: Record<string, unknown>): string {
  const last = wireMessages(body).at(-1);
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((b) => b.text ?? '').join('\n');
}

/** Asks for something and waits for the answer that ends the run. */
async function ask(page: Page, text: string, finalAnswer: string): Promise<void> {
  const answers = await claude(page).count();
  await send(page, text);
  await expect(claude(page).nth(answers)).toBeVisible();
  await expect(claude(page).last()).toContainText(finalAnswer);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
}

test('an HTML page runs in the preview, and its log line and error reach the next request', async ({
  app,
  anthropic,
}) => {
  const page = [
    '<h1>Counter</h1>',
    '<script>',
    "document.body.insertAdjacentHTML('beforeend', '<p>Written by the script</p>');",
    "console.log('the log line', 42);",
    "throw new Error('the thrown error');",
    '</script>',
  ].join('\n');
  await anthropic.reply(
    artifactsCall(
      { command: 'create', filename: 'index.html', content: page },
      { id: 'toolu_create', text: 'Here is a page.' },
    ),
  );
  await anthropic.reply(sse.text('The page logs and throws.'));

  await ask(app, 'Make a page that logs and throws', 'The page logs and throws.');

  await expect(tab(app, 'index.html')).toHaveAttribute('aria-selected', 'true');
  await expect(preview(app, 'index.html').getByText('Written by the script')).toBeVisible();
  const [, second] = await messageRequests(anthropic);
  const result = toolResultText(second?.body ?? {}, 'toolu_create');
  expect(result).toContain('Created index.html (version 1');
  expect(result).toContain('[log] the log line 42');
  expect(result).toMatch(/\[error\] Uncaught Error: the thrown error \(line 5/);
  // The person sees the same console under the preview.
  const console = panel(app).getByRole('region', { name: 'Console' });
  await expect(console).toContainText('1 error');
  await console.getByRole('button', { name: /Console/ }).click();
  await expect(console.getByRole('list', { name: 'Console entries' })).toContainText('the log line 42');
});

test('the panel shows the file while the call is still streaming', async ({ app, anthropic }) => {
  const content = [
    '<h1>Streaming title</h1>',
    ...Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the page.</p>`),
    '<p>The very end</p>',
  ].join('\n');
  const input: ArtifactsInput = { command: 'create', filename: 'index.html', content };
  const deltaSize = 24;
  // message_start, content_block_start, ping and an empty first delta come before the arguments.
  const json = JSON.stringify(input);
  const holdAfter = 4 + Math.ceil((json.indexOf('Paragraph 3 ') + 20) / deltaSize);
  await anthropic.reply(artifactsCall(input, { deltaSize, holdAfter }));
  await anthropic.reply(sse.text('Done writing.'));

  await send(app, 'Write a long page');

  await expect(tab(app, 'index.html')).toBeVisible();
  await expect(panel(app).getByText('Writing…')).toBeVisible();
  await expect(preview(app, 'index.html').getByRole('heading', { name: 'Streaming title' })).toBeVisible();
  await panel(app).getByRole('button', { name: 'Code' }).click();
  const code = panel(app).getByRole('region', { name: 'index.html code' });
  await expect(code).toContainText('Paragraph 2 of the page.');
  await expect(code).not.toContainText('The very end');
  expect(await anthropic.held()).toBe(1);

  await anthropic.release();

  await expect(code).toContainText('The very end');
  await expect(panel(app).getByText('Writing…')).toBeHidden();
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(preview(app, 'index.html').getByText('The very end')).toBeVisible();
  await expect(claude(app).last()).toContainText('Done writing.');
});

test('update and rewrite change the preview; delete removes the tab', async ({ app, anthropic }) => {
  const page = '<p>Greeting: <span>Version one</span></p><p>Footer</p>';
  await anthropic.reply(artifactsCall({ command: 'create', filename: 'index.html', content: page }));
  await anthropic.reply(sse.text('Created.'));
  await ask(app, 'Make a greeting page', 'Created.');
  await expect(preview(app, 'index.html').getByText('Greeting: Version one')).toBeVisible();

  await anthropic.reply(
    artifactsCall(
      { command: 'update', filename: 'index.html', old_str: 'Version one', new_str: 'Version two' },
      { id: 'toolu_update' },
    ),
  );
  await anthropic.reply(sse.text('Updated.'));
  await ask(app, 'Change the greeting', 'Updated.');
  await expect(preview(app, 'index.html').getByText('Greeting: Version two')).toBeVisible();
  await expect(preview(app, 'index.html').getByText('Footer')).toBeVisible();

  await anthropic.reply(
    artifactsCall({ command: 'rewrite', filename: 'index.html', content: '<h1>All new page</h1>' }),
  );
  await anthropic.reply(sse.text('Rewritten.'));
  await ask(app, 'Start over', 'Rewritten.');
  await expect(preview(app, 'index.html').getByRole('heading', { name: 'All new page' })).toBeVisible();
  await expect(preview(app, 'index.html').getByText('Footer')).toBeHidden();

  await anthropic.reply(
    artifactsCall({ command: 'create', filename: 'notes.md', content: '# Notes\n\nKeep.' }),
  );
  await anthropic.reply(artifactsCall({ command: 'delete', filename: 'index.html' }, { id: 'toolu_delete' }));
  await anthropic.reply(sse.text('Deleted the page.'));
  await ask(app, 'Write notes and delete the page', 'Deleted the page.');
  await expect(tab(app, 'index.html')).toHaveCount(0);
  await expect(tab(app, 'notes.md')).toHaveAttribute('aria-selected', 'true');
  await expect(panel(app).getByRole('heading', { name: 'Notes' })).toBeVisible();

  const requests = await messageRequests(anthropic);
  expect(toolResultText(requests[3]?.body ?? {}, 'toolu_update')).toContain('Updated index.html (version 2');
  expect(toolResultText(requests.at(-1)?.body ?? {}, 'toolu_delete')).toBe(
    'Deleted index.html. Files: notes.md.',
  );
});

test('versions: an older one can be viewed, diffed and restored, and the model hears of it', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    artifactsCall({
      command: 'create',
      filename: 'index.html',
      content: '<p>Blue sky</p>\n<p>Same line</p>',
    }),
  );
  await anthropic.reply(sse.text('Made it.'));
  await ask(app, 'Make a page', 'Made it.');
  await anthropic.reply(
    artifactsCall({ command: 'update', filename: 'index.html', old_str: 'Blue sky', new_str: 'Grey sky' }),
  );
  await anthropic.reply(sse.text('Changed it.'));
  await ask(app, 'Make it grey', 'Changed it.');
  await expect(preview(app, 'index.html').getByText('Grey sky')).toBeVisible();

  await panel(app).getByRole('button', { name: 'Changes' }).click();
  const changes = panel(app).getByRole('group', { name: 'Changes from version 1 to version 2' });
  await expect(changes).toContainText('1 added, 1 removed');
  await expect(changes).toContainText('Blue sky');
  await expect(changes).toContainText('Grey sky');

  await expect(versions(app)).toHaveValue('2');
  await versions(app).selectOption({ label: 'Version 1' });
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(preview(app, 'index.html').getByText('Blue sky')).toBeVisible();
  await panel(app).getByRole('button', { name: 'Restore this version' }).click();

  await expect(versions(app)).toHaveValue('3');
  await expect(
    versions(app).getByRole('option', { name: 'Version 3 (latest, restored by you)' }),
  ).toHaveCount(1);
  await expect(preview(app, 'index.html').getByText('Blue sky')).toBeVisible();
  await expect(panel(app).getByRole('button', { name: 'Restore this version' })).toBeHidden();

  await anthropic.reply(sse.text('Noted.'));
  await ask(app, 'I went back to blue', 'Noted.');
  const last = (await messageRequests(anthropic)).at(-1);
  const text = lastUserText(last?.body ?? {});
  expect(text).toContain('The user restored version 1 of index.html (now version 3); its content is now:');
  expect(text).toContain('<p>Blue sky</p>');
  expect(text.indexOf('The user restored')).toBeLessThan(text.indexOf('I went back to blue'));
});

test("the person's edit shows in the preview and reaches the next request as a note", async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    artifactsCall({ command: 'create', filename: 'index.html', content: '<h1>Model title</h1>' }),
  );
  await anthropic.reply(sse.text('Here you go.'));
  await ask(app, 'Make a page', 'Here you go.');

  await panel(app).getByRole('button', { name: 'Code' }).click();
  await panel(app).getByRole('button', { name: 'Edit' }).click();
  await panel(app).getByRole('textbox', { name: 'Edit index.html' }).fill('<h1>My own title</h1>');
  await panel(app).getByRole('button', { name: 'Save' }).click();
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(preview(app, 'index.html').getByRole('heading', { name: 'My own title' })).toBeVisible();
  await expect(versions(app).getByRole('option', { name: 'Version 2 (latest, edited by you)' })).toHaveCount(
    1,
  );

  await anthropic.reply(sse.text('Nice title.'));
  await ask(app, 'What do you think of my title?', 'Nice title.');
  const requests = await messageRequests(anthropic);
  const text = lastUserText(requests.at(-1)?.body ?? {});
  expect(text).toContain('The user edited index.html (now version 2); its content is now:');
  expect(text).toContain('```html\n<h1>My own title</h1>\n```');
  expect(text).toContain('What do you think of my title?');
  // The model's own change was a tool call; its record is not repeated as a note.
  expect(JSON.stringify(requests.at(-1)?.body.messages)).not.toContain('The user created');
});

/** What the panel holds, file by file: tab names in order, versions, and each file's source. */
async function panelSnapshot(page: Page) {
  const names = await panel(page).getByRole('tab').allTextContents();
  const files: { name: string; versions: string[]; code: string }[] = [];
  for (const name of names) {
    await tab(page, name).click();
    await panel(page).getByRole('button', { name: 'Code' }).click();
    const code = panel(page).getByRole('region', { name: `${name} code` });
    await expect(code).toBeVisible();
    const select = versions(page);
    files.push({
      name,
      versions: (await select.count()) > 0 ? await select.getByRole('option').allTextContents() : [],
      code: (await code.textContent()) ?? '',
    });
  }
  return { names, files };
}

test('after a reload the panel is rebuilt exactly as it was', async ({ app, anthropic }) => {
  await anthropic.reply(
    artifactsCall({ command: 'create', filename: 'index.html', content: '<h1>Page</h1>\n<p>one</p>' }),
  );
  await anthropic.reply(
    artifactsCall({ command: 'create', filename: 'chart.svg', content: svgCircle('red') }),
  );
  await anthropic.reply(
    artifactsCall({
      command: 'update',
      filename: 'index.html',
      old_str: '<p>one</p>',
      new_str: '<p>two</p>',
    }),
  );
  await anthropic.reply(sse.text('Three changes made.'));
  await ask(app, 'Make a page and a chart', 'Three changes made.');
  await tab(app, 'chart.svg').click();
  await panel(app).getByRole('button', { name: 'Code' }).click();
  await panel(app).getByRole('button', { name: 'Edit' }).click();
  await panel(app).getByRole('textbox', { name: 'Edit chart.svg' }).fill(svgCircle('blue'));
  await panel(app).getByRole('button', { name: 'Save' }).click();
  await tab(app, 'index.html').click();
  await expect(app).toHaveURL(/#\/s\/[^/]+$/);
  await expect.poll(() => savedArtifactRecords(app)).toBe(4);

  const before = await panelSnapshot(app);
  expect(before.names).toEqual(['index.html', 'chart.svg']);
  expect(before.files[1]?.versions).toEqual(['Version 2 (latest, edited by you)', 'Version 1']);
  await tab(app, 'index.html').click();
  const url = app.url();

  await app.reload();

  await expect(app).toHaveURL(url);
  await expect(tab(app, 'index.html')).toBeVisible();
  expect(await panelSnapshot(app)).toEqual(before);
  await tab(app, 'chart.svg').click();
  await panel(app).getByRole('button', { name: 'Preview' }).click();
  await expect(preview(app, 'chart.svg').locator('circle')).toHaveAttribute('fill', 'blue');
});

function svgCircle(fill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="${fill}"/></svg>`;
}

/** How many `artifact` records of the open session are in IndexedDB. */
function savedArtifactRecords(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('messages').objectStore('messages').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            const records = all.result as { message: { role: string } }[];
            resolve(records.filter((r) => r.message.role === 'artifact').length);
          };
        };
      }),
  );
}
