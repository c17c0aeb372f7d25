import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, sessionAction, test } from './support/test';

// Projects: a project's instructions and knowledge files reach every request of its chats (behind prompt-cache
// breakpoints, so the second request reads them from the cache), the sidebar groups chats by project, chats move
// between projects and pin to the top, all of it survives a reload, and the project views have no axe violations.

const KNOWLEDGE = 'e2e/fixtures/projects/garden-notes.md';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const projectDialog = (page: Page) => page.getByRole('dialog', { name: /^(New|Edit) project$/ });
const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });

type Block = { type: string; text?: string; cache_control?: unknown };
type Body = { system?: Block[]; messages: { role: string; content: string | Block[] }[] };

/** Creates a project through its dialog: name, instructions and the knowledge file. */
async function createProject(page: Page, name: string, instructions: string): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'New project' }).click();
  const dialog = projectDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Instructions' }).fill(instructions);
  const picking = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add files' }).click();
  await (await picking).setFiles(KNOWLEDGE);
  await expect(dialog.getByRole('list', { name: 'Files' })).toContainText('garden-notes.md');
  await expect(dialog).toContainText(/about [\d,]+ tokens with every message/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a project’s instructions and files reach each request, read from the prompt cache the second time', async ({
  app,
  anthropic,
}) => {
  await createProject(app, 'Garden', 'Use metric units. Keep answers short.');
  // A new project opens on a new chat in it.
  await expect(app).toHaveURL(/#\/p\//);
  await expect(app.getByRole('group', { name: 'Project' })).toContainText(
    'In Garden · its instructions and 1 file go with every message',
  );

  await anthropic.reply(sse.text('Bed 1 is for beans.'));
  await send(app, 'Which bed has beans?');
  await expect(claude(app)).toContainText('Bed 1 is for beans.');
  await anthropic.reply(sse.text('Water twice a week.'));
  await send(app, 'How often do I water?');
  await expect(claude(app).last()).toContainText('Water twice a week.');

  const [first, second] = (await messageRequests(anthropic)).map((r) => r.body as unknown as Body);
  for (const body of [first, second]) {
    if (!body) throw new Error('two requests were expected');
    const system = body.system ?? [];
    expect(system.at(-1)?.text).toContain('Use metric units. Keep answers short.');
    expect(system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    const opening = body.messages[0]?.content as Block[];
    expect(opening[0]?.text).toContain('The files of the project “Garden”');
    const file = opening.findIndex((b) => b.text?.includes('Bed 12: tomatoes'));
    expect(file).toBeGreaterThan(0);
    expect(opening[file]?.cache_control).toEqual({ type: 'ephemeral' });
    expect(opening.at(-1)?.text).toBe('Which bed has beans?');
  }
  // The second answer's usage: the project's prefix came from the cache.
  const usages = await app.evaluate(() =>
    (document.querySelector('easel-app')?.agent?.state.messages ?? [])
      .filter((m) => m.role === 'assistant')
      .map((m) => (m.role === 'assistant' ? m.usage : undefined)),
  );
  expect(usages[0]?.cacheWrite).toBeGreaterThan(0);
  expect(usages[1]?.cacheRead).toBeGreaterThan(1000);
  // The cache share is in the top bar's Usage popover.
  await app
    .getByRole('banner')
    .getByRole('button', { name: /^Usage/ })
    .click();
  await expect(app.getByRole('dialog', { name: 'Usage' })).toBeVisible();
  // Its rows are drawn inside the popover's own element: found by their text, as the panel-room spec does.
  await expect(app.getByText(/^Cache [1-9]\d*%$/)).toBeVisible();
  await app.keyboard.press('Escape');

  // The chat is listed in its project, and reloads there.
  const chats = sidebar(app).getByRole('list', { name: 'Chats in Garden' });
  await expect(chats.getByRole('link', { name: 'Which bed has beans?' })).toBeVisible();
  await app.reload();
  await expect(sidebar(app).getByRole('list', { name: 'Chats in Garden' })).toContainText(
    'Which bed has beans?',
  );
  await expect(app.getByRole('group', { name: 'Project' })).toContainText('In Garden');
});

test('chats move between projects and pin to the top, by keyboard, and stay there after a reload', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Noted.'));
  await send(app, 'A loose chat');
  await expect(claude(app)).toContainText('Noted.');
  await createProject(app, 'Taxes', 'Cite the form numbers.');

  const list = sidebar(app);
  await expect(list.getByRole('list', { name: 'Today' })).toContainText('A loose chat');
  await (await sessionAction(list, 'A loose chat', 'Move A loose chat to a project')).click();
  const move = list.getByRole('group', { name: 'Move A loose chat to' });
  await expect(move.getByRole('button', { name: 'No project' })).toBeFocused();
  await expect(move.getByRole('button', { name: 'No project' })).toHaveAttribute('aria-pressed', 'true');
  await app.keyboard.press('Tab');
  await expect(move.getByRole('button', { name: 'Taxes' })).toBeFocused();
  await app.keyboard.press('Enter');
  const taxes = list.getByRole('list', { name: 'Chats in Taxes' });
  await expect(taxes).toContainText('A loose chat');
  // Focus follows the row to its new place.
  await expect(taxes.getByRole('button', { name: 'Actions for A loose chat' })).toBeFocused();

  // The next request of that chat carries the project it is in now.
  await app.getByRole('link', { name: 'A loose chat' }).click();
  await anthropic.reply(sse.text('Form 1040.'));
  await send(app, 'Which form?');
  await expect(claude(app).last()).toContainText('Form 1040.');
  const last = (await messageRequests(anthropic)).at(-1)?.body as unknown as Body;
  expect(last.system?.at(-1)?.text).toContain('Cite the form numbers.');

  await (await sessionAction(taxes, 'A loose chat', 'Pin A loose chat')).click();
  const pinned = list.getByRole('list', { name: 'Pinned' });
  await expect(pinned).toContainText('A loose chat');
  await expect(pinned.getByRole('button', { name: 'Actions for A loose chat' })).toBeFocused();
  await expect(list.getByRole('button', { name: /^Taxes/ })).toBeVisible();

  await app.reload();
  await expect(sidebar(app).getByRole('list', { name: 'Pinned' })).toContainText('A loose chat');
  await (await sessionAction(sidebar(app), 'A loose chat', 'Unpin A loose chat')).click();
  await expect(sidebar(app).getByRole('list', { name: 'Chats in Taxes' })).toContainText('A loose chat');
  await expect(sidebar(app).getByRole('list', { name: 'Pinned' })).toHaveCount(0);
});

