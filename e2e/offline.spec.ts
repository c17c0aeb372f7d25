import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, send, test } from './support/test';

// Installable and offline: the web app manifest, and the service worker Workbox generates. After a first
// visit online the browser context is set offline: the app opens, a session opens, its artifacts run (their
// libraries from the shelf the worker keeps), and the composer's note says the person is offline.

// The suite blocks service workers (playwright.config.ts); these tests are about it.
test.use({ serviceWorkers: 'allow' });

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();

const CHART = `import React from 'react';
import { BarChart, Bar, XAxis, YAxis } from 'recharts';
import { Sun } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

const data = [{ day: 'Mon', hours: 6 }, { day: 'Tue', hours: 9 }, { day: 'Wed', hours: 4 }];

export default function Sunshine() {
  return (
    <Card className="m-4">
      <CardContent>
        <h1 className="text-2xl font-bold" data-testid="title"><Sun aria-label="sun" /> Sunshine</h1>
        <BarChart width={300} height={160} data={data}>
          <XAxis dataKey="day" />
          <YAxis />
          <Bar dataKey="hours" fill="#f59e0b" isAnimationActive={false} />
        </BarChart>
      </CardContent>
    </Card>
  );
}
`;

/** Waits until the page's service worker is active and has taken the page (after a reload, for a first visit). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the manifest makes Easel installable: name, standalone display, icons of 192 and 512 px', async ({
  app,
}) => {
  const href = await app.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await app.request.get(new URL(href ?? '', app.url()).href)).json();
  expect(manifest).toMatchObject({ name: 'Easel', display: 'standalone', start_url: './' });
  const sizes = (manifest.icons as { sizes: string; type: string }[]).map((i) => `${i.sizes} ${i.type}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 image/png', '512x512 image/png']));
});

test('offline after a first visit: the app opens, a session opens with its artifacts; the composer says so', async ({
  app,
  anthropic,
  context,
}) => {
  test.slow();
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_chart',
      input: { command: 'create', filename: 'Sunshine.tsx', content: CHART },
    }),
  );
  await anthropic.reply(sse.text('The chart is ready.'));
  await send(app, 'Chart the sunshine');
  // The tool call waits for its preview to load (the console check): up to 8 s on a busy machine.
  await expect(claude(app).last()).toContainText('The chart is ready.', { timeout: 30_000 });
  await expect(preview(app, 'Sunshine.tsx').getByTestId('title')).toHaveText('Sunshine');
  await controlled(app);
  const session = app.url();
  await expect(app).toHaveURL(/#\/s\//);

  await context.setOffline(true);
  await app.reload();
  // Some Chromium builds (150 among them) drop the context's offline emulation from a page their service worker
  // served on reload: navigator.onLine reads true again, with the network still cut. Emulated again, the page
  // hears `offline` as it would in a real outage.
  if (await app.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
  await expect(app.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(app).toHaveURL(session);
  await expect(claude(app).last()).toContainText('The chart is ready.');
  const panel = app.getByRole('region', { name: 'Artifacts' });
  await expect(panel.getByRole('tab', { name: 'Sunshine.tsx', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Code' }).click();
  await expect(panel).toContainText("import { BarChart, Bar, XAxis, YAxis } from 'recharts';");
  // Another session opens too, from the sidebar.
  await app.getByRole('button', { name: 'New chat' }).click();
  await expect(claude(app)).toHaveCount(0);
  await app.goBack();
  await expect(claude(app).last()).toContainText('The chart is ready.');

  await context.setOffline(false);
  await app.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(app.getByRole('status').filter({ hasText: 'You are offline.' })).toBeHidden();
});

test('a preview frame is not served by the service worker: Chromium bypasses it for opaque-origin frames', async ({
  app,
  context,
}) => {
  // Why previews need the network: a frame with sandbox="allow-scripts" (and never allow-same-origin) has an
  // opaque origin, and Chromium sends its navigation to the network, not to the page's service worker. If this
  // ever changes, previews can run offline from the precached preview.html with no change to Easel.
  await controlled(app);
  await context.setOffline(true);
  const loads = await app.evaluate(async () => {
    const load = async (sandbox: string | null) => {
      const frame = document.createElement('iframe');
      if (sandbox !== null) frame.setAttribute('sandbox', sandbox);
      frame.title = `probe ${sandbox ?? 'none'}`;
      frame.src = 'preview.html#probe';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await loaded;
    };
    await load(null);
    await load('allow-scripts');
    return true;
  });
  expect(loads).toBe(true);
  const urls = app.frames().map((f) => f.url());
  // The same-origin frame came from the precache; the sandboxed one met the network, which is off.
  expect(urls.filter((u) => u.endsWith('preview.html#probe'))).toHaveLength(1);
  expect(urls.some((u) => u.startsWith('chrome-error:'))).toBe(true);
});
