import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, test } from './support/test';

// The command palette and the shortcuts, by keyboard alone: each command of the palette run with Ctrl+K, a
// few letters and Enter, focus where the person can go on typing, and the palette and the shortcuts dialog
// with no axe violations.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const box = (page: Page) => page.getByRole('combobox', { name: 'Search commands and sessions' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

/** Opens the palette with Ctrl+K, types `query` and runs the active option with Enter. */
async function run(page: Page, query: string, option: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type(query);
  await expect(palette(page).getByRole('option', { name: option, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

/** Sends a message by keyboard and waits for its answer. */
async function exchange(page: Page, question: string): Promise<void> {
  await composer(page).focus();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  await expect(claude(page).last()).toContainText(`Answer to ${question}`);
  await expect(sidebar(page)).toContainText(`Answer to ${question}`);
}

test('the palette runs each command by keyboard alone, focus staying where the person can go on', async ({
  app,
  anthropic,
}) => {
  // Some twenty commands, each through the palette: longer than one test usually takes on a busy machine.
  test.slow();
  await anthropic.reply(sse.text('Answer to lighthouse keepers'));
  await exchange(app, 'lighthouse keepers');
  const first = app.url();

  await run(app, 'new chat', 'New chat');
  await expect(app).toHaveURL(/#\/$/);
  await expect(composer(app)).toBeFocused();
  await expect(claude(app)).toHaveCount(0);

  // Session search: a word of the earlier message finds it.
  await app.keyboard.press('Control+K');
  await app.keyboard.type('lighthouse');
  await expect(palette(app).getByRole('group', { name: 'Sessions' }).getByRole('option')).toHaveCount(1);
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('Enter');
  await expect(app).toHaveURL(first);
  await expect(claude(app)).toContainText('Answer to lighthouse keepers');
  await expect(composer(app)).toBeFocused();

  await run(app, 'hide sessions', 'Hide sessions');
  await expect(sidebar(app)).toBeHidden();
  await expect(composer(app)).toBeFocused();
  await run(app, 'show sessions', 'Show sessions');
  await expect(sidebar(app)).toBeVisible();

  await run(app, 'sonnet 4.5', 'Switch model to Claude Sonnet 4.5');
  await expect(app.getByRole('combobox', { name: 'Model' })).toHaveValue('claude-sonnet-4-5');
  await run(app, 'thinking high', 'Set thinking to High');
  await expect(app.getByRole('combobox', { name: 'Thinking' })).toHaveValue('high');
  await run(app, 'turn thinking', 'Turn thinking off');
  await expect(app.getByRole('combobox', { name: 'Thinking' })).toHaveValue('off');
  await run(app, 'turn thinking', 'Turn thinking on');
  await expect(app.getByRole('combobox', { name: 'Thinking' })).toHaveValue('high');

  await run(app, 'artifacts', 'Show artifacts');
  await expect(
    app.getByRole('status').filter({ hasText: 'No artifacts in this session yet.' }),
  ).toBeVisible();

  let download = app.waitForEvent('download');
  await run(app, 'export json', 'Export this session (JSON)');
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
  download = app.waitForEvent('download');
  await run(app, 'export markdown', 'Export this session (Markdown)');
  expect((await download).suggestedFilename()).toMatch(/\.md$/);
  download = app.waitForEvent('download');
  await run(app, 'export all', 'Export all sessions');
  expect((await download).suggestedFilename()).toMatch(/\.json$/);

  await app.getByRole('button', { name: 'Settings' }).focus();
  await run(app, 'message box', 'Focus the message box');
  await expect(composer(app)).toBeFocused();

  await run(app, 'settings', 'Open settings');
  await expect(app.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog', { name: 'Settings' })).toBeHidden();

  await run(app, 'keyboard', 'Keyboard shortcuts');
  await expect(app.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(composer(app)).toBeFocused();
});

test('the artifacts command hides and shows the panel', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', input: { command: 'create', filename: 'note.md', content: '# Note' } }),
  );
  await anthropic.reply(sse.text('Written.'));
  await composer(app).focus();
  await app.keyboard.type('Write a note');
  await app.keyboard.press('Enter');
  const panel = app.getByRole('region', { name: 'Artifacts' });
  await expect(panel).toBeVisible();
  await expect(claude(app).last()).toContainText('Written.');
  await run(app, 'artifacts', 'Hide artifacts');
  await expect(panel).toBeHidden();
  await expect(composer(app)).toBeFocused();
  await app.keyboard.press('Alt+Shift+P');
  await expect(panel).toBeVisible();
});

test('shortcuts run the common commands without the palette; ? lists them', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Answer to tides'));
  await exchange(app, 'tides');
  await app.keyboard.press('Alt+Shift+N');
  await expect(app).toHaveURL(/#\/$/);
  await expect(composer(app)).toBeFocused();
  // In the message box, ? is typed.
  await app.keyboard.type('?');
  await expect(composer(app)).toHaveValue('?');
  await app.keyboard.press('Alt+Shift+S');
  await expect(sidebar(app)).toBeHidden();
  await app.keyboard.press('Alt+Shift+S');
  await expect(sidebar(app)).toBeVisible();
  await app.getByRole('button', { name: 'Settings' }).focus();
  await app.keyboard.press('Alt+Shift+M');
  await expect(composer(app)).toBeFocused();
  await app.getByRole('button', { name: 'New chat' }).focus();
  await app.keyboard.press('Shift+Slash');
  const dialog = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(
    dialog.getByRole('row', { name: 'Ctrl+K Command palette: search sessions, run any command' }),
  ).toBeVisible();
  await app.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('button', { name: 'New chat' })).toBeFocused();
  // Ctrl+K closes the palette it opened; Esc too, focus going back.
  await app.keyboard.press('Control+K');
  await expect(palette(app)).toBeVisible();
  await app.keyboard.press('Control+K');
  await expect(palette(app)).toBeHidden();
  await expect(app.getByRole('button', { name: 'New chat' })).toBeFocused();
});

test.describe('accessibility', () => {
  test('the command palette has no axe violations', async ({ app, anthropic }) => {
    // Two axe runs over the whole page.
    test.slow();
    await anthropic.reply(sse.text('Answer to harbours'));
    await exchange(app, 'harbours');
    await app.keyboard.press('Control+K');
    await expect(palette(app).getByRole('option', { name: 'New chat' })).toBeVisible();
    await expect(palette(app).getByRole('group', { name: 'Recent sessions' })).toBeVisible();
    expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
    await app.keyboard.type('harb');
    await expect(palette(app).getByRole('group', { name: 'Sessions' })).toBeVisible();
    expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
  });

  test('the shortcuts dialog has no axe violations', async ({ app }) => {
    await app.getByRole('button', { name: 'New chat' }).focus();
    await app.keyboard.press('Shift+Slash');
    await expect(app.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect((await new AxeBuilder({ page: app }).analyze()).violations).toEqual([]);
  });
});
