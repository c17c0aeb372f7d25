import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { httpError, sse } from './fake-anthropic/responses.mjs';
import { configure, expect, messageRequests, send, test } from './support/test';

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The text of a request's last message (a user turn's text blocks joined). */
function lastUserText(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: string | { type: string; text?: string }[] }[];
  const last = messages.at(-1);
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((b) => b.text ?? '').join('');
}

test('text appears while the answer is still streaming', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('First part. Second part.', { deltaSize: 11, holdAfter: 4 }));
  await send(app, 'Stream please');
  await expect(claude(app)).toContainText('First part.');
  await expect(claude(app)).not.toContainText('Second part.');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeVisible();
  await anthropic.release();
  await expect(claude(app)).toContainText('First part. Second part.');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();
});

test('answers and the model list are fetched by the stream worker: the page never loads the SDK', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Fetched elsewhere.'));
  await send(app, 'Who fetches this?');
  await expect(claude(app)).toContainText('Fetched elsewhere.');
  expect(app.workers().some((worker) => /stream-worker/.test(worker.url()))).toBe(true);
  const [request] = await messageRequests(anthropic);
  expect(request?.headers.authorization).toBe('Bearer sk-ant-test-key');
  // The model list is asked for from the worker too: the page itself never loads the SDK.
  await expect(app.getByRole('combobox', { name: 'Model' })).toBeVisible();
  const pageScripts = await app.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(pageScripts.filter((name) => /sdk-client/.test(name))).toEqual([]);
});

test('when an answer ends, what streamed keeps its elements: nothing is drawn twice', async ({
  app,
  anthropic,
}) => {
  const answer = ['First paragraph.', '', '- a list item', '', 'The last paragraph, still open.'].join('\n');
  await anthropic.reply(sse.text(answer, { deltaSize: 5, holdAfter: 12 }));
  await send(app, 'Two paragraphs please');
  const first = claude(app).getByText('First paragraph.');
  await expect(first).toBeVisible();
  const streamed = await first.elementHandle();
  await anthropic.release();
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(claude(app)).toContainText('The last paragraph, still open.');
  expect(await streamed?.evaluate((element) => element.isConnected)).toBe(true);
  await expect(claude(app).getByText('First paragraph.')).toHaveCount(1);
  await expect(claude(app).getByText('The last paragraph, still open.')).toHaveCount(1);
  await expect(claude(app).getByRole('listitem')).toHaveCount(1);
});

test('a long answer streamed fast arrives whole and in order, and is not busy once done', async ({
  app,
  anthropic,
}) => {
  // 120 sections of heading, paragraph, list, code and table: far more than one update renders at once.
  const sections = Array.from({ length: 120 }, (_, i) =>
    [
      `## Section ${i + 1}`,
      '',
      `Paragraph ${i + 1} with **bold** and \`code\`.`,
      '',
      `- item ${i + 1}`,
      '',
      '```ts',
      `const n${i + 1} = ${i + 1};`,
      '```',
      '',
      '| k | v |',
      '|---|---|',
      `| ${i + 1} | ${(i + 1) * 2} |`,
    ].join('\n'),
  );
  await anthropic.reply(sse.text(sections.join('\n\n'), { deltaSize: 400 }));
  await send(app, 'Write a lot');
  const answer = claude(app);
  await expect(answer.getByRole('heading', { level: 2 })).toHaveCount(120);
  const headings = await answer.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual(sections.map((_, i) => `Section ${i + 1}`));
  await expect(answer.getByRole('table')).toHaveCount(120);
  await expect(answer.locator('easel-markdown[aria-busy]')).toHaveCount(0);
  await expect(answer).toContainText('const n120 = 120;');
});

