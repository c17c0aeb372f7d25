import type { Page } from '@playwright/test';
import { startFakeAnthropic } from './fake-anthropic/server.mjs';
import { configure, expect, send, test } from './support/test';

// The tour of `npm run fake-api` (manual mode, e2e/fake-anthropic/tour.mjs) through the app: what a newcomer sees
// when they send `/tour` and its commands, with no key and no script.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();

test('the manual-mode tour shows a chart artifact, an HTML page, a failing tool call and thinking', async ({
  page,
  network,
}) => {
  // Four turns, three of them tool calls that wait for their preview (the console check).
  test.slow();
  const server = await startFakeAnthropic({ port: 0, manual: true });
  try {
    network.allow(server.url);
    await page.goto('./');
    await configure(page, { key: 'sk-ant-fake', baseUrl: server.url });

    await send(page, '/tour');
    await expect(claude(page).last()).toContainText('/chart');
    await expect(claude(page).last()).toContainText('/tool-error');

    await send(page, '/chart');
    await expect(preview(page, 'Sunshine.tsx').getByText('Hours of sunshine')).toBeVisible({
      timeout: 30_000,
    });
    await expect(preview(page, 'Sunshine.tsx').locator('.recharts-bar-rectangle')).toHaveCount(5);
    await expect(claude(page).last()).toContainText('The tool answered', { timeout: 30_000 });

    await send(page, '/page');
    await expect(preview(page, 'tips.html').locator('#total')).toHaveText('48.30', { timeout: 30_000 });
    await expect(claude(page).last()).toContainText('The tool answered', { timeout: 30_000 });
    // The page's console error reached "Claude" in the tool's result.
    await expect(claude(page).last()).toContainText(
      "Cannot read properties of null (reading 'addEventListener')",
    );

    await send(page, '/tool-error');
    await expect(claude(page).last()).toContainText('missing.txt', { timeout: 30_000 });
    await expect(claude(page).last()).toContainText('The tool answered', { timeout: 30_000 });

    await send(page, '/thinking');
    await expect(claude(page).last()).toContainText('408');
  } finally {
    await server.close();
  }
});
