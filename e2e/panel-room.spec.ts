import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { configure, type EaselFixtures, expect, send, test } from './support/test';

// The artifacts panel makes room: below 1400 px the sidebar gives way while it is open, the header has a
// Preview/Code switch and a ⋯ menu, a phone never opens it by itself, the top bar offers Show artifacts, and a
// page that sets no colours follows the dark theme. At a laptop's and a phone's size.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const PAGE = '<!doctype html><h1>Tip calculator</h1><p>Bill: <b>42.00</b></p>';

async function writeArtifact(page: Page, anthropic: EaselFixtures['anthropic']): Promise<void> {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'tips.html', content: PAGE },
      text: 'Here is a tip calculator.',
    }),
  );
  await anthropic.reply(sse.text('The calculator is in the panel.'));
  await send(page, 'Make a tip calculator');
  await expect(claude(page).last()).toContainText('in the panel');
}

async function start(page: Page, anthropic: EaselFixtures['anthropic'], width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto('./');
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
}

test.describe('at 1280×800', () => {
  test('the sidebar gives way while the panel is open and comes back when it closes', async ({
    page,
    anthropic,
  }) => {
    await start(page, anthropic, 1280, 800);
    await expect(sidebar(page)).toBeVisible();
    await writeArtifact(page, anthropic);
    await expect(panel(page)).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sessions', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const show = page.getByRole('banner').getByRole('button', { name: 'Show artifacts' });
    await expect(show).toHaveCount(0);

    await panel(page).getByRole('button', { name: 'Close artifacts' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(sidebar(page)).toBeVisible();
    await show.click();
    await expect(panel(page)).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  });

  test('the panel header switches Preview and Code and keeps the rarer actions in its ⋯ menu', async ({
    page,
    anthropic,
  }) => {
    await start(page, anthropic, 1280, 800);
    await writeArtifact(page, anthropic);
    const view = panel(page).getByRole('group', { name: 'View' });
    await expect(view.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTitle('tips.html preview', { exact: true })).toBeVisible();
    await view.getByRole('button', { name: 'Code' }).click();
    await expect(view.getByRole('button', { name: 'Code' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page)).toContainText('<h1>Tip calculator</h1>');
    await view.getByRole('button', { name: 'Preview' }).click();

    const more = panel(page).getByRole('button', { name: 'More file actions' });
    await more.click();
    const menu = panel(page).getByRole('menu', { name: 'More file actions' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Download as app', 'Open in new tab']);
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Full screen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    // Copy and Download stay in the toolbar.
    const toolbar = panel(page).getByRole('toolbar', { name: 'File actions' });
    await expect(toolbar.getByRole('button', { name: 'Download' })).toBeVisible();
  });
});

test.describe('at 390×844', () => {
  test('a phone never opens the panel by itself: Show artifacts in the top bar opens it', async ({
    page,
    anthropic,
  }) => {
    await start(page, anthropic, 390, 844);
    await writeArtifact(page, anthropic);
    await expect(panel(page)).toHaveCount(0);
    await expect(claude(page).last()).toBeInViewport();
    const show = page.getByRole('banner').getByRole('button', { name: 'Show artifacts' });
    await expect(show).toBeVisible();
    // The top bar stays one row.
    expect((await page.getByRole('banner').boundingBox())?.height ?? 0).toBeLessThan(60);

    await show.click();
    await expect(panel(page)).toBeVisible();
    expect((await panel(page).boundingBox())?.width).toBe(390);
    await expect(
      panel(page).getByRole('group', { name: 'View' }).getByRole('button', { name: 'Code' }),
    ).toBeVisible();
    await panel(page).getByRole('button', { name: 'Close artifacts' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(show).toBeVisible();

    // Reopening the chat on a phone does not open the panel either.
    await page.reload();
    await expect(claude(page).last()).toContainText('in the panel');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Show artifacts' })).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test.describe(`dark, at ${width}×${height}`, () => {
    test.use({ colorScheme: 'dark' });

    test('a page that sets no colours is previewed dark', async ({ page, anthropic }) => {
      await start(page, anthropic, width, height);
      await writeArtifact(page, anthropic);
      if (width < 800) await page.getByRole('banner').getByRole('button', { name: 'Show artifacts' }).click();
      const frame = page.getByTitle('tips.html preview', { exact: true }).contentFrame();
      await expect(frame.getByRole('heading', { name: 'Tip calculator' })).toBeVisible();
      const looks = await frame.locator('body').evaluate((body) => ({
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        text: getComputedStyle(body).color,
      }));
      expect(looks.dark).toBe(true);
      expect(looks.text).toBe('rgb(255, 255, 255)');
      // What shows behind the page is the frame's dark canvas.
      const shot = await page.getByTitle('tips.html preview', { exact: true }).screenshot();
      expect(shot.byteLength).toBeGreaterThan(0);
      const corner = await page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        return [...(context?.getImageData(image.width - 4, image.height - 4, 1, 1).data ?? [])];
      }, shot.toString('base64'));
      expect(corner.slice(0, 3).every((c) => c < 80)).toBe(true);
    });
  });
}

test('the usage button opens a popover explaining cost, tokens, context and cache; Escape and a click outside close it', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('A short answer.'));
  await send(app, 'Hello');
  await expect(claude(app).last()).toContainText('A short answer.');
  const usage = app.getByRole('banner').getByRole('button', { name: /^Usage/ });
  await usage.click();
  const popover = app.getByRole('dialog', { name: 'Usage' });
  await expect(popover).toBeVisible();
  await expect(usage).toHaveAttribute('aria-expanded', 'true');
  await expect(app.getByText('Cost of this session', { exact: true })).toBeVisible();
  await expect(app.getByRole('meter', { name: 'Context used' })).toBeVisible();
  await expect(app.getByText('Prompt cache', { exact: true })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(usage).toBeFocused();
  await usage.click();
  await expect(popover).toBeVisible();
  await app.getByRole('textbox', { name: 'Message' }).click();
  await expect(popover).toBeHidden();
  await expect(usage).toHaveAttribute('aria-expanded', 'false');
});