test('Markdown renders tables, links and code with a language label and a working Copy', async ({
  app,
  anthropic,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const answer = [
    'Here is a [link](https://example.com/docs).',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    '```python',
    'print("hello")',
    '```',
  ].join('\n');
  await anthropic.reply(sse.text(answer));
  await send(app, 'Show me');
  await expect(claude(app).getByRole('table')).toBeVisible();
  const link = claude(app).getByRole('link', { name: 'link' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(claude(app).getByText('python', { exact: true })).toBeVisible();
  await claude(app).getByRole('button', { name: 'Copy python code' }).click();
  await expect(claude(app).getByRole('button', { name: 'Copy python code' })).toHaveText('Copied');
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe('print("hello")');
});

test('a remote image in an answer is not loaded until the person agrees', async ({
  app,
  anthropic,
  network,
}) => {
  await anthropic.reply(sse.text('Look: ![chart](http://127.0.0.1:9/tracker.png)'));
  const imageRequests: string[] = [];
  app.on('request', (r) => {
    if (r.url().includes('tracker.png')) imageRequests.push(r.url());
  });
  await send(app, 'Picture?');
  const load = claude(app).getByRole('button', { name: 'Load images' });
  await expect(load).toBeVisible();
  expect(imageRequests).toEqual([]);
  expect(network.outside).toEqual([]);
  // The person agrees: from here the image's host may be reached.
  network.allow('http://127.0.0.1:9');
  await load.click();
  await expect.poll(() => imageRequests.length).toBe(1);
});

test('thinking streams into a collapsible block and is sent back with its signature', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(
    sse.thinking({ thinking: 'Let me add 2 and 2.', signature: 'sig-abc', text: 'It is 4.' }),
  );
  await anthropic.reply(sse.text('Still 4.'));
  await send(app, 'What is 2+2?');
  await expect(claude(app)).toContainText('It is 4.');
  await claude(app).getByText('Thought process').click();
  await expect(claude(app)).toContainText('Let me add 2 and 2.');
  await send(app, 'Sure?');
  await expect(claude(app).nth(1)).toContainText('Still 4.');
  const [, second] = await messageRequests(anthropic);
  const messages = (second?.body.messages ?? []) as { role: string; content: { type: string }[] }[];
  const assistant = messages[1];
  expect(assistant?.content[0]).toEqual({
    type: 'thinking',
    thinking: 'Let me add 2 and 2.',
    signature: 'sig-abc',
  });
});

test('a tool call shows as a card with its arguments and its result', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.toolUse({ name: 'get_weather', input: { city: 'Paris' }, id: 'toolu_1', text: 'Checking.' }),
  );
  await anthropic.reply(sse.text('I cannot check the weather.'));
  await send(app, 'Weather in Paris?');
  const card = app.getByRole('group', { name: /Tool call: get_weather/ });
  await expect(card).toBeVisible();
  await card.getByText('get_weather', { exact: true }).click();
  await expect(card).toContainText('"city": "Paris"');
  await expect(card).toContainText('Tool "get_weather" not found');
  await expect(claude(app).last()).toContainText('I cannot check the weather.');
  const [, second] = await messageRequests(anthropic);
  const sent = (second?.body.messages ?? []) as { role: string; content: { type: string }[] }[];
  const toolTurn = sent[2];
  expect(toolTurn?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true });
});

test('Enter while Claude works steers: the message reaches the next request', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Working on it, step one and two.', { deltaSize: 8, holdAfter: 4 }));
  await anthropic.reply(sse.text('Changed course.'));
  await send(app, 'Do the task');
  await expect(claude(app)).toContainText('Working');
  await composer(app).fill('Actually, do it differently');
  await composer(app).press('Enter');
  const queue = app.getByRole('list', { name: 'Queued messages' });
  await expect(queue).toContainText('Steering');
  await expect(queue).toContainText('Actually, do it differently');
  await anthropic.release();
  await expect(claude(app).last()).toContainText('Changed course.');
  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(2);
  expect(lastUserText(requests[1]?.body ?? {})).toBe('Actually, do it differently');
  await expect(queue).toBeHidden();
});

test('Alt+Enter queues a follow-up that is sent after the answer', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('First answer here.', { deltaSize: 6, holdAfter: 6 }));
  await anthropic.reply(sse.text('Follow-up answer.'));
  await send(app, 'Question one');
  await expect(claude(app)).toContainText('First');
  await composer(app).fill('And question two');
  await composer(app).press('Alt+Enter');
  await expect(app.getByRole('list', { name: 'Queued messages' })).toContainText('Follow-up');
  await anthropic.release();
  await expect(claude(app).last()).toContainText('Follow-up answer.');
  const requests = await messageRequests(anthropic);
  expect(lastUserText(requests[1]?.body ?? {})).toBe('And question two');
});

