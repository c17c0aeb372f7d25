/**
 * Memory across chats: the fake API scripts Claude's memory tool calls as the API's documentation shows them
 * (platform.claude.com/docs/en/agents-and-tools/tool-use/memory-tool: `view` of /memories first, `create` to
 * remember), and each check reads what the app sent back in the next request's tool result.
 */

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, importFile, messageRequests, send, test, toolResult } from './support/test';

/** Settings → Memory → the switch, as a person turns memory on (it is off until then). */
async function switchMemory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Memory' }).click();
  await dialog.getByRole('switch', { name: 'Let Claude remember across chats' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

const remember = (id: string) =>
  sse.toolUse({
    id,
    name: 'memory',
    text: 'I will remember that.',
    input: { command: 'create', path: '/memories/preferences.md', file_text: '- prefers metric units\n' },
  });
const recall = (id: string) =>
  sse.toolUse({ id, name: 'memory', input: { command: 'view', path: '/memories/preferences.md' } });

test('a fact told in one chat is used in a new chat, edited in Settings, and gone after delete', async ({
  app,
  anthropic,
}) => {
  await switchMemory(app);
  await anthropic.reply(remember('toolu_remember'), sse.text('Noted: metric it is.'));
  await send(app, 'I prefer metric units.');
  const card = app.getByRole('group', { name: 'Remembered: prefers metric units' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Noted: metric it is.');
  expect(await toolResult(anthropic, 'toolu_remember')).toBe(
    'File created successfully at: /memories/preferences.md',
  );
  const [first] = await messageRequests(anthropic);
  expect(first?.body.tools).toContainEqual(
    expect.objectContaining({ type: 'memory_20250818', name: 'memory' }),
  );
  expect(String(first?.headers['anthropic-beta'])).toContain('context-management-2025-06-27');

  // A new chat: Claude checks its memory and reads the fact back.
  await app.getByRole('button', { name: 'New chat' }).click();
  await anthropic.reply(recall('toolu_recall'), sse.text('That is about 5 km.'));
  await send(app, 'How far is 3 miles?');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('5 km');
  expect(await toolResult(anthropic, 'toolu_recall')).toContain('- prefers metric units');
  const requests = await messageRequests(anthropic);
  // The new chat's request does not carry the first chat: only the memory brought the fact along.
  const second = requests[2]?.body.messages as { content: unknown }[];
  expect(JSON.stringify(second[0])).not.toContain('I prefer metric units');

  // Settings → Memory: read it, change it.
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Memory' }).click();
  const memory = dialog.getByRole('region', { name: 'Memory' });
  await memory.getByRole('button', { name: 'Open /memories/preferences.md' }).click();
  const contents = memory.getByRole('textbox', { name: 'Contents of /memories/preferences.md' });
  await expect(contents).toHaveValue('- prefers metric units\n');
  await contents.fill('- prefers metric units, and Celsius\n');
  await memory.getByRole('button', { name: 'Save memory' }).click();
  await expect(memory.getByRole('status')).toHaveText('Saved /memories/preferences.md.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await app.getByRole('button', { name: 'New chat' }).click();
  await anthropic.reply(recall('toolu_edited'), sse.text('It is 20 °C.'));
  await send(app, 'What is 68 °F?');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('20 °C');
  expect(await toolResult(anthropic, 'toolu_edited')).toContain('- prefers metric units, and Celsius');

  // Deleted in Settings: the next chat finds nothing.
  await app.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Memory' }).click();
  await memory.getByRole('button', { name: 'Delete /memories/preferences.md' }).click();
  await expect(memory.getByRole('status')).toHaveText('Deleted /memories/preferences.md.');
  await expect(memory.getByText('Claude has not remembered anything yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await app.getByRole('button', { name: 'New chat' }).click();
  await anthropic.reply(recall('toolu_gone'), sse.text('I do not know your units.'));
  await send(app, 'Which units do I like?');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('I do not know');
  expect(await toolResult(anthropic, 'toolu_gone')).toBe(
    'The path /memories/preferences.md does not exist. Please provide a valid path.',
  );
});

test('Undo on a memory card takes the write back', async ({ app, anthropic }) => {
  await switchMemory(app);
  await anthropic.reply(remember('toolu_1'), sse.text('Noted.'));
  await send(app, 'I prefer metric units.');
  const card = app.getByRole('group', { name: 'Remembered: prefers metric units' });
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByRole('status')).toHaveText('Undone');
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Memory' }).click();
  const memory = app.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Memory' });
  await expect(memory.getByText('Claude has not remembered anything yet.')).toBeVisible();
});

test('a path outside /memories is an error result, and the chat goes on', async ({ app, anthropic }) => {
  await switchMemory(app);
  await anthropic.reply(
    sse.toolUse({
      id: 'toolu_bad',
      name: 'memory',
      input: { command: 'view', path: '/memories/../../etc/passwd' },
    }),
    sse.text('I cannot read that.'),
  );
  await send(app, 'Read your memory.');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('I cannot read that.');
  expect(await toolResult(anthropic, 'toolu_bad')).toBe(
    'Path /memories/../../etc/passwd would escape /memories directory',
  );
  const [, second] = await messageRequests(anthropic);
  expect(JSON.stringify(second?.body.messages)).toContain('"is_error":true');
});

test('memory is off until turned on, and off again sends no memory tool', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Hello.'), sse.text('Hello again.'));
  await send(app, 'Hi');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello.');
  await switchMemory(app);
  await switchMemory(app);
  await send(app, 'Hi again');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Hello again.');
  for (const request of await messageRequests(anthropic)) {
    expect(JSON.stringify(request.body.tools)).not.toContain('memory');
    expect(String(request.headers['anthropic-beta'] ?? '')).not.toContain('context-management');
  }
});

test('a memory card undoes after a reload, and once only', async ({ app, anthropic }) => {
  await switchMemory(app);
  await anthropic.reply(remember('toolu_reload'), sse.text('Noted.'));
  await send(app, 'I prefer metric units.');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Noted.');
  await app.reload();
  const card = app.getByRole('group', { name: 'Remembered: prefers metric units' });
  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByRole('status')).toHaveText('Undone');
  // Reloaded again, the card reads the files: the write is undone, and Undo is not offered a second time.
  await app.reload();
  await expect(card.getByRole('status')).toHaveText('Undone');
  await expect(card.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Memory' }).click();
  const memory = app.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Memory' });
  await expect(memory.getByText('Claude has not remembered anything yet.')).toBeVisible();
});

test('Export all keeps the memories, and Import into an empty browser brings them back', async ({
  app,
  anthropic,
  browser,
}) => {
  await switchMemory(app);
  await anthropic.reply(remember('toolu_export'), sse.text('Noted.'));
  await send(app, 'I prefer metric units.');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Noted.');

  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const downloading = app.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export all' }).click();
  const file = await (await downloading).path();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.memories).toEqual([
    expect.objectContaining({ space: 'person', path: 'preferences.md', text: '- prefers metric units\n' }),
  ]);

  // A browser with nothing stored (as after site data was wiped).
  const fresh = await browser.newContext({ baseURL: new URL(app.url()).origin });
  try {
    const page = await fresh.newPage();
    await page.goto('./');
    await importFile(page, file, 'Imported 1 session and 1 memory file.');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Memory' }).click();
    const memory = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Memory' });
    await memory.getByRole('button', { name: 'Open /memories/preferences.md' }).click();
    await expect(memory.getByRole('textbox', { name: 'Contents of /memories/preferences.md' })).toHaveValue(
      '- prefers metric units\n',
    );
  } finally {
    await fresh.close();
  }
});
