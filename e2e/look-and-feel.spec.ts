import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { type EaselFixtures, expect, messageRequests, send, test } from './support/test';

// What a person meets first, on a laptop and on a phone: the message box keeps its width, the session list is
// one Tab stop, an edit stays with its message, the first run asks for the key in the chat, and the palette
// finds a chat by its title first.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const you = (page: Page) => page.getByRole('article', { name: 'You' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });

async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], question: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(answer);
  await expect(sidebar(page)).toContainText(answer);
}

test('on a 390 px phone the message box is at least 300 px wide, a 60-character line fits on one line, the top bar one row', async ({
  app,
}) => {
  await app.setViewportSize({ width: 390, height: 844 });
  if ((await sidebar(app).count()) > 0)
    await app.getByRole('button', { name: 'Sessions', exact: true }).click();
  const box = app.getByRole('textbox', { name: 'Message' });
  const width = (await box.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThanOrEqual(300);
  const oneLine = await box.evaluate((el) => el.clientHeight);
  await box.fill('A sixty-character line of text fits in the box on one line..');
  expect(await box.inputValue()).toHaveLength(60);
  expect(await box.evaluate((el) => el.clientHeight)).toBe(oneLine);
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The top bar is one row within the screen, its buttons at full size (the two lists give way instead).
  const controls = [
    ...['Sessions', 'New chat', 'Incognito chat', 'Settings'].map((name) =>
      app.getByRole('button', { name, exact: true }),
    ),
    app.getByRole('combobox', { name: 'Model' }),
    app.getByRole('combobox', { name: 'Thinking' }),
  ];
  const boxes = await Promise.all(controls.map(async (c) => (await c.boundingBox()) ?? undefined));
  for (const [i, b] of boxes.entries()) {
    expect(b, `control ${i}`).toBeDefined();
    expect((b?.y ?? 99) + (b?.height ?? 99)).toBeLessThanOrEqual(48);
    expect((b?.x ?? 999) + (b?.width ?? 999)).toBeLessThanOrEqual(390);
    if (i < 4) expect(Math.round(b?.width ?? 0)).toBeGreaterThanOrEqual(36);
  }
});

test('the session list is one Tab stop, and the arrow keys move between its rows', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'First topic', 'About the first.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Second topic', 'About the second.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Third topic', 'About the third.');

  await sidebar(app).getByRole('searchbox', { name: 'Search sessions' }).focus();
  const stops: string[] = [];
  for (let i = 0; i < 8; i++) {
    await app.keyboard.press('Tab');
    const inside = await sidebar(app).evaluate((nav) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active instanceof HTMLElement && nav.getRootNode() === active.getRootNode()
        ? (active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '')
        : undefined;
    });
    if (inside === undefined) break;
    stops.push(inside);
  }
  // `New project`, then one session row (the open one), then out of the sidebar.
  expect(stops).toEqual(['New project', 'Third topic']);
  await app.keyboard.press('Shift+Tab');
  await expect(sidebar(app).getByRole('link', { name: 'Third topic' })).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await expect(sidebar(app).getByRole('link', { name: 'Second topic' })).toBeFocused();
  await app.keyboard.press('ArrowRight');
  await expect(sidebar(app).getByRole('button', { name: 'Actions for Second topic' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(sidebar(app).getByRole('menuitem', { name: 'Rename Second topic' })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(sidebar(app).getByRole('menu')).toHaveCount(0);
});

test('Edit focuses the edit box with its text selected, and the edit stays with its session', async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, 'Question in the other chat', 'Other answer.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await exchange(app, anthropic, 'Question to edit', 'First answer.');

  await you(app).hover();
  await you(app).getByRole('button', { name: 'Edit' }).click();
  const box = app.getByRole('textbox', { name: 'Edit message' });
  await expect(box).toBeFocused();
  expect(await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([
    0,
    'Question to edit'.length,
  ]);

  await sidebar(app).getByRole('link', { name: 'Question in the other chat' }).click();
  await expect(you(app)).toContainText('Question in the other chat');
  await expect(app.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);

  // Back in the first chat the edit was left, not carried along; editing there works as before.
  await sidebar(app).getByRole('link', { name: 'Question to edit' }).click();
  await expect(you(app)).toContainText('Question to edit');
  await expect(app.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  await anthropic.reply(sse.text('Edited answer.'));
  await you(app).hover();
  await you(app).getByRole('button', { name: 'Edit' }).click();
  await app.keyboard.type('Edited question');
  await app.getByRole('button', { name: 'Save and send' }).click();
  await expect(claude(app).last()).toContainText('Edited answer.');
  await expect(you(app)).toContainText('Edited question');
});

test('the first run asks for the key in the chat, with where to get one, then gets out of the way', async ({
  page,
  anthropic,
}) => {
  await page.goto('./');
  const chat = page.getByRole('main');
  await expect(chat.getByRole('heading', { name: 'Welcome to Easel' })).toBeVisible();
  await expect(chat.getByRole('link', { name: /Get a key/ })).toHaveAttribute(
    'href',
    'https://console.anthropic.com/settings/keys',
  );
  await chat.getByText('Advanced').click();
  await chat.getByRole('textbox', { name: 'API base URL' }).fill(anthropic.baseUrl);
  await chat.getByLabel('Anthropic API key').fill('sk-ant-welcome-key');
  await chat.getByRole('button', { name: 'Save key' }).click();
  await expect(chat.getByRole('heading', { name: 'Welcome to Easel' })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

  await anthropic.reply(sse.text('Hello from the key.'));
  await send(page, 'Hi');
  await expect(claude(page)).toContainText('Hello from the key.');
  expect((await messageRequests(anthropic))[0]?.headers.authorization).toBe('Bearer sk-ant-welcome-key');
});

test('the first run refuses a base URL that is not http(s), in words, keeping what was typed', async ({
  page,
}) => {
  await page.goto('./');
  const chat = page.getByRole('main');
  await chat.getByLabel('Anthropic API key').fill('sk-ant-kept');
  await chat.getByText('Advanced').click();
  await chat.getByRole('textbox', { name: 'API base URL' }).fill('ftp://example.com');
  await chat.getByRole('button', { name: 'Save key' }).click();
  await expect(chat.getByRole('alert').filter({ hasText: 'base URL' })).toContainText(
    'must start with https://',
  );
  await expect(chat.getByLabel('Anthropic API key')).toHaveValue('sk-ant-kept');
  await expect(chat.getByRole('heading', { name: 'Welcome to Easel' })).toBeVisible();
});

test("the palette's first result for a chat's title is that chat, its match marked", async ({
  app,
  anthropic,
}) => {
  await exchange(app, anthropic, '/tour', 'The tour: send /chart, /page or /thinking.');
  for (const question of ['Which tour bus goes to Belém?', 'Notes on the tour of the castle']) {
    await app.getByRole('button', { name: 'New chat' }).click();
    await exchange(app, anthropic, question, 'The tour starts at nine.');
  }
  await app.keyboard.press('Control+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Search commands and sessions' }).fill('tour');
  const first = palette.getByRole('option').first();
  await expect(first).toContainText('/tour');
  await expect(first.locator('mark')).toHaveText(['tour']);
  await app.keyboard.press('Enter');
  await expect(you(app).first()).toHaveText(/\/tour/);
});

test('Settings keeps one size on every tab with Save in view, and fills a phone screen', async ({ app }) => {
  await app.setViewportSize({ width: 1280, height: 800 });
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  const tabs = await dialog.getByRole('tab').allTextContents();
  expect(tabs).toHaveLength(5);
  const heights = new Set<number>();
  for (const name of tabs) {
    await dialog.getByRole('tab', { name }).click();
    await expect(dialog.getByRole('tabpanel', { name })).toBeVisible();
    const box = await dialog.boundingBox();
    const button = await save.boundingBox();
    heights.add(Math.round(box?.height ?? 0));
    // Save is inside the dialog's frame, not scrolled out of it.
    expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
    await expect(save).toBeInViewport();
  }
  expect([...heights]).toHaveLength(1);
  // Every tab's name is in view on a laptop, none cut off at the edge (the list clips the last pixel of each
  // tab's underline, where it meets the list's own line).
  for (const name of tabs) await expect(dialog.getByRole('tab', { name })).toBeInViewport({ ratio: 0.95 });

  await app.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.height ?? 0)).toBe(844);
  await expect(save).toBeInViewport();
});

test('Save pressed on another tab shows the tab of the value it refuses, says why beside the field and focuses it', async ({
  app,
}) => {
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  const url = dialog.getByRole('textbox', { name: 'API base URL' });
  await url.fill('ftp://example.com');
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  await expect(url).toBeHidden();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('tab', { name: 'Server & key' })).toHaveAttribute('aria-selected', 'true');
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(
    'The API base URL must start with https:// (or http:// for a server on this computer).',
  );
  await expect(dialog.getByRole('alert')).toHaveText(/must start with https:\/\//);
  await expect(url).toHaveValue('ftp://example.com');

  // The same for a number on the other tab, refused while the first tab is shown.
  await url.fill('');
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  const limit = dialog.getByRole('spinbutton', { name: 'Time limit for each code run (seconds)' });
  await limit.fill('0');
  await dialog.getByRole('tab', { name: 'Server & key' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(limit).toBeFocused();
  await expect(limit).toHaveAccessibleDescription(/whole number of seconds from 1 to/);

  // And for a field of the Web, connectors & files tab.
  await limit.fill('30');
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  const allowed = dialog.getByRole('textbox', { name: 'Allowed domains' });
  await allowed.fill('https://bad.example');
  await dialog.getByRole('tab', { name: 'Server & key' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(allowed).toBeFocused();
  await expect(allowed).toHaveAccessibleDescription(/"https:\/\/bad.example" is not a domain/);
  await expect(dialog.getByRole('alert')).toHaveCount(1);
  await expect(dialog).toBeVisible();
});