test('a queued message can be removed before it is sent', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Only answer.', { deltaSize: 4, holdAfter: 6 }));
  await send(app, 'Question');
  await expect(claude(app)).toContainText('Only');
  await composer(app).fill('Never mind this');
  await composer(app).press('Enter');
  await app.getByRole('button', { name: 'Remove queued message: Never mind this' }).click();
  await expect(app.getByRole('list', { name: 'Queued messages' })).toBeHidden();
  await anthropic.release();
  await expect(claude(app)).toContainText('Only answer.');
  await expect(app.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  expect(await messageRequests(anthropic)).toHaveLength(1);
});

test('Stop keeps what streamed and offers Retry', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Partial answer that never ends.', { deltaSize: 8, holdAfter: 4 }));
  await anthropic.reply(sse.text('A complete answer.'));
  await send(app, 'Go');
  await expect(claude(app)).toContainText('Partial');
  await app.getByRole('button', { name: 'Stop' }).click();
  await expect(claude(app).getByRole('status')).toHaveText('Stopped');
  await expect(claude(app).getByRole('alert')).toHaveCount(0);
  await expect(claude(app)).toContainText('Partial');
  await claude(app).getByRole('button', { name: 'Retry' }).click();
  await expect(claude(app)).toContainText('A complete answer.');
  await expect(claude(app)).toHaveCount(1);
});

test('Stop and Retry pressed from the keyboard leave focus in the message box, where the person goes on', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Partial answer that never ends.', { deltaSize: 8, holdAfter: 4 }));
  await anthropic.reply(sse.text('A complete answer.', { deltaSize: 8, holdAfter: 1 }));
  await send(app, 'Go');
  await expect(claude(app)).toContainText('Partial');
  await app.getByRole('button', { name: 'Stop' }).press('Enter');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(composer(app)).toBeFocused();
  await claude(app).getByRole('button', { name: 'Retry' }).press('Enter');
  await expect(composer(app)).toBeFocused();
  // The retried answer ends by itself while Stop has focus: focus goes back to the box all the same.
  await app.getByRole('button', { name: 'Stop' }).focus();
  await anthropic.release();
  await expect(claude(app)).toContainText('A complete answer.');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(composer(app)).toBeFocused();
});

test('Esc stops the answer too', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Streaming slowly here.', { deltaSize: 5, holdAfter: 6 }));
  await send(app, 'Go');
  await expect(claude(app)).toContainText('Stream');
  await composer(app).press('Escape');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(claude(app)).toContainText('Stream');
});

test('editing a message resends from there', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Answer to the first wording.'));
  await anthropic.reply(sse.text('Answer to the new wording.'));
  await send(app, 'First wording');
  await expect(claude(app)).toContainText('Answer to the first wording.');
  await app.getByRole('article', { name: 'You' }).getByRole('button', { name: 'Edit' }).click();
  await app.getByRole('textbox', { name: 'Edit message' }).fill('New wording');
  await app.getByRole('button', { name: 'Save and send' }).click();
  await expect(claude(app)).toContainText('Answer to the new wording.');
  await expect(app.getByRole('article', { name: 'You' })).toHaveCount(1);
  const requests = await messageRequests(anthropic);
  expect(requests[1]?.body.messages).toEqual([
    { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'New wording' })] },
  ]);
});

test('Regenerate replaces the last answer', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Take one.'));
  await anthropic.reply(sse.text('Take two.'));
  await send(app, 'Tell me');
  await expect(claude(app)).toContainText('Take one.');
  await app.getByRole('button', { name: 'Regenerate' }).click();
  await expect(claude(app)).toContainText('Take two.');
  await expect(claude(app)).toHaveCount(1);
  const requests = await messageRequests(anthropic);
  expect(requests[1]?.body.messages).toEqual(requests[0]?.body.messages);
});