test('New chat in a project starts there; deleting the project keeps its chats', async ({
  app,
  anthropic,
}) => {
  await createProject(app, 'Garden', 'Use metric units.');
  await anthropic.reply(sse.text('First answer.'));
  await send(app, 'First garden chat');
  await expect(claude(app)).toContainText('First answer.');

  await app.getByRole('button', { name: 'New chat' }).first().click();
  await expect(app.getByRole('group', { name: 'Project' })).toHaveCount(0);
  await sidebar(app).getByRole('link', { name: 'New chat in Garden' }).click();
  await expect(app).toHaveURL(/#\/p\//);
  await anthropic.reply(sse.text('Second answer.'));
  await send(app, 'Second garden chat');
  await expect(claude(app)).toContainText('Second answer.');
  const chats = sidebar(app).getByRole('list', { name: 'Chats in Garden' });
  await expect(chats.getByRole('link')).toHaveCount(2);
  const last = (await messageRequests(anthropic)).at(-1)?.body as unknown as Body;
  expect(last.system?.at(-1)?.text).toContain('Use metric units.');

  await sidebar(app).getByRole('button', { name: 'Edit project Garden' }).click();
  const dialog = projectDialog(app);
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  const confirm = dialog.getByRole('alertdialog');
  await expect(confirm).toContainText('Its 2 chats stay, outside any project');
  await expect(confirm.getByRole('button', { name: 'Delete project' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(dialog).toBeHidden();
  await expect(sidebar(app).getByRole('button', { name: /^Garden/ })).toHaveCount(0);
  await expect(sidebar(app).getByRole('list', { name: 'Today' }).getByRole('link')).toHaveCount(2);

  // Without a project the next request carries no project instructions or files.
  await anthropic.reply(sse.text('Third answer.'));
  await send(app, 'After the project');
  await expect(claude(app).last()).toContainText('Third answer.');
  const after = (await messageRequests(anthropic)).at(-1)?.body as unknown as Body;
  expect(JSON.stringify(after.system)).not.toContain('Use metric units.');
  expect(JSON.stringify(after.messages)).not.toContain('garden-notes.md');
});

test('the command palette starts a chat in a project and opens its editor, by keyboard', async ({ app }) => {
  await createProject(app, 'Garden', 'Use metric units.');
  await app.getByRole('button', { name: 'New chat' }).first().click();
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  const search = app.getByRole('combobox', { name: 'Search commands and sessions' });
  await app.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await app.keyboard.type('new chat in garden');
  await expect(palette.getByRole('option', { name: 'New chat in Garden', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL(/#\/p\//);
  await expect(app.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(app.getByRole('group', { name: 'Project' })).toContainText('In Garden');
  await app.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await app.keyboard.type('edit project');
  await expect(palette.getByRole('option', { name: 'Edit project Garden', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await app.keyboard.press('Enter');
  await expect(projectDialog(app)).toBeVisible();
  await expect(projectDialog(app).getByRole('textbox', { name: 'Name' })).toHaveValue('Garden');
});

test('a file the project editor refuses says why, and Cancel stores nothing', async ({ app }) => {
  await sidebar(app).getByRole('button', { name: 'New project' }).click();
  const dialog = projectDialog(app);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Scratch');
  const picking = app.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add files' }).click();
  await (await picking).setFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ\u0090\u0000\u0003'),
  });
  await expect(dialog.getByRole('alert')).toContainText('tool.exe');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(sidebar(app).getByRole('button', { name: 'New project' })).toBeFocused();
  await expect(sidebar(app)).toContainText('A project keeps instructions and files for all its chats.');
  const stored = await app.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('easel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
    const counts = { projects: await count('projects'), attachments: await count('attachments') };
    db.close();
    return counts;
  });
  expect(stored).toEqual({ projects: 0, attachments: 0 });
});

test('a link to a project that is not there opens a plain new chat', async ({ app, anthropic }) => {
  await app.evaluate(() => {
    location.hash = '#/p/no-such-project';
  });
  await expect(app).toHaveURL(/#\/$/);
  await anthropic.reply(sse.text('Hello.'));
  await send(app, 'A plain chat');
  await expect(claude(app)).toContainText('Hello.');
  await expect(app.getByRole('group', { name: 'Project' })).toHaveCount(0);
  await expect(sidebar(app).getByRole('list', { name: 'Today' })).toContainText('A plain chat');
  const stored = await app.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('easel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<{ projectId?: string }[]>((resolve) => {
      const request = db.transaction('sessions').objectStore('sessions').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return all.map((s) => s.projectId ?? null);
  });
  expect(stored).toEqual([null]);
});

test('the project views have no axe violations', async ({ app, anthropic }) => {
  await createProject(app, 'Garden', 'Use metric units.');
  await anthropic.reply(sse.text('Noted.'));
  await send(app, 'A garden chat');
  await expect(claude(app)).toContainText('Noted.');
  await (await sessionAction(sidebar(app), 'A garden chat', 'Move A garden chat to a project')).click();
  // The sidebar with a project open, its chats, the move choices, and the project bar.
  expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
  await app.keyboard.press('Escape');
  await sidebar(app).getByRole('button', { name: 'Edit project Garden' }).click();
  await projectDialog(app).getByRole('button', { name: 'Delete project' }).click();
  // The dialog with its files and the delete question.
  expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
});