test('the chosen model and effort reach the request and are remembered', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('ok'));
  const model = app.getByRole('combobox', { name: 'Model' });
  await expect(model.getByRole('option', { name: /Claude Sonnet 4\.6/ })).toHaveCount(1);
  await model.selectOption('claude-sonnet-4-6');
  await app.getByRole('combobox', { name: 'Thinking' }).selectOption('high');
  await send(app, 'Hi');
  await expect(claude(app)).toContainText('ok');
  const [request] = await messageRequests(anthropic);
  expect(request?.body.model).toBe('claude-sonnet-4-6');
  expect(request?.body.output_config).toEqual({ effort: 'high' });
  expect(request?.body.thinking).toEqual({ type: 'adaptive' });
  await app.reload();
  await expect(app.getByRole('combobox', { name: 'Model' })).toHaveValue('claude-sonnet-4-6');
  await expect(app.getByRole('combobox', { name: 'Thinking' })).toHaveValue('high');
});

test('a 401 reopens the key prompt with the API message', async ({ app, anthropic }) => {
  await anthropic.reply(httpError(401, '401_authentication_error.invalid_x_api_key'));
  await anthropic.reply(sse.text('Welcome back.'));
  await send(app, 'Hello');
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText(/key/i);
  await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-new-key');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await claude(app).getByRole('button', { name: 'Retry' }).click();
  await expect(claude(app)).toContainText('Welcome back.');
  const requests = await messageRequests(anthropic);
  expect(requests[1]?.headers.authorization).toBe('Bearer sk-ant-new-key');
});

test('with "Remember on this device" off, no key is stored in IndexedDB', async ({ page, anthropic }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-memory-only');
  await dialog.getByRole('switch', { name: 'Remember on this device' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await anthropic.reply(sse.text('Works from memory.'));
  await send(page, 'Hi');
  await expect(claude(page)).toContainText('Works from memory.');
  const stored = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('easel');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('keys').objectStore('keys').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
        };
      }),
  );
  expect(stored).not.toContain('sk-ant-memory-only');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
});

test('dark mode follows the system and the Theme setting', async ({ app }) => {
  await app.emulateMedia({ colorScheme: 'dark' });
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.emulateMedia({ colorScheme: 'light' });
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByRole('tab', { name: 'Theme & limits' }).click();
  await app.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await app.getByRole('button', { name: 'Save' }).click();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await app.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(27, 26, 24)');
});

test('the layout fits a narrow screen without sideways scrolling', async ({ page, anthropic }) => {
  await page.setViewportSize({ width: 390, height: 740 });
  await page.goto('./');
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  await anthropic.reply(sse.text(`A long line: ${'word '.repeat(80)}\n\n\`\`\`\n${'x'.repeat(300)}\n\`\`\``));
  await send(page, 'Narrow');
  await expect(claude(page)).toContainText('A long line');
  await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('accessibility', () => {
  test('the empty chat has no axe violations', async ({ app }) => {
    const results = await new AxeBuilder({ page: app }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('a conversation with a tool call and code has no axe violations', async ({ app, anthropic }) => {
    await anthropic.reply(sse.toolUse({ name: 'lookup', input: { q: 'x' }, text: 'Let me look.' }));
    await anthropic.reply(sse.text('Done:\n\n```js\nconsole.log(1)\n```'));
    await send(app, 'Look it up');
    await expect(claude(app).last()).toContainText('Done');
    const results = await new AxeBuilder({ page: app }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('the settings dialog has no axe violations', async ({ app }) => {
    await app.getByRole('button', { name: 'Settings' }).click();
    await expect(app.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    const results = await new AxeBuilder({ page: app }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test('an artifact change shows as a pill that opens the file in the panel', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'notes.md', content: '# Notes\n\nHello.' },
      text: 'Writing notes.',
    }),
  );
  await anthropic.reply(sse.text('Done.'));
  await send(app, 'Take notes');
  const pill = app.getByRole('button', { name: 'Claude created notes.md (version 1)' });
  await expect(pill).toBeVisible();
  await app.getByRole('button', { name: 'Close artifacts' }).click();
  await expect(app.getByRole('region', { name: 'Artifacts' })).toBeHidden();
  await pill.click();
  await expect(app.getByRole('region', { name: 'Artifacts' })).toBeVisible();
  await expect(app.getByRole('tab', { name: 'notes.md' })).toHaveAttribute('aria-selected', 'true');
});
